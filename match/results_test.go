package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"dualnnue/notation"
	"dualnnue/position"
)

// randomGames is a whole match's games in pair order: random results,
// reasons and faults.
func randomGames(rng *rand.Rand, pairs int) []GameResult {
	reasons := []string{"checkmate", "adjudicated draw", "resigned", "draw by repetition"}
	var out []GameResult
	for p := 0; p < pairs; p++ {
		for leg := 0; leg < 2; leg++ {
			g := GameResult{Pair: p, Leg: leg, Result: position.Result(1 + rng.IntN(3)), Reason: reasons[rng.IntN(len(reasons))], Fault: -1}
			if rng.IntN(10) == 0 {
				g.Fault, g.FaultKind = rng.IntN(2), "time"
			}
			out = append(out, g)
		}
	}
	return out
}

func testHeader(pairs int, sprt *SPRT, shard, shards int) ResultsHeader {
	return ResultsHeader{Format: resultsFormat, Version: 1, Names: [2]string{"new", "old"}, Shard: shard, Shards: shards,
		Match: MatchID{Game: position.VariantName(position.Chess), Engines: [2]string{"cmd=play name=new", "cmd=play name=old"}, TC: "nodes=300", Games: 2 * pairs, SPRT: sprt}}
}

// writeShards splits games into n shard files, each in a shuffled order (a
// shard counts its games as they finish), and returns their paths.
func writeShards(t *testing.T, rng *rand.Rand, dir string, games []GameResult, pairs, n int, sprt *SPRT) []string {
	t.Helper()
	var paths []string
	for i := 0; i < n; i++ {
		var mine []GameResult
		for _, g := range games {
			if g.Pair%n == i {
				mine = append(mine, g)
			}
		}
		if n > 1 {
			rng.Shuffle(len(mine), func(a, b int) { mine[a], mine[b] = mine[b], mine[a] })
		}
		p := filepath.Join(dir, "shard-"+string(rune('a'+i))+".results")
		w, err := createResults(p, testHeader(pairs, sprt, i, n), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range mine {
			if err := w.game(g); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.end(""); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestMergeRandomSplits: for random matches, with and without an SPRT, the
// merge of a random number of shards (each counting its games in a random
// order) gives exactly the report of the unsharded match counting the same
// games one at a time: W/D/L, pentanomial, Elo and interval, LLR, verdict,
// where the SPRT stopped, faults, reasons, the printed table.
func TestMergeRandomSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sprts := []*SPRT{nil, {Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, {Elo0: -50, Elo1: 50, Alpha: 0.2, Beta: 0.2, Model: SPRTLogistic}}
	decided := 0
	for trial := 0; trial < 60; trial++ {
		pairs := 1 + rng.IntN(60)
		sprt := sprts[trial%len(sprts)]
		games := randomGames(rng, pairs)
		want := newRunReport([2]string{"new", "old"}, sprt)
		want.Control, want.Specs = "nodes=300", [2]string{"cmd=play name=new", "cmd=play name=old"}
		want.replay(games, map[int][2]float64{})
		if want.Stopped == "sprt" {
			decided++
		}
		n := 1 + rng.IntN(7) // may exceed the pairs: empty shards
		paths := writeShards(t, rng, t.TempDir(), games, pairs, n, sprt)
		rng.Shuffle(len(paths), func(a, b int) { paths[a], paths[b] = paths[b], paths[a] })
		got, _, err := MergeResults(paths)
		if err != nil {
			t.Fatalf("trial %d (%d pairs, %d shards): %v", trial, pairs, n, err)
		}
		if !reflect.DeepEqual(got, want) || got.Table() != want.Table() {
			t.Fatalf("trial %d (%d pairs, %d shards): merged\n%s%+v\nunsharded\n%s%+v", trial, pairs, n, got.Table(), got, want.Table(), want)
		}
	}
	if decided == 0 {
		t.Fatal("no trial's SPRT decided: the stop is not exercised")
	}
}

// TestMergeRefuses: a truncated file (cut anywhere), a file of another
// match, a shard given twice, a missing shard, shards of different splits
// and garbage are errors naming the file, and no report comes back.
func TestMergeRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	games := randomGames(rng, 9)
	paths := writeShards(t, rng, dir, games, 9, 3, nil)
	if _, _, err := MergeResults(paths); err != nil {
		t.Fatal(err)
	}
	refuse := func(name string, files []string, want ...string) {
		t.Helper()
		rep, _, err := MergeResults(files)
		if err == nil {
			t.Fatalf("%s: merged: %s", name, rep.Table())
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", name, err, w)
			}
		}
		if rep.Games != 0 {
			t.Errorf("%s: a report came back with the error", name)
		}
	}
	data, _ := os.ReadFile(paths[1])
	cut := filepath.Join(dir, "cut.results")
	for _, at := range []int{0, 1, len(data) / 3, len(data) / 2, len(data) - 2, len(data) - 1} {
		os.WriteFile(cut, data[:at], 0o644)
		refuse("cut at "+string(rune('0'+at%10)), []string{paths[0], cut, paths[2]}, "cut.results")
	}
	// A whole line lost in the middle: the end line's count disagrees.
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(cut, []byte(strings.Join(append(append([]string{}, lines[:2]...), lines[3:]...), "")), 0o644)
	refuse("line lost", []string{paths[0], cut, paths[2]}, "cut.results", "missing")

	foreign := writeShards(t, rng, t.TempDir(), games, 10, 3, nil) // 20 games, not 18
	refuse("foreign", []string{paths[0], foreign[1], paths[2]}, foreign[1], "another match", "games")
	other := writeShards(t, rng, t.TempDir(), games, 9, 3, &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05})
	refuse("foreign sprt", []string{paths[0], paths[1], other[2]}, other[2], "another match", "sprt")
	refuse("duplicated", []string{paths[0], paths[1], paths[1], paths[2]}, paths[1], "duplicated")
	refuse("missing", []string{paths[0], paths[2]}, "1/3 missing")
	split2 := writeShards(t, rng, t.TempDir(), games, 9, 2, nil)
	refuse("mixed splits", []string{paths[0], paths[1], split2[1]}, split2[1], "1/2", "of 3 shards")
	junk := filepath.Join(dir, "junk.results")
	os.WriteFile(junk, []byte("[Event \"x\"]\n"), 0o644)
	refuse("not a result file", []string{junk}, "junk.results", "not a match result file")
	refuse("absent", []string{filepath.Join(dir, "nope.results")}, "nope.results")
	refuse("none", nil, "no result files")
	// A game of another shard, and one counted twice.
	bad := strings.Replace(string(data), `"pair":`+firstPair(lines[1]), `"pair":0`, 1)
	os.WriteFile(cut, []byte(bad), 0o644)
	refuse("foreign game", []string{paths[0], cut, paths[2]}, "cut.results", "does not belong")
	dup := lines[0] + lines[1] + lines[1] + strings.Join(lines[2:], "")
	os.WriteFile(cut, []byte(dup), 0o644)
	refuse("game twice", []string{paths[0], cut, paths[2]}, "cut.results", "counted twice")
}

func firstPair(line string) string {
	_, rest, _ := strings.Cut(line, `"pair":`)
	n, _, _ := strings.Cut(rest, ",")
	return n
}

// FuzzReadResults: whatever the bytes, reading a result file returns a
// file or an error, never panics, and a file it returns is consistent.
func FuzzReadResults(f *testing.F) {
	dir := f.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	hdr := testHeader(3, nil, 1, 2)
	p := filepath.Join(dir, "seed")
	w, _ := createResults(p, hdr, nil)
	for _, g := range randomGames(rng, 3) {
		if g.Pair%2 == 1 {
			w.game(g)
		}
	}
	w.end("")
	seed, _ := os.ReadFile(p)
	f.Add(seed)
	f.Add(seed[:len(seed)/2])
	f.Add([]byte(`{"format":"dualnnue match results","version":1,"match":{"games":2},"shard":0,"shards":1}` + "\n" + `{"end":true,"games":0}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "r")
		os.WriteFile(path, data, 0o644)
		r, err := ReadResults(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) && !os.IsNotExist(err) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if !r.Ended || (r.Stopped == "" && len(r.Games) != 2*shardPairs(r.Header.Match.Games/2, r.Header.Shard, r.Header.Shards)) {
			t.Fatalf("accepted an unfinished file: %+v", r)
		}
		rep := newRunReport(r.Header.Names, r.Header.Match.SPRT)
		rep.replay(r.Games, map[int][2]float64{})
		_ = rep.Table()
	})
}

// TestShardedRunner: real (fake-engine) matches in 1, 2 and 3 shards play
// each pair once, number the PGN rounds as the whole match does, and merge
// to the unsharded match's report and games.
func TestShardedRunner(t *testing.T) {
	openings := []notation.Opening{{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, {FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"},
		{FEN: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"}}
	base := Config{Game: position.Chess, TC: TimeControl{Depth: 1}, Games: 10, Concurrency: 2, Openings: openings, Adjudication: Adjudication{MaxPlies: 40}}
	base.Engines[0] = fakeConfig(t, "good", "a")
	base.Engines[1] = fakeConfig(t, "good", "b")
	run := func(n int) (Report, string) {
		dir := t.TempDir()
		var paths []string
		var pgn strings.Builder
		for i := 0; i < n; i++ {
			cfg := base
			cfg.Shard, cfg.Shards = i, n
			cfg.Results = filepath.Join(dir, "r"+string(rune('0'+i)))
			cfg.PGNOut = cfg.Results + ".pgn"
			rep, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Games != 2*shardPairs(5, i, n) {
				t.Fatalf("shard %d/%d played %d games", i, n, rep.Games)
			}
			paths = append(paths, cfg.Results)
			b, _ := os.ReadFile(cfg.PGNOut)
			pgn.Write(b)
		}
		rep, _, err := MergeResults(paths)
		if err != nil {
			t.Fatal(err)
		}
		return rep, pgn.String()
	}
	one, pgn1 := run(1)
	for _, n := range []int{2, 3} {
		rep, pgn := run(n)
		if rep.Table() != one.Table() {
			t.Errorf("%d shards:\n%s\nunsharded:\n%s", n, rep.Table(), one.Table())
		}
		if rounds(pgn) != rounds(pgn1) {
			t.Errorf("%d shards: PGN rounds %s, unsharded %s", n, rounds(pgn), rounds(pgn1))
		}
	}
}

// rounds lists a PGN's Round tags with their FEN, sorted.
func rounds(pgn string) string {
	var out []string
	round := ""
	for _, l := range strings.Split(pgn, "\n") {
		if strings.HasPrefix(l, "[Round ") {
			round = l
		}
		if strings.HasPrefix(l, "[FEN ") {
			out = append(out, round+l)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ";")
}

// TestResumeAfterKill: a shard killed at any moment (its result file cut at
// a random byte, its PGN holding a game the result file lost) resumes to
// exactly the games of an uninterrupted run, each once in the result file
// and in the PGN.
func TestResumeAfterKill(t *testing.T) {
	base := Config{Game: position.Chess, TC: TimeControl{Depth: 1}, Games: 8, Concurrency: 1, Adjudication: Adjudication{MaxPlies: 30},
		Openings: []notation.Opening{{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, {FEN: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"}}}
	base.Engines[0] = fakeConfig(t, "good", "a")
	base.Engines[1] = fakeConfig(t, "good", "b")
	base.Shard, base.Shards = 1, 2
	dir := t.TempDir()
	full := base
	full.Results, full.PGNOut = filepath.Join(dir, "full"), filepath.Join(dir, "full.pgn")
	if _, err := Run(context.Background(), full); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(full.Results)
	pgnData, _ := os.ReadFile(full.PGNOut)
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 6; trial++ {
		cfg := base
		cfg.Results, cfg.PGNOut, cfg.Resume = filepath.Join(dir, "r"), filepath.Join(dir, "r.pgn"), true
		at := rng.IntN(len(data))
		os.WriteFile(cfg.Results, data[:at], 0o644)
		os.WriteFile(cfg.PGNOut, pgnData, 0o644) // every game, more than the cut result file holds
		if at <= strings.IndexByte(string(data), '\n') {
			// The header is written whole (a temporary file renamed): a kill
			// leaves it whole or no file at all.
			os.Remove(cfg.Results)
		}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatalf("cut at %d: %v", at, err)
		}
		got, err := ReadResults(cfg.Results)
		if err != nil {
			t.Fatalf("cut at %d: %v", at, err)
		}
		want, _ := ReadResults(full.Results)
		if len(got.Games) != len(want.Games) {
			t.Fatalf("cut at %d: %d games, want %d", at, len(got.Games), len(want.Games))
		}
		pgn, _ := os.ReadFile(cfg.PGNOut)
		if r1, r2 := rounds(string(pgn)), rounds(string(pgnData)); r1 != r2 {
			t.Fatalf("cut at %d: PGN rounds\n%s\nwant\n%s", at, r1, r2)
		}
		// A finished file resumes to itself without playing.
		if rep, err := Run(context.Background(), cfg); err != nil || rep.Games != len(want.Games) {
			t.Fatalf("resume of a finished shard: %v, %d games", err, rep.Games)
		}
	}
	// Another match's file is not continued.
	other := base
	other.Results, other.Resume, other.TC = full.Results, true, TimeControl{Depth: 2}
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "another match") {
		t.Fatalf("resumed another match's file: %v", err)
	}
}

// TestFormatEngine: a description written by FormatEngine reads back to
// the same engine, spaces and quotes included.
func TestFormatEngine(t *testing.T) {
	yes := true
	for _, c := range []EngineConfig{
		{Cmd: "/usr/bin/play"},
		{Cmd: "/opt/my engines/play", Name: "it's new", Dir: "/tmp/a b", Args: []string{"-x", `a"b\c`}, Ranks1: &yes,
			Options: []Option{{"Use NNUE", "false"}, {"EvalFile", "/nets/my net.nnue"}, {"Hash", "16"}}},
	} {
		s := FormatEngine(c)
		got, err := ParseEngine(s)
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("%q reads back as %+v (%v), want %+v", s, got, err, c)
		}
	}
}

// TestResumeExtends: a finished match resumed with more games keeps its
// games and plays only the pairs it did not reach, ending with the games
// (and PGN rounds) of a match run at the longer length from the start; a
// shorter length, an SPRT match without its SPRT or under another, and one
// its SPRT decided are refused, naming the reason; an undecided SPRT match
// goes on under the same test.
func TestResumeExtends(t *testing.T) {
	base := Config{Game: position.Chess, TC: TimeControl{Depth: 1}, Games: 4, Concurrency: 1, Adjudication: Adjudication{MaxPlies: 30},
		Openings: []notation.Opening{{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, {FEN: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"}, {FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"}}}
	base.Engines[0] = fakeConfig(t, "good", "a")
	base.Engines[1] = fakeConfig(t, "good", "b")
	dir := t.TempDir()
	long := base
	long.Games, long.Results, long.PGNOut = 10, filepath.Join(dir, "long"), filepath.Join(dir, "long.pgn")
	if _, err := Run(context.Background(), long); err != nil {
		t.Fatal(err)
	}
	short := base
	short.Results, short.PGNOut = filepath.Join(dir, "r"), filepath.Join(dir, "r.pgn")
	if _, err := Run(context.Background(), short); err != nil {
		t.Fatal(err)
	}
	before, err := ReadResults(short.Results)
	if err != nil || len(before.Games) != 4 {
		t.Fatalf("the 4-game match: %v, %+v", err, before)
	}
	ext := short
	ext.Games, ext.Resume = 10, true
	rep, err := Run(context.Background(), ext)
	if err != nil {
		t.Fatalf("extending 4 → 10 games: %v", err)
	}
	if rep.Games != 10 {
		t.Fatalf("extended match reports %d games, want 10", rep.Games)
	}
	got, err := ReadResults(ext.Results)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ReadResults(long.Results)
	if got.Header.Match.Games != 10 || !got.Ended || len(got.Games) != 10 {
		t.Fatalf("extended file: %d games in the header, ended %v, %d games", got.Header.Match.Games, got.Ended, len(got.Games))
	}
	key := func(gs []GameResult) string {
		var out []string
		for _, g := range gs {
			out = append(out, fmt.Sprintf("%d.%d %s %s", g.Pair, g.Leg, g.Result, g.Reason))
		}
		sort.Strings(out)
		return strings.Join(out, ";")
	}
	if key(got.Games) != key(want.Games) {
		t.Fatalf("extended games\n%s\nwant those of the 10-game match\n%s", key(got.Games), key(want.Games))
	}
	for i, g := range before.Games {
		if got.Games[i] != g {
			t.Fatalf("game %d of the first run changed: %+v, was %+v", i, got.Games[i], g)
		}
	}
	pgn, _ := os.ReadFile(ext.PGNOut)
	longPGN, _ := os.ReadFile(long.PGNOut)
	if r1, r2 := rounds(string(pgn)), rounds(string(longPGN)); r1 != r2 {
		t.Fatalf("extended PGN rounds\n%s\nwant\n%s", r1, r2)
	}
	// Shorter than the file: not an extension, another match.
	shorter := ext
	shorter.Games = 6
	if _, err := Run(context.Background(), shorter); err == nil || !strings.Contains(err.Error(), "another match") {
		t.Fatalf("resumed a 10-game file as 6 games: %v", err)
	}
	// Another control while extending: the message names the control, not
	// the length asked for.
	tc := ext
	tc.Games, tc.TC = 12, TimeControl{Depth: 2}
	if _, err := Run(context.Background(), tc); err == nil || !strings.Contains(err.Error(), `tc "depth=1", not "depth=2"`) {
		t.Fatalf("extended with another control: %v", err)
	}
	// Extending the finished 10-game match with an SPRT it did not run
	// under: refused as an SPRT extension.
	addSPRT := ext
	addSPRT.Games, addSPRT.SPRT = 12, &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if _, err := Run(context.Background(), addSPRT); err == nil || !strings.Contains(err.Error(), "cannot extend an SPRT match") {
		t.Fatalf("extended with an SPRT added: %v", err)
	}
	// An SPRT match is not extended without its SPRT or under another one.
	sp := base
	sp.Results, sp.SPRT = filepath.Join(dir, "s"), &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if _, err := Run(context.Background(), sp); err != nil {
		t.Fatal(err)
	}
	four, err := ReadResults(sp.Results)
	if err != nil || four.Stopped != "" || len(four.Games) != 4 {
		t.Fatalf("the 4-game SPRT match: %v, stopped %q, %d games", err, four.Stopped, len(four.Games))
	}
	sp.Games, sp.Resume = 10, true
	noSPRT := sp
	noSPRT.SPRT = nil
	if _, err := Run(context.Background(), noSPRT); err == nil || !strings.Contains(err.Error(), "cannot extend an SPRT match") {
		t.Fatalf("extended an SPRT match without its SPRT: %v", err)
	}
	other := sp
	other.SPRT = &SPRT{Elo0: -5, Elo1: 0, Alpha: 0.05, Beta: 0.05}
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "under another test") {
		t.Fatalf("extended an SPRT match under other bounds: %v", err)
	}
	// Under the same SPRT, a match that ended at its length undecided goes
	// on: its 4 games kept, 6 more played.
	if _, err := Run(context.Background(), sp); err != nil {
		t.Fatalf("extending the undecided SPRT match 4 → 10: %v", err)
	}
	ten, err := ReadResults(sp.Results)
	if err != nil || !ten.Ended || len(ten.Games) != 10 || ten.Header.Match.Games != 10 {
		t.Fatalf("the extended SPRT match: %v, ended %v, %d games, header %d", err, ten.Ended, len(ten.Games), ten.Header.Match.Games)
	}
	for i, g := range four.Games {
		if ten.Games[i] != g {
			t.Fatalf("game %d of the SPRT match changed: %+v, was %+v", i, ten.Games[i], g)
		}
	}
	// One whose test decided is over: its end line says "sprt".
	data, err := os.ReadFile(sp.Results)
	if err != nil {
		t.Fatal(err)
	}
	decided := strings.Replace(string(data), `{"end":true,"games":10}`, `{"end":true,"games":10,"stopped":"sprt"}`, 1)
	if decided == string(data) {
		t.Fatalf("no end line to mark in\n%s", data)
	}
	if err := os.WriteFile(sp.Results, []byte(decided), 0o644); err != nil {
		t.Fatal(err)
	}
	sp.Games = 12
	if _, err := Run(context.Background(), sp); err == nil || !strings.Contains(err.Error(), "already decided") {
		t.Fatalf("extended a decided SPRT match: %v", err)
	}
}

// TestFilterPGNKeepsEachRoundOnce: a round found twice in the PGN (the same
// command run again without -resume appends) keeps only its last game, and
// rounds outside keep go.
func TestFilterPGNKeepsEachRoundOnce(t *testing.T) {
	game := func(round, result string) string {
		return "[Event \"m\"]\n[Round \"" + round + "\"]\n[Result \"" + result + "\"]\n\n1. e4 e5 " + result + "\n\n"
	}
	path := filepath.Join(t.TempDir(), "g.pgn")
	in := game("1.1", "1-0") + game("1.2", "0-1") + game("1.1", "1/2-1/2") + game("2.1", "1-0")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := filterPGN(path, map[[2]int]bool{{0, 0}: true, {0, 1}: true}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := game("1.2", "0-1") + game("1.1", "1/2-1/2"); string(got) != want {
		t.Fatalf("filtered PGN:\n%s\nwant:\n%s", got, want)
	}
}

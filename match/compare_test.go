package match

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
)

// armHeader is a field match's header: engine ours (at index side) against
// the opponent "opp", xiangqi at 10+0.1 on 10 openings, games games.
func armHeader(ours string, side, games int) ResultsHeader {
	h := ResultsHeader{Format: resultsFormat, Version: 1, Shards: 1,
		Match: MatchID{Game: position.VariantName(position.Xiangqi), TC: "10+0.1", Games: games, Openings: "abc", NOpenings: 10}}
	h.Names[side], h.Names[1-side] = ours, "opp"
	h.Match.Engines[side], h.Match.Engines[1-side] = "cmd=play name="+ours, "cmd=pikafish name=opp"
	return h
}

// writeArm writes a result file of h's match with games and, when ended,
// the end line; extra is appended raw (a torn or corrupt line).
func writeArm(t *testing.T, path string, h ResultsHeader, games []GameResult, ended bool, extra string) string {
	t.Helper()
	var b strings.Builder
	line := func(v any) {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteString("\n")
	}
	line(h)
	for _, g := range games {
		line(g)
	}
	if ended {
		line(resultsEnd{End: true, Games: len(games)})
	}
	b.WriteString(extra)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// legs builds the games of pairs from White's results, two per pair.
func legs(results ...[2]position.Result) []GameResult {
	var out []GameResult
	for p, r := range results {
		for leg := 0; leg < 2; leg++ {
			out = append(out, GameResult{Pair: p, Leg: leg, Result: r[leg], Reason: "x", Fault: -1})
		}
	}
	return out
}

// mirror swaps the engines' places: the same games from the other side.
func mirror(games []GameResult) []GameResult {
	out := append([]GameResult(nil), games...)
	for i := range out {
		out[i].Leg = 1 - out[i].Leg
	}
	return out
}

const (
	w = position.WhiteWin
	d = position.Draw
	l = position.BlackWin
)

// The two arms of TestCompareExact: our points per pair A 2, ½, ½, 1½ and
// B 1, 2, 1, 1½ (and a fifth pair, 4, that B alone played).
var (
	armA = legs([2]position.Result{w, l}, [2]position.Result{d, w}, [2]position.Result{l, d}, [2]position.Result{w, d})
	armB = append(legs([2]position.Result{d, d}, [2]position.Result{w, l}, [2]position.Result{w, w}, [2]position.Result{w, d}),
		GameResult{Pair: 4, Leg: 0, Result: w, Reason: "x", Fault: -1}, GameResult{Pair: 4, Leg: 1, Result: w, Reason: "x", Fault: -1})
)

func withFault(games []GameResult, pair, leg, colour int) []GameResult {
	out := append([]GameResult(nil), games...)
	for i := range out {
		if out[i].Pair == pair && out[i].Leg == leg {
			out[i].Fault, out[i].FaultKind = colour, "time"
		}
	}
	return out
}

// TestCompareExact: the per-pair differences −1, +1½, +½, 0 give a mean of
// +¼ point, a sample variance of 13/12, so a standard error of √(13/48);
// the scores 4½/8 and 5½/8 give the Elo difference, its interval by the
// delta method at the mean score 10/16.
func TestCompareExact(t *testing.T) {
	dir := t.TempDir()
	// A: our engine loses pair 2's first game (leg 0, ours Red) by a fault;
	// B: the opponent loses pair 1's second game (leg 1, the opponent Red).
	a := writeArm(t, filepath.Join(dir, "a.results"), armHeader("main", 0, 8), withFault(armA, 2, 0, 0), true, "")
	// B's opponent also loses pair 4 by a fault, a pair A did not play: not counted.
	b := writeArm(t, filepath.Join(dir, "b.results"), armHeader("new", 0, 10), withFault(withFault(armB, 1, 1, 0), 4, 0, 1), true, "")
	check := func(name string, c Comparison) {
		t.Helper()
		if c.Pairs != 4 || c.Better != 2 || c.Same != 1 || c.Worse != 1 {
			t.Errorf("%s: %d pairs, better/same/worse %d/%d/%d; want 4, 2/1/1", name, c.Pairs, c.Better, c.Same, c.Worse)
		}
		if c.A5 != (Pentanomial{0, 2, 0, 1, 1}) || c.B5 != (Pentanomial{0, 0, 2, 1, 1}) {
			t.Errorf("%s: pentanomials %v %v, want [0 2 0 1 1] [0 0 2 1 1]", name, c.A5, c.B5)
		}
		if c.SameEngines {
			t.Errorf("%s: main and new taken for the same engine", name)
		}
		se := math.Sqrt(13.0 / 48)
		for _, x := range []struct {
			what      string
			got, want float64
		}{
			{"diff", c.Diff, 0.25},
			{"diff error", c.DiffErr, z95 * se},
			{"t", c.T, 0.25 / se},
			{"elo", c.Elo, 400 * (math.Log10(0.6875/0.3125) - math.Log10(0.5625/0.4375))},
			{"elo error", c.EloErr, z95 * se / 2 * 400 / (math.Ln10 * 0.625 * 0.375)},
		} {
			if math.Abs(x.got-x.want) > 1e-9 {
				t.Errorf("%s: %s %.12f, want %.12f", name, x.what, x.got, x.want)
			}
		}
		if math.Abs(c.Elo-93.3112845589) > 1e-6 || math.Abs(c.EloErr-378.0090263901) > 1e-6 {
			t.Errorf("%s: Elo %+.6f ± %.6f, want +93.311285 ± 378.009026", name, c.Elo, c.EloErr)
		}
	}
	armOf := func(side int, paths ...string) *Arm {
		t.Helper()
		arm, err := LoadArm(paths, side)
		if err != nil {
			t.Fatal(err)
		}
		return arm
	}
	A, B := armOf(0, a), armOf(0, b)
	if A.Games != 8 || B.Games != 10 || A.Unfinished || B.Unfinished {
		t.Errorf("games %d %d (want 8 10), unfinished %v %v", A.Games, B.Games, A.Unfinished, B.Unfinished)
	}
	c, err := Compare(A, B)
	if err != nil {
		t.Fatal(err)
	}
	check("side 0", c)
	if c.AFaults != [2]int{1, 0} || c.BFaults != [2]int{0, 1} {
		t.Errorf("faults over the common pairs %v %v, want [1 0] [0 1]", c.AFaults, c.BFaults)
	}
	text := c.Text()
	for _, want := range []string{"4 opening pairs played whole by both", "B − A: +0.250 ± 1.020 points per pair (95 %), t = 0.48; B better in 2 pairs, level in 1, worse in 1",
		"Elo B − A: +93.3 ± 378.0", "games lost by a fault: 1 by main, 0 by opp", "a match with time forfeits under load is not a result"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}

	// The same games with our engine second in both matches (-side 1).
	a1 := writeArm(t, filepath.Join(dir, "a1.results"), armHeader("main", 1, 8), mirror(armA), true, "")
	b1 := writeArm(t, filepath.Join(dir, "b1.results"), armHeader("new", 1, 10), mirror(armB), true, "")
	c1, err := Compare(armOf(1, a1), armOf(1, b1))
	if err != nil {
		t.Fatal(err)
	}
	check("side 1", c1)

	// B in two shards is B; B still running (no end line, a torn last
	// line) counts its whole pairs.
	h0, h1 := armHeader("new", 0, 10), armHeader("new", 0, 10)
	h0.Shards, h1.Shards, h1.Shard = 2, 2, 1
	var even, odd []GameResult
	for _, g := range armB {
		if g.Pair%2 == 0 {
			even = append(even, g)
		} else {
			odd = append(odd, g)
		}
	}
	s0 := writeArm(t, filepath.Join(dir, "s0.results"), h0, even, true, "")
	s1 := writeArm(t, filepath.Join(dir, "s1.results"), h1, odd, false, `{"pair":3,"le`)
	bs := armOf(0, s0, s1)
	if !bs.Unfinished || bs.Games != 10 {
		t.Errorf("shards: unfinished %v, %d games; want true, 10", bs.Unfinished, bs.Games)
	}
	c2, err := Compare(A, bs)
	if err != nil {
		t.Fatal(err)
	}
	check("shards", c2)
	if !strings.Contains(c2.Text(), "10 games, unfinished") {
		t.Errorf("the text does not say B is unfinished:\n%s", c2.Text())
	}
	// Shard 0 of 2 alone is part of its match, however whole the file.
	if part := armOf(0, s0); !part.Unfinished {
		t.Error("shard 0/2 alone: not marked unfinished")
	}

	// An arm against itself: every pair differs by 0, so no interval, and
	// the same engine on both sides is pointed out.
	self, err := Compare(A, armOf(0, a))
	if err != nil {
		t.Fatal(err)
	}
	txt := self.Text()
	if !math.IsNaN(self.DiffErr) || !math.IsNaN(self.EloErr) || !math.IsNaN(self.T) || !self.SameEngines ||
		!strings.Contains(txt, "B − A: +0.000 points per pair (no interval: every pair differs alike)") || !strings.Contains(txt, "Elo B − A: +0.0 (no interval)") ||
		!strings.Contains(txt, `note: the compared engine is "main" in both arms`) {
		t.Errorf("an arm against itself: %+v\n%s", self, txt)
	}
}

// TestCompareRefuses: arms that do not share the conditions, files that are
// not one match or hold a game twice, a corrupt line, no pair in common and
// a bad side are errors naming what is wrong.
func TestCompareRefuses(t *testing.T) {
	dir := t.TempDir()
	a := writeArm(t, filepath.Join(dir, "a.results"), armHeader("main", 0, 8), armA, true, "")
	load := func(side int, paths ...string) (*Arm, error) { return LoadArm(paths, side) }
	A, err := load(0, a)
	if err != nil {
		t.Fatal(err)
	}
	variant := func(name string, edit func(*ResultsHeader), games []GameResult) string {
		h := armHeader("new", 0, 10)
		edit(&h)
		return writeArm(t, filepath.Join(dir, name+".results"), h, games, true, "")
	}
	for _, c := range []struct {
		name string
		edit func(*ResultsHeader)
		want string
	}{
		{"opponent", func(h *ResultsHeader) { h.Match.Engines[1] = "cmd=stockfish name=opp" }, `the opponent is "opp" (cmd=pikafish name=opp)`},
		{"tc", func(h *ResultsHeader) { h.Match.TC = "1+0.01" }, "control 10+0.1"},
		{"openings", func(h *ResultsHeader) { h.Match.Openings = "def" }, "the openings differ"},
		{"game", func(h *ResultsHeader) { h.Match.Game = position.VariantName(position.Chess) }, "game xiangqi"},
		{"adjudication", func(h *ResultsHeader) { h.Match.Adjudication.MaxPlies = 400 }, "adjudication"},
	} {
		B, err := load(0, variant(c.name, c.edit, armB))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Compare(A, B); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
	// No whole pair in common: B (still running) played only pair 4.
	B, err := load(0, writeArm(t, filepath.Join(dir, "disjoint.results"), armHeader("new", 0, 10), armB[8:], false, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compare(A, B); err == nil || !strings.Contains(err.Error(), "no opening pair played whole in both") {
		t.Errorf("disjoint: error %v", err)
	}
	// One game in two files of an arm; files of two matches; a corrupt line
	// before the last; a bad side.
	dup := writeArm(t, filepath.Join(dir, "dup.results"), armHeader("new", 0, 10), armB[:2], false, "")
	if _, err := load(0, a, dup); err == nil || !strings.Contains(err.Error(), "from another match") {
		t.Errorf("two matches: error %v", err)
	}
	dupA := writeArm(t, filepath.Join(dir, "a2.results"), armHeader("main", 0, 8), armA[:2], false, "")
	if _, err := load(0, a, dupA); err == nil || !strings.Contains(err.Error(), "game 1.1 is in") {
		t.Errorf("a game twice: error %v", err)
	}
	h3 := armHeader("main", 0, 8)
	h3.Shards, h3.Shard = 3, 1
	other := writeArm(t, filepath.Join(dir, "s13.results"), h3, nil, false, "")
	h2 := armHeader("main", 0, 8)
	h2.Shards = 2
	s02 := writeArm(t, filepath.Join(dir, "s02.results"), h2, nil, false, "")
	if _, err := load(0, s02, other); err == nil || !strings.Contains(err.Error(), "is shard 1/3") {
		t.Errorf("shards of 2 and 3: error %v", err)
	}
	bad := writeArm(t, filepath.Join(dir, "bad.results"), armHeader("main", 0, 8), armA, false, "{\"pair\":9,\"leg\":0}x\n{\"end\":true,\"games\":8}\n")
	if _, err := load(0, bad); err == nil || !strings.Contains(err.Error(), "bad.results: line 10") {
		t.Errorf("corrupt line: error %v", err)
	}
	if _, err := load(2, a); err == nil {
		t.Error("side 2: no error")
	}
}

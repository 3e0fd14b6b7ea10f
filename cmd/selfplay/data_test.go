// The `selfplay data` commands on real files: outputs, exit codes, flags
// after the file names, each tool's own help.
package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// writeGames writes games of random legal chess moves with made-up scores.
func writeGames(t *testing.T, path string, games int, seed uint64) {
	t.Helper()
	w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "dualnnue", EngineVersion: "test", NetHash: "abc",
		SearchLimits: "nodes=5000", Seed: seed}, &datasets.WriterOptions{BlockSize: 4 << 10, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	pos, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	sts := make([]position.State, 60)
	var list position.MoveList
	for range games {
		if err := pos.SetFEN(chess.StartFEN); err != nil {
			t.Fatal(err)
		}
		g := datasets.GameRecord{Result: position.Result(rng.IntN(3))}
		for ply := range sts {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			g.Plies = append(g.Plies, datasets.Ply{Move: m, Score: position.Value(rng.IntN(400) - 200)})
			pos.DoMove(m, &sts[ply])
		}
		if err := w.WriteGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDataTools(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.dnds"), filepath.Join(dir, "b.dnds")
	writeGames(t, a, 25, 0)
	writeGames(t, b, 25, 1)
	run := func(want int, args ...string) (string, string) {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(append([]string{"data"}, args...), &out, &errb); code != want {
			t.Fatalf("%v: exit %d, want %d\n%s%s", args, code, want, out.String(), errb.String())
		}
		return out.String(), errb.String()
	}
	var total datasets.Stats
	total.Add(a)
	total.Add(b)
	if total.Games != 50 || total.Positions == 0 {
		t.Fatalf("stats %+v", total)
	}
	out, _ := run(0, "stats", a, b)
	if !strings.Contains(out, fmt.Sprintf("%d games, %d positions", total.Games, total.Positions)) || !strings.Contains(out, `net "abc"`) {
		t.Fatalf("stats output:\n%s", out)
	}
	if out, _ := run(0, "inspect", a); !strings.Contains(out, "bytes/position") || !strings.Contains(out, "nodes=5000") {
		t.Fatalf("inspect output:\n%s", out)
	}
	if out, _ := run(0, "verify", a, b); strings.Count(out, ": OK:") != 2 {
		t.Fatalf("verify output:\n%s", out)
	}
	m := filepath.Join(dir, "m.dnds")
	if out, _ := run(0, "merge", a, b, "-out", m); out != fmt.Sprintf("%s: %d games, %d positions from 2 files\n", m, total.Games, total.Positions) {
		t.Fatalf("merge output %q", out)
	}
	var ms datasets.Stats
	ms.Add(m)
	if ms.Positions != total.Positions || ms.Games != total.Games {
		t.Fatalf("merged %d/%d, want %d/%d", ms.Positions, ms.Games, total.Positions, total.Games)
	}
	run(0, "split", "-n", "3", m, "-out", filepath.Join(dir, "s"))
	var ss datasets.Stats
	for i := range 3 {
		if err := ss.Add(filepath.Join(dir, fmt.Sprintf("s-%03d.dnds", i))); err != nil {
			t.Fatal(err)
		}
	}
	if ss.Positions != total.Positions || ss.Games != total.Games {
		t.Fatalf("split %d/%d, want %d/%d", ss.Positions, ss.Games, total.Positions, total.Games)
	}

	// Flags after the file names (they used to be taken as files).
	txt, imp := filepath.Join(dir, "a.txt"), filepath.Join(dir, "i.dnds")
	var as datasets.Stats
	as.Add(a)
	if out, errs := run(0, "export", a, "-out", txt); out != "" || errs != fmt.Sprintf("%s: %d positions\n", txt, as.Positions) {
		t.Fatalf("export: stdout %q, stderr %q", out, errs)
	}
	data, _ := os.ReadFile(txt)
	if n := strings.Count(string(data), "\n"); int64(n) != as.Positions {
		t.Fatalf("exported %d lines for %d positions", n, as.Positions)
	}
	stdout, _ := run(0, "export", a)
	if stdout != string(data) {
		t.Fatalf("export to stdout differs from export -o")
	}
	filtered, _ := run(0, "export", a, "-min-ply", "20", "-skip-in-check")
	if n := strings.Count(filtered, "\n"); n == 0 || int64(n) >= as.Positions {
		t.Fatalf("filtered export: %d of %d positions", n, as.Positions)
	}
	if out, _ := run(0, "import", txt, "-game", "chess", "-out", imp); !strings.HasPrefix(out, imp+": ") ||
		!strings.Contains(out, fmt.Sprintf(" %d positions (0 unscored), 0 skipped\n", as.Positions)) {
		t.Fatalf("import output %q", out)
	}
	var is datasets.Stats
	is.Add(imp)
	if is.Positions != as.Positions {
		t.Fatalf("imported %d positions, exported %d", is.Positions, as.Positions)
	}

	// A damaged file: stats, export and verify say so and exit 1.
	raw, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.dnds")
	if err := os.WriteFile(cut, raw[:len(raw)-100], 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _ := run(1, "verify", cut); !strings.Contains(out, cut+": DAMAGED: ") {
		t.Errorf("verify of a damaged file:\n%s", out)
	}
	if _, errs := run(1, "stats", cut); !strings.HasSuffix(errs, "selfplay data stats: 1 problems that are damage: the figures miss what was lost\n") {
		t.Errorf("stats of a damaged file: %q", errs)
	}
	if _, errs := run(1, "export", cut); !strings.HasPrefix(errs, cut+": ") ||
		!strings.HasSuffix(errs, "selfplay data export: 1 problems that are damage: the positions of the damaged blocks are missing\n") {
		t.Errorf("export of a damaged file: %q", errs)
	}

	// Bad usage (2) and failures (1), each named.
	for _, c := range []struct {
		code int
		args []string
		want string
	}{
		{2, []string{"bogus", a}, "selfplay data: unknown command \"bogus\"\n"},
		{2, []string{"merge", a}, "selfplay data merge: -out OUT is required\n"},
		{2, []string{"split", a, "-out", "x"}, "selfplay data split: -n N (>= 1) and -out PREFIX are required\n"},
		{2, []string{"import", "-out", imp, txt}, "selfplay data import: -game chess|xiangqi and -out OUT are required\n"},
		{2, []string{"import", "-game", "Chess", "-out", imp, txt}, "selfplay data import: -game: unknown game \"Chess\" (want xiangqi or chess)\n"},
		{2, []string{"export", a, "-salvage"}, "selfplay data export: flag provided but not defined: -salvage\n"},
		{2, []string{"stats", a, "-out", "x"}, "selfplay data stats: flag provided but not defined: -out\n"},
		{1, []string{"inspect", filepath.Join(dir, "missing")}, "selfplay data inspect: open " + filepath.Join(dir, "missing") + ": no such file or directory\n"},
		{1, []string{"import", "-game", "chess", "-format", "csv", "-out", filepath.Join(dir, "j.dnds"), txt}, "selfplay data import: " + txt + ": unknown format \"csv\" (want text or pgn)\n"},
	} {
		_, errs := run(c.code, c.args...)
		if !strings.HasPrefix(errs, c.want) {
			t.Errorf("%q: stderr %q, want it to begin %q", c.args, errs, c.want)
		}
	}
}

// TestDataStatsHelp: each tool's help lists only its own flags (data
// stats -h used to list every tool's).
func TestDataStatsHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"data", "stats", "-h"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	const want = `selfplay data stats: games, positions, results, score and ply histograms, bytes/position; exit 1 on damage

usage: selfplay data stats FILE...

example:
  selfplay data stats data/selfplay/chess/*.dnds
`
	if stdout.String() != want {
		t.Errorf("help\n%s\nwant\n%s", stdout.String(), want)
	}
	stdout.Reset()
	run([]string{"data", "merge", "-h"}, &stdout, &stderr)
	const wantMerge = `selfplay data merge: copy every block of the inputs into one file

usage: selfplay data merge [-salvage] -out OUT FILE...

A damaged input is refused unless -salvage (copy its intact blocks).

example:
  selfplay data merge -out all.dnds shards/*.dnds

flags:
  -o value
    	deprecated: the same as -out
  -out file
    	output file (required)
  -salvage
    	copy the intact blocks of damaged inputs instead of refusing them
`
	if stdout.String() != wantMerge {
		t.Errorf("help\n%s\nwant\n%s", stdout.String(), wantMerge)
	}
}

// Issue 24 N5: data export refuses a -random-skip outside [0, 1) (1e9 used
// to print nothing and exit 0; negative and NaN were silently 0), and a
// negative -min-ply or -max-score, as usage errors (exit 2) that name the
// range, writing nothing; 0 and 0.5 export.
func TestExportFilterRange(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.dnds")
	writeGames(t, a, 3, 0)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-random-skip", "1e9"}, "selfplay data export: -random-skip 1e+09 out of range [0, 1) (the probability of skipping a position)\n"},
		{[]string{"-random-skip", "1"}, "selfplay data export: -random-skip 1 out of range [0, 1) (the probability of skipping a position)\n"},
		{[]string{"-random-skip", "-0.5"}, "selfplay data export: -random-skip -0.5 out of range [0, 1) (the probability of skipping a position)\n"},
		{[]string{"-random-skip", "NaN"}, "selfplay data export: -random-skip NaN out of range [0, 1) (the probability of skipping a position)\n"},
		{[]string{"-min-ply", "-1"}, "selfplay data export: -min-ply -1 is negative\n"},
		{[]string{"-max-score", "-5"}, "selfplay data export: -max-score -5 is negative (0: no limit)\n"},
	} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, "out.txt")
		code := run(append([]string{"data", "export", a, "-out", out}, c.args...), &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), c.want+"usage: selfplay data export") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want it to begin %q", c.args, code, stdout.String(), stderr.String(), c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: wrote %s", c.args, out)
		}
	}
	var st datasets.Stats
	if err := st.Add(a); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"0", "0.5"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"data", "export", a, "-random-skip", p, "-seed", "7"}, &stdout, &stderr); code != 0 {
			t.Fatalf("-random-skip %s: exit %d: %s", p, code, stderr.String())
		}
		n := int64(strings.Count(stdout.String(), "\n"))
		if (p == "0" && n != st.Positions) || (p == "0.5" && (n == 0 || n >= st.Positions)) {
			t.Errorf("-random-skip %s: %d of %d positions", p, n, st.Positions)
		}
	}
}

// TestResumeMovesADamagedPartAside (issue 24): a finished part with a
// damaged block; the resume copies its intact games to a new part, moves
// it aside as *.dnds.damaged and plays the lost games again, so that
// `data verify` of the run's *.dnds exits 0 and `data stats` counts every
// game exactly once.
func TestResumeMovesADamagedPartAside(t *testing.T) {
	const games = 6
	dir := t.TempDir()
	args := []string{"-game", "chess", "-games", fmt.Sprint(games), "-threads", "1", "-nodes", "100", "-hard-nodes", "1000",
		"-max-plies", "20", "-out", dir, "-quiet"}
	sp := func(want int, args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != want {
			t.Fatalf("%v: exit %d, want %d\n%s%s", args, code, want, out.String(), errb.String())
		}
		return out.String() + errb.String()
	}
	sp(0, args...)
	parts, _ := filepath.Glob(filepath.Join(dir, "*.dnds"))
	if len(parts) != 1 {
		t.Fatalf("parts %v", parts)
	}
	part := parts[0]
	// Rewrite the part with one game per block, then damage block 2.
	r, err := datasets.Open(part, nil)
	if err != nil {
		t.Fatal(err)
	}
	info := r.Header().Generator
	var recs []datasets.GameRecord
	for g := (datasets.GameRecord{}); r.NextGame(&g); g = (datasets.GameRecord{}) {
		recs = append(recs, g)
	}
	r.Close()
	if len(recs) != games {
		t.Fatalf("%d games", len(recs))
	}
	w, err := datasets.Create(part+".new", position.Chess, info, &datasets.WriterOptions{BlockSize: 1, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.WriteGame(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(part+".new", part); err != nil {
		t.Fatal(err)
	}
	fi, err := datasets.Inspect(part)
	if err != nil || len(fi.Blocks) != games {
		t.Fatalf("%d blocks, %v", len(fi.Blocks), err)
	}
	data, _ := os.ReadFile(part)
	b := fi.Blocks[2]
	data[b.Offset+datasets.BlockHeaderSize+int64(b.Header.Size)/2] ^= 0x40
	if err := os.WriteFile(part, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := sp(1, "data", "verify", part); !strings.Contains(out, ": DAMAGED: ") {
		t.Fatalf("verify before the resume:\n%s", out)
	}

	sp(0, append(args, "-resume")...)
	if _, err := os.Stat(part + ".damaged"); err != nil {
		t.Fatalf("the damaged part was not moved aside: %v", err)
	}
	parts, _ = filepath.Glob(filepath.Join(dir, "*.dnds"))
	// The intact five games copied to p001, the lost one played into p002.
	if len(parts) != 2 || filepath.Base(parts[0]) != "chess-s0of1-p001.dnds" || filepath.Base(parts[1]) != "chess-s0of1-p002.dnds" {
		t.Fatalf("parts after the resume: %v", parts)
	}
	out := sp(0, append([]string{"data", "verify"}, parts...)...)
	if strings.Count(out, ": OK: ") != 2 {
		t.Fatalf("verify after the resume:\n%s", out)
	}
	if out := sp(0, append([]string{"data", "stats"}, parts...)...); !strings.Contains(out, fmt.Sprintf(" bytes, %d games,", games)) {
		t.Fatalf("stats after the resume:\n%s", out)
	}
	// A further resume plays nothing and leaves the files as they are.
	sp(0, append(args, "-resume")...)
	if again, _ := filepath.Glob(filepath.Join(dir, "*")); len(again) != 3 {
		t.Fatalf("files after a second resume: %v", again)
	}
}

// -unscale: this build's settings or changes to them; a bad spec names
// what is wrong; the note lists the scaling constants that will be undone.
func TestUnscaleParams(t *testing.T) {
	prm, note, err := unscaleParams(position.Chess, "EvalScaleBase=80, Rule50Damp=200")
	if err != nil || note != "EvalScaleBase=80,WinnableMaterial=0,EndgameScale=0,Rule50Damp=200" {
		t.Fatalf("note %q, %v", note, err)
	}
	if v, _ := prm.Get("EvalScaleBase"); v != 80 {
		t.Errorf("EvalScaleBase %d", v)
	}
	if _, note, err := unscaleParams(position.Chess, "build"); err != nil || note != "EvalScaleBase=0,WinnableMaterial=0,EndgameScale=0,Rule50Damp=0" {
		t.Errorf("build: note %q, %v", note, err)
	}
	// @FILE: another revision's params.toml, on the table's defaults.
	file := filepath.Join(t.TempDir(), "params.toml")
	os.WriteFile(file, []byte("[xiangqi]\nEvalScaleBase = 80 # the material scaling\n[chess]\nRule50Damp = 200\n"), 0o644)
	if _, note, err := unscaleParams(position.Xiangqi, "@"+file); err != nil || note != "EvalScaleBase=80,WinnableMaterial=0,EndgameScale=0,Rule50Damp=0" {
		t.Errorf("@FILE: note %q, %v", note, err)
	}
	os.WriteFile(file, []byte("[xiangqi]\nGone = 3\n"), 0o644)
	if _, _, err := unscaleParams(position.Xiangqi, "@"+file); err == nil || !strings.Contains(err.Error(), file+": line 2: unknown search parameter") {
		t.Errorf("@FILE with an unknown constant: %v", err)
	}
	if _, _, err := unscaleParams(position.Xiangqi, "@"+file+".missing"); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("@FILE missing: %v", err)
	}
	if _, _, err := unscaleParams(position.Xiangqi, "@/dev/zero"); err == nil || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Errorf("@/dev/zero: %v", err)
	}
	for spec, want := range map[string]string{"EvalScaleBase": "not NAME=VALUE", "EvalScaleBase=x": "not NAME=VALUE", "Nope=3": "unknown search parameter", "EvalScaleBase=100000": "outside"} {
		if _, _, err := unscaleParams(position.Chess, spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", spec, err, want)
		}
	}
}

// FuzzUnscaleParams: any -unscale spec is an error or settings whose note
// names the four scaling constants; never a panic.
func FuzzUnscaleParams(f *testing.F) {
	for _, s := range []string{"build", "EvalScaleBase=80", "EvalScaleBase=80, Rule50Damp=200", "=", ",", "Nope=1", "EvalScaleBase=-1", "x=y=z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		if strings.HasPrefix(spec, "@") {
			return // a file name: TestUnscaleParams covers @FILE
		}
		prm, note, err := unscaleParams(position.Xiangqi, spec)
		if err == nil && (prm == nil || strings.Count(note, "=") != 4) {
			t.Fatalf("%q: params %v, note %q", spec, prm, note)
		}
	})
}

// counterMatchPGN is a game of two engines, new (White) and base, from a
// 60-ply move-count counter, so that Rule50Damp's factor shows.
const counterMatchPGN = `[White "new-abc"]
[Black "base-def"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 60 40"]
[Result "1-0"]

40. Kd2 {+5.00/10} Kd7 {-5.00/10} 41. Ke3 {+5.00/10} 1-0
`

// -unscale-engine: each engine's moves are unscaled with its own settings
// (the longest matching name start wins, -unscale covers the rest); a bad
// flag or an engine no flag covers is a clear error and leaves no file.
func TestImportUnscaleEngine(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "m.pgn")
	os.WriteFile(pgn, []byte(counterMatchPGN), 0o644)
	out := filepath.Join(dir, "m.dnds")
	code, stdout, stderr, _ := runIn(t, "data", "import", "-game", "chess", "-unscale-engine", "new:Rule50Damp=200", "-unscale-engine", "base:build", "-out", out, pgn)
	if code != 0 || !strings.Contains(stderr, "new:EvalScaleBase=0,WinnableMaterial=0,EndgameScale=0,Rule50Damp=200 base:EvalScaleBase=0") ||
		!strings.Contains(stdout, "3 positions (0 unscored)") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	r, err := datasets.Open(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []position.Value
	var rec datasets.GameRecord
	for r.NextGame(&rec) {
		for _, p := range rec.Plies {
			got = append(got, p.Score)
		}
	}
	r.Close()
	// new's moves (White's, counters 60 and 62) undo v·(200 − r)/200:
	// 500·200/140 and 500·200/138; base's (counter 61) stays.
	if want := []position.Value{714, -500, 724}; !reflect.DeepEqual(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-unscale-engine", "new"}, `"new" is not ENGINE:SPEC`},
		{[]string{"-unscale-engine", "new:Nope=1"}, "-unscale-engine: new: unknown search parameter"},
		{[]string{"-unscale-engine", "new:build", "-unscale-engine", "new:build"}, `engine "new" given twice`},
		{[]string{"-unscale-engine", "new:build"}, `engine "base-def" has no -unscale-engine settings (given for new)`},
	} {
		bad := filepath.Join(dir, "bad.dnds")
		args := append(append([]string{"data", "import", "-game", "chess", "-out", bad}, c.args...), pgn)
		code, _, stderr, _ := runIn(t, args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(bad); !os.IsNotExist(err) {
			t.Errorf("%v: output left: %v", c.args, err)
		}
	}
	// -unscale covers the engines no -unscale-engine names.
	if code, _, stderr, _ := runIn(t, "data", "import", "-game", "chess", "-unscale-engine", "new:build", "-unscale", "build", "-out", filepath.Join(dir, "m2.dnds"), pgn); code != 0 || !strings.Contains(stderr, " *:EvalScaleBase=0") {
		t.Errorf("with -unscale: code %d, stderr %q", code, stderr)
	}
}

// importScores imports pgn with args and returns the file's scores in order.
func importScores(t *testing.T, pgn string, args ...string) ([]position.Value, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "m.dnds")
	code, stdout, stderr, _ := runIn(t, append(append([]string{"data", "import", "-game", "chess", "-out", out}, args...), pgn)...)
	if code != 0 {
		t.Fatalf("%v: code %d, stdout %q, stderr %q", args, code, stdout, stderr)
	}
	r, err := datasets.Open(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []position.Value
	var rec datasets.GameRecord
	for r.NextGame(&rec) {
		for _, p := range rec.Plies {
			got = append(got, p.Score)
		}
	}
	return got, stderr
}

// -unscale-engine's matching: the longest ENGINE the name starts with
// wins whatever the flags' order, and -unscale's settings do rescore the
// moves of the engines no flag names (not only show in the note).
func TestImportUnscaleEngineMatching(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "m.pgn")
	os.WriteFile(pgn, []byte(counterMatchPGN), 0o644)
	// new: Rule50Damp=200 at counters 60 and 62; base: as it played
	// (build) or Rule50Damp=100 at counter 61 (−500·100/39).
	for _, c := range []struct {
		args []string
		want []position.Value
	}{
		{[]string{"-unscale-engine", "n:build", "-unscale-engine", "new:Rule50Damp=200", "-unscale-engine", "base:build"}, []position.Value{714, -500, 724}},
		{[]string{"-unscale-engine", "new-abc:Rule50Damp=200", "-unscale-engine", "new:build", "-unscale-engine", "b:build"}, []position.Value{714, -500, 724}},
		{[]string{"-unscale-engine", "new:Rule50Damp=200", "-unscale", "Rule50Damp=100"}, []position.Value{714, -1282, 724}},
	} {
		if got, _ := importScores(t, pgn, c.args...); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: scores %v, want %v", c.args, got, c.want)
		}
	}
	// A flag that names no engine of the games (a misspelt name that
	// -unscale then covers) is reported; the flags that named one are not.
	_, stderr := importScores(t, pgn, "-unscale-engine", "new:Rule50Damp=200", "-unscale-engine", "bse:EvalScaleBase=80", "-unscale", "build")
	if !strings.Contains(stderr, "-unscale-engine bse named no engine") || strings.Contains(stderr, "-unscale-engine new named") {
		t.Errorf("stderr %q, want a warning for bse alone", stderr)
	}
}

// FuzzEngineSpec: any -unscale-engine value is refused with an error or
// kept as ENGINE:SPEC whose rescorers either build (then the engine named
// gets a function) or fail; never a panic.
func FuzzEngineSpec(f *testing.F) {
	for _, s := range []string{"new:build", "new:EvalScaleBase=80", "base:", ":build", "new", "a:b:c", "new:Rule50Damp=200,EndgameScale=1", " x : build "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var e engineSpecs
		if err := e.Set(v); err != nil {
			if len(e) != 0 {
				t.Fatalf("%q refused but kept", v)
			}
			return
		}
		if len(e) != 1 || e[0].engine == "" || e[0].spec == "" {
			t.Fatalf("%q kept as %+v", v, e)
		}
		if strings.HasPrefix(e[0].spec, "@") {
			return // a file name: TestUnscaleParams covers @FILE
		}
		byPlayer, _, _, err := e.rescorers(position.Chess, nil, "")
		if err != nil {
			return
		}
		if fn, err := byPlayer(e[0].engine + "-1a2b3c"); err != nil || fn == nil {
			t.Fatalf("%q: engine %q-1a2b3c gets no function: %v", v, e[0].engine, err)
		}
	})
}

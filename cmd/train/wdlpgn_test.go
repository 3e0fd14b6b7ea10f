package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/train"
)

// Two games as `play match` writes them: scores after each move's {…} with
// the depth and time; a mate score and an unscored move are skipped, a game
// with result "*" is skipped whole.
const wdlPGN = `[Event "m"]
[White "a"]
[Black "b"]
[Result "1-0"]
[FEN "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"]
[SetUp "1"]

1. Rh8+ {+3.50/12 0.100s} Kd7 {-3.40/11 0.050s} 2. Rh7+ {+M5/14 0.01s} Kd6 3. e4 {+4.00/9 0.02s} 1-0

[Event "m"]
[White "a"]
[Black "b"]
[Result "1/2-1/2"]

1. e4 {+0.25/10 0.1s} e5 {-0.10/10 0.1s} 1/2-1/2

[Event "m"]
[White "a"]
[Black "b"]
[Result "*"]

1. d4 {+0.30/10 0.1s} *
`

func TestWDLObsFromPGN(t *testing.T) {
	obs, games, err := wdlObsFromPGN(strings.NewReader(wdlPGN), position.Chess, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []train.WDLObs{
		{Score: 350, Pieces: 4, Result: 1},
		{Score: -340, Pieces: 4, Result: 0},
		{Score: 400, Pieces: 4, Result: 1},
		{Score: 25, Pieces: 32, Result: 0.5},
		{Score: -10, Pieces: 32, Result: 0.5},
	}
	if games != 2 || len(obs) != len(want) {
		t.Fatalf("%d observations of %d games, want %d of 2: %+v", len(obs), games, len(want), obs)
	}
	for i := range want {
		if d := obs[i].Score - want[i].Score; d > 1e-9 || d < -1e-9 || obs[i].Pieces != want[i].Pieces || obs[i].Result != want[i].Result {
			t.Errorf("observation %d = %+v, want %+v", i, obs[i], want[i])
		}
	}
}

func TestCommentScore(t *testing.T) {
	for _, c := range []struct {
		in string
		cp float64
		ok bool
	}{
		{"+0.08/7 0.013s", 8, true}, {"-1.25/20 1.5s", -125, true}, {"0.00/1", 0, true},
		{"+M5/14 0.01s", 0, false}, {"-M2/3", 0, false}, {"book", 0, false}, {"", 0, false},
		{"NaN/3", 0, false}, {"+1e9/3", 0, false}, {"+0.5", 0, false},
	} {
		cp, ok := commentScore(c.in)
		if ok != c.ok || (ok && (cp-c.cp > 1e-9 || c.cp-cp > 1e-9)) {
			t.Errorf("commentScore(%q) = %v %v, want %v %v", c.in, cp, ok, c.cp, c.ok)
		}
	}
}

// train wdl on a PGN prints the model and the check table; a PGN with no
// scored moves is an error that says what is needed; PGNs and datasets do
// not mix.
func TestTrainWDLFromPGN(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(path, []byte(wdlPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"wdl", "-game", "chess", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, "// 5 scored moves of 2 games") || !strings.Contains(out, "WDLModel{A0: ") || !strings.Contains(out, "model W/D/L %") {
		t.Fatalf("output:\n%s", out)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"wdl", "-game", "xiangqi", path}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "no scored xiangqi moves") {
		t.Fatalf("xiangqi on a chess PGN: exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"wdl", "-game", "chess", path, "x.dnds"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "not both") {
		t.Fatalf("mixed inputs: exit %d, %q", code, stderr.String())
	}
}

// FuzzCommentScore: any comment text gives either no score or a finite one
// within ±30000 cp, never a panic.
func FuzzCommentScore(f *testing.F) {
	for _, s := range []string{"+0.08/7 0.013s", "-M3/16 0.001s", "NaN/3", "+1e9/3", "", "/", "book"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cp, ok := commentScore(s)
		if ok && !(cp >= -30000 && cp <= 30000) {
			t.Fatalf("commentScore(%q) = %v", s, cp)
		}
		if !ok && cp != 0 {
			t.Fatalf("commentScore(%q) = %v without a score", s, cp)
		}
	})
}

package match

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/engine"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// rescore searches fen as GenerateOpenings does (a cleared engine, nodes as
// both limits) and reports the score, whether the side to move is in check
// and how many legal moves it has.
func rescore[T any, P search.GamePtr[T]](t *testing.T, d *variants.Def[T, P], ev variants.EvalChoice, fen string, nodes uint64) (position.Value, bool, int) {
	t.Helper()
	e, err := engine.New(d)
	if err != nil {
		t.Fatal(err)
	}
	evaluator, err := d.Evaluator(ev)
	if err != nil {
		t.Fatal(err)
	}
	opts := search.DefaultOptions
	opts.HashMiB = 4
	if err := e.Configure(engine.Options[P]{Eval: evaluator, Search: opts}); err != nil {
		t.Fatal(err)
	}
	if err := e.SetFEN(fen); err != nil {
		t.Fatalf("%q: %v", fen, err)
	}
	var list position.MoveList
	e.Position().GenerateLegal(&list)
	inCheck := e.Position().State().InCheck
	e.Clear()
	res := e.Search(search.Limits{Nodes: nodes, SoftNodes: nodes}, nil)
	return res.Score, inCheck, list.Len
}

func TestGenerateOpenings(t *testing.T) {
	for _, tc := range []struct {
		game  position.Variant
		plies int
		eval  variants.EvalChoice
	}{
		{position.Chess, 8, variants.Hand},
		{position.Chess, 8, variants.Embedded},
		{position.Xiangqi, 4, variants.Hand},
		{position.Xiangqi, 4, variants.Embedded},
	} {
		t.Run(tc.game.String()+"-"+tc.eval.String(), func(t *testing.T) {
			spec := OpeningSpec{Game: tc.game, N: 12, Plies: tc.plies, Nodes: 2000, MaxScore: 40, Seed: 7, Eval: tc.eval}
			var a, b, other bytes.Buffer
			if err := GenerateOpenings(&a, spec); err != nil {
				t.Fatal(err)
			}
			if err := GenerateOpenings(&b, spec); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Fatalf("the same spec gave two sets:\n%s\n%s", a.String(), b.String())
			}
			spec2 := spec
			spec2.Seed = 8
			if err := GenerateOpenings(&other, spec2); err != nil {
				t.Fatal(err)
			}
			if other.String() == a.String() {
				t.Fatal("seeds 7 and 8 gave the same set")
			}
			lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
			if len(lines) != spec.N {
				t.Fatalf("%d lines, want %d", len(lines), spec.N)
			}
			seen := map[string]bool{}
			for _, fen := range lines {
				if seen[fen] {
					t.Errorf("%q twice", fen)
				}
				seen[fen] = true
				var score position.Value
				var inCheck bool
				var moves int
				if tc.game == position.Chess {
					score, inCheck, moves = rescore(t, variants.Chess, tc.eval, fen, spec.Nodes)
				} else {
					score, inCheck, moves = rescore(t, variants.Xiangqi, tc.eval, fen, spec.Nodes)
				}
				if inCheck || moves == 0 {
					t.Errorf("%q: in check %v, %d legal moves", fen, inCheck, moves)
				}
				if score > position.Value(spec.MaxScore) || score < -position.Value(spec.MaxScore) {
					t.Errorf("%q scores %d, outside ±%d", fen, score, spec.MaxScore)
				}
			}
		})
	}
}

// The checking evaluator decides which positions are kept: the hand-written
// evaluation and the net keep different sets from the same random plies.
func TestGenerateOpeningsEvalMatters(t *testing.T) {
	spec := OpeningSpec{Game: position.Chess, N: 12, Plies: 8, Nodes: 2000, MaxScore: 40, Seed: 7, Eval: variants.Hand}
	var hand, net bytes.Buffer
	if err := GenerateOpenings(&hand, spec); err != nil {
		t.Fatal(err)
	}
	spec.Eval = variants.Embedded
	if err := GenerateOpenings(&net, spec); err != nil {
		t.Fatal(err)
	}
	if hand.String() == net.String() {
		t.Fatal("the hand-written evaluation and the embedded net kept the same 12 openings")
	}
}

func TestGenerateOpeningsBadNet(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("not a net"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []variants.EvalChoice{variants.NetFile(bad), variants.NetFile(filepath.Join(dir, "missing.nnue"))} {
		var w bytes.Buffer
		err := GenerateOpenings(&w, OpeningSpec{Game: position.Chess, N: 2, Plies: 4, Nodes: 100, MaxScore: 60, Seed: 1, Eval: ev})
		if err == nil {
			t.Fatalf("%s: no error", ev)
		}
		if w.Len() != 0 {
			t.Fatalf("%s: %d bytes written before the error", ev, w.Len())
		}
	}
}

// Exclude keeps another set's positions out, whatever their move counters.
func TestGenerateOpeningsExclude(t *testing.T) {
	spec := OpeningSpec{Game: position.Xiangqi, N: 12, Plies: 2, Nodes: 500, MaxScore: 60, Seed: 5, Eval: variants.Hand}
	var a, b bytes.Buffer
	if err := GenerateOpenings(&a, spec); err != nil {
		t.Fatal(err)
	}
	first := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")[:6]
	for i, fen := range first { // other counters, the same positions
		f := strings.Fields(fen)
		first[i] = strings.Join(append(f[:4], "7", "9"), " ")
	}
	spec.Exclude = first
	if err := GenerateOpenings(&b, spec); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(got) != spec.N {
		t.Fatalf("%d openings, want %d", len(got), spec.N)
	}
	board := func(fen string) string { return strings.Join(strings.Fields(fen)[:4], " ") }
	for _, fen := range got {
		for _, x := range first {
			if board(fen) == board(x) {
				t.Errorf("%q kept though excluded", fen)
			}
		}
	}
	if !strings.Contains(b.String(), strings.Split(a.String(), "\n")[6]) {
		t.Errorf("the first opening not excluded (%q) is missing from the new set", strings.Split(a.String(), "\n")[6])
	}
}

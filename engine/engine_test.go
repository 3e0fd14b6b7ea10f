// Tests of the Engine: positions, options, forks, the bench and allocations.
package engine

import (
	"errors"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
	"dualnnue/variants"
)

func xiangqiEngine(t *testing.T, choice variants.EvalChoice) *Engine[xiangqi.Position, *xiangqi.Position] {
	t.Helper()
	e, err := New(variants.Xiangqi)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := variants.Xiangqi.Evaluator(choice)
	if err != nil {
		t.Fatal(err)
	}
	opts := search.DefaultOptions
	opts.HashMiB = 1
	if err := e.Configure(Options[*xiangqi.Position]{Eval: ev, Search: opts}); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSetPosition(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	if err := e.SetPosition("", []string{"h2e2", "h9g7"}); err != nil {
		t.Fatal(err)
	}
	const want = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
	if got := e.Position().FEN(); got != want {
		t.Fatalf("FEN %q, want %q", got, want)
	}
	if n := e.History().Len(); n != 2 {
		t.Fatalf("history of %d moves, want 2", n)
	}
	// All or nothing: a bad second move keeps the previous position.
	err := e.SetPosition("", []string{"h2e2", "h2e2"})
	var me *position.MoveError
	if !errors.As(err, &me) || me.Index != 2 || me.Move != "h2e2" {
		t.Fatalf("error %v, want a *position.MoveError at index 2 (1-based) for h2e2", err)
	}
	if got := e.Position().FEN(); got != want || e.History().Len() != 2 {
		t.Fatalf("after a bad move: FEN %q with %d moves, want %q with 2", got, e.History().Len(), want)
	}
	if err := e.SetPosition("not a fen", nil); err == nil {
		t.Fatal("a bad FEN was accepted")
	}
}

func TestNotConfigured(t *testing.T) {
	e, err := New(variants.Chess)
	if err != nil {
		t.Fatal(err)
	}
	if r := e.Search(search.Limits{Depth: 1}, nil); r.BestMove != position.MoveNone || r.Nodes != 0 {
		t.Fatalf("search before Configure: %+v, want the zero result", r)
	}
	if r := <-e.Start(search.Limits{Depth: 1}, nil); r.BestMove != position.MoveNone || r.Nodes != 0 {
		t.Fatalf("Start before Configure: %+v, want the zero result", r)
	}
	if err := e.SetParams(search.DefaultParams(position.Chess)); !errors.Is(err, ErrNotConfigured) {
		t.Fatalf("SetParams before Configure: %v, want ErrNotConfigured", err)
	}
	if err := e.Configure(Options[*chess.Position]{Search: search.DefaultOptions}); err == nil {
		t.Fatal("Configure without an evaluator was accepted")
	}
}

// TestConfigureKeepsSearcher: a new table size keeps the searcher, a new
// evaluator makes a new one.
func TestConfigureKeepsSearcher(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	s := e.searcher
	o := e.Options()
	o.Search.HashMiB = 2
	if err := e.Configure(o); err != nil {
		t.Fatal(err)
	}
	if e.searcher != s || e.searcher.Options().HashMiB != 2 {
		t.Fatal("a new table size made a new searcher or was not applied")
	}
	ev, err := variants.Xiangqi.Evaluator(variants.Embedded)
	if err != nil {
		t.Fatal(err)
	}
	o.Eval = ev
	if err := e.Configure(o); err != nil {
		t.Fatal(err)
	}
	if e.searcher == s {
		t.Fatal("a new evaluator kept the old searcher")
	}
}

func TestRuleOptionsRide(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	o := e.Options()
	o.Rules = variants.RuleOptions{CheckChaseIsChase: true, NaturalLimitPlies: 100}
	if err := e.Configure(o); err != nil {
		t.Fatal(err)
	}
	if got := variants.Xiangqi.RuleOptions(e.Position()); got != o.Rules {
		t.Fatalf("current position's rules %+v, want %+v", got, o.Rules)
	}
	if err := e.SetPosition("", []string{"h2e2"}); err != nil {
		t.Fatal(err)
	}
	if got := variants.Xiangqi.RuleOptions(e.Position()); got != o.Rules {
		t.Fatalf("new position's rules %+v, want %+v", got, o.Rules)
	}
}

func TestForkKeepsPosition(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	if err := e.SetPosition("", []string{"h2e2"}); err != nil {
		t.Fatal(err)
	}
	f := e.Fork()
	want := f.Position().FEN()
	if err := e.SetPosition("", nil); err != nil {
		t.Fatal(err)
	}
	if got := f.Position().FEN(); got != want {
		t.Fatalf("fork's FEN %q after the original changed, want %q", got, want)
	}
}

// TestBenchIsSearch: Bench's node count is the sum of plain searches of
// the bench positions after Clear.
func TestBenchIsSearch(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	var said int
	nodes, _, ok := e.Bench(3, func(string) { said++ }, nil)
	if !ok || said != len(variants.Xiangqi.BenchFENs) {
		t.Fatalf("bench ok %v with %d lines, want true and %d", ok, said, len(variants.Xiangqi.BenchFENs))
	}
	var want uint64
	for _, fen := range variants.Xiangqi.BenchFENs {
		if err := e.SetPosition(fen, nil); err != nil {
			t.Fatal(err)
		}
		e.Clear()
		want += e.Search(search.Limits{Depth: 3}, nil).Nodes
	}
	if nodes != want || nodes == 0 {
		t.Fatalf("bench %d nodes, searches %d", nodes, want)
	}
}

// TestGameLoopAllocFree: Do and Undo reuse the position and the history
// (SetFEN's own parsing is the position's business).
func TestGameLoopAllocFree(t *testing.T) {
	e := xiangqiEngine(t, variants.Hand)
	if err := e.SetFEN(variants.Xiangqi.StartFEN); err != nil {
		t.Fatal(err)
	}
	var list position.MoveList
	played := 0
	allocs := testing.AllocsPerRun(20, func() {
		played = 0
		for range 300 {
			list.Clear()
			e.Position().GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			e.Do(list.Moves[played%list.Len])
			played++
		}
		for e.History().Len() > 0 {
			e.Undo()
		}
	})
	if allocs != 0 || played < 200 {
		t.Fatalf("%.1f allocations per line of %d moves, want 0 and at least 200 moves", allocs, played)
	}
	if got := e.Position().FEN(); got != variants.Xiangqi.StartFEN {
		t.Fatalf("after undoing the line: %q, want the start position", got)
	}
}

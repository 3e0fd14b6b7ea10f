// Tests that the Engine searches exactly as a search wired by hand, and
// that SetPosition's errors name what was wrong and change nothing.
package engine

import (
	"errors"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// handWired is the search every tool wrote before the Engine: the game's
// rules, the evaluator's factory and the options given to search.New, and
// a position parsed from the FEN with the moves played on it.
func handWired[T any, P search.GamePtr[T]](t *testing.T, def *variants.Def[T, P], ev variants.Evaluator[P], opts search.Options, fen string, moves []string, lim search.Limits) search.Result {
	t.Helper()
	s := search.New(def.Rules, ev.New, opts)
	p, err := def.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	def.SetRuleOptions(p, variants.RuleOptions{})
	for _, mt := range moves {
		m, err := p.ParseMove(mt)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m, new(position.State))
	}
	return s.Search(p, lim, nil)
}

// sameAsHandWired: for each choice, the Engine's Search of fen+moves at
// depth has the best move, score and node count of handWired.
func sameAsHandWired[T any, P search.GamePtr[T]](t *testing.T, def *variants.Def[T, P], fen string, moves []string, depth int) {
	t.Helper()
	for _, choice := range []variants.EvalChoice{variants.Hand, variants.Embedded} {
		ev, err := def.Evaluator(choice)
		if err != nil {
			t.Fatal(err)
		}
		opts := search.DefaultOptions
		opts.Threads, opts.HashMiB = 1, 1
		lim := search.Limits{Depth: depth}
		want := handWired(t, def, ev, opts, fen, moves, lim)

		e, err := New(def)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Configure(Options[P]{Eval: ev, Search: opts}); err != nil {
			t.Fatal(err)
		}
		if err := e.SetPosition(fen, moves); err != nil {
			t.Fatal(err)
		}
		got := e.Search(lim, nil)
		if got.BestMove != want.BestMove || got.Nodes != want.Nodes || got.Score != want.Score || got.Depth != want.Depth {
			t.Errorf("%s %v depth %d: engine best %v score %d depth %d nodes %d; by hand best %v score %d depth %d nodes %d",
				def.Name, choice, depth, got.BestMove, got.Score, got.Depth, got.Nodes, want.BestMove, want.Score, want.Depth, want.Nodes)
		}
		if want.Nodes == 0 || want.BestMove == position.MoveNone {
			t.Errorf("%s %v: the hand-wired search found nothing (%+v)", def.Name, choice, want)
		}
	}
}

func TestSearchSameAsHandWiredChess(t *testing.T) {
	sameAsHandWired(t, variants.Chess, variants.Chess.StartFEN, []string{"e2e4", "c7c5", "g1f3"}, 9)
}

func TestSearchSameAsHandWiredXiangqi(t *testing.T) {
	sameAsHandWired(t, variants.Xiangqi, variants.Xiangqi.StartFEN, []string{"h2e2", "h9g7"}, 8)
}

// TestSetPositionErrorsChess: a bad FEN and an illegal move give errors
// that say what was wrong, and the position and history stay as they were.
func TestSetPositionErrorsChess(t *testing.T) {
	e, err := New(variants.Chess)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetPosition("", []string{"e2e4"}); err != nil {
		t.Fatal(err)
	}
	const want = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	kept := func(what string) {
		t.Helper()
		if got := e.Position().FEN(); got != want || e.History().Len() != 1 {
			t.Fatalf("after %s: FEN %q with %d moves, want %q with 1", what, got, e.History().Len(), want)
		}
	}

	err = e.SetPosition("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", nil)
	if err == nil {
		t.Fatal("a FEN with four ranks was accepted")
	}
	if !strings.Contains(err.Error(), "rank") {
		t.Errorf("bad FEN error %q does not mention the ranks", err)
	}
	kept("a bad FEN")

	err = e.SetPosition("", []string{"e2e4", "e7e5", "e1e3"})
	var me *position.MoveError
	if !errors.As(err, &me) || me.Index != 3 || me.Move != "e1e3" {
		t.Fatalf("illegal move: error %v, want a *position.MoveError at move 3 for e1e3", err)
	}
	if !strings.HasPrefix(err.Error(), `move #3 "e1e3": `) {
		t.Errorf("illegal move error %q, want it to start with move #3 \"e1e3\": ", err)
	}
	kept("an illegal move")

	err = e.SetPosition("", []string{"e2e4", "zz"})
	if !errors.As(err, &me) || me.Index != 2 || me.Move != "zz" {
		t.Fatalf("unreadable move: error %v, want a *position.MoveError at move 2 for zz", err)
	}
	kept("an unreadable move")
}

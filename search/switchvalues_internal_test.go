// The values the pruning switches of 12-07 return (internal): reverse
// futility's return (Params.RFPReturnDiv) and small ProbCut's cut and its
// guards (Params.SmallProbCutMargin), each on a hand-made node.
package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
)

// constWorker returns a one-thread searcher's worker set up at fen, every
// position scored v from the side to move's view.
func constWorker(t *testing.T, fen string, v position.Value) (*Worker[chess.Position, *chess.Position], *chess.Position) {
	t.Helper()
	opts := DefaultOptions
	opts.Threads = 1
	s := New(chessTestRules, func() position.Evaluator[*chess.Position] { return constEval[*chess.Position]{v: v} }, opts)
	root, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s.Search(root, Limits{Depth: 1}, nil) // the worker's tables, sized and cleared
	return s.workers[0], root
}

// quietFEN has no capture and no check for either side.
const quietFEN = "4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1"

func TestRFPReturnDiv(t *testing.T) {
	w, root := constWorker(t, quietFEN, 500)
	for _, c := range []struct {
		div         int
		alpha, beta position.Value
		want        position.Value
	}{
		{0, 99, 100, 500},  // off: the static eval
		{2, 99, 100, 300},  // the mean of eval and beta
		{3, 99, 100, 233},  // beta + (eval − beta)/3
		{2, 399, 400, 450}, // depth 1's margin is 80: 500 − 80 ≥ 400 still prunes
		{2, -position.ValueKnownWin - 11, -position.ValueKnownWin - 10, 500}, // beta a known loss: the eval
	} {
		w.tt.Clear()
		w.setup(root, 1) // resets w.prm to the searcher's
		w.prm.RFPReturnDiv = c.div
		if v := w.search(c.alpha, c.beta, 1, 0, false, true); v != c.want {
			t.Errorf("RFPReturnDiv %d, window (%d, %d): search = %d, want %d", c.div, c.alpha, c.beta, v, c.want)
		}
	}
}

func TestSmallProbCut(t *testing.T) {
	w, root := constWorker(t, quietFEN, 0)
	const depth, margin = 8, 200 // above RFPMaxDepth: reverse futility does not cut on the TT's bound first
	const alpha, beta = position.Value(99), position.Value(100)
	excl := chess.NewMove(14, 22) // g2g3: a singular search's excluded move
	for _, c := range []struct {
		name     string
		on       bool
		ttValue  position.Value
		ttDepth  int
		bound    Bound
		pv       bool
		excluded position.Move
		cut      bool
	}{
		{"cut", true, 300, depth - 4, BoundLower, false, position.MoveNone, true},
		{"cut from far above", true, 900, depth - 1, BoundExact, false, position.MoveNone, true},
		{"off", false, 300, depth - 4, BoundLower, false, position.MoveNone, false},
		{"not far enough above", true, 299, depth - 4, BoundLower, false, position.MoveNone, false},
		{"too shallow", true, 300, depth - 5, BoundLower, false, position.MoveNone, false},
		{"an upper bound", true, 300, depth - 4, BoundUpper, false, position.MoveNone, false},
		{"a PV node", true, 300, depth - 4, BoundLower, true, position.MoveNone, false},
		{"a singular search", true, 300, depth - 4, BoundLower, false, excl, false},
		{"a known win in the table", true, position.ValueKnownWin, depth - 4, BoundLower, false, position.MoveNone, false},
	} {
		w.tt.Clear()
		w.setup(root, 1) // resets w.prm to the searcher's
		w.prm.SmallProbCutMargin = 0
		if c.on {
			w.prm.SmallProbCutMargin = margin
		}
		w.stack[0].excluded = c.excluded
		key := w.ttKey(&w.states[0], false)
		w.tt.store(key, position.MoveNone, valueToTT(c.ttValue, 0), 0, c.ttDepth, c.bound, false)
		v := w.search(alpha, beta, depth, 0, c.pv, !c.pv)
		w.stack[0].excluded = position.MoveNone
		if c.cut && v != beta+margin {
			t.Errorf("%s: search = %d, want the cut's %d", c.name, v, beta+margin)
		}
		// Every position scores 0, so a node searched scores below beta.
		if !c.cut && v >= beta {
			t.Errorf("%s: search = %d, want a searched fail low below %d", c.name, v, beta)
		}
	}
}

// Self-play adjudication follows the arbiter (package rules).
package selfplay

import (
	"testing"

	"dualnnue/datasets"
	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// TestDecidedDeadXiangqi: XQ-26 in self-play adjudication. A game whose
// capture leaves no rook, horse, cannon or pawn on the board ends there as
// a draw by insufficient material, the arbiter's verdict; the position
// before the capture goes on.
func TestDecidedDeadXiangqi(t *testing.T) {
	cfg := Config{HashMiB: 1, Adjudication: AdjudicationConfig{MaxPlies: 40}}
	w := newWorker[xiangqi.Position](&cfg, search.XiangqiRules,
		func() position.Evaluator[*xiangqi.Position] { return eval.NewXiangqi[*xiangqi.Position]() }, xiangqi.StartFEN, nil)
	if err := w.pos.SetFEN("3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	if out, over := w.decided(); over {
		t.Fatalf("decided before the capture: %+v", out)
	}
	m, err := w.pos.ParseMove("d0e1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos.DoMove(m, &w.states[0])
	if out, over := w.decided(); !over || out != (Outcome{datasets.Draw, "insufficient material"}) {
		t.Errorf("after the advisor takes the last rook: %+v %v, want a draw by insufficient material", out, over)
	}
}

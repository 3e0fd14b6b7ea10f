// Self-play adjudication follows the arbiter (package rules).
package selfplay

import (
	"context"
	"testing"

	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/variants"
)

// TestDecidedDeadXiangqi: XQ-26 in self-play adjudication. A game whose
// capture leaves no rook, horse, cannon or pawn on the board ends there as
// a draw by insufficient material, the arbiter's verdict; the position
// before the capture goes on.
func TestDecidedDeadXiangqi(t *testing.T) {
	cfg := Config{HashMiB: 1, Adjudication: AdjudicationConfig{MaxPlies: 40}}
	w := newWorker(&cfg, variants.Xiangqi, variants.Xiangqi.HCE, nil)
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
	w.e.Do(m)
	if out, over := w.decided(); !over || out != (rules.Verdict{Result: position.Draw, Reason: "insufficient material"}) {
		t.Errorf("after the advisor takes the last rook: %+v %v, want a draw by insufficient material", out, over)
	}
}

// TestCheckChaseLosesKey: the config key check_chase_loses selects the
// WXF/Chinese reading of "one check, one chase" for the run: each worker's
// position carries it (the searches and the adjudication read it there),
// and the process holds no rule variable; it is part of the run's
// identity, so a resume cannot switch readings.
func TestCheckChaseLosesKey(t *testing.T) {
	c, err := ParseConfig([]byte("game = \"xiangqi\"\ncheck_chase_loses = true\n"))
	if err != nil || !c.CheckChaseLoses {
		t.Fatalf("check_chase_loses: %+v %v", c, err)
	}
	d := c
	d.CheckChaseLoses = false
	if c.playFingerprint() == d.playFingerprint() {
		t.Error("the chase reading is not part of the run's fingerprint")
	}
	cfg := smallConfig(t, position.Xiangqi, 2)
	cfg.CheckChaseLoses = true
	if _, err := Run(context.Background(), cfg, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, loses := range []bool{true, false} {
		cfg.CheckChaseLoses = loses
		w := newWorker(&cfg, variants.Xiangqi, variants.Xiangqi.HCE, nil)
		if err := w.pos.SetFEN(variants.Xiangqi.StartFEN); err != nil {
			t.Fatal(err)
		}
		if got := w.pos.Rules().CheckChaseIsChase; got != loses {
			t.Errorf("check_chase_loses %v: the worker's position judges with CheckChaseIsChase %v", loses, got)
		}
	}
}

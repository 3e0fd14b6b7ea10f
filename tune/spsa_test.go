// Tests of the schedule and one SPSA step against hand-computed numbers.
package tune

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestSchedule pins c_k and r_k for N = 100 (A = 10, α 0.602, γ 0.101),
// computed by hand from the formulas:
//
//	c_1  = 10 · 100^0.101                        = 15.922087270511703
//	r_1  = 0.002 · 10² · 110^0.602 / 11^0.602 / c_1² = 0.0031552225393986963
//	c_50 = 10 · (100/50)^0.101                   = 10.725166168179426
//	r_50 = 0.002 · 10² · 110^0.602 / 60^0.602 / c_50² = 0.00250433994257136
//
// and c_N = c_end, r_N = r_end. An int parameter with c_end 0.3 keeps the
// floor c = 0.5, and r_k divides by 0.5² instead.
func TestSchedule(t *testing.T) {
	s := DefaultSchedule(100)
	if s.A != 10 || s.Alpha != 0.602 || s.Gamma != 0.101 {
		t.Fatalf("default schedule %+v", s)
	}
	f := Param{Float: true, CEnd: 10, REnd: 0.002}
	i := Param{CEnd: 0.3, REnd: 0.002}
	cases := []struct {
		p    Param
		k    int
		c, r float64
	}{
		{f, 1, 15.922087270511703, 0.0031552225393986963},
		{f, 50, 10.725166168179426, 0.00250433994257136},
		{f, 100, 10, 0.002},
		{i, 1, 0.5, 0.002879602198279901},
		{i, 50, 0.5, 0.001037059896288224},
		{i, 100, 0.5, 0.00072},
	}
	for _, c := range cases {
		if got := s.C(c.p, c.k); !near(got, c.c) {
			t.Errorf("c_%d (c_end %g) = %.17g, want %.17g", c.k, c.p.CEnd, got, c.c)
		}
		if got := s.R(c.p, c.k); !near(got, c.r) {
			t.Errorf("r_%d (c_end %g) = %.17g, want %.17g", c.k, c.p.CEnd, got, c.r)
		}
	}
	// An int parameter whose c_k stays above 0.5 follows the float formula.
	if got := s.C(Param{CEnd: 10, REnd: 0.002}, 1); !near(got, 15.922087270511703) {
		t.Errorf("int c_1 = %v", got)
	}
}

// TestStep: one iteration of one int parameter θ = 100 in [0, 200],
// c_end 10, r_end 0.002, N = 100, seed 7. The flip is the top bit of the
// first PCG word, the rounding offset u the top 53 bits of the second;
// Plus = floor(θ + c_1·flip + u), Minus = floor(θ − c_1·flip + u). After
// W − L = +2: θ = 100 + r_1·c_1·2·flip = 100 ± 0.10047545726039.
func TestStep(t *testing.T) {
	p := Param{Name: "X", Start: 100, Min: 0, Max: 200, CEnd: 10, REnd: 0.002}
	tu := NewTuner([]Param{p}, DefaultSchedule(100), 7)
	src := rand.NewPCG(7, 0x5d5a)
	flip := -1.0
	if src.Uint64()>>63 == 1 {
		flip = 1
	}
	u := float64(src.Uint64()>>11) * 0x1p-53
	tr := tu.Next()
	c := 15.922087270511703
	if tr.K != 1 || tr.Flip[0] != flip || !near(tr.C[0], c) || !near(tr.R[0], 0.0031552225393986963) {
		t.Fatalf("trial %+v, want flip %v c %v", tr, flip, c)
	}
	if tr.Plus[0] != math.Floor(100+c*flip+u) || tr.Minus[0] != math.Floor(100-c*flip+u) {
		t.Fatalf("plus %v minus %v, u %v flip %v", tr.Plus[0], tr.Minus[0], u, flip)
	}
	if err := tu.Apply(tr, 3, 1); err != nil {
		t.Fatal(err)
	}
	if want := 100 + 0.10047545726039*flip; !near(tu.Theta[0], want) || tu.K != 1 {
		t.Fatalf("θ %.17g after W−L = 2, want %.17g", tu.Theta[0], want)
	}
	if tu.Value(0) != 100 {
		t.Fatalf("value %v, want θ rounded: 100", tu.Value(0))
	}
	// The same trial again is refused; the next one is iteration 2.
	if err := tu.Apply(tr, 1, 0); err == nil {
		t.Fatal("a trial applied twice")
	}
	// Clipping: θ at 199.95 stepped up by r_1·c_1 = 0.0502 stays at 200,
	// and the perturbed values never leave [Min, Max].
	tu = NewTuner([]Param{p}, DefaultSchedule(100), 7)
	tu.Theta[0] = 199.95
	tr = tu.Next()
	if tr.Plus[0] > 200 || tr.Minus[0] > 200 {
		t.Fatalf("perturbation left the range: %v %v", tr.Plus[0], tr.Minus[0])
	}
	if err := tu.Apply(tr, int(math.Max(flip, 0)), int(math.Max(-flip, 0))); err != nil {
		t.Fatal(err)
	}
	if tu.Theta[0] != 200 {
		t.Fatalf("θ %v, want clipped to 200", tu.Theta[0])
	}
}

// TestFloatStep: a float parameter is perturbed without rounding and has
// no 0.5 floor on c.
func TestFloatStep(t *testing.T) {
	p := Param{Name: "F", Float: true, Start: 0.5, Min: 0, Max: 1, CEnd: 0.01, REnd: 0.002}
	tu := NewTuner([]Param{p}, DefaultSchedule(100), 3)
	tr := tu.Next()
	c := 0.01 * math.Pow(100, 0.101)
	if !near(tr.C[0], c) || !near(tr.Plus[0], 0.5+c*tr.Flip[0]) || !near(tr.Minus[0], 0.5-c*tr.Flip[0]) {
		t.Fatalf("trial %+v, want c %v", tr, c)
	}
	_ = tu.Apply(tr, 0, 1)
	if want := 0.5 - tr.R[0]*c*tr.Flip[0]; !near(tu.Theta[0], want) || tu.Value(0) != tu.Theta[0] {
		t.Fatalf("θ %v, want %v", tu.Theta[0], want)
	}
}

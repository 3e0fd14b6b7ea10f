// The SPSA schedule (c_k, r_k) and one step: perturb, play, move θ.
package tune

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Schedule is OpenBench's (and fishtest's) SPSA gain sequence over N
// iterations k = 1..N:
//
//	c_k = c_end · N^γ / k^γ               (max 0.5 for an int parameter)
//	a   = r_end · c_end² · (A + N)^α
//	r_k = a / (A + k)^α / c_k²
//
// so that c_N = c_end and r_N = r_end (before the 0.5 floor), with α =
// 0.602, γ = 0.101 and A = 0.1·N by default (Spall's values; OpenBench
// OpenBench/spsa_utils.py and its workload form).
type Schedule struct {
	N            int
	Alpha, Gamma float64
	A            float64
}

// DefaultSchedule is the schedule of n iterations with α 0.602, γ 0.101
// and A = 0.1·n.
func DefaultSchedule(n int) Schedule {
	return Schedule{N: n, Alpha: 0.602, Gamma: 0.101, A: 0.1 * float64(n)}
}

// C is p's perturbation at iteration k (1-based). An int parameter's is at
// least 0.5, as in OpenBench: a smaller one would nearly always round both
// sides to the same value.
func (s Schedule) C(p Param, k int) float64 {
	c := p.CEnd * math.Pow(float64(s.N), s.Gamma) / math.Pow(float64(k), s.Gamma)
	if !p.Float {
		c = max(c, 0.5)
	}
	return c
}

// R is p's learning rate at iteration k (1-based): θ moves by
// R·C·(wins − losses) along the flip.
func (s Schedule) R(p Param, k int) float64 {
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(s.A+float64(s.N), s.Alpha)
	c := s.C(p, k)
	return a / math.Pow(s.A+float64(k), s.Alpha) / (c * c)
}

// Tuner is the state of an SPSA run: θ after K iterations and the random
// source of the flips and roundings. Its random stream is PCG
// (math/rand/v2), drawn by this package alone, so a seed gives the same
// run in every Go version and a state file resumes it exactly.
type Tuner struct {
	Params []Param
	Sched  Schedule
	Theta  []float64 // current values, Params' order
	K      int       // iterations done
	rng    *rand.PCG
}

// NewTuner starts a run of sched over params at their start values.
func NewTuner(params []Param, sched Schedule, seed uint64) *Tuner {
	t := &Tuner{Params: params, Sched: sched, Theta: make([]float64, len(params)), rng: rand.NewPCG(seed, 0x5d5a)}
	for i, p := range params {
		t.Theta[i] = p.Start
	}
	return t
}

// Trial is one iteration's perturbation: per parameter the flip (±1), c_k,
// r_k, and the values the two engines play, Plus = θ + c·flip and Minus =
// θ − c·flip, each rounded at random for an int parameter and clipped to
// [Min, Max].
type Trial struct {
	K           int
	Flip        []float64
	C, R        []float64
	Plus, Minus []float64
}

// Next draws the trial of iteration K+1. For each parameter in order it
// draws one 64-bit word for the flip (its top bit: 1 is +1) and one for
// the rounding offset u in [0, 1) (its top 53 bits); an int side is
// floor(x + u), the same u for both sides, as OpenBench rounds.
func (t *Tuner) Next() Trial {
	k := t.K + 1
	n := len(t.Params)
	tr := Trial{K: k, Flip: make([]float64, n), C: make([]float64, n), R: make([]float64, n),
		Plus: make([]float64, n), Minus: make([]float64, n)}
	for i, p := range t.Params {
		tr.Flip[i] = -1
		if t.rng.Uint64()>>63 == 1 {
			tr.Flip[i] = 1
		}
		u := float64(t.rng.Uint64()>>11) * 0x1p-53
		tr.C[i], tr.R[i] = t.Sched.C(p, k), t.Sched.R(p, k)
		plus, minus := t.Theta[i]+tr.C[i]*tr.Flip[i], t.Theta[i]-tr.C[i]*tr.Flip[i]
		if !p.Float {
			plus, minus = math.Floor(plus+u), math.Floor(minus+u)
		}
		tr.Plus[i], tr.Minus[i] = clip(plus, p), clip(minus, p)
	}
	return tr
}

// Apply moves θ by the result of tr, wins and losses of the Plus engine:
// θ_i += r_i·c_i·(wins − losses)·flip_i, clipped to [Min, Max]; K becomes
// tr.K. A trial of another iteration is an error.
func (t *Tuner) Apply(tr Trial, wins, losses int) error {
	if tr.K != t.K+1 {
		return fmt.Errorf("tune: trial of iteration %d applied after iteration %d", tr.K, t.K)
	}
	for i, p := range t.Params {
		t.Theta[i] = clip(t.Theta[i]+tr.R[i]*tr.C[i]*float64(wins-losses)*tr.Flip[i], p)
	}
	t.K = tr.K
	return nil
}

func clip(x float64, p Param) float64 { return min(max(x, p.Min), p.Max) }

// Value is θ_i as the engine takes it: rounded to the nearest integer for
// an int parameter.
func (t *Tuner) Value(i int) float64 {
	if t.Params[i].Float {
		return t.Theta[i]
	}
	return math.Round(t.Theta[i])
}

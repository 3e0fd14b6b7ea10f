// Gradient check of the hand-written backward pass against central finite differences.
package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// randomBatch returns n positions of k..k+8 random features each with
// random scores and results, buckets as nn.Arch.Bucket gives them.
func randomBatch(rng *rand.Rand, a nn.Arch, n, k int) *Batch {
	b := &Batch{}
	b.Reset()
	stm := make([]uint16, k+8)
	nstm := make([]uint16, k+8)
	for range n {
		c := k + rng.IntN(9)
		for j := range c {
			stm[j] = uint16(rng.IntN(a.Inputs))
			nstm[j] = uint16(rng.IntN(a.Inputs))
		}
		score := float32(rng.NormFloat64() * 300)
		result := float32(rng.IntN(3)) / 2
		b.Add(stm[:c], nstm[:c], score, result, uint8(a.Bucket(c)))
	}
	return b
}

// refLoss is the batch-mean loss with the float64-accumulating forward pass
// of nn.Model.
func refLoss(m *Model, l Loss, b *Batch) float64 {
	sum := 0.0
	for i := 0; i < b.Len; i++ {
		stm, nstm, score, result, _ := b.Position(i)
		out := m.Forward(stm, nstm, len(stm), nil, nil)
		loss, _ := l.Eval(out, float64(score), float64(result))
		sum += loss
	}
	return sum / float64(b.Len)
}

func TestGradientCheck(t *testing.T) {
	// The plain set, a king-bucketed one (12288 inputs: feature indices
	// past 768 and up to F·K−1 go through the same sparse kernels) and
	// xiangqi's palace × defence buckets (22680 inputs).
	kb16, err := features.Lookup(features.ChessKB16HM)
	if err != nil {
		t.Fatal(err)
	}
	d3, err := features.Lookup(features.XiangqiKB6D3HM)
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		name   string
		game   position.Variant
		id     features.SetID
		inputs int
	}{{"chess-ps768", position.Chess, features.ChessPS768, 768}, {kb16.Name, position.Chess, kb16.ID, kb16.Size}, {d3.Name, position.Xiangqi, d3.ID, d3.Size}} {
		for _, act := range []nn.Activation{nn.SCReLU, nn.CReLU} {
			for _, power := range []float64{2, 2.5} {
				a := nn.Arch{Game: set.game, Set: set.id, Inputs: set.inputs, Hidden: 16, Buckets: 4, Activation: act}
				m, err := NewModel(a)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(7, uint64(act)))
				m.Init(rng)
				for i := range m.FTBias {
					m.FTBias[i] = float32(rng.Float64()*0.6 - 0.1)
				}
				for i := range m.OutBias {
					m.OutBias[i] = float32(rng.NormFloat64() * 0.3)
				}
				l := Loss{K: 400, EvalScale: 400, Lambda: 0.7, Power: power}
				b := spreadBatch(rng, a, 40)
				if err := ValidateBatch(b, a); err != nil {
					t.Fatal(err)
				}
				if got := bucketsUsed(b); got != a.Buckets {
					t.Fatalf("%v: the batch reaches %d of %d output buckets", act, got, a.Buckets)
				}
				s, err := NewStepper(m, l, 3)
				if err != nil {
					t.Fatal(err)
				}
				loss := s.Gradient(b)
				if want := refLoss(m, l, b); math.Abs(loss-want) > 1e-5*want {
					t.Fatalf("%v: stepper loss %v, reference %v", act, loss, want)
				}
				// Every output-layer parameter, the FT biases, and FT weights
				// of features that occur in the batch (plus some that don't).
				var idx []int
				for i := outWOff(a); i < len(m.Params); i++ {
					idx = append(idx, i)
				}
				for i := ftBiasOff(a); i < outWOff(a); i++ {
					idx = append(idx, i)
				}
				for _, f := range append(append([]uint16{}, b.Stm[:12]...), b.Nstm[:12]...) {
					for j := 0; j < a.Hidden; j += 3 {
						idx = append(idx, int(f)*a.Hidden+j)
					}
				}
				idx = append(idx, 5*a.Hidden+1, 700*a.Hidden+7, (a.Inputs-1)*a.Hidden+5)
				checkGradients(t, fmt.Sprintf("%v %v power %v", set.name, act, power), m, l, b, s, idx, loss, 1e-4)
			}
		}
	}
}

// checkGradients compares the stepper's gradient s.Grad (of batch b's loss
// under m, already computed) with central finite differences of refLoss at
// the parameters idx with step eps. Parameters whose one-sided slopes
// differ (a clamp boundary within ±eps) are skipped, at most 1 in 50.
func checkGradients(t *testing.T, name string, m *Model, l Loss, b *Batch, s *Stepper, idx []int, loss, eps float64) {
	t.Helper()
	l0 := refLoss(m, l, b)
	checked, bad, kinks := 0, 0, 0
	for _, i := range idx {
		p := m.Params[i]
		m.Params[i] = p + float32(eps)
		up := float64(m.Params[i])
		lp := refLoss(m, l, b)
		m.Params[i] = p - float32(eps)
		dn := float64(m.Params[i])
		lm := refLoss(m, l, b)
		m.Params[i] = p
		num := (lp - lm) / (up - dn)
		// A clamp boundary (0 or 1) between p−ε and p+ε makes the
		// one-sided slopes differ: the loss is not differentiable
		// there at this resolution, so skip the parameter.
		right, left := (lp-l0)/(up-float64(p)), (l0-lm)/(float64(p)-dn)
		if math.Abs(right-left) > 1e-3*math.Abs(num)+1e-6 {
			kinks++
			continue
		}
		got := float64(s.Grad[i])
		checked++
		if d := math.Abs(got - num); d > 1e-3*math.Abs(num)+2e-7 {
			bad++
			if bad <= 5 {
				t.Errorf("%s: param %d: backward %.9g, finite difference %.9g", name, i, got, num)
			}
		}
	}
	if bad > 0 || kinks > len(idx)/50 {
		t.Fatalf("%s: %d of %d gradients wrong, %d skipped at kinks", name, bad, checked, kinks)
	}
	t.Logf("%s: %d gradients agree, %d skipped at kinks (loss %.6f)", name, checked, kinks, loss)
}

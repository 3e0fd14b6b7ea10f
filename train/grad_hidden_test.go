// Gradient check of the hidden layer stack and pairwise multiplication against finite differences.
package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Every hidden layer shape the trainer builds: two layers with either
// hidden activation, per-bucket stacks, one layer after pairwise
// multiplication, and pairwise multiplication straight into the output.
// The output layer, every bias and a stride through each hidden layer's
// weights are checked, with a sample of the first layer's weights (their
// gradient now flows back through the stack). The step is 1e-5 (the reference loss is float64): the stack
// has more clamp boundaries a larger step would straddle.
func TestGradientCheckHidden(t *testing.T) {
	for _, c := range []struct {
		name   string
		act    nn.Activation
		layers [nn.MaxLayers]int
		hact   nn.Activation
		pw, st bool
	}{
		{"768→32-16-32 SCReLU/CReLU", nn.SCReLU, [2]int{16, 32}, nn.CReLU, false, false},
		{"768→32-16-32 CReLU/SCReLU stacks", nn.CReLU, [2]int{16, 32}, nn.SCReLU, false, true},
		{"768→32 pairwise-16", nn.CReLU, [2]int{16, 0}, nn.CReLU, true, false},
		{"768→32 pairwise-32-16 stacks", nn.CReLU, [2]int{32, 16}, nn.SCReLU, true, true},
		{"768→32 pairwise", nn.CReLU, [2]int{}, 0, true, false},
	} {
		for _, power := range []float64{2, 2.5} {
			a := nn.Arch{Game: position.Chess, Set: features.ChessPS768, Inputs: 768, Hidden: 32, Buckets: 4, Activation: c.act,
				Layers: c.layers, HiddenActivation: c.hact, Pairwise: c.pw, Stacks: c.st}
			m, err := NewModel(a)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			rng := rand.New(rand.NewPCG(11, uint64(power*10)))
			m.Init(rng)
			for i := range m.FTBias {
				m.FTBias[i] = float32(rng.Float64()*0.8 - 0.1)
			}
			for i := range m.OutBias {
				m.OutBias[i] = float32(rng.NormFloat64() * 0.3)
			}
			for k := range a.NumLayers() {
				for i := range m.HiddenBias[k] {
					m.HiddenBias[k][i] = float32(rng.Float64()*0.6 - 0.1)
				}
			}
			l := Loss{K: 400, EvalScale: 400, Lambda: 0.7, Power: power}
			b := spreadBatch(rng, a, 48)
			if err := ValidateBatch(b, a); err != nil {
				t.Fatal(err)
			}
			if got := bucketsUsed(b); got != a.Buckets {
				t.Fatalf("%s: the batch reaches %d of %d output buckets", c.name, got, a.Buckets)
			}
			s, err := NewStepper(m, l, 3)
			if err != nil {
				t.Fatal(err)
			}
			loss := s.Gradient(b)
			if want := refLoss(m, l, b); math.Abs(loss-want) > 1e-5*want {
				t.Fatalf("%s: stepper loss %v, reference %v", c.name, loss, want)
			}
			// The output layer and every bias; about 120 weights of each
			// hidden layer (a stride through all of them, so every stack,
			// unit and input region is reached).
			var idx []int
			for i := outWOff(a); i < hiddenOff(a, 0); i++ {
				idx = append(idx, i)
			}
			for k := range a.NumLayers() {
				o, n := hiddenOff(a, k), hiddenWeights(a, k)
				for i := 0; i < n; i += max(1, n/120) | 1 {
					idx = append(idx, o+i)
				}
				for i := o + n; i < hiddenOff(a, k+1); i++ {
					idx = append(idx, i)
				}
			}
			for i := ftBiasOff(a); i < outWOff(a); i++ {
				idx = append(idx, i)
			}
			for _, f := range append(append([]uint16{}, b.Stm[:8]...), b.Nstm[:8]...) {
				for j := 0; j < a.Hidden; j += 3 {
					idx = append(idx, int(f)*a.Hidden+j)
				}
			}
			checkGradients(t, c.name+" power "+fmtPower(power), m, l, b, s, idx, loss, 1e-5)
		}
	}
}

// spreadBatch returns n random positions whose piece counts cycle through
// 2..32, so that every output bucket (and with stacks every layer stack)
// has positions: randomBatch's 4 to 12 pieces reach only buckets 0 and 1
// of 4, leaving half the stacks' gradients zero on both sides of the check.
func spreadBatch(rng *rand.Rand, a nn.Arch, n int) *Batch {
	b := &Batch{}
	b.Reset()
	var stm, nstm [32]uint16
	for i := range n {
		c := 2 + i*7%31
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

// bucketsUsed returns how many distinct output buckets b's positions use.
func bucketsUsed(b *Batch) int {
	seen := map[uint8]bool{}
	for _, k := range b.Bucket[:b.Len] {
		seen[k] = true
	}
	return len(seen)
}

func fmtPower(p float64) string {
	if p == 2 {
		return "2"
	}
	return "2.5"
}

// Allocation tests: the training step's inner loops allocate nothing; a whole step only starts goroutines.
package train

import (
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

func TestStepAllocations(t *testing.T) {
	// N = 64 with two output buckets takes the per-position kernels, N =
	// 128 with one the AVX-512 chunk tiles and output layer where the CPU
	// has them, and with a hidden stack its AVX-512 products; with 16 king
	// buckets and N = 384 the split step.
	for _, a := range []nn.Arch{
		{Game: position.Chess, Set: features.ChessPS768, Inputs: 768, Hidden: 64, Buckets: 2, Activation: nn.SCReLU},
		{Game: position.Chess, Set: features.ChessPS768, Inputs: 768, Hidden: 128, Buckets: 1, Activation: nn.SCReLU},
		{Game: position.Chess, Set: features.ChessPS768, Inputs: 768, Hidden: 128, Buckets: 1, Activation: nn.SCReLU,
			Layers: [nn.MaxLayers]int{16, 32}, HiddenActivation: nn.CReLU},
		// 16 king buckets × 384: the split step (split.go) where the tiles fit.
		{Game: position.Chess, Set: features.ChessKB16HM, Inputs: 768 * 16, Hidden: 384, Buckets: 1, Activation: nn.SCReLU,
			Layers: [nn.MaxLayers]int{16, 32}, HiddenActivation: nn.CReLU},
	} {
		checkStepAllocations(t, a)
	}
}

func checkStepAllocations(t *testing.T, a nn.Arch) {
	t.Helper()
	m, err := NewModel(a)
	if err != nil {
		t.Fatal(err)
	}
	m.Init(rand.New(rand.NewPCG(1, 1)))
	b := randomBatch(rand.New(rand.NewPCG(2, 2)), a, 1000, 20)
	l := Loss{K: 400, EvalScale: 400, Lambda: 0.5, Power: 2.5}
	w := newWorker(a, true)
	if n := testing.AllocsPerRun(5, func() { w.gradRange(m, l, b, 0, b.Len, 1e-3) }); n != 0 {
		t.Errorf("worker.gradRange: %v allocations per batch, want 0", n)
	}
	out := make([]float32, b.Len)
	if n := testing.AllocsPerRun(5, func() { w.evalRange(m, l, b, 0, b.Len, out) }); n != 0 {
		t.Errorf("worker.evalRange: %v allocations per batch, want 0", n)
	}
	s, err := NewStepper(m, l, 2)
	if err != nil {
		t.Fatal(err)
	}
	opt := NewAdamW(len(m.Params), 0.01, ClipRanges(m, DefaultWeightClip))
	// A step starts one goroutine per worker for the gradient, the
	// reduction and AdamW: a handful of small allocations, independent of
	// the batch size.
	if n := testing.AllocsPerRun(5, func() {
		s.Gradient(b)
		opt.Step(m.Params, s.Grad, 1e-3, 2)
	}); n > 20 {
		t.Errorf("a training step allocates %v times, want ≤ 20", n)
	}
}

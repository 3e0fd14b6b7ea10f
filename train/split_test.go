// The split step: its column kernels against the reference loops, and its gradient against the plain step's.
package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
)

// checkColKernels checks the split step's column kernels against their
// reference loops, bit for bit: widths that fit the column tiles and ones
// that do not, column ranges on and off the tiles, positions listed out of
// order, rows repeated within a feature.
func checkColKernels(t *testing.T, rng *rand.Rand) {
	t.Helper()
	for _, n := range []int{64, 128, 256, 512} {
		for _, cols := range [][2]int{{0, n}, {0, n / 2}, {n / 2, n}, {8, n - 8}} {
			j0, j1 := cols[0], cols[1]
			const f = 300
			c := 1 + rng.IntN(200)
			w := randFloats(rng, f*n)
			bias := randFloats(rng, n)
			stride := 2*n + 8*rng.IntN(2)
			offs := []int32{int32(rng.IntN(5))}
			for range c {
				offs = append(offs, offs[len(offs)-1]+int32(rng.IntN(41)))
			}
			// The rows of features f0 … f0+f−1 (a block of the first layer).
			f0 := rng.IntN(2) * rng.IntN(1000)
			feats := randFeats(rng, int(offs[c])+rng.IntN(3), f)
			for i := range feats {
				feats[i] += uint16(f0)
			}
			idx := make([]int32, 0, c)
			for _, p := range rng.Perm(c)[:1+rng.IntN(c)] {
				idx = append(idx, int32(p))
			}
			want := randFloats(rng, (c-1)*stride+n)
			for _, vouched := range []bool{false, true} {
				got := append([]float32(nil), want...)
				ref := append([]float32(nil), want...)
				ftForwardColsRef(ref, stride, n, j0, j1, bias, w, f0, feats, offs, idx)
				ftForwardCols(got, stride, n, j0, j1, bias, w, f0, feats, offs, idx, vouched)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(ref[j]) {
						t.Fatalf("ftForwardCols n=%d cols %d..%d f0=%d vouched %v j=%d: %v != %v", n, j0, j1, f0, vouched, j, got[j], ref[j])
					}
				}
				if f0 == 0 {
					continue
				}
				// The same sums from the whole first layer's rows (f0 = 0).
				whole := append(make([]float32, f0*n), w...)
				ftForwardColsRef(got, stride, n, j0, j1, bias, whole, 0, feats, offs, idx)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(ref[j]) {
						t.Fatalf("ftForwardColsRef n=%d cols %d..%d f0=%d j=%d: %v, from the whole layer %v", n, j0, j1, f0, j, ref[j], got[j])
					}
				}
			}
			got := want

			src := randFloats(rng, c*stride)
			var act, starts, rows []int32
			for k := range f {
				if rng.IntN(3) == 0 {
					continue
				}
				act = append(act, int32(k))
				starts = append(starts, int32(len(rows)))
				for range rng.IntN(6) {
					rows = append(rows, int32(rng.IntN(c)*stride+rng.IntN(2)*8))
				}
			}
			starts = append(starts, int32(len(rows)))
			want = randFloats(rng, f*n)
			got = append([]float32(nil), want...)
			gatherAddColsRef(want, n, j0, j1, src, act, starts, rows)
			gatherAddCols(got, n, j0, j1, src, act, starts, rows)
			for j := range got {
				if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
					t.Fatalf("gatherAddCols n=%d cols %d..%d j=%d: %v != %v", n, j0, j1, j, got[j], want[j])
				}
			}

			// Sums from +0 (the first span's), with the rows vouched for
			// by their largest; −0 rows where a clear-then-add gives +0.
			maxRow := -1
			for _, r := range rows {
				maxRow = max(maxRow, int(r))
			}
			for i := range src {
				if rng.IntN(4) == 0 {
					src[i] = float32(math.Copysign(0, -1))
				}
			}
			want = randFloats(rng, f*n)
			got = append([]float32(nil), want...)
			gatherSetColsRef(want, n, j0, j1, src, act, starts, rows)
			gatherCols(got, n, j0, j1, src, act, starts, rows, maxRow, true)
			for j := range got {
				if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
					t.Fatalf("gatherCols set n=%d cols %d..%d j=%d: %v != %v", n, j0, j1, j, got[j], want[j])
				}
			}
			for k, f := range act {
				for j := j0; j < j1; j++ {
					var s float32
					for _, r := range rows[starts[k]:starts[k+1]] {
						s += src[int(r)+j]
					}
					if g := got[int(f)*n+j]; math.Float32bits(g) != math.Float32bits(s) {
						t.Fatalf("gatherCols set n=%d feature %d column %d: %v, cleared then added %v", n, f, j, g, s)
					}
				}
			}
		}
	}
}

// splitShapes are input-bucketed shapes the split step takes: the AVX-512
// column tiles (N = 128) flat and with a hidden stack, per-bucket stacks
// (chunks mixing stacks take the per-position dense path), and widths the
// tiles do not fit (the reference column loops; at N = 16 the third of
// three workers has no columns).
func splitShapes() []nn.Arch {
	kb16, _ := features.Lookup(features.ChessKB16HM)
	d3, _ := features.Lookup(features.XiangqiKB6D3HM)
	return []nn.Arch{
		{Game: kb16.Game, Set: kb16.ID, Inputs: kb16.Size, Hidden: 128, Buckets: 1, Activation: nn.SCReLU},
		{Game: kb16.Game, Set: kb16.ID, Inputs: kb16.Size, Hidden: 128, Buckets: 1, Activation: nn.SCReLU,
			Layers: [nn.MaxLayers]int{16, 32}, HiddenActivation: nn.CReLU},
		{Game: kb16.Game, Set: kb16.ID, Inputs: kb16.Size, Hidden: 64, Buckets: 4, Activation: nn.CReLU, Pairwise: true,
			Layers: [nn.MaxLayers]int{16}, HiddenActivation: nn.CReLU, Stacks: true},
		{Game: kb16.Game, Set: kb16.ID, Inputs: kb16.Size, Hidden: 16, Buckets: 4, Activation: nn.SCReLU},
		{Game: d3.Game, Set: d3.ID, Inputs: d3.Size, Hidden: 32, Buckets: 2, Activation: nn.SCReLU,
			Layers: [nn.MaxLayers]int{16, 32}, HiddenActivation: nn.SCReLU},
	}
}

// sameBucketBatch is benchBatch with both perspectives of a position in
// the same input bucket: in bucket order, a batch's first span then reads
// only the first blocks of the first layer, and each later span new ones.
func sameBucketBatch(a nn.Arch, n int, seed uint64) *Batch {
	rng := rand.New(rand.NewPCG(seed, 1))
	set, _ := features.Lookup(a.Set)
	b := &Batch{}
	b.Reset()
	var stm, nstm [32]uint16
	for range n {
		k := set.BaseSize * rng.IntN(set.Buckets())
		for j := range stm {
			stm[j] = uint16(k + rng.IntN(set.BaseSize))
			nstm[j] = uint16(k + rng.IntN(set.BaseSize))
		}
		b.Add(stm[:], nstm[:], float32(rng.NormFloat64()*300), float32(rng.IntN(3))/2, 0)
	}
	return b
}

// The split step's first-layer gradient equals the one-worker plain
// step's bit for bit with 1, 2 and 3 workers, when its spans and each
// worker's share of them fall on the plain step's chunks (batches of four
// 768-position spans, one with random input buckets, one with both
// perspectives in the same bucket, so that each span reads blocks of the
// first layer the earlier ones did not); its other layers' gradients and the loss agree
// within float32 rounding (summed per worker). With one worker every bit
// and the loss agree on any batch; on a ragged batch (3000 positions,
// random features) with more workers, everything agrees within rounding.
func TestSplitStepMatchesPlain(t *testing.T) {
	for _, a := range splitShapes() {
		m, err := NewModel(a)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(21, 22))
		m.Init(rng)
		for i := range m.FTBias {
			m.FTBias[i] = float32(rng.Float64()*0.6 - 0.1)
		}
		l := Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2.5}
		aligned := benchBatch(a, 4*768, 23)
		ragged := randomBatch(rng, a, 3000, 24)
		kings := sameBucketBatch(a, 4*768, 25)
		small := randomBatch(rng, a, 500, 24) // less than one span
		odd := randomBatch(rng, a, 2000, 24)  // three spans: a group of two, then one of one
		batches := []*Batch{aligned, ragged, kings, small, odd}
		randomKings := []bool{false, true, false, true, true}
		for _, b := range batches {
			for i := range b.Len {
				b.Bucket[i] = uint8(rng.IntN(a.Buckets))
			}
		}
		for bi, b := range batches {
			plain, err := NewStepper(m, l, 1)
			if err != nil {
				t.Fatal(err)
			}
			plain.split = nil
			want := plain.Gradient(b)
			var gmax float64
			for _, g := range plain.Grad {
				gmax = max(gmax, math.Abs(float64(g)))
			}
			for _, workers := range []int{1, 2, 3} {
				s, err := NewStepper(m, l, workers)
				if err != nil {
					t.Fatal(err)
				}
				s.split = newSplitStep(s, 768)
				for range 2 { // the second step reuses the buffers
					got := s.Gradient(b)
					exact := workers == 1
					if exact && got != want || math.Abs(got-want) > 1e-9*want {
						t.Fatalf("%v batch %d, %d workers: loss %v, plain step %v", a, bi, workers, got, want)
					}
					for i, g := range plain.Grad {
						d := math.Abs(float64(s.Grad[i]) - float64(g))
						if exact || (!randomKings[bi] && i < outWOff(a)) {
							if math.Float32bits(s.Grad[i]) != math.Float32bits(g) {
								t.Fatalf("%v batch %d, %d workers: parameter %d: gradient %v, plain step %v", a, bi, workers, i, s.Grad[i], g)
							}
						} else if d > 1e-5*gmax {
							t.Fatalf("%v batch %d, %d workers: parameter %d: gradient %v, plain step %v (largest |g| %v)", a, bi, workers, i, s.Grad[i], g, gmax)
						}
					}
				}
			}
		}
		// One stepper through batches of growing size: its accumulators
		// grow with the batch, and every step still equals the plain one.
		s, err := NewStepper(m, l, 1)
		if err != nil {
			t.Fatal(err)
		}
		s.split = newSplitStep(s, 768)
		plain, err := NewStepper(m, l, 1)
		if err != nil {
			t.Fatal(err)
		}
		plain.split = nil
		for _, b := range []*Batch{small, odd, aligned, small} {
			want, got := plain.Gradient(b), s.Gradient(b)
			if got != want {
				t.Fatalf("%v, %d positions after smaller batches: loss %v, plain step %v", a, b.Len, got, want)
			}
			for i, g := range plain.Grad {
				if math.Float32bits(s.Grad[i]) != math.Float32bits(g) {
					t.Fatalf("%v, %d positions after smaller batches: parameter %d: gradient %v, plain step %v", a, b.Len, i, s.Grad[i], g)
				}
			}
		}
	}
}

// checkBlocks is the only guard in front of the split step's forward
// kernel, which reads the first layer's rows unchecked: a batch with a
// feature past the first layer, or with offsets that fall, and a model
// whose first layer is shorter than its architecture are refused with a
// panic before any kernel runs.
func TestSplitStepRejectsBadInput(t *testing.T) {
	for _, a := range splitShapes() {
		m, err := NewModel(a)
		if err != nil {
			t.Fatal(err)
		}
		m.Init(rand.New(rand.NewPCG(41, 42)))
		l := Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2.5}
		for _, c := range []struct {
			name  string
			spoil func(b *Batch, s *Stepper)
			want  string
		}{
			{"feature past the first layer", func(b *Batch, _ *Stepper) { b.Stm[b.Offsets[7]+1] = uint16(a.Inputs) }, "out of range"},
			{"feature far past it", func(b *Batch, _ *Stepper) { b.Nstm[b.Offsets[b.Len]-1] = 65535 }, "out of range"},
			{"offsets that fall", func(b *Batch, _ *Stepper) { b.Offsets[9] = b.Offsets[8] - 1 }, ""},
			{"a short first layer", func(_ *Batch, s *Stepper) { s.Model = shortModel(s.Model) }, "shape mismatch"},
		} {
			s, err := NewStepper(m, l, 2)
			if err != nil {
				t.Fatal(err)
			}
			s.split = newSplitStep(s, 768)
			b := benchBatch(a, 2000, 43)
			c.spoil(b, s)
			func() {
				defer func() {
					r := recover()
					if r == nil {
						t.Fatalf("%v: %s: no panic", a, c.name)
					}
					if msg := fmt.Sprint(r); !strings.Contains(msg, c.want) {
						t.Fatalf("%v: %s: panic %q, want one naming %q", a, c.name, msg, c.want)
					}
				}()
				s.Gradient(b)
			}()
		}
	}
}

// shortModel returns a copy of m whose first layer lacks its last row.
func shortModel(m *Model) *Model {
	c := *m
	c.FTWeights = m.FTWeights[:len(m.FTWeights)-m.Hidden]
	return &c
}

// The split step is taken where it pays: 16 king buckets at N = 512 and
// N = 384 (where the AVX-512 tiles are), not 4 buckets at N = 512.
func TestSplitStepChosen(t *testing.T) {
	kb16, _ := features.Lookup(features.ChessKB16HM)
	kb4, _ := features.Lookup(features.ChessKB4HM)
	for _, c := range []struct {
		set    *features.Set
		hidden int
		want   bool
	}{{kb16, 512, colTile(512) > 0}, {kb16, 384, colTile(384) > 0}, {kb4, 512, false}} {
		a := nn.Arch{Game: c.set.Game, Set: c.set.ID, Inputs: c.set.Size, Hidden: c.hidden, Buckets: 1, Activation: nn.SCReLU}
		m, err := NewModel(a)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewStepper(m, Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.split != nil; got != c.want {
			t.Errorf("%s N = %d: split step %v, want %v", c.set.Name, c.hidden, got, c.want)
		}
	}
}

// Tests of the stack's matrix product against its definition.
package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// gemmAcc adds A·B to C as gemmAccRef does, within float32 rounding of
// each sum (|Δ| ≤ 1e-6 · Σ|A||B| + the rounding of C's old value), at row
// counts with and without a remainder past a multiple of 4 and of 8, column
// counts the AVX paths take (multiples of 16; the AVX-512 path in blocks of
// 32 and 16) and one they leave to Go, and row
// strides wider than the rows; elements outside the m × n block of C are
// untouched.
func TestGemmAccMatchesReference(t *testing.T) {
	checkGemmAcc(t, rand.New(rand.NewPCG(31, 32)))
}

// checkGemmAcc is TestGemmAccMatchesReference's check, for each path of gemmAcc.
func checkGemmAcc(t *testing.T, rng *rand.Rand) {
	t.Helper()
	for _, m := range []int{1, 3, 4, 5, 8, 13, 16, 21} {
		for _, n := range []int{8, 16, 32, 48, 64} {
			for _, k := range []int{1, 16, 130} {
				ldc, lda, ldb := n+3, k+5, n+16
				a, b := randFloats(rng, m*lda), randFloats(rng, k*ldb)
				c0 := randFloats(rng, m*ldc)
				want, got := append([]float32(nil), c0...), append([]float32(nil), c0...)
				gemmAccRef(want, ldc, a, lda, b, ldb, m, n, k)
				gemmAcc(got, ldc, a, lda, b, ldb, m, n, k)
				for i := range m {
					for j := range ldc {
						x := i*ldc + j
						if j >= n {
							if math.Float32bits(got[x]) != math.Float32bits(c0[x]) {
								t.Fatalf("m=%d n=%d k=%d: C[%d][%d] outside the block changed", m, n, k, i, j)
							}
							continue
						}
						mag := math.Abs(float64(c0[x]))
						for l := range k {
							mag += math.Abs(float64(a[i*lda+l]) * float64(b[l*ldb+j]))
						}
						if d := math.Abs(float64(got[x]) - float64(want[x])); d > 1e-6*mag {
							t.Fatalf("m=%d n=%d k=%d C[%d][%d]: %v, reference %v (Σ|terms| %v)", m, n, k, i, j, got[x], want[x], mag)
						}
					}
				}
			}
		}
	}
	c := make([]float32, 4)
	defer func() {
		if recover() == nil {
			t.Fatal("a product larger than its slices did not panic")
		}
	}()
	gemmAcc(c, 2, make([]float32, 4), 2, make([]float32, 4), 2, 3, 2, 2)
}

func TestTranspose(t *testing.T) {
	src := []float32{1, 2, 3, 4, 5, 6} // 2 × 3
	dst := make([]float32, 6)
	transpose(dst, src, 2, 3)
	for i, v := range []float32{1, 4, 2, 5, 3, 6} {
		if dst[i] != v {
			t.Fatalf("transpose: %v", dst)
		}
	}
}

// A chunk of positions of one stack runs the hidden layers as matrix
// products; its loss, outputs and gradient equal the per-position path's
// within float32 rounding (1e-5 of the largest |g|), for two layers of
// either hidden activation and for pairwise multiplication, with a chunk
// whose row count is not a multiple of 4 (301 positions: 128, 128, 45).
func TestStackChunkMatchesPerPosition(t *testing.T) {
	for _, c := range []struct {
		act, hact nn.Activation
		layers    [nn.MaxLayers]int
		pw        bool
	}{
		{nn.SCReLU, nn.CReLU, [2]int{16, 32}, false},
		{nn.CReLU, nn.SCReLU, [2]int{32, 16}, true},
		{nn.SCReLU, nn.SCReLU, [2]int{16, 0}, false},
	} {
		a := nn.Arch{Game: position.Chess, Set: features.ChessPS768, Inputs: 768, Hidden: 64, Buckets: 4, Activation: c.act,
			Layers: c.layers, HiddenActivation: c.hact, Pairwise: c.pw}
		m, err := NewModel(a)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(41, 42))
		m.Init(rng)
		for i := range m.FTBias {
			m.FTBias[i] = float32(rng.Float64()*0.8 - 0.1)
		}
		for k := range a.NumLayers() {
			for i := range m.HiddenBias[k] {
				m.HiddenBias[k][i] = float32(rng.Float64()*0.6 - 0.1)
			}
		}
		b := spreadBatch(rng, a, 301)
		l := Loss{K: 400, EvalScale: 400, Lambda: 0.7, Power: 2.5}
		chunked, _ := NewStepper(m, l, 1)
		plain, _ := NewStepper(m, l, 1)
		plain.workers[0].perPosition = true
		l1, l0 := chunked.Gradient(b), plain.Gradient(b)
		if math.Abs(l1-l0) > 1e-6*l0 {
			t.Fatalf("%v: loss %v by chunk, %v per position", a, l1, l0)
		}
		var gmax, worst float64
		for _, g := range plain.Grad {
			gmax = max(gmax, math.Abs(float64(g)))
		}
		for i, g := range plain.Grad {
			d := math.Abs(float64(chunked.Grad[i]) - float64(g))
			worst = max(worst, d/gmax)
			if d > 1e-5*gmax {
				t.Fatalf("%v: parameter %d: gradient %v by chunk, %v per position (largest |g| %v)", a, i, chunked.Grad[i], g, gmax)
			}
		}
		o1, o0 := make([]float32, b.Len), make([]float32, b.Len)
		chunked.Evaluate(b, o1)
		plain.Evaluate(b, nil) // makes the evaluation workers
		plain.evals[0].perPosition = true
		plain.Evaluate(b, o0)
		for i := range o0 {
			if math.Abs(float64(o1[i]-o0[i])) > 1e-5*(1+math.Abs(float64(o0[i]))) {
				t.Fatalf("%v: position %d: output %v by chunk, %v per position", a, i, o1[i], o0[i])
			}
		}
		t.Logf("%v: largest gradient difference %.2g of the largest |g|", a, worst)
	}
}

// dotRows and axpyRows keep their references' values within float32
// rounding of each sum (|Δ| ≤ 1e-6 · Σ|terms|), at widths the AVX-512
// path takes (multiples of 64 and 128) and ones it leaves to gonum, with
// row strides wider than the rows.
func TestRowKernelsMatchReference(t *testing.T) {
	checkRowKernels(t, rand.New(rand.NewPCG(35, 36)))
}

func checkRowKernels(t *testing.T, rng *rand.Rand) {
	t.Helper()
	for _, n := range []int{48, 64, 128, 256, 512} {
		for _, rows := range []int{1, 3, 128} {
			ldx := n + 16
			x := randFloats(rng, rows*ldx)
			w := randFloats(rng, n)
			b := float32(rng.NormFloat64())
			want, got := make([]float32, rows), make([]float32, rows)
			dotRowsRef(want, x, ldx, w, b)
			dotRows(got, x, ldx, w, b)
			for i := range rows {
				mag := math.Abs(float64(b))
				for j := range n {
					mag += math.Abs(float64(x[i*ldx+j]) * float64(w[j]))
				}
				if d := math.Abs(float64(got[i]) - float64(want[i])); d > 1e-6*mag {
					t.Fatalf("dotRows n=%d rows=%d out[%d]: %v, reference %v (Σ|terms| %v)", n, rows, i, got[i], want[i], mag)
				}
			}
			a := randFloats(rng, rows)
			d0 := randFloats(rng, n)
			wantD, gotD := append([]float32(nil), d0...), append([]float32(nil), d0...)
			axpyRowsRef(wantD, a, x, ldx)
			axpyRows(gotD, a, x, ldx)
			for j := range n {
				mag := math.Abs(float64(d0[j]))
				for i := range rows {
					mag += math.Abs(float64(a[i]) * float64(x[i*ldx+j]))
				}
				if d := math.Abs(float64(gotD[j]) - float64(wantD[j])); d > 1e-6*mag {
					t.Fatalf("axpyRows n=%d rows=%d dst[%d]: %v, reference %v (Σ|terms| %v)", n, rows, j, gotD[j], wantD[j], mag)
				}
			}
		}
	}
}

// gemmActGrad writes the activation gradient of gh·w bit for bit as its
// definition (gemmActGradRef: gemmAcc into cleared rows, then
// activationGrad with g = 1), for SCReLU and CReLU, at row counts with and
// without a remainder past a multiple of 8, column counts its AVX-512 path
// takes (multiples of 32) and ones it leaves to the definition, row
// strides wider than the rows, accumulators straddling 0 and 1 (±0, 1
// exactly, NaN, large values), in place (gacc = acc, as the split step
// runs it) and into another buffer; elements outside the m × n block are
// untouched.
func TestGemmActGradMatchesReference(t *testing.T) {
	if !actGradAsm() {
		t.Skip("no AVX-512 kernel on this build or CPU: gemmActGrad is its Go reference")
	}
	rng := rand.New(rand.NewPCG(31, 32))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, 1 - 1e-7, 1e-7, -1e-7, float32(math.NaN()), 3, -3}
	for _, act := range []nn.Activation{nn.SCReLU, nn.CReLU} {
		for _, m := range []int{1, 7, 8, 13, 16, 128} {
			for _, n := range []int{16, 32, 64, 96, 1024} {
				for _, k := range []int{1, 3, 16, 32} {
					ldacc := n + 16*rng.IntN(2)
					lda := k + rng.IntN(3)
					ldb := n + 16*rng.IntN(2)
					acc := randFloats(rng, m*ldacc)
					for i := range acc {
						acc[i] = acc[i]*0.8 + 0.5
						if rng.IntN(16) == 0 {
							acc[i] = special[rng.IntN(len(special))]
						}
					}
					gh := randFloats(rng, m*lda)
					for i := range gh {
						if rng.IntN(16) == 0 {
							gh[i] = 0
						}
					}
					w := randFloats(rng, k*ldb)
					for _, inPlace := range []bool{false, true} {
						ldg := ldacc
						if !inPlace {
							ldg = n + 8*rng.IntN(2)
						}
						want := randFloats(rng, m*ldg)
						wantAcc := append([]float32(nil), acc...)
						if inPlace {
							want = wantAcc
						}
						got := append([]float32(nil), want...)
						gotAcc := append([]float32(nil), acc...)
						if inPlace {
							got = gotAcc
						}
						gemmActGradRef(want, ldg, wantAcc, ldacc, gh, lda, w, ldb, m, n, k, act, make([]float32, m*n))
						gemmActGrad(got, ldg, gotAcc, ldacc, gh, lda, w, ldb, m, n, k, act, make([]float32, m*n))
						for i := range got {
							if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
								t.Fatalf("%v m=%d n=%d k=%d in place %v: element %d (row %d column %d): %v, want %v",
									act, m, n, k, inPlace, i, i/ldg, i%ldg, got[i], want[i])
							}
						}
						for i := range gotAcc {
							if math.Float32bits(gotAcc[i]) != math.Float32bits(wantAcc[i]) {
								t.Fatalf("%v m=%d n=%d k=%d in place %v: acc %d: %v, want %v", act, m, n, k, inPlace, i, gotAcc[i], wantAcc[i])
							}
						}
					}
				}
			}
		}
	}
}

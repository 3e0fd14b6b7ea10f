// Tests and benchmarks of the sparse kernels: fast twins against the reference loops, bit for bit.
package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
)

func randFloats(rng *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(rng.NormFloat64())
	}
	return s
}

func randFeats(rng *rand.Rand, n, f int) []uint16 {
	s := make([]uint16, n)
	for i := range s {
		s[i] = uint16(rng.IntN(f))
	}
	return s
}

func TestKernelsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	t.Logf("kernels: %s", kernelPath)
	for _, n := range []int{16, 32, 64, 128, 256, 512} {
		const f = 100
		w := randFloats(rng, f*n)
		bias := randFloats(rng, n)
		for _, k := range []int{0, 1, 7, 32, 40} {
			feats := randFeats(rng, k, f)
			want := make([]float32, n)
			ftForwardRef(want, bias, w, feats)
			for name, fn := range map[string]func(acc, bias, w []float32, feats []uint16){"go": ftForwardGo, "dispatch": ftForward} {
				got := make([]float32, n)
				fn(got, bias, w, feats)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
						t.Fatalf("forward %s n=%d k=%d j=%d: %v != %v", name, n, k, j, got[j], want[j])
					}
				}
			}
			src := randFloats(rng, 40*n)
			rows := make([]int32, k)
			for r := range rows {
				rows[r] = int32(rng.IntN(40) * n)
			}
			want = randFloats(rng, n)
			d0 := append([]float32(nil), want...)
			gatherAddRef(want, src, rows)
			for name, fn := range map[string]func(dst, src []float32, rows []int32){"go": gatherAddGo, "dispatch": gatherAdd} {
				got := append([]float32(nil), d0...)
				fn(got, src, rows)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
						t.Fatalf("gatherAdd %s n=%d k=%d j=%d: %v != %v", name, n, k, j, got[j], want[j])
					}
				}
			}
		}
	}
}

func TestActivationKernelsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, act := range []nn.Activation{nn.SCReLU, nn.CReLU} {
		for _, n := range []int{8, 16, 256} {
			acc := edgeAccumulators(rng, n, 1, 0)
			w := randFloats(rng, n)
			g := float32(rng.NormFloat64())
			want, got := make([]float32, n), make([]float32, n)
			activateRowRef(want, acc, act)
			for name, fn := range map[string]func(x, acc []float32, act nn.Activation){"go": activateRowGo, "dispatch": activateRow} {
				fn(got, acc, act)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
						t.Fatalf("activate %s %v n=%d j=%d acc=%v: %v != %v", name, act, n, j, acc[j], got[j], want[j])
					}
				}
			}
			activationGradRef(want, acc, w, g, act)
			for name, fn := range map[string]func(gacc, acc, w []float32, g float32, act nn.Activation){"go": activationGradGo, "dispatch": activationGrad} {
				fn(got, acc, w, g, act)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
						t.Fatalf("grad %s %v n=%d j=%d acc=%v: %v != %v", name, act, n, j, acc[j], got[j], want[j])
					}
				}
			}
		}
	}
}

func BenchmarkActivationGrad(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	acc := make([]float32, 512)
	for j := range acc {
		acc[j] = float32(rng.NormFloat64() * 0.5)
	}
	w := randFloats(rng, 512)
	gacc := make([]float32, 512)
	for name, fn := range map[string]func(gacc, acc, w []float32, g float32, act nn.Activation){"ref": activationGradRef, "go": activationGradGo, "dispatch": activationGrad} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				fn(gacc, acc, w, 0.01, nn.SCReLU)
			}
		})
	}
}

func BenchmarkFTForward(b *testing.B) {
	for _, c := range []struct {
		name string
		fn   func(acc, bias, w []float32, feats []uint16)
	}{{"ref", ftForwardRef}, {"go", ftForwardGo}, {"dispatch", ftForward}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			const f, n, k = 768, 256, 32
			w := randFloats(rng, f*n)
			bias := randFloats(rng, n)
			feats := make([][]uint16, 64)
			for i := range feats {
				feats[i] = randFeats(rng, k, f)
			}
			acc := make([]float32, n)
			b.SetBytes(k * n * 4)
			for i := 0; b.Loop(); i++ {
				c.fn(acc, bias, w, feats[i&63])
			}
		})
	}
}

func BenchmarkGatherAdd(b *testing.B) {
	for _, c := range []struct {
		name string
		fn   func(dst, src []float32, rows []int32)
	}{{"ref", gatherAddRef}, {"go", gatherAddGo}, {"dispatch", gatherAdd}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			const n, k = 256, 32
			src := randFloats(rng, 128*n)
			dst := make([]float32, n)
			rows := make([][]int32, 64)
			for i := range rows {
				for range k {
					rows[i] = append(rows[i], int32(rng.IntN(128)*n))
				}
			}
			b.SetBytes(k * n * 4)
			for i := 0; b.Loop(); i++ {
				c.fn(dst, src, rows[i&63])
			}
		})
	}
}

// pairwiseGrad gives pairwiseGradRef's values bit for bit, with
// accumulators on and around the clamp's edges (±0, 1) and gradients of
// either sign (so −0 products occur).
func TestPairwiseGradMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, h := range []int{1, 8, 128} {
		acc := edgeAccumulators(rng, 2*h, 0.7, 0.5)
		gx := randFloats(rng, h)
		want, got := make([]float32, 2*h), make([]float32, 2*h)
		pairwiseGradRef(want, acc, gx)
		pairwiseGrad(got, acc, gx)
		for j := range got {
			if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
				t.Fatalf("h=%d j=%d acc=%v: %v != %v", h, j, acc[j], got[j], want[j])
			}
		}
	}
}

// edgeAccumulators returns n accumulator values for the activation kernels'
// tests: half of them on the clamp's edges (0, 1 and −0, a sixth each), the
// rest normal with the given spread around mean, drawn from rng in the order
// the tests always drew them.
func edgeAccumulators(rng *rand.Rand, n int, spread, mean float64) []float32 {
	acc := make([]float32, n)
	for j := range acc {
		switch rng.IntN(6) {
		case 0:
			acc[j] = 0
		case 1:
			acc[j] = 1
		case 2:
			acc[j] = float32(math.Copysign(0, -1))
		default:
			acc[j] = float32(rng.NormFloat64()*spread + mean)
		}
	}
	return acc
}

// The chunk kernels give the reference loops' values bit for bit: widths
// that fit the column tiles and one that does not (64), chunks of one to
// 128 positions with 0–40 features each, rows repeated within a feature.
func TestChunkKernelsMatchReference(t *testing.T) {
	t.Logf("kernels: %s, chunk tile %d columns", kernelPath, chunkTile())
	checkChunkKernels(t, rand.New(rand.NewPCG(61, 62)))
}

func checkChunkKernels(t *testing.T, rng *rand.Rand) {
	t.Helper()
	checkColKernels(t, rng)
	for _, n := range []int{64, 128, 256, 384, 512} {
		for _, c := range []int{1, 3, 128} {
			const f = 300
			w := randFloats(rng, f*n)
			bias := randFloats(rng, n)
			stride := 2*n + 8*rng.IntN(2)
			offs := []int32{int32(rng.IntN(5))}
			for range c {
				offs = append(offs, offs[len(offs)-1]+int32(rng.IntN(41)))
			}
			feats := randFeats(rng, int(offs[c])+rng.IntN(3), f)
			want := randFloats(rng, (c-1)*stride+n)
			got := append([]float32(nil), want...)
			ftForwardChunkRef(want, stride, n, bias, w, feats, offs)
			ftForwardChunk(got, stride, n, bias, w, feats, offs)
			for j := range got {
				if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
					t.Fatalf("forward n=%d c=%d j=%d: %v != %v", n, c, j, got[j], want[j])
				}
			}

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
			gatherAddFeaturesRef(want, n, src, act, starts, rows)
			gatherAddFeatures(got, n, src, act, starts, rows)
			for j := range got {
				if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
					t.Fatalf("gatherAddFeatures n=%d c=%d j=%d: %v != %v", n, c, j, got[j], want[j])
				}
			}
		}
	}
}

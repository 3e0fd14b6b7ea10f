// Tests and benchmarks of the sparse kernels: fast twins against the reference loops, bit for bit.
package train

import (
	"math"
	"math/rand/v2"
	"testing"
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
			gacc := randFloats(rng, n)
			gwant := randFloats(rng, f*n)
			g0 := append([]float32(nil), gwant...)
			ftBackwardRef(gwant, gacc, feats)
			for name, fn := range map[string]func(gw, gacc []float32, feats []uint16){"go": ftBackwardGo, "dispatch": ftBackward} {
				got := append([]float32(nil), g0...)
				fn(got, gacc, feats)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(gwant[j]) {
						t.Fatalf("backward %s n=%d k=%d j=%d: %v != %v", name, n, k, j, got[j], gwant[j])
					}
				}
			}
		}
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

func BenchmarkFTBackward(b *testing.B) {
	for _, c := range []struct {
		name string
		fn   func(gw, gacc []float32, feats []uint16)
	}{{"ref", ftBackwardRef}, {"go", ftBackwardGo}, {"dispatch", ftBackward}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			const f, n, k = 768, 256, 32
			gw := make([]float32, f*n)
			gacc := randFloats(rng, n)
			feats := make([][]uint16, 64)
			for i := range feats {
				feats[i] = randFeats(rng, k, f)
			}
			b.SetBytes(k * n * 4)
			for i := 0; b.Loop(); i++ {
				c.fn(gw, gacc, feats[i&63])
			}
		})
	}
}

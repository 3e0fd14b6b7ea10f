// Micro-benchmarks of the kernels at N=256.
package nn

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 256
	src, a, s1, s2 := randInt16s(rng, n, -300, 300), randInt16s(rng, n, -300, 300), randInt16s(rng, n, -300, 300), randInt16s(rng, n, -300, 300)
	w := randInt16s(rng, n, -127, 127)
	dst := make([]int16, n)
	b.Run("copyAddSub", func(b *testing.B) {
		for b.Loop() {
			copyAddSub(dst, src, a, s1)
		}
	})
	b.Run("copyAddSub2", func(b *testing.B) {
		for b.Loop() {
			copyAddSub2(dst, src, a, s1, s2)
		}
	})
	b.Run("dotSCReLU", func(b *testing.B) {
		for b.Loop() {
			_ = dotSCReLU(src, w, 255)
		}
	})
	b.Run("dotCReLU", func(b *testing.B) {
		for b.Loop() {
			_ = dotCReLU(src, w, 255)
		}
	})
}

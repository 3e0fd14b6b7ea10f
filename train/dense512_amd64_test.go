// The stack's matrix product on each amd64 path against its definition.

//go:build amd64 && !purego

package train

import (
	"math/rand/v2"
	"testing"
)

// The AVX-512 path (fused multiply-adds) and the AVX or gonum path each
// keep the references' values (gemmAccRef, dotRowsRef, axpyRowsRef) within
// float32 rounding of each sum.
func TestDenseKernelPaths(t *testing.T) {
	defer func(on bool) { gemmAVX512 = on }(gemmAVX512)
	for _, on := range []bool{false, true} {
		if on && !hasAVX512 {
			t.Log("no AVX-512: its path not run")
			continue
		}
		gemmAVX512 = on
		t.Run(map[bool]string{false: "avx", true: "avx512"}[on], func(t *testing.T) {
			checkGemmAcc(t, rand.New(rand.NewPCG(33, 34)))
			checkRowKernels(t, rand.New(rand.NewPCG(37, 38)))
		})
	}
}

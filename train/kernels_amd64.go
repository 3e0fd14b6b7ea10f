// Kernel selection for the default amd64 build: AVX2 Go assembly (kernels_amd64.s).

//go:build amd64 && !goexperiment.simd && !purego

package train

import (
	"golang.org/x/sys/cpu"

	"dualnnue/nn"
)

// hasAVX2 is true when the CPU and the OS support AVX2.
var hasAVX2 = cpu.X86.HasAVX2

// kernelPath names the sparse kernels this build uses.
var kernelPath = func() string {
	if hasAVX2 && hasAVX512 {
		return "AVX2 (Go assembly), AVX-512 chunk tiles and dense layers (Go assembly)"
	}
	if hasAVX2 {
		return "AVX2 (Go assembly)"
	}
	return "pure Go (tiled; CPU lacks AVX2)"
}()

// asmFTForward is ftForwardRef in AVX2 with 64-wide tiles in eight YMM
// registers, adding each weight row straight from memory. It reads without
// bounds checks: len(acc) % 64 == 0, len(bias) ≥ len(acc), and every
// feature's row inside w (ftForward checks).
//
//go:noescape
func asmFTForward(acc, bias, w []float32, feats []uint16)

// asmGatherAdd is gatherAddRef in AVX2 with 64-wide tiles of dst in eight
// YMM registers. It reads without bounds checks: len(dst) % 64 == 0 and
// every row inside src (gatherAdd checks).
//
//go:noescape
func asmGatherAdd(dst, src []float32, rows []int32)

func ftForward(acc, bias, w []float32, feats []uint16) {
	n := len(acc)
	if !hasAVX2 || n%64 != 0 || len(bias) < n {
		ftForwardGo(acc, bias, w, feats)
		return
	}
	for _, f := range feats {
		if (int(f)+1)*n > len(w) {
			panic(errFeature(int(f), len(w)/n))
		}
	}
	asmFTForward(acc, bias, w, feats)
}

func gatherAdd(dst, src []float32, rows []int32) {
	n := len(dst)
	if !hasAVX2 || n%64 != 0 {
		gatherAddGo(dst, src, rows)
		return
	}
	for _, r := range rows {
		if r < 0 || int(r)+n > len(src) {
			panic(errShape)
		}
	}
	asmGatherAdd(dst, src, rows)
}

// asmActivate is activateRowRef in AVX2 (square selects SCReLU).
// len(acc) % 8 == 0 and len(x) ≥ len(acc) (activateRow checks).
//
//go:noescape
func asmActivate(x, acc []float32, square bool)

// asmActivationGrad is activationGradRef in AVX2 (square selects SCReLU,
// for which gs is 2·g). len(gacc) % 8 == 0 and acc, w at
// least as long (activationGrad checks).
//
//go:noescape
func asmActivationGrad(gacc, acc, w []float32, gs float32, square bool)

func activateRow(x, acc []float32, act nn.Activation) {
	if !hasAVX2 || len(acc)%8 != 0 || len(x) < len(acc) {
		activateRowGo(x, acc, act)
		return
	}
	asmActivate(x, acc, act == nn.SCReLU)
}

func activationGrad(gacc, acc, w []float32, g float32, act nn.Activation) {
	n := len(gacc)
	if !hasAVX2 || n%8 != 0 || len(acc) < n || len(w) < n {
		activationGradGo(gacc, acc, w, g, act)
		return
	}
	if act == nn.SCReLU {
		asmActivationGrad(gacc, acc, w, 2*g, true)
		return
	}
	asmActivationGrad(gacc, acc, w, g, false)
}

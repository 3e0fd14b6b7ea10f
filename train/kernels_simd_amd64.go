// AVX2 twins of the sparse kernels (GOEXPERIMENT=simd on amd64), with the pure-Go fallback when the CPU lacks AVX2.

//go:build goexperiment.simd && amd64 && !purego

package train

import (
	"simd/archsimd"

	"dualnnue/nn"
)

var hasAVX2 = archsimd.X86.AVX2()

// kernelPath names the sparse kernels this build uses.
var kernelPath = func() string {
	if hasAVX2 && hasAVX512 {
		return "AVX2 (simd/archsimd), AVX-512 chunk tiles and dense layers (Go assembly)"
	}
	if hasAVX2 {
		return "AVX2 (simd/archsimd)"
	}
	return "pure Go (tiled; CPU lacks AVX2)"
}()

func ftForward(acc, bias, w []float32, feats []uint16) {
	if hasAVX2 && len(acc)%32 == 0 {
		ftForwardAVX2(acc, bias, w, feats)
		return
	}
	ftForwardGo(acc, bias, w, feats)
}

// ftForwardAVX2 is ftForwardRef with 32-wide tiles held in four YMM
// registers. (Go's amd64 ABI leaves 15 vector registers; with 64-wide
// tiles the compiler spills one accumulator, putting a store-to-load chain
// into the loop.) len(acc) must be a multiple of 32.
func ftForwardAVX2(acc, bias, w []float32, feats []uint16) {
	n := len(acc)
	for t := 0; t < n; t += 32 {
		b := bias[t : t+32 : t+32]
		a0 := archsimd.LoadFloat32x8Slice(b[0:])
		a1 := archsimd.LoadFloat32x8Slice(b[8:])
		a2 := archsimd.LoadFloat32x8Slice(b[16:])
		a3 := archsimd.LoadFloat32x8Slice(b[24:])
		for _, f := range feats {
			o := int(f)*n + t
			r := w[o : o+32 : o+32]
			a0 = a0.Add(archsimd.LoadFloat32x8Slice(r[0:]))
			a1 = a1.Add(archsimd.LoadFloat32x8Slice(r[8:]))
			a2 = a2.Add(archsimd.LoadFloat32x8Slice(r[16:]))
			a3 = a3.Add(archsimd.LoadFloat32x8Slice(r[24:]))
		}
		d := acc[t : t+32 : t+32]
		a0.StoreSlice(d[0:])
		a1.StoreSlice(d[8:])
		a2.StoreSlice(d[16:])
		a3.StoreSlice(d[24:])
	}
}

func gatherAdd(dst, src []float32, rows []int32) {
	if hasAVX2 && len(dst)%32 == 0 {
		gatherAddAVX2(dst, src, rows)
		return
	}
	gatherAddGo(dst, src, rows)
}

// gatherAddAVX2 is gatherAddRef with 32-wide tiles of dst held in four
// YMM registers. len(dst) must be a multiple of 32.
func gatherAddAVX2(dst, src []float32, rows []int32) {
	n := len(dst)
	for t := 0; t < n; t += 32 {
		d := dst[t : t+32 : t+32]
		a0 := archsimd.LoadFloat32x8Slice(d[0:])
		a1 := archsimd.LoadFloat32x8Slice(d[8:])
		a2 := archsimd.LoadFloat32x8Slice(d[16:])
		a3 := archsimd.LoadFloat32x8Slice(d[24:])
		for _, r := range rows {
			o := int(r) + t
			g := src[o : o+32 : o+32]
			a0 = a0.Add(archsimd.LoadFloat32x8Slice(g[0:]))
			a1 = a1.Add(archsimd.LoadFloat32x8Slice(g[8:]))
			a2 = a2.Add(archsimd.LoadFloat32x8Slice(g[16:]))
			a3 = a3.Add(archsimd.LoadFloat32x8Slice(g[24:]))
		}
		a0.StoreSlice(d[0:])
		a1.StoreSlice(d[8:])
		a2.StoreSlice(d[16:])
		a3.StoreSlice(d[24:])
	}
}

func activateRow(x, acc []float32, act nn.Activation) {
	if hasAVX2 && len(acc)%8 == 0 {
		activateRowAVX2(x, acc, act)
		return
	}
	activateRowGo(x, acc, act)
}

func activationGrad(gacc, acc, w []float32, g float32, act nn.Activation) {
	if hasAVX2 && len(gacc)%8 == 0 {
		activationGradAVX2(gacc, acc, w, g, act)
		return
	}
	activationGradGo(gacc, acc, w, g, act)
}

// activateRowAVX2 is activateRowRef 8 lanes at a time (VMAXPS/VMINPS give
// the same values as the branches for every non-NaN input, ±0 included).
func activateRowAVX2(x, acc []float32, act nn.Activation) {
	zero := archsimd.BroadcastFloat32x8(0)
	one := archsimd.BroadcastFloat32x8(1)
	x = x[:len(acc)]
	for j := 0; j+8 <= len(acc); j += 8 {
		c := archsimd.LoadFloat32x8Slice(acc[j:]).Max(zero).Min(one)
		if act == nn.SCReLU {
			c = c.Mul(c)
		}
		c.StoreSlice(x[j:])
	}
}

// activationGradAVX2 is activationGradRef 8 lanes at a time, masking the
// lanes outside (0, 1) with compares.
func activationGradAVX2(gacc, acc, w []float32, g float32, act nn.Activation) {
	zero := archsimd.BroadcastFloat32x8(0)
	one := archsimd.BroadcastFloat32x8(1)
	acc = acc[:len(gacc)]
	w = w[:len(gacc)]
	if act == nn.SCReLU {
		g2 := archsimd.BroadcastFloat32x8(2 * g)
		for j := 0; j+8 <= len(gacc); j += 8 {
			v := archsimd.LoadFloat32x8Slice(acc[j:])
			c := v.Max(zero).Min(one)
			d := archsimd.LoadFloat32x8Slice(w[j:]).Mul(g2).Mul(c)
			d.Masked(v.Greater(zero).And(v.Less(one))).StoreSlice(gacc[j:])
		}
		return
	}
	gb := archsimd.BroadcastFloat32x8(g)
	for j := 0; j+8 <= len(gacc); j += 8 {
		v := archsimd.LoadFloat32x8Slice(acc[j:])
		d := archsimd.LoadFloat32x8Slice(w[j:]).Mul(gb)
		d.Masked(v.Greater(zero).And(v.Less(one))).StoreSlice(gacc[j:])
	}
}

// Sparse first-layer kernels: pure-Go reference loops and the tiled pure-Go path.
package train

import (
	"math"

	"dualnnue/nn"
)

// The feature transformer is a sparse × dense product: a position activates
// ~32 of F features, so its accumulator is the bias plus the sum of ~32
// weight rows, and the gradient of the weights touches only those rows.
// These two kernels are the hot path of training (≈ 2·32·N adds each per
// perspective and position); everything else is O(N) per position.
//
// Each kernel has a reference whose body is the definition, and a fast twin
// (ftForward/ftBackward) chosen at build time: the tiled pure-Go loops below,
// or the AVX2 loops in kernels_simd_amd64.go under GOEXPERIMENT=simd. The
// fast twins add in exactly the reference's order (bias first, then the
// features in order; no fused multiply-add), so all paths agree bit for bit
// (TestKernelsMatchReference).

// ftForwardRef sets acc to bias plus the weight rows of feats:
//
//	for j := range acc { acc[j] = bias[j] + Σ_f w[f·n+j] },  n = len(acc)
func ftForwardRef(acc, bias, w []float32, feats []uint16) {
	n := len(acc)
	copy(acc, bias[:n])
	for _, f := range feats {
		row := w[int(f)*n : int(f)*n+n]
		for j := range acc {
			acc[j] += row[j]
		}
	}
}

// ftBackwardRef adds gacc to the gradient row of every active feature:
//
//	for f in feats { gw[f·n+j] += gacc[j] },  n = len(gacc)
func ftBackwardRef(gw, gacc []float32, feats []uint16) {
	n := len(gacc)
	for _, f := range feats {
		row := gw[int(f)*n : int(f)*n+n]
		for j := range gacc {
			row[j] += gacc[j]
		}
	}
}

// ftForwardGo is ftForwardRef tiled 16 wide: the 16 partial sums stay in
// registers while the feature rows stream past, so each weight is loaded
// once and each accumulator element stored once. len(acc) must be a
// multiple of 16.
func ftForwardGo(acc, bias, w []float32, feats []uint16) {
	n := len(acc)
	for t := 0; t < n; t += 16 {
		b := bias[t : t+16 : t+16]
		a0, a1, a2, a3, a4, a5, a6, a7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
		a8, a9, a10, a11, a12, a13, a14, a15 := b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
		for _, f := range feats {
			o := int(f)*n + t
			r := w[o : o+16 : o+16]
			a0 += r[0]
			a1 += r[1]
			a2 += r[2]
			a3 += r[3]
			a4 += r[4]
			a5 += r[5]
			a6 += r[6]
			a7 += r[7]
			a8 += r[8]
			a9 += r[9]
			a10 += r[10]
			a11 += r[11]
			a12 += r[12]
			a13 += r[13]
			a14 += r[14]
			a15 += r[15]
		}
		d := acc[t : t+16 : t+16]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = a0, a1, a2, a3, a4, a5, a6, a7
		d[8], d[9], d[10], d[11], d[12], d[13], d[14], d[15] = a8, a9, a10, a11, a12, a13, a14, a15
	}
}

// ftBackwardGo is ftBackwardRef tiled 8 wide: the 8 gradient values stay in
// registers while the feature rows are updated. len(gacc) must be a
// multiple of 8.
func ftBackwardGo(gw, gacc []float32, feats []uint16) {
	n := len(gacc)
	for t := 0; t < n; t += 8 {
		g := gacc[t : t+8 : t+8]
		g0, g1, g2, g3, g4, g5, g6, g7 := g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]
		for _, f := range feats {
			o := int(f)*n + t
			r := gw[o : o+8 : o+8]
			r[0] += g0
			r[1] += g1
			r[2] += g2
			r[3] += g3
			r[4] += g4
			r[5] += g5
			r[6] += g6
			r[7] += g7
		}
	}
}

// activateRowRef writes the activations of one accumulator:
//
//	x[j] = clamp(acc[j], 0, 1)² (SCReLU) or clamp(acc[j], 0, 1) (CReLU)
func activateRowRef(x, acc []float32, act nn.Activation) {
	for j, v := range acc {
		c := v
		if c <= 0 {
			c = 0 // also turns −0 into +0, as max(v, 0) does
		}
		if c > 1 {
			c = 1
		}
		if act == nn.SCReLU {
			c *= c
		}
		x[j] = c
	}
}

// activationGradRef writes the gradient of the loss with respect to the
// pre-activations acc of one perspective, given g = ∂loss/∂out and the
// output weights w of that perspective's half:
//
//	gacc[j] = g · w[j] · act'(acc[j]),  SCReLU' = 2·acc on (0, 1), CReLU' = 1 on (0, 1), 0 elsewhere
//
// computed as (2g·w[j])·acc[j] and g·w[j], the rounding order every twin keeps.
func activationGradRef(gacc, acc, w []float32, g float32, act nn.Activation) {
	for j, v := range acc {
		switch {
		case v <= 0 || v >= 1:
			gacc[j] = 0
		case act == nn.SCReLU:
			gacc[j] = float32(2*g*w[j]) * v
		default:
			gacc[j] = g * w[j]
		}
	}
}

// activateRowGo is activateRowRef with min/max instead of branches.
func activateRowGo(x, acc []float32, act nn.Activation) {
	x = x[:len(acc)]
	if act == nn.SCReLU {
		for j, v := range acc {
			v = min(max(v, 0), 1)
			x[j] = v * v
		}
		return
	}
	for j, v := range acc {
		x[j] = min(max(v, 0), 1)
	}
}

// signMask returns all ones when v is negative (sign bit set), else zero.
func signMask(v float32) uint32 { return uint32(int32(math.Float32bits(v)) >> 31) }

// activationGradGo is activationGradRef without branches: the accumulators
// of a batch straddle 0 and 1 at random, so a branch per element would be
// mispredicted about half of the time. v−1 < 0 ⇔ v < 1, and 0−v < 0 ⇔ v > 0
// (0−(±0) = +0); masking both sides also turns SCReLU's −0 products into
// the reference's +0.
func activationGradGo(gacc, acc, w []float32, g float32, act nn.Activation) {
	acc = acc[:len(gacc)]
	w = w[:len(gacc)]
	if act == nn.SCReLU {
		g2 := 2 * g
		for j, v := range acc {
			c := min(max(v, 0), 1)
			d := float32(g2*w[j]) * c
			gacc[j] = math.Float32frombits(math.Float32bits(d) & signMask(v-1) & signMask(0-v))
		}
		return
	}
	for j, v := range acc {
		d := g * w[j]
		gacc[j] = math.Float32frombits(math.Float32bits(d) & signMask(v-1) & signMask(0-v))
	}
}

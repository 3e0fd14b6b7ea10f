// Sparse first-layer kernels: pure-Go reference loops and the tiled pure-Go path.
package train

import (
	"math"

	"dualnnue/nn"
)

// The feature transformer is a sparse × dense product: a position activates
// ~32 of F features, so its accumulator is the bias plus the sum of ~32
// weight rows, and the gradient of the weights touches only those rows.
// The forward kernel and gatherAdd (the backward, feature-major) are the
// hot path of training (≈ 32·N adds each per perspective and position);
// everything else is O(N) per position.
//
// Each kernel has a reference whose body is the definition, and a fast twin
// (ftForward, gatherAdd, activateRow, activationGrad) chosen at build time: the tiled pure-Go loops below,
// or the AVX2 loops in kernels_simd_amd64.go under GOEXPERIMENT=simd. The
// fast twins add in exactly the reference's order (bias first, then the
// features in order; no fused multiply-add), so all paths agree bit for bit
// (TestKernelsMatchReference).
//
// The step calls their chunk forms (ftForwardChunk, gatherAddFeatures,
// whose references loop over the per-row ones): where the CPU has AVX-512
// they run one 128-column tile of every position or feature of a chunk per
// call, the same additions in the same order, so also bit for bit.

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

// ftForwardGo is ftForwardRef tiled 8 wide: the 8 partial sums stay in
// registers while the feature rows stream past, so each weight is loaded
// once and each accumulator element stored once. (Go's amd64 ABI leaves
// 15 float registers; a 16-wide tile spills two sums to the stack and
// puts a store-to-load forwarding chain into the loop.) len(acc) must be a
// multiple of 8.
func ftForwardGo(acc, bias, w []float32, feats []uint16) {
	n := len(acc)
	for t := 0; t < n; t += 8 {
		b := bias[t : t+8 : t+8]
		a0, a1, a2, a3, a4, a5, a6, a7 := b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]
		for _, f := range feats {
			o := int(f)*n + t
			r := w[o : o+8 : o+8]
			a0 += r[0]
			a1 += r[1]
			a2 += r[2]
			a3 += r[3]
			a4 += r[4]
			a5 += r[5]
			a6 += r[6]
			a7 += r[7]
		}
		d := acc[t : t+8 : t+8]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = a0, a1, a2, a3, a4, a5, a6, a7
	}
}

// gatherAddRef adds the rows of src that start at the offsets rows to dst,
// in order:
//
//	for r in rows { dst[j] += src[r+j] },  j < len(dst)
//
// This is the feature-major form of the first layer's weight gradient: a
// chunk's ∂loss/∂acc rows stay in cache and every active feature's gradient
// row is read and written once per chunk instead of once per occurrence.
func gatherAddRef(dst, src []float32, rows []int32) {
	n := len(dst)
	for _, r := range rows {
		row := src[int(r) : int(r)+n]
		for j := range dst {
			dst[j] += row[j]
		}
	}
}

// gatherAddGo is gatherAddRef tiled 8 wide, the partial sums in registers.
// len(dst) must be a multiple of 8.
func gatherAddGo(dst, src []float32, rows []int32) {
	n := len(dst)
	for t := 0; t < n; t += 8 {
		d := dst[t : t+8 : t+8]
		a0, a1, a2, a3, a4, a5, a6, a7 := d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]
		for _, r := range rows {
			o := int(r) + t
			g := src[o : o+8 : o+8]
			a0 += g[0]
			a1 += g[1]
			a2 += g[2]
			a3 += g[3]
			a4 += g[4]
			a5 += g[5]
			a6 += g[6]
			a7 += g[7]
		}
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = a0, a1, a2, a3, a4, a5, a6, a7
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

// pairwiseRow writes the pairwise products of one perspective's
// accumulator acc (length 2h) into x (length h), as nn.Model.L1Output:
//
//	x[i] = clamp(acc[i], 0, 1) · clamp(acc[h+i], 0, 1)
//
// It runs once per position and perspective (O(N), beside the O(32·N)
// sparse kernels), so it has no SIMD twin.
func pairwiseRow(x, acc []float32) {
	h := len(x)
	lo, hi := acc[:h], acc[h:2*h]
	for i := range x {
		x[i] = min(max(lo[i], 0), 1) * min(max(hi[i], 0), 1)
	}
}

// pairwiseGradRef writes ∂loss/∂acc of one perspective (gacc, acc of length
// 2h) given gx = ∂loss/∂x (length h) of pairwiseRow's products:
//
//	gacc[i]   = gx[i] · clamp(acc[h+i], 0, 1)  where 0 < acc[i] < 1, else 0
//	gacc[h+i] = gx[i] · clamp(acc[i], 0, 1)    where 0 < acc[h+i] < 1, else 0
func pairwiseGradRef(gacc, acc, gx []float32) {
	h := len(gx)
	lo, hi := acc[:h], acc[h:2*h]
	glo, ghi := gacc[:h], gacc[h:2*h]
	for i, g := range gx {
		a, b := lo[i], hi[i]
		ca, cb := min(max(a, 0), 1), min(max(b, 0), 1)
		glo[i], ghi[i] = 0, 0
		if a > 0 && a < 1 {
			glo[i] = g * cb
		}
		if b > 0 && b < 1 {
			ghi[i] = g * ca
		}
	}
}

// pairwiseGrad is pairwiseGradRef without branches (activationGradGo's
// masks): the accumulators straddle 0 and 1 at random, so the reference's
// branches are mispredicted about half of the time. Bit for bit the
// reference's values for every non-NaN input.
func pairwiseGrad(gacc, acc, gx []float32) {
	h := len(gx)
	lo, hi := acc[:h], acc[h:2*h]
	glo, ghi := gacc[:h], gacc[h:2*h]
	for i, g := range gx {
		a, b := lo[i], hi[i]
		ca, cb := min(max(a, 0), 1), min(max(b, 0), 1)
		glo[i] = math.Float32frombits(math.Float32bits(g*cb) & signMask(a-1) & signMask(0-a))
		ghi[i] = math.Float32frombits(math.Float32bits(g*ca) & signMask(b-1) & signMask(0-b))
	}
}

// ftForwardChunkRef is ftForwardRef for the c = len(offs)−1 positions of a
// chunk, position p's accumulator acc[p·stride : p·stride+n] from its
// features feats[offs[p]:offs[p+1]]:
//
//	for p { ftForwardRef(acc[p·stride:p·stride+n], bias, w, feats[offs[p]:offs[p+1]]) }
//
// A chunk at a time, the fast twin (ftForwardChunk) can run one column tile
// of every position before the next, so that the tile's slice of the
// weights stays in L2 while the chunk's rows stream past.
func ftForwardChunkRef(acc []float32, stride, n int, bias, w []float32, feats []uint16, offs []int32) {
	for p := 0; p+1 < len(offs); p++ {
		ftForwardRef(acc[p*stride:p*stride+n], bias, w, feats[offs[p]:offs[p+1]])
	}
}

// ftForwardRows is ftForwardChunkRef through ftForward, one position at a
// time: the fast twin's path for shapes its tiles do not fit.
func ftForwardRows(acc []float32, stride, n int, bias, w []float32, feats []uint16, offs []int32) {
	for p := 0; p+1 < len(offs); p++ {
		ftForward(acc[p*stride:p*stride+n], bias, w, feats[offs[p]:offs[p+1]])
	}
}

// gatherAddFeaturesRef is gatherAddRef for every active feature of a chunk:
// row feats[k] of dst (n wide) gets the rows of src at the offsets
// rows[starts[k]:starts[k+1]], in order:
//
//	for k, f := range feats { gatherAddRef(dst[f·n:(f+1)·n], src, rows[starts[k]:starts[k+1]]) }
//
// The fast twin (gatherAddFeatures) can run one column tile of every
// feature before the next, so that the tile's slice of src (the chunk's
// ∂loss/∂acc rows) stays in L2.
func gatherAddFeaturesRef(dst []float32, n int, src []float32, feats, starts, rows []int32) {
	for k, f := range feats {
		gatherAddRef(dst[int(f)*n:int(f)*n+n], src, rows[starts[k]:starts[k+1]])
	}
}

// gatherAddRowsOf is gatherAddFeaturesRef through gatherAdd, one feature at
// a time: the fast twin's path for shapes its tiles do not fit.
func gatherAddRowsOf(dst []float32, n int, src []float32, feats, starts, rows []int32) {
	for k, f := range feats {
		gatherAdd(dst[int(f)*n:int(f)*n+n], src, rows[starts[k]:starts[k+1]])
	}
}

// ftForwardColsRef is ftForwardRef for columns [j0, j1) of the positions
// idx lists (in that order), position p's accumulator at acc[p·stride:]
// from its features feats[offs[p]:offs[p+1]] and the weight rows of width
// n, feature f's row at w[(f−f0)·n:] (w may hold the rows of one block of
// features, the first being f0):
//
//	for _, p := range idx { for j := j0; j < j1; j++ { acc[p·stride+j] = bias[j] + Σ_f w[(f−f0)·n+j] } }
//
// The split step (split.go) runs it over a span of positions, each worker
// on its own columns, the positions in the order of their input buckets.
func ftForwardColsRef(acc []float32, stride, n, j0, j1 int, bias, w []float32, f0 int, feats []uint16, offs, idx []int32) {
	for _, p := range idx {
		a := acc[int(p)*stride+j0 : int(p)*stride+j1]
		copy(a, bias[j0:j1])
		for _, f := range feats[offs[p]:offs[p+1]] {
			row := w[(int(f)-f0)*n+j0 : (int(f)-f0)*n+j1]
			for j := range a {
				a[j] += row[j]
			}
		}
	}
}

// gatherSetColsRef is gatherAddColsRef into rows of dst cleared first: each
// feature's columns [j0, j1) become the sum of its rows, from +0:
//
//	for k, f := range feats { for j := j0; j < j1; j++ { dst[f·n+j] = 0 }; … as gatherAddColsRef }
//
// The split step's first span starts the first layer's gradient with it
// instead of clearing the whole gradient and then adding (the same values:
// the sum starts from +0 either way).
func gatherSetColsRef(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32) {
	for _, f := range feats {
		clear(dst[int(f)*n+j0 : int(f)*n+j1])
	}
	gatherAddColsRef(dst, n, j0, j1, src, feats, starts, rows)
}

// gatherAddColsRef is gatherAddFeaturesRef for columns [j0, j1) of the
// rows (width n) of dst:
//
//	for k, f := range feats { for _, r := range rows[starts[k]:starts[k+1]] { for j := j0; j < j1; j++ { dst[f·n+j] += src[r+j] } } }
func gatherAddColsRef(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32) {
	for k, f := range feats {
		d := dst[int(f)*n+j0 : int(f)*n+j1]
		for _, r := range rows[starts[k]:starts[k+1]] {
			row := src[int(r)+j0 : int(r)+j1]
			for j := range d {
				d[j] += row[j]
			}
		}
	}
}

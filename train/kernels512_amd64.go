// The chunk kernels in AVX-512 (kernels512_amd64.s) where the CPU has it, in both amd64 kernel paths.

//go:build amd64 && !purego

package train

import "golang.org/x/sys/cpu"

// hasAVX512 is true when the CPU and the OS support AVX-512F (32 ZMM registers).
var hasAVX512 = cpu.X86.HasAVX512F

// tileCols is the column tile of the AVX-512 chunk kernels, 128 (eight ZMM
// sums), or 0 to use the per-position kernels (tests). A 128-column tile
// of a 768-feature block of weights is 384 KiB, which stays in a 1 MiB L2
// while the whole chunk's rows stream past. (A 256-column tile measured
// the same on the loaded machine and was dropped.)
var tileCols = func() int {
	if hasAVX512 {
		return 128
	}
	return 0
}()

// asmFTForwardTile128 is one 128-column tile of ftForwardChunkRef (acc,
// bias and w start at the tile's column), reading without bounds checks
// (ftForwardChunk checks).
//
//go:noescape
func asmFTForwardTile128(acc []float32, stride int, bias, w []float32, n int, feats []uint16, offs []int32)

// asmGatherAddTile128 is one 128-column tile of gatherAddFeaturesRef (dst
// and src start at the tile's column), reading without bounds checks
// (gatherAddFeatures checks).
//
//go:noescape
func asmGatherAddTile128(dst []float32, n int, src []float32, feats, starts, rows []int32)

// ftForwardChunk is ftForwardChunkRef, bit for bit: with AVX-512 one column
// tile of every position at a time, else position by position.
func ftForwardChunk(acc []float32, stride, n int, bias, w []float32, feats []uint16, offs []int32) {
	t := tileCols
	c := len(offs) - 1
	if t == 0 || n%t != 0 || c <= 0 {
		ftForwardRows(acc, stride, n, bias, w, feats, offs)
		return
	}
	if stride < n || (c-1)*stride+n > len(acc) || len(bias) < n {
		panic(errShape)
	}
	for p := range c {
		if offs[p] < 0 || offs[p] > offs[p+1] {
			panic(errShape)
		}
	}
	for _, f := range feats[offs[0]:offs[c]] {
		if (int(f)+1)*n > len(w) {
			panic(errFeature(int(f), len(w)/n))
		}
	}
	for j := 0; j < n; j += t {
		asmFTForwardTile128(acc[j:], stride, bias[j:], w[j:], n, feats, offs)
	}
}

// gatherAddFeatures is gatherAddFeaturesRef, bit for bit: with AVX-512 one
// column tile of every feature at a time, else feature by feature.
func gatherAddFeatures(dst []float32, n int, src []float32, feats, starts, rows []int32) {
	t := tileCols
	if t == 0 || n%t != 0 || len(feats) == 0 {
		gatherAddRowsOf(dst, n, src, feats, starts, rows)
		return
	}
	k := len(feats)
	if len(starts) != k+1 || starts[0] < 0 || int(starts[k]) > len(rows) {
		panic(errShape)
	}
	for i, f := range feats {
		if f < 0 || (int(f)+1)*n > len(dst) || starts[i] > starts[i+1] {
			panic(errShape)
		}
	}
	for _, r := range rows[starts[0]:starts[k]] {
		if r < 0 || int(r)+n > len(src) {
			panic(errShape)
		}
	}
	for j := 0; j < n; j += t {
		asmGatherAddTile128(dst[j:], n, src[j:], feats, starts, rows)
	}
}

// asmGatherSetTile128 is one 128-column tile of gatherSetColsRef (dst and
// src start at the tile's column): asmGatherAddTile128 with each feature's
// sums started from +0 instead of its dst row, reading without bounds
// checks (gatherCols checks).
//
//go:noescape
func asmGatherSetTile128(dst []float32, n int, src []float32, feats, starts, rows []int32)

// asmFTForwardTile128Idx is one 128-column tile of ftForwardColsRef (acc,
// bias and w start at the tile's column), reading without bounds checks
// (ftForwardCols checks).
//
//go:noescape
func asmFTForwardTile128Idx(acc []float32, stride int, bias, w []float32, n, f0 int, feats []uint16, offs, idx []int32)

// colTile returns the column unit of the split step's kernels for rows of
// width n: the AVX-512 tile where it divides n, else 0 (any columns, the
// reference loops).
func colTile(n int) int {
	if t := tileCols; t > 0 && n%t == 0 {
		return t
	}
	return 0
}

// ftForwardCols is ftForwardColsRef, bit for bit: with AVX-512 one column
// tile of every listed position at a time where j0 and j1 fall on tiles.
// With vouched the caller vouches (the split step, having checked its
// batch once) that every listed position p lies in [0, len(offs)−1) with
// its row inside acc, that offs[p] ≤ offs[p+1] ≤ len(feats), and that
// every feature of those positions has its row in w; only the arguments'
// shapes are checked then, not each position and feature (4 % of a kb16
// step's profile went to those checks, made again for every column tile).
func ftForwardCols(acc []float32, stride, n, j0, j1 int, bias, w []float32, f0 int, feats []uint16, offs, idx []int32, vouched bool) {
	t := colTile(n)
	if t == 0 || j0%t != 0 || j1%t != 0 || len(idx) == 0 {
		ftForwardColsRef(acc, stride, n, j0, j1, bias, w, f0, feats, offs, idx)
		return
	}
	if j0 < 0 || j1 > n || j0 > j1 || stride < n || len(bias) < n || f0 < 0 {
		panic(errShape)
	}
	if !vouched {
		for _, p := range idx {
			if p < 0 || int(p)+1 >= len(offs) || (int(p)+1)*stride > len(acc)+stride-n {
				panic(errShape)
			}
			f0s, f1s := offs[p], offs[p+1]
			if f0s < 0 || f0s > f1s || int(f1s) > len(feats) {
				panic(errShape)
			}
			for _, f := range feats[f0s:f1s] {
				if int(f) < f0 || (int(f)-f0+1)*n > len(w) {
					panic(errFeature(int(f), len(w)/n))
				}
			}
		}
	}
	for j := j0; j < j1; j += t {
		asmFTForwardTile128Idx(acc[j:], stride, bias[j:], w[j:], n, f0, feats, offs, idx)
	}
}

// gatherAddCols is gatherAddColsRef, bit for bit: with AVX-512 one column
// tile of every feature at a time where j0 and j1 fall on tiles.
func gatherAddCols(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32) {
	gatherCols(dst, n, j0, j1, src, feats, starts, rows, -1, false)
}

// gatherCols is gatherAddCols, or gatherSetColsRef's values if set. With
// maxRow ≥ 0 the caller vouches that every row lies in [0, maxRow] (the
// split step's feature lists, built so), and only maxRow is checked
// against src instead of each row (a third of the split step's backward
// outside the kernel went to those checks).
func gatherCols(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32, maxRow int, set bool) {
	t := colTile(n)
	if t == 0 || j0%t != 0 || j1%t != 0 || len(feats) == 0 {
		if set {
			gatherSetColsRef(dst, n, j0, j1, src, feats, starts, rows)
			return
		}
		gatherAddColsRef(dst, n, j0, j1, src, feats, starts, rows)
		return
	}
	k := len(feats)
	if j0 < 0 || j1 > n || j0 > j1 || len(starts) != k+1 || starts[0] < 0 || int(starts[k]) > len(rows) {
		panic(errShape)
	}
	for i, f := range feats {
		if f < 0 || (int(f)+1)*n > len(dst) || starts[i] > starts[i+1] {
			panic(errShape)
		}
	}
	if maxRow >= 0 {
		if maxRow+j1 > len(src) {
			panic(errShape)
		}
	} else {
		for _, r := range rows[starts[0]:starts[k]] {
			if r < 0 || int(r)+j1 > len(src) {
				panic(errShape)
			}
		}
	}
	for j := j0; j < j1; j += t {
		if set {
			asmGatherSetTile128(dst[j:], n, src[j:], feats, starts, rows)
		} else {
			asmGatherAddTile128(dst[j:], n, src[j:], feats, starts, rows)
		}
	}
}

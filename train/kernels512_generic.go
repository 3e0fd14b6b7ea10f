// The chunk kernels for non-amd64 and purego builds: the per-position and per-feature fast twins.

//go:build !amd64 || purego

package train

func ftForwardChunk(acc []float32, stride, n int, bias, w []float32, feats []uint16, offs []int32) {
	ftForwardRows(acc, stride, n, bias, w, feats, offs)
}

func gatherAddFeatures(dst []float32, n int, src []float32, feats, starts, rows []int32) {
	gatherAddRowsOf(dst, n, src, feats, starts, rows)
}

// colTile is the column unit of the split step's kernels: 0, any columns.
func colTile(n int) int { return 0 }

func ftForwardCols(acc []float32, stride, n, j0, j1 int, bias, w []float32, f0 int, feats []uint16, offs, idx []int32, vouched bool) {
	ftForwardColsRef(acc, stride, n, j0, j1, bias, w, f0, feats, offs, idx)
}

func gatherAddCols(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32) {
	gatherAddColsRef(dst, n, j0, j1, src, feats, starts, rows)
}

func gatherCols(dst []float32, n, j0, j1 int, src []float32, feats, starts, rows []int32, maxRow int, set bool) {
	if set {
		gatherSetColsRef(dst, n, j0, j1, src, feats, starts, rows)
		return
	}
	gatherAddColsRef(dst, n, j0, j1, src, feats, starts, rows)
}

// The chunk kernels for non-amd64 and purego builds: the per-position and per-feature fast twins.

//go:build !amd64 || purego

package train

func ftForwardChunk(acc []float32, stride, n int, bias, w []float32, feats []uint16, offs []int32) {
	ftForwardRows(acc, stride, n, bias, w, feats, offs)
}

func gatherAddFeatures(dst []float32, n int, src []float32, feats, starts, rows []int32) {
	gatherAddRowsOf(dst, n, src, feats, starts, rows)
}

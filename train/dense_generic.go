// The hidden layer stack's matrix product on other platforms and purego builds: the Go loop.

//go:build !amd64 || purego

package train

func gemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	checkGemm(c, ldc, a, lda, b, ldb, m, n, k)
	gemmAccRef(c, ldc, a, lda, b, ldb, m, n, k)
}

func dotRows(out, x []float32, ldx int, w []float32, b float32) {
	checkRows(x, ldx, len(out), len(w))
	dotRowsGonum(out, x, ldx, w, b)
}

func axpyRows(dst, a, x []float32, ldx int) {
	checkRows(x, ldx, len(a), len(dst))
	axpyRowsGonum(dst, a, x, ldx)
}

// The hidden layer stack's matrix product on other platforms and purego builds: the Go loop.

//go:build !amd64 || purego

package train

import "dualnnue/nn"

func gemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	checkGemm(c, ldc, a, lda, b, ldb, m, n, k)
	gemmAccRef(c, ldc, a, lda, b, ldb, m, n, k)
}

func gemmActGrad(gacc []float32, ldg int, acc []float32, ldacc int, gh []float32, lda int, w []float32, ldb int, m, n, k int, act nn.Activation, gy []float32) {
	gemmActGradRef(gacc, ldg, acc, ldacc, gh, lda, w, ldb, m, n, k, act, gy)
}

func dotRows(out, x []float32, ldx int, w []float32, b float32) {
	checkRows(x, ldx, len(out), len(w))
	dotRowsGonum(out, x, ldx, w, b)
}

func axpyRows(dst, a, x []float32, ldx int) {
	checkRows(x, ldx, len(a), len(dst))
	axpyRowsGonum(dst, a, x, ldx)
}

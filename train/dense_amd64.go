// The hidden layer stack's matrix product in AVX assembly on amd64 (dense_amd64.s).

//go:build amd64 && !purego

package train

// asmGemmAcc is gemmAccRef for m % 4 == 0 and n % 16 == 0, reading
// without bounds checks (gemmAcc checks).
//
//go:noescape
func asmGemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int)

// gemmAcc is gemmAccRef, in AVX blocks of 4 rows × 16 columns where the
// CPU has AVX and n % 16 == 0 (the rows past a multiple of 4 in Go).
func gemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	checkGemm(c, ldc, a, lda, b, ldb, m, n, k)
	m4 := m &^ 3
	if !hasAVXAdam || n%16 != 0 {
		m4 = 0
	}
	if m4 > 0 {
		asmGemmAcc(c, ldc, a, lda, b, ldb, m4, n, k)
	}
	if m4 < m {
		gemmAccRef(c[m4*ldc:], ldc, a[m4*lda:], lda, b, ldb, m-m4, n, k)
	}
}

// Small matrix products for the hidden layer stack, a chunk of positions at a time.
package train

// gemmAccRef adds the product of A (m × k) and B (k × n) to C (m × n),
// all row-major with row strides lda, ldb, ldc (in elements):
//
//	C[i][j] += Σ_l A[i][l]·B[l][j]
//
// The hidden layers of a chunk of positions are three such products (the
// forward pass, the weight gradient and the gradient of the inputs); the
// fast twin (gemmAcc) sums the products in another grouping, so results
// agree within float32 rounding, not bit for bit.
func gemmAccRef(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	for i := range m {
		ci := c[i*ldc : i*ldc+n]
		for l := range k {
			ail := a[i*lda+l]
			bl := b[l*ldb : l*ldb+n]
			for j := range ci {
				ci[j] += ail * bl[j]
			}
		}
	}
}

// checkGemm panics unless the strides and slices hold the matrices of
// gemmAccRef (m, n, k ≥ 1).
func checkGemm(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	if ldc < n || lda < k || ldb < n || (m-1)*ldc+n > len(c) || (m-1)*lda+k > len(a) || (k-1)*ldb+n > len(b) {
		panic(errShape)
	}
}

// transpose writes the transpose of the r × c row-major matrix src (row
// stride c) into dst (c × r, row stride r).
func transpose(dst, src []float32, r, c int) {
	src, dst = src[:r*c], dst[:r*c]
	for i := range r {
		row := src[i*c : (i+1)*c]
		for j, v := range row {
			dst[j*r+i] = v
		}
	}
}

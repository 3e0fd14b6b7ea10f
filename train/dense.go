// Small matrix products for the hidden layer stack, a chunk of positions at a time.
package train

import (
	"dualnnue/nn"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

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

// gemmActGradRef writes to gacc (m rows of n, stride ldg) the gradient of
// the loss with respect to the first layer's pre-activations acc (stride
// ldacc), given the gradient gh (m × k, stride lda) of the first hidden
// layer's pre-activations and that layer's weights w (k × n, stride ldb):
// each row's ∂loss/∂x is the product gh·w, formed by gemmAcc in the
// cleared rows of gy (at least m·n floats), then taken through the
// activation by activationGrad with g = 1:
//
//	clear(gy); gemmAcc(gy, n, gh, lda, w, ldb, m, n, k)
//	for i < m { activationGrad(gacc[i·ldg:i·ldg+n], acc[i·ldacc:i·ldacc+n], gy[i·n:(i+1)·n], 1, act) }
//
// gacc may be acc itself. The fast twin (gemmActGrad) fuses the two in one
// pass: the same operations in the same order, bit for bit, without
// writing and reading gy.
func gemmActGradRef(gacc []float32, ldg int, acc []float32, ldacc int, gh []float32, lda int, w []float32, ldb int, m, n, k int, act nn.Activation, gy []float32) {
	if m <= 0 {
		return
	}
	gy = gy[:m*n]
	clear(gy)
	gemmAcc(gy, n, gh, lda, w, ldb, m, n, k)
	for i := range m {
		activationGrad(gacc[i*ldg:i*ldg+n], acc[i*ldacc:i*ldacc+n], gy[i*n:(i+1)*n], 1, act)
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

// dotRowsRef writes the output layer of a chunk of positions, one dot
// product per row of x (row stride ldx) with the weights w:
//
//	out[i] = b + Σ_j x[i·ldx+j]·w[j],  i < len(out), j < len(w)
//
// The fast twin (dotRows) sums in another grouping, with fused
// multiply-adds where the CPU has AVX-512: within float32 rounding of each
// sum, not bit for bit.
func dotRowsRef(out, x []float32, ldx int, w []float32, b float32) {
	for i := range out {
		row := x[i*ldx : i*ldx+len(w)]
		var s float32
		for j, v := range row {
			s += v * w[j]
		}
		out[i] = s + b
	}
}

// axpyRowsRef adds the rows of x (row stride ldx), weighted by a, to dst:
//
//	dst[j] += Σ_i a[i]·x[i·ldx+j],  i < len(a), j < len(dst)
//
// the output layer's weight gradient of a chunk of positions. The fast
// twin (axpyRows) keeps float32 rounding, not the bits, as dotRows.
func axpyRowsRef(dst, a, x []float32, ldx int) {
	for i, ai := range a {
		row := x[i*ldx : i*ldx+len(dst)]
		for j, v := range row {
			dst[j] += ai * v
		}
	}
}

// checkRows panics unless x (row stride ldx) holds rows × cols.
func checkRows(x []float32, ldx, rows, cols int) {
	if rows > 0 && (ldx < cols || (rows-1)*ldx+cols > len(x)) {
		panic(errShape)
	}
}

// dotRowsGonum is dotRowsRef through gonum's Gemv.
func dotRowsGonum(out, x []float32, ldx int, w []float32, b float32) {
	if len(out) == 0 {
		return
	}
	xm := blas32.General{Rows: len(out), Cols: len(w), Stride: ldx, Data: x}
	blas32.Gemv(blas.NoTrans, 1, xm, blas32.Vector{N: len(w), Inc: 1, Data: w}, 0,
		blas32.Vector{N: len(out), Inc: 1, Data: out})
	for i := range out {
		out[i] += b
	}
}

// axpyRowsGonum is axpyRowsRef through gonum's Gemv (transposed).
func axpyRowsGonum(dst, a, x []float32, ldx int) {
	if len(a) == 0 {
		return
	}
	xm := blas32.General{Rows: len(a), Cols: len(dst), Stride: ldx, Data: x}
	blas32.Gemv(blas.Trans, 1, xm, blas32.Vector{N: len(a), Inc: 1, Data: a}, 1,
		blas32.Vector{N: len(dst), Inc: 1, Data: dst})
}

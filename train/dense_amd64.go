// The hidden layer stack's matrix product in AVX assembly on amd64 (dense_amd64.s).

//go:build amd64 && !purego

package train

import "dualnnue/nn"

// asmGemmAcc is gemmAccRef for m % 4 == 0 and n % 16 == 0, reading
// without bounds checks (gemmAcc checks).
//
//go:noescape
func asmGemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int)

// asmGemmAcc512 is gemmAccRef for m % 8 == 0, n % 16 == 0 and k ≥ 1 in
// AVX-512 with fused multiply-adds, reading without bounds checks
// (gemmAcc checks).
//
//go:noescape
func asmGemmAcc512(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int)

// asmGemmActGrad512 is gemmActGradRef for m % 8 == 0, n % 32 == 0 and
// k ≥ 1 in AVX-512, bit for bit the composition of asmGemmAcc512 and
// asmActivationGrad (gs: 2 for SCReLU, 1 for CReLU), reading without
// bounds checks (gemmActGrad checks).
//
//go:noescape
func asmGemmActGrad512(gacc []float32, ldg int, acc []float32, ldacc int, a []float32, lda int, b []float32, ldb int, m, n, k int, gs float32, square bool)

// gemmActGrad is gemmActGradRef, bit for bit: where the CPU has AVX-512,
// blocks of 8 rows × 32 columns of gh·w are formed in registers and taken
// through the activation gradient at once (the product's sums as
// asmGemmAcc512 forms them, the activation's operations as
// asmActivationGrad's), the rows past a multiple of 8 through
// gemmActGradRef. In the split step gacc is acc (rows of the span, in
// place), and gy is neither cleared, written nor read: 512 KiB of a
// 128-position chunk's working set at N = 512.
func gemmActGrad(gacc []float32, ldg int, acc []float32, ldacc int, gh []float32, lda int, w []float32, ldb int, m, n, k int, act nn.Activation, gy []float32) {
	m8 := 0
	if gemmAVX512 && hasAVX2 && n%32 == 0 && k >= 1 && (act == nn.SCReLU || act == nn.CReLU) {
		m8 = m &^ 7
	}
	if m8 > 0 {
		checkGemm(gacc, ldg, gh, lda, w, ldb, m8, n, k)
		if ldacc < n || (m8-1)*ldacc+n > len(acc) {
			panic(errShape)
		}
		gs := float32(1)
		if act == nn.SCReLU {
			gs = 2
		}
		asmGemmActGrad512(gacc, ldg, acc, ldacc, gh, lda, w, ldb, m8, n, k, gs, act == nn.SCReLU)
		if m8 == m {
			return
		}
	}
	gemmActGradRef(gacc[m8*ldg:], ldg, acc[m8*ldacc:], ldacc, gh[m8*lda:], lda, w, ldb, m-m8, n, k, act, gy)
}

// gemmAVX512 selects asmGemmAcc512 (tests turn it off to reach the AVX path).
var gemmAVX512 = hasAVX512

// gemmAcc is gemmAccRef where n % 16 == 0: in AVX-512 blocks of 8 rows
// (fused multiply-adds) where the CPU has AVX-512, then in AVX blocks of 4
// rows, the rows past a multiple of 4 in Go.
func gemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	checkGemm(c, ldc, a, lda, b, ldb, m, n, k)
	if m8 := m &^ 7; gemmAVX512 && n%16 == 0 && m8 > 0 {
		asmGemmAcc512(c, ldc, a, lda, b, ldb, m8, n, k)
		if m8 == m {
			return
		}
		c, a, m = c[m8*ldc:], a[m8*lda:], m-m8
	}
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

// asmDotRows is dotRowsRef for len(w) % 64 == 0 in AVX-512, reading
// without bounds checks (dotRows checks).
//
//go:noescape
func asmDotRows(out, x []float32, ldx int, w []float32, b float32)

// asmAxpyRows is axpyRowsRef for len(dst) % 128 == 0 and len(a) ≥ 1 in
// AVX-512, reading without bounds checks (axpyRows checks).
//
//go:noescape
func asmAxpyRows(dst, a, x []float32, ldx int)

// dotRows is dotRowsRef: in AVX-512 where the CPU has it and len(w) % 64
// == 0, else through gonum (Gemv).
func dotRows(out, x []float32, ldx int, w []float32, b float32) {
	checkRows(x, ldx, len(out), len(w))
	if gemmAVX512 && len(w)%64 == 0 && len(out) > 0 {
		asmDotRows(out, x, ldx, w, b)
		return
	}
	dotRowsGonum(out, x, ldx, w, b)
}

// axpyRows is axpyRowsRef: in AVX-512 where the CPU has it and len(dst) %
// 128 == 0, else through gonum (Gemv, transposed).
func axpyRows(dst, a, x []float32, ldx int) {
	checkRows(x, ldx, len(a), len(dst))
	if gemmAVX512 && len(dst)%128 == 0 && len(a) > 0 {
		asmAxpyRows(dst, a, x, ldx)
		return
	}
	axpyRowsGonum(dst, a, x, ldx)
}

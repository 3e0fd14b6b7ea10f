// AVX-512 small matrix product (fused multiply-add) for the hidden layer stack, Go assembly for amd64 builds (both kernel paths).

//go:build amd64 && !purego

#include "textflag.h"

// func asmGemmAcc512(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int)
// C[i][j] += Σ_l A[i][l]·B[l][j] for i < m (m % 8 == 0), j < n (n % 16 == 0), l < k (k ≥ 1),
// row-major with row strides ldc, lda, ldb (elements). Blocks of 8 rows × 32 columns in
// sixteen ZMM sums (then one of 8 × 16 where 16 columns remain), each product fused into
// its sum (VFMADD231PS), the block's sums added to C at the end.
TEXT ·asmGemmAcc512(SB), NOSPLIT, $0-120
	MOVQ c_base+0(FP), DI
	MOVQ ldc+24(FP), R8
	MOVQ a_base+32(FP), SI
	MOVQ lda+56(FP), R9
	MOVQ b_base+64(FP), R11
	MOVQ ldb+88(FP), R12
	SHLQ $2, R8              // ldc bytes
	SHLQ $2, R9              // lda bytes
	SHLQ $2, R12             // ldb bytes
	LEAQ (R9)(R9*2), R13     // 3·lda bytes
	MOVQ m+96(FP), R10       // rows left

g_rows:
	CMPQ R10, $0
	JLE  g_done
	XORQ DX, DX              // column offset in bytes

g_cols32:
	MOVQ n+104(FP), AX
	SHLQ $2, AX
	SUBQ $128, AX            // the last offset where 32 columns start
	CMPQ DX, AX
	JG   g_cols16
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7
	VXORPS Z8, Z8, Z8
	VXORPS Z9, Z9, Z9
	VXORPS Z10, Z10, Z10
	VXORPS Z11, Z11, Z11
	VXORPS Z12, Z12, Z12
	VXORPS Z13, Z13, Z13
	VXORPS Z14, Z14, Z14
	VXORPS Z15, Z15, Z15
	LEAQ (R11)(DX*1), AX     // &B[0][j0]
	MOVQ SI, CX              // &A[i0][0]
	LEAQ (SI)(R9*4), R14     // &A[i0+4][0]
	MOVQ k+112(FP), BX

g32_k:
	VMOVUPS 0(AX), Z24
	VMOVUPS 64(AX), Z25
	VBROADCASTSS (CX), Z28
	VFMADD231PS Z24, Z28, Z0
	VFMADD231PS Z25, Z28, Z1
	VBROADCASTSS (CX)(R9*1), Z29
	VFMADD231PS Z24, Z29, Z2
	VFMADD231PS Z25, Z29, Z3
	VBROADCASTSS (CX)(R9*2), Z28
	VFMADD231PS Z24, Z28, Z4
	VFMADD231PS Z25, Z28, Z5
	VBROADCASTSS (CX)(R13*1), Z29
	VFMADD231PS Z24, Z29, Z6
	VFMADD231PS Z25, Z29, Z7
	VBROADCASTSS (R14), Z28
	VFMADD231PS Z24, Z28, Z8
	VFMADD231PS Z25, Z28, Z9
	VBROADCASTSS (R14)(R9*1), Z29
	VFMADD231PS Z24, Z29, Z10
	VFMADD231PS Z25, Z29, Z11
	VBROADCASTSS (R14)(R9*2), Z28
	VFMADD231PS Z24, Z28, Z12
	VFMADD231PS Z25, Z28, Z13
	VBROADCASTSS (R14)(R13*1), Z29
	VFMADD231PS Z24, Z29, Z14
	VFMADD231PS Z25, Z29, Z15
	ADDQ R12, AX
	ADDQ $4, CX
	ADDQ $4, R14
	DECQ BX
	JNZ  g32_k
	LEAQ (DI)(DX*1), AX      // &C[i0][j0]
	VADDPS 0(AX), Z0, Z0
	VMOVUPS Z0, 0(AX)
	VADDPS 64(AX), Z1, Z1
	VMOVUPS Z1, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z2, Z2
	VMOVUPS Z2, 0(AX)
	VADDPS 64(AX), Z3, Z3
	VMOVUPS Z3, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z4, Z4
	VMOVUPS Z4, 0(AX)
	VADDPS 64(AX), Z5, Z5
	VMOVUPS Z5, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z6, Z6
	VMOVUPS Z6, 0(AX)
	VADDPS 64(AX), Z7, Z7
	VMOVUPS Z7, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z8, Z8
	VMOVUPS Z8, 0(AX)
	VADDPS 64(AX), Z9, Z9
	VMOVUPS Z9, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z10, Z10
	VMOVUPS Z10, 0(AX)
	VADDPS 64(AX), Z11, Z11
	VMOVUPS Z11, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z12, Z12
	VMOVUPS Z12, 0(AX)
	VADDPS 64(AX), Z13, Z13
	VMOVUPS Z13, 64(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z14, Z14
	VMOVUPS Z14, 0(AX)
	VADDPS 64(AX), Z15, Z15
	VMOVUPS Z15, 64(AX)
	ADDQ $128, DX
	JMP  g_cols32

g_cols16:
	MOVQ n+104(FP), AX
	SHLQ $2, AX
	CMPQ DX, AX
	JAE  g_next_rows
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7
	LEAQ (R11)(DX*1), AX     // &B[0][j0]
	MOVQ SI, CX              // &A[i0][0]
	LEAQ (SI)(R9*4), R14     // &A[i0+4][0]
	MOVQ k+112(FP), BX

g16_k:
	VMOVUPS 0(AX), Z24
	VBROADCASTSS (CX), Z28
	VFMADD231PS Z24, Z28, Z0
	VBROADCASTSS (CX)(R9*1), Z29
	VFMADD231PS Z24, Z29, Z1
	VBROADCASTSS (CX)(R9*2), Z28
	VFMADD231PS Z24, Z28, Z2
	VBROADCASTSS (CX)(R13*1), Z29
	VFMADD231PS Z24, Z29, Z3
	VBROADCASTSS (R14), Z28
	VFMADD231PS Z24, Z28, Z4
	VBROADCASTSS (R14)(R9*1), Z29
	VFMADD231PS Z24, Z29, Z5
	VBROADCASTSS (R14)(R9*2), Z28
	VFMADD231PS Z24, Z28, Z6
	VBROADCASTSS (R14)(R13*1), Z29
	VFMADD231PS Z24, Z29, Z7
	ADDQ R12, AX
	ADDQ $4, CX
	ADDQ $4, R14
	DECQ BX
	JNZ  g16_k
	LEAQ (DI)(DX*1), AX      // &C[i0][j0]
	VADDPS 0(AX), Z0, Z0
	VMOVUPS Z0, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z1, Z1
	VMOVUPS Z1, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z2, Z2
	VMOVUPS Z2, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z3, Z3
	VMOVUPS Z3, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z4, Z4
	VMOVUPS Z4, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z5, Z5
	VMOVUPS Z5, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z6, Z6
	VMOVUPS Z6, 0(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Z7, Z7
	VMOVUPS Z7, 0(AX)
	ADDQ $64, DX

g_next_rows:
	LEAQ (DI)(R8*8), DI
	LEAQ (SI)(R9*8), SI
	SUBQ $8, R10
	JMP  g_rows

g_done:
	VZEROUPPER
	RET

// func asmDotRows(out, x []float32, ldx int, w []float32, b float32)
// out[i] = b + Σ_j x[i·ldx+j]·w[j] for i < len(out), j < len(w) (len(w) % 64 == 0): four
// ZMM partial sums of fused multiply-adds per row, added pairwise, then across lanes.
TEXT ·asmDotRows(SB), NOSPLIT, $0-84
	MOVQ out_base+0(FP), DI
	MOVQ out_len+8(FP), R10
	MOVQ x_base+24(FP), SI
	MOVQ ldx+48(FP), R8
	MOVQ w_base+56(FP), R9
	MOVQ w_len+64(FP), CX
	SHLQ $2, R8              // ldx bytes
	SHLQ $2, CX              // row bytes
	TESTQ R10, R10
	JLE  dot_done

dot_row:
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	XORQ DX, DX

dot_col:
	VMOVUPS 0(R9)(DX*1), Z4
	VMOVUPS 64(R9)(DX*1), Z5
	VMOVUPS 128(R9)(DX*1), Z6
	VMOVUPS 192(R9)(DX*1), Z7
	VFMADD231PS 0(SI)(DX*1), Z4, Z0
	VFMADD231PS 64(SI)(DX*1), Z5, Z1
	VFMADD231PS 128(SI)(DX*1), Z6, Z2
	VFMADD231PS 192(SI)(DX*1), Z7, Z3
	ADDQ $256, DX
	CMPQ DX, CX
	JB   dot_col
	VADDPS Z1, Z0, Z0
	VADDPS Z3, Z2, Z2
	VADDPS Z2, Z0, Z0
	VEXTRACTF64X4 $1, Z0, Y1
	VADDPS Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS X1, X0, X0
	VMOVHLPS X0, X0, X1
	VADDPS X1, X0, X0
	VMOVSHDUP X0, X1
	VADDSS X1, X0, X0
	VADDSS b+80(FP), X0, X0
	VMOVSS X0, (DI)
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ R10
	JNZ  dot_row

dot_done:
	VZEROUPPER
	RET

// func asmAxpyRows(dst, a, x []float32, ldx int)
// dst[j] += Σ_i a[i]·x[i·ldx+j] for i < len(a) (≥ 1), j < len(dst) (len(dst) % 128 == 0):
// per 128-column tile, eight ZMM sums of fused multiply-adds over the rows, then added to dst.
TEXT ·asmAxpyRows(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R11
	MOVQ a_base+24(FP), R9
	MOVQ a_len+32(FP), R10
	MOVQ x_base+48(FP), SI
	MOVQ ldx+72(FP), R8
	SHLQ $2, R8              // ldx bytes
	SHLQ $2, R11             // dst bytes
	XORQ DX, DX              // tile offset in bytes

axpy_tile:
	CMPQ DX, R11
	JAE  axpy_done
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7
	LEAQ (SI)(DX*1), CX      // &x[0][tile]
	XORQ BX, BX

axpy_row:
	VBROADCASTSS (R9)(BX*4), Z8
	VFMADD231PS 0(CX), Z8, Z0
	VFMADD231PS 64(CX), Z8, Z1
	VFMADD231PS 128(CX), Z8, Z2
	VFMADD231PS 192(CX), Z8, Z3
	VFMADD231PS 256(CX), Z8, Z4
	VFMADD231PS 320(CX), Z8, Z5
	VFMADD231PS 384(CX), Z8, Z6
	VFMADD231PS 448(CX), Z8, Z7
	ADDQ R8, CX
	INCQ BX
	CMPQ BX, R10
	JB   axpy_row
	VADDPS 0(DI)(DX*1), Z0, Z0
	VMOVUPS Z0, 0(DI)(DX*1)
	VADDPS 64(DI)(DX*1), Z1, Z1
	VMOVUPS Z1, 64(DI)(DX*1)
	VADDPS 128(DI)(DX*1), Z2, Z2
	VMOVUPS Z2, 128(DI)(DX*1)
	VADDPS 192(DI)(DX*1), Z3, Z3
	VMOVUPS Z3, 192(DI)(DX*1)
	VADDPS 256(DI)(DX*1), Z4, Z4
	VMOVUPS Z4, 256(DI)(DX*1)
	VADDPS 320(DI)(DX*1), Z5, Z5
	VMOVUPS Z5, 320(DI)(DX*1)
	VADDPS 384(DI)(DX*1), Z6, Z6
	VMOVUPS Z6, 384(DI)(DX*1)
	VADDPS 448(DI)(DX*1), Z7, Z7
	VMOVUPS Z7, 448(DI)(DX*1)
	ADDQ $512, DX
	JMP  axpy_tile

axpy_done:
	VZEROUPPER
	RET

// AVX small matrix product for the hidden layer stack, Go assembly for amd64 builds (both kernel paths).

//go:build amd64 && !purego

#include "textflag.h"

// func asmGemmAcc(c []float32, ldc int, a []float32, lda int, b []float32, ldb int, m, n, k int)
// C[i][j] += Σ_l A[i][l]·B[l][j] for i < m (m % 4 == 0), j < n (n % 16 == 0), l < k,
// row-major with row strides ldc, lda, ldb (elements). Blocks of 4 rows × 16 columns
// in eight YMM sums; each product is rounded, then added (no fused multiply-add).
TEXT ·asmGemmAcc(SB), NOSPLIT, $0-120
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

gemm_rows:
	CMPQ R10, $0
	JLE  gemm_done
	XORQ DX, DX              // column offset in bytes

gemm_cols:
	MOVQ n+104(FP), AX
	SHLQ $2, AX
	CMPQ DX, AX
	JAE  gemm_next_rows
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	LEAQ (R11)(DX*1), AX     // &B[0][j0]
	MOVQ SI, CX              // &A[i0][0]
	MOVQ k+112(FP), BX

gemm_k:
	CMPQ BX, $0
	JLE  gemm_store
	VMOVUPS 0(AX), Y8
	VMOVUPS 32(AX), Y9
	VBROADCASTSS (CX), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y0, Y0
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y1, Y1
	VBROADCASTSS (CX)(R9*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y2, Y2
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y3, Y3
	VBROADCASTSS (CX)(R9*2), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y4, Y4
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y5, Y5
	VBROADCASTSS (CX)(R13*1), Y10
	VMULPS Y8, Y10, Y11
	VADDPS Y11, Y6, Y6
	VMULPS Y9, Y10, Y11
	VADDPS Y11, Y7, Y7
	ADDQ R12, AX
	ADDQ $4, CX
	DECQ BX
	JMP  gemm_k

gemm_store:
	LEAQ (DI)(DX*1), AX      // &C[i0][j0]
	VADDPS 0(AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VMOVUPS Y0, 0(AX)
	VMOVUPS Y1, 32(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Y2, Y2
	VADDPS 32(AX), Y3, Y3
	VMOVUPS Y2, 0(AX)
	VMOVUPS Y3, 32(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Y4, Y4
	VADDPS 32(AX), Y5, Y5
	VMOVUPS Y4, 0(AX)
	VMOVUPS Y5, 32(AX)
	ADDQ R8, AX
	VADDPS 0(AX), Y6, Y6
	VADDPS 32(AX), Y7, Y7
	VMOVUPS Y6, 0(AX)
	VMOVUPS Y7, 32(AX)
	ADDQ $64, DX
	JMP  gemm_cols

gemm_next_rows:
	LEAQ (DI)(R8*4), DI
	LEAQ (SI)(R9*4), SI
	SUBQ $4, R10
	JMP  gemm_rows

gemm_done:
	VZEROUPPER
	RET

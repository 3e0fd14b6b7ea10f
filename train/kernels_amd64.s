// AVX2 sparse first-layer kernels in Go assembly for the default amd64 build.

//go:build amd64 && !goexperiment.simd && !purego

#include "textflag.h"

// func asmFTForward(acc, bias, w []float32, feats []uint16)
// for t in 0, 64, 128, …: Y0..Y7 = bias[t:t+64]; for f in feats: Y += w[f·n+t : f·n+t+64]; acc[t:t+64] = Y
TEXT ·asmFTForward(SB), NOSPLIT, $0-96
	MOVQ acc_base+0(FP), DI
	MOVQ acc_len+8(FP), CX
	MOVQ bias_base+24(FP), SI
	MOVQ w_base+48(FP), R8
	MOVQ feats_base+72(FP), R9
	MOVQ feats_len+80(FP), R10
	SHLQ $2, CX              // row length in bytes (n·4), also the row stride
	XORQ DX, DX              // tile offset in bytes

fwd_tile:
	CMPQ DX, CX
	JAE  fwd_done
	VMOVUPS 0(SI)(DX*1), Y0
	VMOVUPS 32(SI)(DX*1), Y1
	VMOVUPS 64(SI)(DX*1), Y2
	VMOVUPS 96(SI)(DX*1), Y3
	VMOVUPS 128(SI)(DX*1), Y4
	VMOVUPS 160(SI)(DX*1), Y5
	VMOVUPS 192(SI)(DX*1), Y6
	VMOVUPS 224(SI)(DX*1), Y7
	XORQ BX, BX

fwd_feat:
	CMPQ BX, R10
	JAE  fwd_store
	MOVWQZX (R9)(BX*2), AX
	IMULQ CX, AX
	ADDQ  R8, AX
	ADDQ  DX, AX
	VADDPS 0(AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VADDPS 64(AX), Y2, Y2
	VADDPS 96(AX), Y3, Y3
	VADDPS 128(AX), Y4, Y4
	VADDPS 160(AX), Y5, Y5
	VADDPS 192(AX), Y6, Y6
	VADDPS 224(AX), Y7, Y7
	INCQ BX
	JMP  fwd_feat

fwd_store:
	VMOVUPS Y0, 0(DI)(DX*1)
	VMOVUPS Y1, 32(DI)(DX*1)
	VMOVUPS Y2, 64(DI)(DX*1)
	VMOVUPS Y3, 96(DI)(DX*1)
	VMOVUPS Y4, 128(DI)(DX*1)
	VMOVUPS Y5, 160(DI)(DX*1)
	VMOVUPS Y6, 192(DI)(DX*1)
	VMOVUPS Y7, 224(DI)(DX*1)
	ADDQ $256, DX
	JMP  fwd_tile

fwd_done:
	VZEROUPPER
	RET

// func asmGatherAdd(dst, src []float32, rows []int32)
// for t in 0, 64, 128, …: Y0..Y7 = dst[t:t+64]; for r in rows: Y += src[r+t : r+t+64]; dst[t:t+64] = Y
TEXT ·asmGatherAdd(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ rows_base+48(FP), R9
	MOVQ rows_len+56(FP), R10
	SHLQ $2, CX              // bytes per dst row
	XORQ DX, DX              // tile offset in bytes

gat_tile:
	CMPQ DX, CX
	JAE  gat_done
	VMOVUPS 0(DI)(DX*1), Y0
	VMOVUPS 32(DI)(DX*1), Y1
	VMOVUPS 64(DI)(DX*1), Y2
	VMOVUPS 96(DI)(DX*1), Y3
	VMOVUPS 128(DI)(DX*1), Y4
	VMOVUPS 160(DI)(DX*1), Y5
	VMOVUPS 192(DI)(DX*1), Y6
	VMOVUPS 224(DI)(DX*1), Y7
	XORQ BX, BX

gat_row:
	CMPQ BX, R10
	JAE  gat_store
	MOVLQSX (R9)(BX*4), AX
	SHLQ  $2, AX
	ADDQ  SI, AX
	ADDQ  DX, AX
	VADDPS 0(AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VADDPS 64(AX), Y2, Y2
	VADDPS 96(AX), Y3, Y3
	VADDPS 128(AX), Y4, Y4
	VADDPS 160(AX), Y5, Y5
	VADDPS 192(AX), Y6, Y6
	VADDPS 224(AX), Y7, Y7
	INCQ BX
	JMP  gat_row

gat_store:
	VMOVUPS Y0, 0(DI)(DX*1)
	VMOVUPS Y1, 32(DI)(DX*1)
	VMOVUPS Y2, 64(DI)(DX*1)
	VMOVUPS Y3, 96(DI)(DX*1)
	VMOVUPS Y4, 128(DI)(DX*1)
	VMOVUPS Y5, 160(DI)(DX*1)
	VMOVUPS Y6, 192(DI)(DX*1)
	VMOVUPS Y7, 224(DI)(DX*1)
	ADDQ $256, DX
	JMP  gat_tile

gat_done:
	VZEROUPPER
	RET

// func asmActivate(x, acc []float32, square bool)
// x[j] = clamp(acc[j], 0, 1), squared when square; 8 lanes per step (len(acc) % 8 == 0).
TEXT ·asmActivate(SB), NOSPLIT, $0-49
	MOVQ x_base+0(FP), DI
	MOVQ acc_base+24(FP), SI
	MOVQ acc_len+32(FP), CX
	MOVBLZX square+48(FP), R8
	SHLQ $2, CX
	VXORPS Y14, Y14, Y14         // 0
	MOVL $0x3f800000, AX         // 1.0
	VMOVD AX, X13
	VBROADCASTSS X13, Y13
	XORQ DX, DX

act_loop:
	CMPQ DX, CX
	JAE  act_done
	VMOVUPS (SI)(DX*1), Y0
	VMAXPS Y14, Y0, Y0           // max(v, +0): −0 and 0 give +0
	VMINPS Y13, Y0, Y0
	TESTQ R8, R8
	JZ   act_store
	VMULPS Y0, Y0, Y0

act_store:
	VMOVUPS Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP  act_loop

act_done:
	VZEROUPPER
	RET

// func asmActivationGrad(gacc, acc, w []float32, gs float32, square bool)
// gacc[j] = (w[j]·gs)·clamp(acc[j], 0, 1) when square, else w[j]·gs; zero unless 0 < acc[j] < 1.
// 8 lanes per step (len(gacc) % 8 == 0). For SCReLU the caller passes gs = 2·∂loss/∂out.
TEXT ·asmActivationGrad(SB), NOSPLIT, $0-77
	MOVQ gacc_base+0(FP), DI
	MOVQ gacc_len+8(FP), CX
	MOVQ acc_base+24(FP), SI
	MOVQ w_base+48(FP), R9
	MOVBLZX square+76(FP), R8
	SHLQ $2, CX
	MOVSS gs+72(FP), X12
	VBROADCASTSS X12, Y12
	VXORPS Y14, Y14, Y14         // 0
	MOVL $0x3f800000, AX         // 1.0
	VMOVD AX, X13
	VBROADCASTSS X13, Y13
	XORQ DX, DX

grad_loop:
	CMPQ DX, CX
	JAE  grad_done
	VMOVUPS (SI)(DX*1), Y0       // v
	VMOVUPS (R9)(DX*1), Y1       // w
	VMULPS Y12, Y1, Y1           // w·gs
	TESTQ R8, R8
	JZ   grad_mask
	VMAXPS Y14, Y0, Y2
	VMINPS Y13, Y2, Y2           // clamp(v, 0, 1)
	VMULPS Y2, Y1, Y1            // (w·gs)·clamp(v)

grad_mask:
	VCMPPS $1, Y13, Y0, Y3       // v < 1
	VCMPPS $1, Y0, Y14, Y4       // 0 < v
	VANDPS Y4, Y3, Y3
	VANDPS Y3, Y1, Y1
	VMOVUPS Y1, (DI)(DX*1)
	ADDQ $32, DX
	JMP  grad_loop

grad_done:
	VZEROUPPER
	RET

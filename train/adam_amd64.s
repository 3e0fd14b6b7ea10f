// AVX2 AdamW update in Go assembly for amd64 builds (both kernel paths).

//go:build amd64 && !purego

#include "textflag.h"

// func asmAdamW(p, g, m, v []float32, k *adamConsts)
// adamRef's update 8 lanes per step, the same IEEE operations in the same
// order (no fused multiply-add): len(p) % 8 == 0, g, m, v at least as long.
TEXT ·asmAdamW(SB), NOSPLIT, $0-104
	MOVQ p_base+0(FP), DI
	MOVQ p_len+8(FP), CX
	MOVQ g_base+24(FP), SI
	MOVQ m_base+48(FP), R8
	MOVQ v_base+72(FP), R9
	MOVQ k+96(FP), AX
	VBROADCASTSS 0(AX), Y8   // b1
	VBROADCASTSS 4(AX), Y9   // c1 = 1−b1
	VBROADCASTSS 8(AX), Y10  // b2
	VBROADCASTSS 12(AX), Y11 // c2 = 1−b2
	VBROADCASTSS 16(AX), Y12 // step
	VBROADCASTSS 20(AX), Y13 // 1/√bc2
	VBROADCASTSS 24(AX), Y14 // eps
	VBROADCASTSS 28(AX), Y15 // decay
	SHLQ $2, CX
	XORQ DX, DX

adam_loop:
	CMPQ DX, CX
	JAE  adam_done
	VMOVUPS (SI)(DX*1), Y0       // g
	VMULPS  (R8)(DX*1), Y8, Y1   // b1·m
	VMULPS  Y0, Y9, Y2           // c1·g
	VADDPS  Y2, Y1, Y1           // m' = b1·m + c1·g
	VMOVUPS Y1, (R8)(DX*1)
	VMULPS  Y0, Y0, Y3           // g·g
	VMULPS  Y3, Y11, Y3          // c2·(g·g)
	VMULPS  (R9)(DX*1), Y10, Y4  // b2·v
	VADDPS  Y3, Y4, Y4           // v' = b2·v + c2·(g·g)
	VMOVUPS Y4, (R9)(DX*1)
	VSQRTPS Y4, Y5
	VMULPS  Y13, Y5, Y5          // √v'·(1/√bc2)
	VADDPS  Y14, Y5, Y5          // den = … + eps
	VMULPS  Y12, Y1, Y6          // step·m'
	VDIVPS  Y5, Y6, Y6           // (step·m')/den
	VMULPS  (DI)(DX*1), Y15, Y7  // p·decay
	VSUBPS  Y6, Y7, Y7           // p·decay − (step·m')/den
	VMOVUPS Y7, (DI)(DX*1)
	ADDQ $32, DX
	JMP  adam_loop

adam_done:
	VZEROUPPER
	RET

// func asmClip(p []float32, lo, hi float32)
// p[i] = min(max(p[i], lo), hi), 8 lanes per step (len(p) % 8 == 0). p[i] is the
// second source of VMAXPS/VMINPS, which they return when either is NaN, so NaN
// stays NaN as with Go's min and max; the caller passes lo < 0 < hi, where the
// two agree on signed zeros too.
TEXT ·asmClip(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), DI
	MOVQ p_len+8(FP), CX
	VBROADCASTSS lo+24(FP), Y1
	VBROADCASTSS hi+28(FP), Y2
	SHLQ $2, CX
	XORQ DX, DX

clip_loop:
	CMPQ DX, CX
	JAE  clip_done
	VMOVUPS (DI)(DX*1), Y0
	VMAXPS  Y0, Y1, Y0           // max(lo, p): p when NaN
	VMINPS  Y0, Y2, Y0           // min(hi, …): … when NaN
	VMOVUPS Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP  clip_loop

clip_done:
	VZEROUPPER
	RET

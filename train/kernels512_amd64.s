// AVX-512 sparse first-layer kernels over a whole chunk of positions, one column tile per call, Go assembly for amd64 builds (both kernel paths).

//go:build amd64 && !purego

#include "textflag.h"

// func asmFTForwardTile128(acc []float32, stride int, bias, w []float32, n int, feats []uint16, offs []int32)
// One 128-column tile of ftForwardChunkRef: for p < len(offs)−1, acc[p·stride : p·stride+128] =
// bias[0:128] + Σ w[f·n : f·n+128] over f in feats[offs[p]:offs[p+1]], in order; the bias
// tile stays in 8 ZMM registers, the sums in 8 more.
TEXT ·asmFTForwardTile128(SB), NOSPLIT, $0-136
	MOVQ acc_base+0(FP), DI
	MOVQ stride+24(FP), R11
	MOVQ bias_base+32(FP), SI
	MOVQ w_base+56(FP), R8
	MOVQ n+80(FP), CX
	MOVQ feats_base+88(FP), R9
	MOVQ offs_base+112(FP), R10
	MOVQ offs_len+120(FP), R12
	SHLQ $2, R11             // acc row stride in bytes
	SHLQ $2, CX              // weight row stride in bytes
	DECQ R12                 // positions
	JLE  fwd128_done
	VMOVUPS 0(SI), Z16
	VMOVUPS 64(SI), Z17
	VMOVUPS 128(SI), Z18
	VMOVUPS 192(SI), Z19
	VMOVUPS 256(SI), Z20
	VMOVUPS 320(SI), Z21
	VMOVUPS 384(SI), Z22
	VMOVUPS 448(SI), Z23

fwd128_pos:
	MOVLQSX 0(R10), BX       // first feature
	MOVLQSX 4(R10), R13      // end of the features
	VMOVAPS Z16, Z0
	VMOVAPS Z17, Z1
	VMOVAPS Z18, Z2
	VMOVAPS Z19, Z3
	VMOVAPS Z20, Z4
	VMOVAPS Z21, Z5
	VMOVAPS Z22, Z6
	VMOVAPS Z23, Z7

fwd128_feat:
	CMPQ BX, R13
	JGE  fwd128_store
	MOVWQZX (R9)(BX*2), AX
	IMULQ CX, AX
	ADDQ  R8, AX
	VADDPS 0(AX), Z0, Z0
	VADDPS 64(AX), Z1, Z1
	VADDPS 128(AX), Z2, Z2
	VADDPS 192(AX), Z3, Z3
	VADDPS 256(AX), Z4, Z4
	VADDPS 320(AX), Z5, Z5
	VADDPS 384(AX), Z6, Z6
	VADDPS 448(AX), Z7, Z7
	INCQ BX
	JMP  fwd128_feat

fwd128_store:
	VMOVUPS Z0, 0(DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VMOVUPS Z4, 256(DI)
	VMOVUPS Z5, 320(DI)
	VMOVUPS Z6, 384(DI)
	VMOVUPS Z7, 448(DI)
	ADDQ R11, DI
	ADDQ $4, R10
	DECQ R12
	JNZ  fwd128_pos

fwd128_done:
	VZEROUPPER
	RET

// func asmGatherAddTile128(dst []float32, n int, src []float32, feats, starts, rows []int32)
// One 128-column tile of gatherAddFeaturesRef: for k < len(feats), dst[f·n : f·n+128] +=
// src[r : r+128] for r in rows[starts[k]:starts[k+1]], in order, where f = feats[k]; the
// tile of dst row f stays in 8 ZMM registers while its rows are added.
TEXT ·asmGatherAddTile128(SB), NOSPLIT, $0-128
	MOVQ dst_base+0(FP), DI
	MOVQ n+24(FP), CX
	MOVQ src_base+32(FP), SI
	MOVQ feats_base+56(FP), R8
	MOVQ feats_len+64(FP), R12
	MOVQ starts_base+80(FP), R10
	MOVQ rows_base+104(FP), R9
	SHLQ $2, CX              // dst row stride in bytes
	TESTQ R12, R12
	JLE  gat128_done

gat128_feat:
	MOVLQSX 0(R8), AX        // feature
	IMULQ CX, AX
	ADDQ  DI, AX             // its dst row
	VMOVUPS 0(AX), Z0
	VMOVUPS 64(AX), Z1
	VMOVUPS 128(AX), Z2
	VMOVUPS 192(AX), Z3
	VMOVUPS 256(AX), Z4
	VMOVUPS 320(AX), Z5
	VMOVUPS 384(AX), Z6
	VMOVUPS 448(AX), Z7
	MOVLQSX 0(R10), BX
	MOVLQSX 4(R10), R13

gat128_row:
	CMPQ BX, R13
	JGE  gat128_store
	MOVLQSX (R9)(BX*4), DX
	LEAQ (SI)(DX*4), DX
	VADDPS 0(DX), Z0, Z0
	VADDPS 64(DX), Z1, Z1
	VADDPS 128(DX), Z2, Z2
	VADDPS 192(DX), Z3, Z3
	VADDPS 256(DX), Z4, Z4
	VADDPS 320(DX), Z5, Z5
	VADDPS 384(DX), Z6, Z6
	VADDPS 448(DX), Z7, Z7
	INCQ BX
	JMP  gat128_row

gat128_store:
	VMOVUPS Z0, 0(AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VMOVUPS Z4, 256(AX)
	VMOVUPS Z5, 320(AX)
	VMOVUPS Z6, 384(AX)
	VMOVUPS Z7, 448(AX)
	ADDQ $4, R8
	ADDQ $4, R10
	DECQ R12
	JNZ  gat128_feat

gat128_done:
	VZEROUPPER
	RET

// func asmGatherSetTile128(dst []float32, n int, src []float32, feats, starts, rows []int32)
// One 128-column tile of gatherSetColsRef: asmGatherAddTile128 with the sums of each feature
// started from +0 (VPXORD) instead of its dst row, which is only written.
TEXT ·asmGatherSetTile128(SB), NOSPLIT, $0-128
	MOVQ dst_base+0(FP), DI
	MOVQ n+24(FP), CX
	MOVQ src_base+32(FP), SI
	MOVQ feats_base+56(FP), R8
	MOVQ feats_len+64(FP), R12
	MOVQ starts_base+80(FP), R10
	MOVQ rows_base+104(FP), R9
	SHLQ $2, CX              // dst row stride in bytes
	TESTQ R12, R12
	JLE  gset128_done

gset128_feat:
	MOVLQSX 0(R8), AX        // feature
	IMULQ CX, AX
	ADDQ  DI, AX             // its dst row
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	MOVLQSX 0(R10), BX
	MOVLQSX 4(R10), R13

gset128_row:
	CMPQ BX, R13
	JGE  gset128_store
	MOVLQSX (R9)(BX*4), DX
	LEAQ (SI)(DX*4), DX
	VADDPS 0(DX), Z0, Z0
	VADDPS 64(DX), Z1, Z1
	VADDPS 128(DX), Z2, Z2
	VADDPS 192(DX), Z3, Z3
	VADDPS 256(DX), Z4, Z4
	VADDPS 320(DX), Z5, Z5
	VADDPS 384(DX), Z6, Z6
	VADDPS 448(DX), Z7, Z7
	INCQ BX
	JMP  gset128_row

gset128_store:
	VMOVUPS Z0, 0(AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VMOVUPS Z4, 256(AX)
	VMOVUPS Z5, 320(AX)
	VMOVUPS Z6, 384(AX)
	VMOVUPS Z7, 448(AX)
	ADDQ $4, R8
	ADDQ $4, R10
	DECQ R12
	JNZ  gset128_feat

gset128_done:
	VZEROUPPER
	RET

// func asmFTForwardTile128Idx(acc []float32, stride int, bias, w []float32, n, f0 int, feats []uint16, offs, idx []int32)
// One 128-column tile of ftForwardColsRef: for each p in idx, in order, acc[p·stride : p·stride+128] =
// bias[0:128] + Σ w[(f−f0)·n : (f−f0)·n+128] over f in feats[offs[p]:offs[p+1]], in order; the bias
// tile stays in 8 ZMM registers, the sums in 8 more (asmFTForwardTile128 with the positions listed).
// The base of the rows, w − f0·n, is formed in R8 once (no safe point in this function, so the
// address outside w is never seen by the collector).
TEXT ·asmFTForwardTile128Idx(SB), NOSPLIT, $0-168
	MOVQ acc_base+0(FP), DI
	MOVQ stride+24(FP), R11
	MOVQ bias_base+32(FP), SI
	MOVQ w_base+56(FP), R8
	MOVQ n+80(FP), CX
	MOVQ f0+88(FP), AX
	MOVQ feats_base+96(FP), R9
	MOVQ offs_base+120(FP), R10
	MOVQ idx_len+152(FP), R12
	SHLQ $2, R11             // acc row stride in bytes
	SHLQ $2, CX              // weight row stride in bytes
	IMULQ CX, AX
	SUBQ  AX, R8             // the row of feature 0
	TESTQ R12, R12
	JLE  fwdidx_done
	VMOVUPS 0(SI), Z16
	VMOVUPS 64(SI), Z17
	VMOVUPS 128(SI), Z18
	VMOVUPS 192(SI), Z19
	VMOVUPS 256(SI), Z20
	VMOVUPS 320(SI), Z21
	VMOVUPS 384(SI), Z22
	VMOVUPS 448(SI), Z23
	MOVQ idx_base+144(FP), SI

fwdidx_pos:
	MOVLQSX 0(SI), DX        // position
	MOVLQSX 0(R10)(DX*4), BX // first feature
	MOVLQSX 4(R10)(DX*4), R13 // end of the features
	IMULQ R11, DX
	ADDQ  DI, DX             // its acc row
	VMOVAPS Z16, Z0
	VMOVAPS Z17, Z1
	VMOVAPS Z18, Z2
	VMOVAPS Z19, Z3
	VMOVAPS Z20, Z4
	VMOVAPS Z21, Z5
	VMOVAPS Z22, Z6
	VMOVAPS Z23, Z7

fwdidx_feat:
	CMPQ BX, R13
	JGE  fwdidx_store
	MOVWQZX (R9)(BX*2), AX
	IMULQ CX, AX
	ADDQ  R8, AX
	VADDPS 0(AX), Z0, Z0
	VADDPS 64(AX), Z1, Z1
	VADDPS 128(AX), Z2, Z2
	VADDPS 192(AX), Z3, Z3
	VADDPS 256(AX), Z4, Z4
	VADDPS 320(AX), Z5, Z5
	VADDPS 384(AX), Z6, Z6
	VADDPS 448(AX), Z7, Z7
	INCQ BX
	JMP  fwdidx_feat

fwdidx_store:
	VMOVUPS Z0, 0(DX)
	VMOVUPS Z1, 64(DX)
	VMOVUPS Z2, 128(DX)
	VMOVUPS Z3, 192(DX)
	VMOVUPS Z4, 256(DX)
	VMOVUPS Z5, 320(DX)
	VMOVUPS Z6, 384(DX)
	VMOVUPS Z7, 448(DX)
	ADDQ $4, SI
	DECQ R12
	JNZ  fwdidx_pos

fwdidx_done:
	VZEROUPPER
	RET

// AVX2 kernels in Go assembly for amd64 builds without GOEXPERIMENT=simd.

//go:build amd64 && !goexperiment.simd && !purego

#include "textflag.h"

// func asmAddRow(dst, row []int16)
TEXT ·asmAddRow(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ row_base+24(FP), SI
	SHLQ $1, CX
	XORQ DX, DX
	TESTQ CX, CX
	JZ   addrow_done

addrow_loop:
	VMOVDQU (DI)(DX*1), Y0
	VPADDW  (SI)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	CMPQ    DX, CX
	JB      addrow_loop

addrow_done:
	VZEROUPPER
	RET

// func asmCopyAddSub(dst, src, a, s []int16)
TEXT ·asmCopyAddSub(SB), NOSPLIT, $0-96
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ a_base+48(FP), AX
	MOVQ s_base+72(FP), BX
	SHLQ $1, CX
	XORQ DX, DX
	TESTQ CX, CX
	JZ   cas_done

cas_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	CMPQ    DX, CX
	JB      cas_loop

cas_done:
	VZEROUPPER
	RET

// func asmCopyAddSub2(dst, src, a, s1, s2 []int16)
TEXT ·asmCopyAddSub2(SB), NOSPLIT, $0-120
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ a_base+48(FP), AX
	MOVQ s1_base+72(FP), BX
	MOVQ s2_base+96(FP), R8
	SHLQ $1, CX
	XORQ DX, DX
	TESTQ CX, CX
	JZ   cas2_done

cas2_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VPSUBW  (R8)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	CMPQ    DX, CX
	JB      cas2_loop

cas2_done:
	VZEROUPPER
	RET

// func asmCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16)
TEXT ·asmCopyAdd2Sub2(SB), NOSPLIT, $0-144
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ a1_base+48(FP), AX
	MOVQ a2_base+72(FP), R9
	MOVQ s1_base+96(FP), BX
	MOVQ s2_base+120(FP), R8
	SHLQ $1, CX
	XORQ DX, DX
	TESTQ CX, CX
	JZ   ca2s2_done

ca2s2_loop:
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPADDW  (R9)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VPSUBW  (R8)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	CMPQ    DX, CX
	JB      ca2s2_loop

ca2s2_done:
	VZEROUPPER
	RET

// hsum8 leaves in AX the int64 sum of the eight int32 lanes of Y2.
#define HSUM8 \
	VEXTRACTI128 $1, Y2, X3 \
	VPMOVSXDQ    X2, Y4     \
	VPMOVSXDQ    X3, Y5     \
	VPADDQ       Y5, Y4, Y4 \
	VEXTRACTI128 $1, Y4, X5 \
	VPADDQ       X5, X4, X4 \
	VPSHUFD      $0x4e, X4, X5 \
	VPADDQ       X5, X4, X4 \
	VMOVQ        X4, AX

// func asmDotCReLU(acc, w []int16, qa int16) int64
TEXT ·asmDotCReLU(SB), NOSPLIT, $0-64
	MOVQ    acc_base+0(FP), SI
	MOVQ    acc_len+8(FP), CX
	MOVQ    w_base+24(FP), DI
	MOVWQZX qa+48(FP), AX
	MOVQ    AX, X1
	VPBROADCASTW X1, Y1
	VPXOR   Y0, Y0, Y0
	VPXOR   Y2, Y2, Y2
	SHLQ    $1, CX
	XORQ    DX, DX
	TESTQ   CX, CX
	JZ      crelu_reduce

crelu_loop:
	VMOVDQU  (SI)(DX*1), Y3
	VPMAXSW  Y0, Y3, Y3
	VPMINSW  Y1, Y3, Y3
	VPMADDWD (DI)(DX*1), Y3, Y3
	VPADDD   Y3, Y2, Y2
	ADDQ     $32, DX
	CMPQ     DX, CX
	JB       crelu_loop

crelu_reduce:
	HSUM8
	MOVQ AX, ret+56(FP)
	VZEROUPPER
	RET

// func asmDotSCReLU(acc, w []int16, qa int16) int64
TEXT ·asmDotSCReLU(SB), NOSPLIT, $0-64
	MOVQ    acc_base+0(FP), SI
	MOVQ    acc_len+8(FP), CX
	MOVQ    w_base+24(FP), DI
	MOVWQZX qa+48(FP), AX
	MOVQ    AX, X1
	VPBROADCASTW X1, Y1
	VPXOR   Y0, Y0, Y0
	VPXOR   Y2, Y2, Y2
	SHLQ    $1, CX
	XORQ    DX, DX
	TESTQ   CX, CX
	JZ      screlu_reduce

screlu_loop:
	VMOVDQU  (SI)(DX*1), Y3
	VPMAXSW  Y0, Y3, Y3
	VPMINSW  Y1, Y3, Y3
	VPMULLW  (DI)(DX*1), Y3, Y4
	VPMADDWD Y4, Y3, Y3
	VPADDD   Y3, Y2, Y2
	ADDQ     $32, DX
	CMPQ     DX, CX
	JB       screlu_loop

screlu_reduce:
	HSUM8
	MOVQ AX, ret+56(FP)
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv0() (eax uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET

// func asmClampRow(dst, acc []int16, qa int16)
TEXT ·asmClampRow(SB), NOSPLIT, $0-50
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), CX
	MOVQ    acc_base+24(FP), SI
	MOVWQZX qa+48(FP), AX
	MOVQ    AX, X1
	VPBROADCASTW X1, Y1
	VPXOR   Y0, Y0, Y0
	SHLQ    $1, CX
	XORQ    DX, DX
	TESTQ   CX, CX
	JZ      clamprow_done

clamprow_loop:
	VMOVDQU (SI)(DX*1), Y2
	VPMAXSW Y0, Y2, Y2
	VPMINSW Y1, Y2, Y2
	VMOVDQU Y2, (DI)(DX*1)
	ADDQ    $32, DX
	CMPQ    DX, CX
	JB      clamprow_loop

clamprow_done:
	VZEROUPPER
	RET

// func asmMulClampRow(dst, a, b []int16, qa int16, magic uint32)
// Eight values per step: clamp both, the product in uint16 (≤ 255², exact
// in the low 16 bits), widened to uint32, + qa/2, × magic (low 32 bits),
// >> 24, packed back to 16 bits (the values are ≤ 255).
TEXT ·asmMulClampRow(SB), NOSPLIT, $0-80
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), CX
	MOVQ    a_base+24(FP), SI
	MOVQ    b_base+48(FP), BX
	MOVWQZX qa+72(FP), AX
	MOVQ    AX, X1
	VPBROADCASTW X1, X1
	SHRQ    $1, AX
	MOVQ    AX, X6
	VPBROADCASTD X6, Y6
	MOVL    magic+76(FP), AX
	MOVQ    AX, X5
	VPBROADCASTD X5, Y5
	VPXOR   X0, X0, X0
	SHLQ    $1, CX
	XORQ    DX, DX
	TESTQ   CX, CX
	JZ      mulclamp_done

mulclamp_loop:
	VMOVDQU   (SI)(DX*1), X2
	VMOVDQU   (BX)(DX*1), X3
	VPMAXSW   X0, X2, X2
	VPMINSW   X1, X2, X2
	VPMAXSW   X0, X3, X3
	VPMINSW   X1, X3, X3
	VPMULLW   X3, X2, X2
	VPMOVZXWD X2, Y2
	VPADDD    Y6, Y2, Y2
	VPMULLD   Y5, Y2, Y2
	VPSRLD    $24, Y2, Y2
	VEXTRACTI128 $1, Y2, X3
	VPACKUSDW X3, X2, X2
	VMOVDQU   X2, (DI)(DX*1)
	ADDQ      $16, DX
	CMPQ      DX, CX
	JB        mulclamp_loop

mulclamp_done:
	VZEROUPPER
	RET

// func asmAffineI8(dst []int32, x []int16, w []int8)
// dst[j] = Σ_k x[k]·w[j·len(x)+k] for every row j, four rows at a time:
// the x block is loaded once for the four rows' sign-extended weights,
// and the four rows' eight int32 lanes are reduced together (phaddd).
// len(dst) % 4 == 0, len(x) % 16 == 0 and > 0 (the wrapper checks).
TEXT ·asmAffineI8(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ w_base+48(FP), BX
	XORQ R10, R10

affine_rows:
	CMPQ R10, R8
	JAE  affine_done
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	LEAQ (BX)(CX*1), R11
	LEAQ (R11)(CX*1), R12
	LEAQ (R12)(CX*1), R13
	XORQ DX, DX

affine_k:
	VMOVDQU   (SI)(DX*2), Y4
	VPMOVSXBW (BX)(DX*1), Y5
	VPMADDWD  Y5, Y4, Y5
	VPADDD    Y5, Y0, Y0
	VPMOVSXBW (R11)(DX*1), Y5
	VPMADDWD  Y5, Y4, Y5
	VPADDD    Y5, Y1, Y1
	VPMOVSXBW (R12)(DX*1), Y5
	VPMADDWD  Y5, Y4, Y5
	VPADDD    Y5, Y2, Y2
	VPMOVSXBW (R13)(DX*1), Y5
	VPMADDWD  Y5, Y4, Y5
	VPADDD    Y5, Y3, Y3
	ADDQ      $16, DX
	CMPQ      DX, CX
	JB        affine_k

	VPHADDD      Y1, Y0, Y0
	VPHADDD      Y3, Y2, Y2
	VPHADDD      Y2, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VMOVDQU      X0, (DI)(R10*4)
	ADDQ         $4, R10
	LEAQ         (R13)(CX*1), BX
	JMP          affine_rows

affine_done:
	VZEROUPPER
	RET

// func asmUpdateRows(dst, src, w []int16, add, sub []uint16)
// dst = src + Σ add rows − Σ sub rows, n = len(dst) (a multiple of 16; the
// wrapper checks that every row lies inside w). The accumulator goes
// through in tiles of 128 lanes held in Y0–Y7 while every row's tile is
// added or subtracted (one read of each row, one write of dst), then
// 16 lanes at a time for the rest.
TEXT ·asmUpdateRows(SB), NOSPLIT, $0-120
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	MOVQ w_base+48(FP), R8
	MOVQ add_base+72(FP), R9
	MOVQ add_len+80(FP), R10
	MOVQ sub_base+96(FP), R11
	MOVQ sub_len+104(FP), R12
	SHLQ $1, CX      // bytes per row
	MOVQ CX, R13
	ANDQ $-256, R13  // bytes in whole tiles
	XORQ DX, DX      // byte offset of the tile

ur_tile:
	CMPQ    DX, R13
	JAE     ur_tail
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VMOVDQU 128(SI)(DX*1), Y4
	VMOVDQU 160(SI)(DX*1), Y5
	VMOVDQU 192(SI)(DX*1), Y6
	VMOVDQU 224(SI)(DX*1), Y7
	XORQ    BX, BX

ur_tile_add:
	CMPQ    BX, R10
	JAE     ur_tile_sub0
	MOVWQZX (R9)(BX*2), AX
	IMULQ   CX, AX
	ADDQ    R8, AX
	VPADDW  0(AX)(DX*1), Y0, Y0
	VPADDW  32(AX)(DX*1), Y1, Y1
	VPADDW  64(AX)(DX*1), Y2, Y2
	VPADDW  96(AX)(DX*1), Y3, Y3
	VPADDW  128(AX)(DX*1), Y4, Y4
	VPADDW  160(AX)(DX*1), Y5, Y5
	VPADDW  192(AX)(DX*1), Y6, Y6
	VPADDW  224(AX)(DX*1), Y7, Y7
	INCQ    BX
	JMP     ur_tile_add

ur_tile_sub0:
	XORQ BX, BX

ur_tile_sub:
	CMPQ    BX, R12
	JAE     ur_tile_store
	MOVWQZX (R11)(BX*2), AX
	IMULQ   CX, AX
	ADDQ    R8, AX
	VPSUBW  0(AX)(DX*1), Y0, Y0
	VPSUBW  32(AX)(DX*1), Y1, Y1
	VPSUBW  64(AX)(DX*1), Y2, Y2
	VPSUBW  96(AX)(DX*1), Y3, Y3
	VPSUBW  128(AX)(DX*1), Y4, Y4
	VPSUBW  160(AX)(DX*1), Y5, Y5
	VPSUBW  192(AX)(DX*1), Y6, Y6
	VPSUBW  224(AX)(DX*1), Y7, Y7
	INCQ    BX
	JMP     ur_tile_sub

ur_tile_store:
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	VMOVDQU Y4, 128(DI)(DX*1)
	VMOVDQU Y5, 160(DI)(DX*1)
	VMOVDQU Y6, 192(DI)(DX*1)
	VMOVDQU Y7, 224(DI)(DX*1)
	ADDQ    $256, DX
	JMP     ur_tile

ur_tail:
	CMPQ    DX, CX
	JAE     ur_done
	VMOVDQU (SI)(DX*1), Y0
	XORQ    BX, BX

ur_tail_add:
	CMPQ    BX, R10
	JAE     ur_tail_sub0
	MOVWQZX (R9)(BX*2), AX
	IMULQ   CX, AX
	ADDQ    R8, AX
	VPADDW  (AX)(DX*1), Y0, Y0
	INCQ    BX
	JMP     ur_tail_add

ur_tail_sub0:
	XORQ BX, BX

ur_tail_sub:
	CMPQ    BX, R12
	JAE     ur_tail_store
	MOVWQZX (R11)(BX*2), AX
	IMULQ   CX, AX
	ADDQ    R8, AX
	VPSUBW  (AX)(DX*1), Y0, Y0
	INCQ    BX
	JMP     ur_tail_sub

ur_tail_store:
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	JMP     ur_tail

ur_done:
	VZEROUPPER
	RET

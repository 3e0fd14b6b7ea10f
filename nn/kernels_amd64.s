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

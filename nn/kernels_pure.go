// Stubs of the SIMD kernels for non-amd64 and purego builds: the reference loops run.

//go:build !amd64 || purego

package nn

// haveSIMD is false: the reference loops run.
const haveSIMD = false

// SIMD reports which kernels run: "pure Go" here.
func SIMD() string { return "pure Go" }

func simdAddRow(dst, row []int16)                               { panic("nn: no SIMD") }
func simdCopyAddSub(dst, src, a, s []int16)                     { panic("nn: no SIMD") }
func simdCopyAddSub2(dst, src, a, s1, s2 []int16)               { panic("nn: no SIMD") }
func simdCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16)         { panic("nn: no SIMD") }
func simdUpdateRows(dst, src, w []int16, add, sub []uint16)     { panic("nn: no SIMD") }
func simdDotCReLU(acc, w []int16, qa int16) int64               { panic("nn: no SIMD") }
func simdDotSCReLU(acc, w []int16, qa int16) int64              { panic("nn: no SIMD") }
func simdClampRow(dst, acc []int16, qa int16)                   { panic("nn: no SIMD") }
func simdMulClampRow(dst, a, b []int16, qa int16, magic uint32) { panic("nn: no SIMD") }
func simdAffineI8(dst []int32, x []int16, w []int8)             { panic("nn: no SIMD") }

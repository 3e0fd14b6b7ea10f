// AVX2 twins of the reference kernels through simd/archsimd (GOEXPERIMENT=simd).

//go:build goexperiment.simd && amd64 && !purego

package nn

import "simd/archsimd"

// haveSIMD is true when the CPU has AVX2; otherwise the reference loops run.
var haveSIMD = archsimd.X86.AVX2()

// SIMD reports which kernels run: "AVX2 (simd/archsimd)" or "pure Go".
func SIMD() string {
	if haveSIMD {
		return "AVX2 (simd/archsimd)"
	}
	return "pure Go"
}

func ld(s []int16, i int) archsimd.Int16x16 { return archsimd.LoadInt16x16((*[16]int16)(s[i : i+16])) }

func st(v archsimd.Int16x16, s []int16, i int) { v.Store((*[16]int16)(s[i : i+16])) }

func simdAddRow(dst, row []int16) {
	if len(dst)%16 != 0 || len(row) < len(dst) {
		refAddRow(dst, row)
		return
	}
	row = row[:len(dst)]
	for i := 0; i+16 <= len(dst); i += 16 {
		st(ld(dst, i).Add(ld(row, i)), dst, i)
	}
	archsimd.ClearAVXUpperBits()
}

func simdCopyAddSub(dst, src, a, s []int16) {
	if n := len(dst); n%16 != 0 || len(src) < n || len(a) < n || len(s) < n {
		refCopyAddSub(dst, src, a, s)
		return
	}
	n := len(dst)
	src, a, s = src[:n], a[:n], s[:n]
	for i := 0; i+16 <= n; i += 16 {
		st(ld(src, i).Add(ld(a, i)).Sub(ld(s, i)), dst, i)
	}
	archsimd.ClearAVXUpperBits()
}

func simdCopyAddSub2(dst, src, a, s1, s2 []int16) {
	if n := len(dst); n%16 != 0 || len(src) < n || len(a) < n || len(s1) < n || len(s2) < n {
		refCopyAddSub2(dst, src, a, s1, s2)
		return
	}
	n := len(dst)
	src, a, s1, s2 = src[:n], a[:n], s1[:n], s2[:n]
	for i := 0; i+16 <= n; i += 16 {
		st(ld(src, i).Add(ld(a, i)).Sub(ld(s1, i)).Sub(ld(s2, i)), dst, i)
	}
	archsimd.ClearAVXUpperBits()
}

func simdCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16) {
	if n := len(dst); n%16 != 0 || len(src) < n || len(a1) < n || len(a2) < n || len(s1) < n || len(s2) < n {
		refCopyAdd2Sub2(dst, src, a1, a2, s1, s2)
		return
	}
	n := len(dst)
	src, a1, a2, s1, s2 = src[:n], a1[:n], a2[:n], s1[:n], s2[:n]
	for i := 0; i+16 <= n; i += 16 {
		st(ld(src, i).Add(ld(a1, i)).Add(ld(a2, i)).Sub(ld(s1, i)).Sub(ld(s2, i)), dst, i)
	}
	archsimd.ClearAVXUpperBits()
}

// simdUpdateRows walks the accumulator 16 lanes at a time, each chunk
// held in a register while every row's chunk is added or subtracted.
func simdUpdateRows(dst, src, w []int16, add, sub []uint16) {
	n := len(dst)
	if n%16 != 0 || len(src) < n {
		refUpdateRows(dst, src, w, add, sub)
		return
	}
	if !rowsInside(w, n, add, sub) {
		panic("nn: updateRows: a feature row outside the weights")
	}
	src = src[:n]
	for i := 0; i+16 <= n; i += 16 {
		v := ld(src, i)
		for _, f := range add {
			v = v.Add(ld(w, int(f)*n+i))
		}
		for _, f := range sub {
			v = v.Sub(ld(w, int(f)*n+i))
		}
		st(v, dst, i)
	}
	archsimd.ClearAVXUpperBits()
}

// hsum adds the eight int32 lanes in int64.
func hsum(v archsimd.Int32x8) int64 {
	var l [8]int32
	v.Store(&l)
	archsimd.ClearAVXUpperBits()
	var s int64
	for _, x := range l {
		s += int64(x)
	}
	return s
}

// simdDotCReLU: each int32 lane sums N/8 products c·w with |c·w| ≤ 255·127,
// so no lane overflows for N ≤ MaxHidden.
func simdDotCReLU(acc, w []int16, qa int16) int64 {
	if len(acc)%16 != 0 || len(w) < len(acc) {
		return refDotCReLU(acc, w, qa)
	}
	w = w[:len(acc)]
	zero := archsimd.BroadcastInt16x16(0)
	top := archsimd.BroadcastInt16x16(qa)
	var sum archsimd.Int32x8
	for i := 0; i+16 <= len(acc); i += 16 {
		c := ld(acc, i).Max(zero).Min(top)
		sum = sum.Add(c.DotProductPairs(ld(w, i)))
	}
	return hsum(sum)
}

// simdDotSCReLU uses the int16 product c·w (exact since |c·w| ≤ 255·127) and
// then pmaddwd with c: each lane sums N/8 terms c²·w ≤ 255²·127 in absolute
// value, at most 2.1e9 for N = MaxHidden.
func simdDotSCReLU(acc, w []int16, qa int16) int64 {
	if len(acc)%16 != 0 || len(w) < len(acc) {
		return refDotSCReLU(acc, w, qa)
	}
	w = w[:len(acc)]
	zero := archsimd.BroadcastInt16x16(0)
	top := archsimd.BroadcastInt16x16(qa)
	var sum archsimd.Int32x8
	for i := 0; i+16 <= len(acc); i += 16 {
		c := ld(acc, i).Max(zero).Min(top)
		sum = sum.Add(c.DotProductPairs(c.Mul(ld(w, i))))
	}
	return hsum(sum)
}

// The hidden layer stack's kernels run the reference loops in this build
// (the assembly of kernels_amd64.s serves the default amd64 build); they
// are O(N) per evaluation beside the accumulator updates.

func simdClampRow(dst, acc []int16, qa int16) { refClampRow(dst, acc, qa) }

func simdMulClampRow(dst, a, b []int16, qa int16, magic uint32) {
	refMulClampRow(dst, a, b, qa, magic)
}

func simdAffineI8(dst []int32, x []int16, w []int8) { refAffineI8(dst, x, w) }

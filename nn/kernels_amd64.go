// Go declarations of the AVX2 assembly kernels (kernels_amd64.s) and the CPU check.

//go:build amd64 && !goexperiment.simd && !purego

package nn

// haveSIMD is true when the CPU and the OS support AVX2.
var haveSIMD = detectAVX2()

// SIMD reports which kernels run: "AVX2 (assembly)" or "pure Go".
func SIMD() string {
	if haveSIMD {
		return "AVX2 (assembly)"
	}
	return "pure Go"
}

//go:noescape
func asmAddRow(dst, row []int16)

//go:noescape
func asmCopyAddSub(dst, src, a, s []int16)

//go:noescape
func asmCopyAddSub2(dst, src, a, s1, s2 []int16)

//go:noescape
func asmCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16)

//go:noescape
func asmUpdateRows(dst, src, w []int16, add, sub []uint16)

//go:noescape
func asmDotCReLU(acc, w []int16, qa int16) int64

//go:noescape
func asmDotSCReLU(acc, w []int16, qa int16) int64

//go:noescape
func asmClampRow(dst, acc []int16, qa int16)

//go:noescape
func asmMulClampRow(dst, a, b []int16, qa int16, magic uint32)

//go:noescape
func asmAffineI8(dst []int32, x []int16, w []int8)

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax uint32)

// detectAVX2: CPUID.1:ECX has OSXSAVE (bit 27) and AVX (bit 28), XCR0 has
// the SSE and AVX state enabled (bits 1, 2), and CPUID.7.0:EBX has AVX2 (bit 5).
func detectAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx, _ := cpuid(1, 0)
	if ecx&(1<<27) == 0 || ecx&(1<<28) == 0 || xgetbv0()&6 != 6 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<5) != 0
}

// The wrappers check the shapes the assembly assumes (equal lengths, a
// multiple of 16) and fall back to the reference loop otherwise.

func simdAddRow(dst, row []int16) {
	n := len(dst)
	if n%16 != 0 || len(row) < n {
		refAddRow(dst, row)
		return
	}
	asmAddRow(dst, row)
}

func simdCopyAddSub(dst, src, a, s []int16) {
	n := len(dst)
	if n%16 != 0 || len(src) < n || len(a) < n || len(s) < n {
		refCopyAddSub(dst, src, a, s)
		return
	}
	asmCopyAddSub(dst, src, a, s)
}

func simdCopyAddSub2(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	if n%16 != 0 || len(src) < n || len(a) < n || len(s1) < n || len(s2) < n {
		refCopyAddSub2(dst, src, a, s1, s2)
		return
	}
	asmCopyAddSub2(dst, src, a, s1, s2)
}

func simdCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	if n%16 != 0 || len(src) < n || len(a1) < n || len(a2) < n || len(s1) < n || len(s2) < n {
		refCopyAdd2Sub2(dst, src, a1, a2, s1, s2)
		return
	}
	asmCopyAdd2Sub2(dst, src, a1, a2, s1, s2)
}

// simdUpdateRows panics, as the reference does, on a row outside w.
func simdUpdateRows(dst, src, w []int16, add, sub []uint16) {
	n := len(dst)
	if n%16 != 0 || len(src) < n {
		refUpdateRows(dst, src, w, add, sub)
		return
	}
	if !rowsInside(w, n, add, sub) {
		panic("nn: updateRows: a feature row outside the weights")
	}
	asmUpdateRows(dst, src, w, add, sub)
}

func simdDotCReLU(acc, w []int16, qa int16) int64 {
	if len(acc)%16 != 0 || len(w) < len(acc) {
		return refDotCReLU(acc, w, qa)
	}
	return asmDotCReLU(acc, w, qa)
}

func simdDotSCReLU(acc, w []int16, qa int16) int64 {
	if len(acc)%16 != 0 || len(w) < len(acc) {
		return refDotSCReLU(acc, w, qa)
	}
	return asmDotSCReLU(acc, w, qa)
}

func simdClampRow(dst, acc []int16, qa int16) {
	if len(dst)%16 != 0 || len(acc) < len(dst) {
		refClampRow(dst, acc, qa)
		return
	}
	asmClampRow(dst, acc, qa)
}

func simdMulClampRow(dst, a, b []int16, qa int16, magic uint32) {
	n := len(dst)
	if n%8 != 0 || len(a) < n || len(b) < n {
		refMulClampRow(dst, a, b, qa, magic)
		return
	}
	asmMulClampRow(dst, a, b, qa, magic)
}

func simdAffineI8(dst []int32, x []int16, w []int8) {
	if len(dst)%4 != 0 || len(x)%16 != 0 || len(x) == 0 || len(w) < len(dst)*len(x) {
		refAffineI8(dst, x, w)
		return
	}
	asmAffineI8(dst, x, w)
}

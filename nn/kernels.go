// Accumulator and output kernels: pure Go reference loops and the dispatch to
// the SIMD twins (kernels_simd.go, built with GOEXPERIMENT=simd on amd64).
package nn

// Every kernel takes slices of one length n (a multiple of HiddenAlign) and
// wraps on int16 overflow exactly like the SIMD twins (Net.Validate rules
// overflow out). The ref* functions are the definition; the exported
// behaviour of each wrapper is identical bit for bit, which
// TestKernelsMatchReference checks whenever the SIMD path is compiled in.

// addRow: for i := range dst { dst[i] += row[i] }
func addRow(dst, row []int16) {
	if haveSIMD {
		simdAddRow(dst, row)
		return
	}
	refAddRow(dst, row)
}

// copyAddSub: for i := range dst { dst[i] = src[i] + a[i] - s[i] }
func copyAddSub(dst, src, a, s []int16) {
	if haveSIMD {
		simdCopyAddSub(dst, src, a, s)
		return
	}
	refCopyAddSub(dst, src, a, s)
}

// copyAddSub2: for i := range dst { dst[i] = src[i] + a[i] - s1[i] - s2[i] }
func copyAddSub2(dst, src, a, s1, s2 []int16) {
	if haveSIMD {
		simdCopyAddSub2(dst, src, a, s1, s2)
		return
	}
	refCopyAddSub2(dst, src, a, s1, s2)
}

// copyAdd2Sub2: for i := range dst { dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i] }
func copyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16) {
	if haveSIMD {
		simdCopyAdd2Sub2(dst, src, a1, a2, s1, s2)
		return
	}
	refCopyAdd2Sub2(dst, src, a1, a2, s1, s2)
}

// updateRows: with n = len(dst), for i := range dst {
// dst[i] = src[i] + Σ_{f ∈ add} w[f·n+i] − Σ_{f ∈ sub} w[f·n+i] }
// (int16, wrapping, so the order of the rows does not matter): any number
// of first-layer rows applied in one pass over the accumulator, which the
// SIMD twins keep in registers a tile at a time. dst may be src. It panics
// when a row lies outside w.
func updateRows(dst, src, w []int16, add, sub []uint16) {
	if haveSIMD {
		simdUpdateRows(dst, src, w, add, sub)
		return
	}
	refUpdateRows(dst, src, w, add, sub)
}

// dotCReLU: for i := range acc { sum += int64(clamp(acc[i], 0, qa)) * int64(w[i]) }
func dotCReLU(acc, w []int16, qa int16) int64 {
	if haveSIMD {
		return simdDotCReLU(acc, w, qa)
	}
	return refDotCReLU(acc, w, qa)
}

// dotSCReLU: for i := range acc { c := clamp(acc[i], 0, qa); sum += int64(c) * int64(c) * int64(w[i]) }
func dotSCReLU(acc, w []int16, qa int16) int64 {
	if haveSIMD {
		return simdDotSCReLU(acc, w, qa)
	}
	return refDotSCReLU(acc, w, qa)
}

func refAddRow(dst, row []int16) {
	row = row[:len(dst)]
	for i := range dst {
		dst[i] += row[i]
	}
}

func refSubRow(dst, row []int16) {
	row = row[:len(dst)]
	for i := range dst {
		dst[i] -= row[i]
	}
}

func refCopyAddSub(dst, src, a, s []int16) {
	n := len(dst)
	src, a, s = src[:n], a[:n], s[:n]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

func refCopyAddSub2(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	src, a, s1, s2 = src[:n], a[:n], s1[:n], s2[:n]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

func refCopyAdd2Sub2(dst, src, a1, a2, s1, s2 []int16) {
	n := len(dst)
	src, a1, a2, s1, s2 = src[:n], a1[:n], a2[:n], s1[:n], s2[:n]
	for i := range dst {
		dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
	}
}

func refUpdateRows(dst, src, w []int16, add, sub []uint16) {
	n := len(dst)
	copy(dst, src[:n])
	for _, f := range add {
		refAddRow(dst, w[int(f)*n:(int(f)+1)*n])
	}
	for _, f := range sub {
		refSubRow(dst, w[int(f)*n:(int(f)+1)*n])
	}
}

// rowsInside reports whether every row f of add and sub, [f·n, (f+1)·n),
// lies inside w: the SIMD twins of updateRows check it before they read.
func rowsInside(w []int16, n int, add, sub []uint16) bool {
	var hi uint16
	for _, f := range add {
		hi = max(hi, f)
	}
	for _, f := range sub {
		hi = max(hi, f)
	}
	return (int(hi)+1)*n <= len(w)
}

func clamp16(x, qa int16) int16 {
	if x < 0 {
		return 0
	}
	if x > qa {
		return qa
	}
	return x
}

func refDotCReLU(acc, w []int16, qa int16) int64 {
	w = w[:len(acc)]
	var sum int64
	for i, x := range acc {
		sum += int64(clamp16(x, qa)) * int64(w[i])
	}
	return sum
}

func refDotSCReLU(acc, w []int16, qa int16) int64 {
	w = w[:len(acc)]
	var sum int64
	for i, x := range acc {
		c := int64(clamp16(x, qa))
		sum += c * c * int64(w[i])
	}
	return sum
}

// The hidden layer stack's kernels (layers.go). Lengths: dst and the
// inputs of clampRow and mulClampRow of one length n (a multiple of 16 and
// 8 for their SIMD twins); affineI8's x a multiple of 16 and its rows a
// multiple of 4 for the SIMD twin. Other lengths run the reference loop.

// clampRow: for i := range dst { dst[i] = clamp(acc[i], 0, qa) }
func clampRow(dst, acc []int16, qa int16) {
	if haveSIMD {
		simdClampRow(dst, acc, qa)
		return
	}
	refClampRow(dst, acc, qa)
}

// mulClampRow: for i := range dst { dst[i] = ((clamp(a[i], 0, qa)·clamp(b[i], 0, qa) + qa/2)·magic) >> 24 }
// in uint32, with magic = divMagic(qa): the product divided by qa, rounded.
func mulClampRow(dst, a, b []int16, qa int16, magic uint32) {
	if haveSIMD {
		simdMulClampRow(dst, a, b, qa, magic)
		return
	}
	refMulClampRow(dst, a, b, qa, magic)
}

// affineI8: for j := range dst { dst[j] = Σ_k int32(x[k])·int32(w[j·len(x)+k]) }
// (int32, mod 2³²; with 0 ≤ x[k] ≤ 255 no overflow for len(x) ≤ 2·MaxHidden):
// one call per layer, the SIMD twin takes four rows at a time.
func affineI8(dst []int32, x []int16, w []int8) {
	if haveSIMD {
		simdAffineI8(dst, x, w)
		return
	}
	refAffineI8(dst, x, w)
}

func refAffineI8(dst []int32, x []int16, w []int8) {
	n := len(x)
	for j := range dst {
		dst[j] = refDotI8(x, w[j*n:(j+1)*n])
	}
}

func refClampRow(dst, acc []int16, qa int16) {
	acc = acc[:len(dst)]
	for i, v := range acc {
		dst[i] = clamp16(v, qa)
	}
}

func refMulClampRow(dst, a, b []int16, qa int16, magic uint32) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		p := uint32(clamp16(a[i], qa))*uint32(clamp16(b[i], qa)) + uint32(qa/2)
		dst[i] = int16(p * magic >> 24)
	}
}

func refDotI8(x []int16, w []int8) int32 {
	w = w[:len(x)]
	var sum int32
	for i, v := range x {
		sum += int32(v) * int32(w[i])
	}
	return sum
}

// The SIMD kernels against the reference loops, bit for bit.
package nn

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func randInt16s(rng *rand.Rand, n int, lo, hi int) []int16 {
	s := make([]int16, n)
	for i := range s {
		s[i] = int16(lo + rng.IntN(hi-lo+1))
	}
	return s
}

func TestKernelsMatchReference(t *testing.T) {
	t.Logf("kernels: %s", SIMD())
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{8, 16, 24, 32, 128, 256, 1024, MaxHidden} { // 8, 24: the wrappers' fallback
		for trial := 0; trial < 20; trial++ {
			// Full int16 range: the add/sub kernels must wrap identically.
			src := randInt16s(rng, n, -32768, 32767)
			a1, a2 := randInt16s(rng, n, -32768, 32767), randInt16s(rng, n, -32768, 32767)
			s1, s2 := randInt16s(rng, n, -32768, 32767), randInt16s(rng, n, -32768, 32767)
			got, want := make([]int16, n), make([]int16, n)

			copyAddSub(got, src, a1, s1)
			refCopyAddSub(want, src, a1, s1)
			if !slices.Equal(got, want) {
				t.Fatalf("copyAddSub n=%d", n)
			}
			copyAddSub2(got, src, a1, s1, s2)
			refCopyAddSub2(want, src, a1, s1, s2)
			if !slices.Equal(got, want) {
				t.Fatalf("copyAddSub2 n=%d", n)
			}
			copyAdd2Sub2(got, src, a1, a2, s1, s2)
			refCopyAdd2Sub2(want, src, a1, a2, s1, s2)
			if !slices.Equal(got, want) {
				t.Fatalf("copyAdd2Sub2 n=%d", n)
			}
			copy(got, src)
			copy(want, src)
			addRow(got, a1)
			refAddRow(want, a1)
			if !slices.Equal(got, want) {
				t.Fatalf("addRow n=%d", n)
			}

			// Dot products over the ranges Net.Validate allows; the last
			// trial pins every clamped value at QA and every weight at
			// ±MaxOutWeight, the worst case for the int32 lanes.
			w := randInt16s(rng, n, -MaxOutWeight, MaxOutWeight)
			if trial == 19 {
				for i := range src {
					src[i] = 32767
					w[i] = MaxOutWeight
				}
			}
			for _, qa := range []int16{255, 181, 1} {
				if g, r := dotCReLU(src, w, qa), refDotCReLU(src, w, qa); g != r {
					t.Fatalf("dotCReLU n=%d qa=%d: %d vs %d", n, qa, g, r)
				}
				if g, r := dotSCReLU(src, w, qa), refDotSCReLU(src, w, qa); g != r {
					t.Fatalf("dotSCReLU n=%d qa=%d: %d vs %d", n, qa, g, r)
				}
			}
		}
	}
}

// updateRows against the reference over widths that exercise the whole
// 128-lane tiles, the 16-lane tail and both (272), the wrappers' fallback
// (8, 24), in place and not, with up to 40 rows each way (a refresh's
// worst case is 32 of each) over the full int16 range, so that wrapping
// must agree too.
func TestUpdateRowsMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{8, 16, 24, 48, 128, 256, 272, 1024, MaxHidden} {
		const rows = 50
		w := randInt16s(rng, rows*n, -32768, 32767)
		for trial := 0; trial < 20; trial++ {
			add, sub := make([]uint16, rng.IntN(41)), make([]uint16, rng.IntN(41))
			for i := range add {
				add[i] = uint16(rng.IntN(rows))
			}
			for i := range sub {
				sub[i] = uint16(rng.IntN(rows))
			}
			if trial == 0 {
				add, sub = add[:0], sub[:0] // a plain copy
			}
			src := randInt16s(rng, n, -32768, 32767)
			got, want := make([]int16, n), make([]int16, n)
			updateRows(got, src, w, add, sub)
			refUpdateRows(want, src, w, add, sub)
			if !slices.Equal(got, want) {
				t.Fatalf("updateRows n=%d, %d added, %d subtracted: differs from the reference", n, len(add), len(sub))
			}
			updateRows(src, src, w, add, sub) // in place
			if !slices.Equal(src, want) {
				t.Fatalf("updateRows in place n=%d: differs from the reference", n)
			}
		}
	}
}

// A row index outside the weights panics (the SIMD twins check before
// they read) instead of reading past them.
func TestUpdateRowsOutsidePanics(t *testing.T) {
	for _, n := range []int{16, 256} {
		w := make([]int16, 3*n)
		dst := make([]int16, n)
		for _, rows := range [][2][]uint16{{{3}, nil}, {nil, {0, 7}}, {{65535}, nil}} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("n=%d add %v sub %v over 3 rows: no panic", n, rows[0], rows[1])
					}
				}()
				updateRows(dst, dst, w, rows[0], rows[1])
			}()
		}
	}
}

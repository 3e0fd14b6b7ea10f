// AdamW's update in AVX2 assembly on amd64 (adam_amd64.s), with the pure-Go loop when the CPU lacks AVX.

//go:build amd64 && !purego

package train

import "golang.org/x/sys/cpu"

var hasAVXAdam = cpu.X86.HasAVX

// asmAdamW is adamRef for len(p) % 8 == 0, reading without bounds checks
// (g, m, v at least len(p); adamUpdate checks).
//
//go:noescape
func asmAdamW(p, g, m, v []float32, k *adamConsts)

// adamUpdate is adamRef, 8 lanes at a time where the CPU has AVX; the
// results are the same bit for bit (TestAdamUpdateMatchesReference).
func adamUpdate(p, g, m, v []float32, k *adamConsts) {
	n := len(p) &^ 7
	if !hasAVXAdam || len(g) < len(p) || len(m) < len(p) || len(v) < len(p) {
		n = 0
	}
	if n > 0 {
		asmAdamW(p[:n], g, m, v, k)
	}
	adamRef(p[n:], g[n:], m[n:], v[n:], k)
}

// asmClip clamps p to [lo, hi] (len(p) % 8 == 0, lo < 0 < hi).
//
//go:noescape
func asmClip(p []float32, lo, hi float32)

// clipSlice is min(max(p[i], lo), hi) for every element, bit for bit
// except a NaN's payload (NaN stays NaN), 8 lanes at a time where the CPU has AVX and lo < 0 < hi.
func clipSlice(p []float32, lo, hi float32) {
	n := len(p) &^ 7
	if !hasAVXAdam || !(lo < 0 && hi > 0) {
		n = 0
	}
	if n > 0 {
		asmClip(p[:n], lo, hi)
	}
	clipRef(p[n:], lo, hi)
}

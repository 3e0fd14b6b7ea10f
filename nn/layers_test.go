// The hidden layer stack's file format, integer division and hostile headers.
package nn

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// (v·divMagic(qa)) >> 24 is v/qa for every QA the reader accepts and every
// v the kernels divide (a product of two clamped values plus qa/2), and
// never overflows 32 bits.
func TestDivMagic(t *testing.T) {
	for qa := int32(1); qa <= 255; qa++ {
		m := uint64(divMagic(qa))
		for v := uint64(0); v <= uint64(qa*qa+qa/2); v++ {
			p := v * m
			if p >= 1<<32 || p>>24 != v/uint64(qa) {
				t.Fatalf("qa %d v %d: (v·%d)>>24 = %d (product %d), want %d", qa, v, m, p>>24, p, v/uint64(qa))
			}
		}
	}
}

// smallStackNetBytes returns a small net of shape sh (N = 32, 3 buckets) and its file.
func smallStackNetBytes(t testing.TB, g position.Variant, layers [MaxLayers]int, hact Activation, act Activation, pw, st bool) (*Net, []byte) {
	t.Helper()
	set := features.Default(g)
	a := Arch{Game: g, Set: set.ID, Inputs: set.Size, Hidden: 32, Buckets: 3, Activation: act,
		Layers: layers, HiddenActivation: hact, Pairwise: pw, Stacks: st}
	m, err := NewModel(a)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, uint64(g)))
	for _, s := range [][]float32{m.FTWeights, m.FTBias, m.OutWeights, m.OutBias, m.HiddenWeights[0], m.HiddenBias[0], m.HiddenWeights[1], m.HiddenBias[1]} {
		for i := range s {
			s[i] = float32(rng.Float64()*0.6 - 0.3)
		}
	}
	net, err := m.Quantize("stack test net")
	if err != nil {
		t.Fatal(err)
	}
	b, err := net.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return net, b
}

// Hidden layer nets round-trip bit for bit with the sizes of the layout in
// file.go, and their architecture hash differs from the flat net's.
func TestFileRoundTripStack(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		for _, c := range []struct {
			layers   [MaxLayers]int
			hact     Activation
			act      Activation
			pw, st   bool
			describe string
		}{
			{[2]int{16, 32}, CReLU, SCReLU, false, false, "(F→32)×2→16→32→1 SCReLU, hidden CReLU, 3 bucket(s)"},
			{[2]int{16, 0}, SCReLU, CReLU, true, true, "(F→32)×2 pairwise→16→1 CReLU, hidden SCReLU, 3 bucket(s) with a layer stack each"},
			{[2]int{}, 0, CReLU, true, false, "(F→32)×2 pairwise→1 CReLU, 3 bucket(s)"},
		} {
			net, b := smallStackNetBytes(t, g, c.layers, c.hact, c.act, c.pw, c.st)
			F, N, B, S := net.Inputs, 32, 3, net.StackCount()
			want := 52 + 4 + g.Squares() + layerBlockSize(net.Arch) + len("stack test net") + 2*F*N + 2*N + 2*B*net.OutInputs() + 4*B + 4
			for i := range net.NumLayers() {
				want += S*net.Layers[i]*net.LayerInputs(i) + 4*S*net.Layers[i]
			}
			if len(b) != want {
				t.Fatalf("%v %v: %d bytes, want %d", g, net.Arch, len(b), want)
			}
			got, err := ParseFor(b, g)
			if err != nil {
				t.Fatalf("%v %v: %v", g, net.Arch, err)
			}
			if !sameNet(got, net) {
				t.Fatalf("%v %v: read back differently", g, net.Arch)
			}
			if want := strings.Replace(c.describe, "F", fmt.Sprint(F), 1); !strings.Contains(got.Arch.String(), want) {
				t.Fatalf("String %q, want it to contain %q", got.Arch.String(), want)
			}
			flat := got.Arch
			flat.Layers, flat.HiddenActivation, flat.Pairwise, flat.Stacks = [MaxLayers]int{}, 0, false, false
			if flat.Hash() == got.Arch.Hash() {
				t.Fatalf("%v: hash ignores the hidden layers", got.Arch)
			}
		}
	}
}

// Hostile stack headers: each is refused with an error naming the field,
// before any weight is allocated, never a panic.
func TestFileRejectsStack(t *testing.T) {
	net, b := smallStackNetBytes(t, position.Chess, [2]int{16, 32}, CReLU, SCReLU, false, false)
	shape := headerSize                        // the shape block: K, mirror, H, flags, map
	layers := headerSize + shapeSize(net.Game) // the layer block
	le := binary.LittleEndian
	for _, c := range []struct {
		name string
		edit func(b []byte) []byte
		want string
		is   error
	}{
		{"too many layers", func(b []byte) []byte { b[shape+2] = 3; return b }, "hidden layers: header says 3", ErrArch},
		{"255 layers", func(b []byte) []byte { b[shape+2] = 255; return b }, "hidden layers: header says 255", ErrArch},
		{"unknown flag", func(b []byte) []byte { b[shape+3] = 0x84; return b }, "flags", ErrArch},
		{"huge layer", func(b []byte) []byte { le.PutUint32(b[layers:], 1<<31); return b }, "layer 2 has 2147483648 units", ErrArch},
		{"layer not aligned", func(b []byte) []byte { le.PutUint32(b[layers+4:], 20); return b }, "layer 3 has 20 units", ErrArch},
		{"zero layer", func(b []byte) []byte { le.PutUint32(b[layers:], 0); return b }, "layer 2 has 0 units", ErrArch},
		{"bad activation", func(b []byte) []byte { b[layers+8] = 9; return b }, "activation 9", ErrArch},
		{"reserved byte", func(b []byte) []byte { b[layers+10] = 1; return b }, "reserved", ErrArch},
		{"fewer layers than written", func(b []byte) []byte { b[shape+2] = 1; return b }, "", nil},
		{"stacks flag, sizes unchanged", func(b []byte) []byte { b[shape+3] = flagStacks; return b }, "hash", ErrHash},
		{"pairwise on SCReLU", func(b []byte) []byte { b[shape+3] = flagPairwise; return b }, "pairwise", ErrArch},
		{"truncated layer block", func(b []byte) []byte { return b[:layers+6] }, "hidden layers needs", ErrTruncated},
	} {
		data := c.edit(append([]byte(nil), b...))
		n, err := Parse(data)
		if err == nil || n != nil {
			t.Fatalf("%s: accepted", c.name)
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Fatalf("%s: %v, want %v", c.name, err, c.is)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%s: %q does not say %q", c.name, err, c.want)
		}
	}
}

// The hidden layer stack's kernels (SIMD twins where compiled in) equal
// the reference loops bit for bit: every length from 8 to 4096 the stack
// uses, the full int16 range of accumulators (clamped) and of dot-product
// inputs (the sums wrap mod 2³² alike), every int8 weight, and the QA
// extremes.
func TestStackKernelsMatchReference(t *testing.T) {
	t.Logf("kernels: %s", SIMD())
	rng := rand.New(rand.NewPCG(12, 13))
	randI8 := func(n int) []int8 {
		s := make([]int8, n)
		for i := range s {
			s[i] = int8(rng.IntN(256) - 128)
		}
		return s
	}
	for _, n := range []int{8, 16, 24, 32, 48, 128, 256, 512, 2 * MaxHidden} { // 8, 24, 48: some wrappers' fallback
		for trial := 0; trial < 20; trial++ {
			a, b := randInt16s(rng, n, -32768, 32767), randInt16s(rng, n, -32768, 32767)
			if trial%3 == 1 { // mostly inside the clamp range
				a, b = randInt16s(rng, n, -40, 300), randInt16s(rng, n, -40, 300)
			}
			got, want := make([]int16, n), make([]int16, n)
			for _, qa := range []int16{255, 181, 64, 1} {
				clampRow(got, a, qa)
				refClampRow(want, a, qa)
				if !slices.Equal(got, want) {
					t.Fatalf("clampRow n=%d qa=%d", n, qa)
				}
				m := divMagic(int32(qa))
				mulClampRow(got, a, b, qa, m)
				refMulClampRow(want, a, b, qa, m)
				if !slices.Equal(got, want) {
					t.Fatalf("mulClampRow n=%d qa=%d", n, qa)
				}
				mulClampRow(got, a, a, qa, m)
				refMulClampRow(want, a, a, qa, m)
				if !slices.Equal(got, want) {
					t.Fatalf("mulClampRow (square) n=%d qa=%d", n, qa)
				}
			}
			x := randInt16s(rng, n, 0, 255)
			if trial%2 == 1 {
				x = a // full int16 range: the sums wrap
			}
			if trial == 19 {
				for i := range x {
					x[i] = 255
				}
			}
			for _, rows := range []int{1, 4, 16, 32} { // 1: the wrapper's fallback
				w := randI8(rows * n)
				if trial == 19 {
					for i := range w {
						w[i] = -128
					}
				}
				got, want := make([]int32, rows), make([]int32, rows)
				affineI8(got, x, w)
				refAffineI8(want, x, w)
				if !slices.Equal(got, want) {
					t.Fatalf("affineI8 rows=%d n=%d", rows, n)
				}
			}
		}
	}
}

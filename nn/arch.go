// Architecture description shared by the quantized net, the float model and the file.
package nn

import (
	"fmt"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// Activation is the hidden layer's clipped ReLU variant.
type Activation uint8

const (
	// CReLU is clamp(x, 0, 1) (integer: clamp(x, 0, QA)).
	CReLU Activation = 1
	// SCReLU is clamp(x, 0, 1)² (integer: clamp(x, 0, QA)²), as bullet uses it.
	SCReLU Activation = 2
)

func (a Activation) String() string {
	switch a {
	case CReLU:
		return "CReLU"
	case SCReLU:
		return "SCReLU"
	}
	return fmt.Sprintf("activation(%d)", uint8(a))
}

// Default quantization (bullet's convention): feature-transformer weights and
// biases ×QA, output weights ×QB, output bias ×QA·QB, eval = output × Scale.
// Scale is also the trainer's sigmoid constant K: the training target of a
// score s (centipawns) is sigmoid(s/K), and the net's float output o is
// compared through sigmoid(o) = sigmoid(o·Scale/K).
const (
	DefaultQA    = 255
	DefaultQB    = 64
	DefaultScale = 400
)

// Limits every net obeys (checked by Arch.Validate and the reader).
const (
	// MaxHidden bounds N; N must also be a multiple of HiddenAlign so the
	// SIMD kernels need no tail loop.
	MaxHidden   = 2048
	HiddenAlign = 16
	// MaxBuckets bounds the material output buckets.
	MaxBuckets = 32
	// MaxOutWeight bounds |output weight| (quantized): with clamp(x) ≤ QA ≤ 255
	// the product clamp(x)·w fits an int16 (SCReLU computes it that way), and
	// the int32 partial sums of the SIMD dot product cannot overflow for any
	// N ≤ MaxHidden. In float units the bound is MaxOutWeight/QB (1.98 at QB=64).
	MaxOutWeight = 127
	// MaxPieces is the most pieces a legal position of either game holds; the
	// accumulator overflow check assumes at most this many active features.
	MaxPieces = 32
)

// Arch is the shape of a perspective network (Inputs → Hidden)×2 → 1 with
// Buckets material output buckets: the side-to-move accumulator feeds the
// first Hidden output weights of the bucket, the other side's the second.
type Arch struct {
	Game       position.Variant
	Set        features.SetID
	Inputs     int // F, the feature set's size
	Hidden     int // N, accumulator width per perspective
	Buckets    int // output buckets (1 = none)
	Activation Activation
}

// Validate reports whether a is a shape the engine can run.
func (a Arch) Validate() error {
	s, err := features.Lookup(a.Set)
	if err != nil {
		return err
	}
	switch {
	case s.Game != a.Game:
		return fmt.Errorf("nn: feature set %s belongs to %v, net is for %v", s.Name, s.Game, a.Game)
	case a.Inputs != s.Size:
		return fmt.Errorf("nn: %d inputs, feature set %s has %d", a.Inputs, s.Name, s.Size)
	case a.Hidden < HiddenAlign || a.Hidden > MaxHidden || a.Hidden%HiddenAlign != 0:
		return fmt.Errorf("nn: hidden size %d not a multiple of %d in [%d, %d]", a.Hidden, HiddenAlign, HiddenAlign, MaxHidden)
	case a.Buckets < 1 || a.Buckets > MaxBuckets:
		return fmt.Errorf("nn: %d output buckets not in [1, %d]", a.Buckets, MaxBuckets)
	case a.Activation != CReLU && a.Activation != SCReLU:
		return fmt.Errorf("nn: unknown activation %d", a.Activation)
	}
	return nil
}

// Hash is the architecture hash written in the net file: 64-bit FNV-1a over
// the bytes "dualnnue-arch", game, set id (2 bytes LE), inputs, hidden,
// buckets (4 bytes LE each) and activation. The trainer computes the same.
func (a Arch) Hash() uint64 {
	h := uint64(14695981039346656037)
	add := func(b byte) {
		h ^= uint64(b)
		h *= 1099511628211
	}
	for _, b := range []byte("dualnnue-arch") {
		add(b)
	}
	add(byte(a.Game))
	add(byte(a.Set))
	add(byte(a.Set >> 8))
	for _, v := range []int{a.Inputs, a.Hidden, a.Buckets} {
		for i := 0; i < 32; i += 8 {
			add(byte(uint32(v) >> i))
		}
	}
	add(byte(a.Activation))
	return h
}

// Bucket returns the output bucket of a position with pieces pieces on the
// board (kings included): bullet's MaterialCount, (pieces-2)/ceil(32/Buckets),
// clamped to [0, Buckets-1].
func (a Arch) Bucket(pieces int) int {
	if a.Buckets <= 1 {
		return 0
	}
	div := (MaxPieces + a.Buckets - 1) / a.Buckets
	b := (pieces - 2) / div
	if b < 0 {
		return 0
	}
	if b >= a.Buckets {
		return a.Buckets - 1
	}
	return b
}

// String describes the shape, e.g. "chess (768→32)×2→1 SCReLU, 1
// bucket(s)", naming the feature set when it is not the game's plain one
// (", features chess-ps768-hm").
func (a Arch) String() string {
	s := fmt.Sprintf("%v (%d→%d)×2→1 %v, %d bucket(s)", a.Game, a.Inputs, a.Hidden, a.Activation, a.Buckets)
	if set, err := features.Lookup(a.Set); err == nil && set != features.Default(a.Game) {
		s += ", features " + set.Name
	}
	return s
}

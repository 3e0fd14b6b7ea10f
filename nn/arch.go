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
	// MaxLayers is the most hidden layers between the first layer and the
	// output (L2 and L3 of (F→N)×2→L2→L3→1).
	MaxLayers = 2
	// MaxLayerSize bounds a hidden layer's units; sizes must also be
	// multiples of LayerAlign (the SIMD kernels' width).
	MaxLayerSize = 256
	LayerAlign   = 16
)

// Arch is the shape of a perspective network (Inputs → Hidden)×2 → 1 with
// Buckets material output buckets: the side-to-move accumulator feeds the
// first Hidden output weights of the bucket, the other side's the second.
//
// Optionally (issue 21) the first layer's output goes through a stack of
// hidden layers before the output, (F→N)×2→L2→L3→1 (Layers = {L2, L3};
// {L2, 0} is (F→N)×2→L2→1), each followed by HiddenActivation; with
// Pairwise each perspective's N activations are split in halves and
// multiplied elementwise (Stockfish's and bullet's pairwise_mul), giving
// N/2 per perspective; with Stacks every output bucket has its own hidden
// layers (Stockfish's layer stacks), otherwise they are shared and only the
// output row is per bucket. The zero values are today's shape.
type Arch struct {
	Game       position.Variant
	Set        features.SetID
	Inputs     int // F, the feature set's size
	Hidden     int // N, accumulator width per perspective
	Buckets    int // output buckets (1 = none)
	Activation Activation

	Layers           [MaxLayers]int `json:",omitzero"` // hidden layer units L2, L3 (0 = absent)
	HiddenActivation Activation     `json:",omitzero"` // after each hidden layer (0 without layers)
	Pairwise         bool           `json:",omitzero"`
	Stacks           bool           `json:",omitzero"`
}

// NumLayers returns the number of hidden layers between the first layer
// and the output (0, 1 or 2).
func (a Arch) NumLayers() int {
	k := 0
	for k < MaxLayers && a.Layers[k] > 0 {
		k++
	}
	return k
}

// Flat reports whether a is the plain (F→N)×2→1 shape (no hidden layers,
// no pairwise multiplication), whose output layer reads the accumulators
// directly.
func (a Arch) Flat() bool { return a.NumLayers() == 0 && !a.Pairwise }

// L1Outputs returns the first layer's outputs over both perspectives, the
// input width of what follows it: 2N, or N with Pairwise.
func (a Arch) L1Outputs() int {
	if a.Pairwise {
		return a.Hidden
	}
	return 2 * a.Hidden
}

// LayerInputs returns the input width of hidden layer i (0-based).
func (a Arch) LayerInputs(i int) int {
	if i == 0 {
		return a.L1Outputs()
	}
	return a.Layers[i-1]
}

// OutInputs returns the output layer's input width per bucket: the last
// hidden layer's units, or L1Outputs without hidden layers (2N today).
func (a Arch) OutInputs() int {
	if k := a.NumLayers(); k > 0 {
		return a.Layers[k-1]
	}
	return a.L1Outputs()
}

// StackCount returns the number of hidden layer stacks: Buckets with Stacks,
// else 1.
func (a Arch) StackCount() int {
	if a.Stacks {
		return a.Buckets
	}
	return 1
}

// Stack returns the hidden layer stack output bucket b uses.
func (a Arch) Stack(b int) int {
	if a.Stacks {
		return b
	}
	return 0
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
	return a.validateStack()
}

// validateStack checks the hidden layers, their activation, pairwise and
// stacks.
func (a Arch) validateStack() error {
	k := a.NumLayers()
	for i, l := range a.Layers {
		switch {
		case i >= k && l != 0:
			return fmt.Errorf("nn: hidden layers: layer %d has %d units after an absent layer %d", i+2, l, i+1)
		case i < k && (l > MaxLayerSize || l%LayerAlign != 0):
			return fmt.Errorf("nn: hidden layers: layer %d has %d units, want a multiple of %d in [%d, %d]", i+2, l, LayerAlign, LayerAlign, MaxLayerSize)
		case l < 0:
			return fmt.Errorf("nn: hidden layers: layer %d has %d units", i+2, l)
		}
	}
	switch {
	case k > 0 && a.HiddenActivation != CReLU && a.HiddenActivation != SCReLU:
		return fmt.Errorf("nn: unknown hidden-layer activation %d", a.HiddenActivation)
	case k == 0 && a.HiddenActivation != 0:
		return fmt.Errorf("nn: hidden-layer activation %v without hidden layers", a.HiddenActivation)
	case a.Pairwise && a.Activation != CReLU:
		return fmt.Errorf("nn: flags: pairwise multiplication needs the CReLU first-layer activation (the product of two clipped halves is already quadratic), not %v", a.Activation)
	case a.Stacks && k == 0:
		return fmt.Errorf("nn: flags: per-bucket layer stacks without hidden layers")
	}
	return nil
}

// Hash is the architecture hash written in the net file: 64-bit FNV-1a over
// the bytes "dualnnue-arch", game, set id (2 bytes LE), inputs, hidden,
// buckets (4 bytes LE each) and activation; unless a is Flat, then the
// hidden layer sizes (4 bytes LE each), the hidden activation and the flags
// byte (bit 0 pairwise, bit 1 stacks). The trainer computes the same.
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
	if a.Flat() {
		return h // the shapes before hidden layers hash as they always did
	}
	for _, v := range a.Layers {
		for i := 0; i < 32; i += 8 {
			add(byte(uint32(v) >> i))
		}
	}
	add(byte(a.HiddenActivation))
	add(a.flags())
	return h
}

// Flag bits of the file's flags byte.
const (
	flagPairwise = 1 << 0
	flagStacks   = 1 << 1
)

func (a Arch) flags() byte {
	var f byte
	if a.Pairwise {
		f |= flagPairwise
	}
	if a.Stacks {
		f |= flagStacks
	}
	return f
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
	if !a.Flat() {
		mid := ""
		if a.Pairwise {
			mid = " pairwise"
		}
		for _, l := range a.Layers[:a.NumLayers()] {
			mid += fmt.Sprintf("→%d", l)
		}
		s = fmt.Sprintf("%v (%d→%d)×2%s→1 %v", a.Game, a.Inputs, a.Hidden, mid, a.Activation)
		if a.NumLayers() > 0 {
			s += fmt.Sprintf(", hidden %v", a.HiddenActivation)
		}
		s += fmt.Sprintf(", %d bucket(s)", a.Buckets)
		if a.Stacks {
			s += " with a layer stack each"
		}
	}
	if set, err := features.Lookup(a.Set); err == nil && set != features.Default(a.Game) {
		s += ", features " + set.Name
	}
	return s
}

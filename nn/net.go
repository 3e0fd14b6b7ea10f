// The quantized network: int16 weights, value checks and the integer forward pass.
package nn

import (
	"fmt"
	"slices"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// Net is a quantized network as the engine runs it. Shapes (F = Inputs,
// N = Hidden, B = Buckets):
//
//	FTWeights  F×N int16, row f (feature f's column of the first layer) at [f*N, (f+1)*N), scale QA
//	FTBias     N   int16, scale QA
//	OutWeights B×2N int16, bucket b at [b*2N, (b+1)*2N): side to move's half first, scale QB
//	OutBias    B   int32, scale QA·QB
//
// The evaluation of a position (us = side-to-move accumulator, them = the
// other, w = the bucket's output weights, c(x) = clamp(x, 0, QA)) is
//
//	CReLU:  out = Σ c(us[i])·w[i] + Σ c(them[i])·w[N+i] + bias
//	SCReLU: out = (Σ c(us[i])²·w[i] + Σ c(them[i])²·w[N+i]) / QA + bias
//	eval   = out·Scale / (QA·QB)
//
// with Go's truncating integer division, in int64. The eval is centipawns
// from the side to move's view.
//
// A net with hidden layers or pairwise multiplication (Arch.Flat false)
// quantizes as Stockfish does: the first layer's output is brought into
// uint8 range [0, QA] (scale QA), each hidden layer has int8 weights (scale
// QB, a power of two) and int32 biases (scale QA·QB) and int32 sums that
// are shifted back to scale QA and clipped:
//
//	x[i]  = c(acc[i])                            CReLU
//	        (c(acc[i])² + QA/2) / QA             SCReLU
//	        (c(acc[i])·c(acc[i+N/2]) + QA/2) / QA  Pairwise (i < N/2)
//	h[j]  = (bias[j] + Σ x[i]·W[j][i] + QB/2) >> log2 QB
//	y[j]  = c(h[j]), or (c(h[j])² + QA/2) / QA
//	out   = Σ y_last[k]·w[k] + bias              (w: the bucket's OutInputs int16 weights, |w| ≤ 127)
//	eval  = out·Scale / (QA·QB)
//
// Unlike Stockfish the shift and the divisions by QA round to nearest (the
// + QB/2, + QA/2), so their errors do not add up to a bias over a layer's
// inputs; the kernels divide by QA as ((v + QA/2)·⌈2²⁴/QA⌉) >> 24, exact
// for 0 ≤ v ≤ QA². Shapes:
//
//	HiddenWeights[i] S×L×in int8 (S = StackCount, L = Layers[i], in = LayerInputs(i)), stack s's unit j at [(s·L+j)·in, (s·L+j+1)·in)
//	HiddenBias[i]    S×L    int32
//	OutWeights       B×OutInputs int16
type Net struct {
	Arch
	QA, QB, Scale int32
	// Description says how the net was made (training run, generator).
	Description string

	FTWeights  []int16
	FTBias     []int16
	OutWeights []int16
	OutBias    []int32

	HiddenWeights [MaxLayers][]int8
	HiddenBias    [MaxLayers][]int32

	set *features.Set
}

// FeatureSet returns the net's feature set.
func (n *Net) FeatureSet() *features.Set { return n.set }

// NewNet allocates a zero net of shape a with the default quantization.
func NewNet(a Arch, description string) (*Net, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	n := &Net{Arch: a, QA: DefaultQA, QB: DefaultQB, Scale: DefaultScale, Description: description}
	n.FTWeights = make([]int16, a.Inputs*a.Hidden)
	n.FTBias = make([]int16, a.Hidden)
	n.OutWeights = make([]int16, a.Buckets*a.OutInputs())
	n.OutBias = make([]int32, a.Buckets)
	for i := range a.NumLayers() {
		n.HiddenWeights[i] = make([]int8, a.StackCount()*a.Layers[i]*a.LayerInputs(i))
		n.HiddenBias[i] = make([]int32, a.StackCount()*a.Layers[i])
	}
	n.set, _ = features.Lookup(a.Set)
	return n, nil
}

// Row returns feature f's first-layer weights (length N), aliasing FTWeights.
func (n *Net) Row(f int) []int16 { return n.FTWeights[f*n.Hidden : (f+1)*n.Hidden : (f+1)*n.Hidden] }

// checkScales reports whether the quantization scales are ones the kernels
// handle exactly.
func checkScales(qa, qb, scale int32) error {
	switch {
	case qa < 1 || qa > 255:
		return fmt.Errorf("nn: QA %d not in [1, 255]", qa)
	case qb < 1 || qb > 1024:
		return fmt.Errorf("nn: QB %d not in [1, 1024]", qb)
	case scale < 1 || scale > 4096:
		return fmt.Errorf("nn: scale %d not in [1, 4096]", scale)
	}
	return nil
}

// Validate checks the shape, the scales and the weight ranges: output weights
// within ±MaxOutWeight, and no int16 accumulator overflow for any position of
// at most MaxPieces pieces (|bias| plus the MaxPieces largest |weights| of
// each hidden unit stays ≤ 32767).
func (n *Net) Validate() error {
	if err := n.Arch.Validate(); err != nil {
		return err
	}
	if err := checkScales(n.QA, n.QB, n.Scale); err != nil {
		return err
	}
	F, N, B := n.Inputs, n.Hidden, n.Buckets
	if len(n.FTWeights) != F*N || len(n.FTBias) != N || len(n.OutWeights) != B*n.OutInputs() || len(n.OutBias) != B {
		return fmt.Errorf("nn: weight slices do not match %v", n.Arch)
	}
	for i, w := range n.OutWeights {
		if w > MaxOutWeight || w < -MaxOutWeight {
			return fmt.Errorf("nn: output weight %d (bucket %d) is %d, outside ±%d", i, i/n.OutInputs(), w, MaxOutWeight)
		}
	}
	if !n.Flat() && n.QB&(n.QB-1) != 0 {
		return fmt.Errorf("nn: QB %d must be a power of two for hidden layers (the kernels shift by log2 QB)", n.QB)
	}
	for i := range MaxLayers {
		wantW, wantB := 0, 0
		if i < n.NumLayers() {
			wantW, wantB = n.StackCount()*n.Layers[i]*n.LayerInputs(i), n.StackCount()*n.Layers[i]
		}
		if len(n.HiddenWeights[i]) != wantW || len(n.HiddenBias[i]) != wantB {
			return fmt.Errorf("nn: hidden layer %d's weight slices do not match %v", i+2, n.Arch)
		}
		for j, v := range n.HiddenBias[i] {
			if v > 1<<24 || v < -(1<<24) {
				return fmt.Errorf("nn: bias %d of hidden layer %d is %d, outside ±2^24", j, i+2, v)
			}
		}
	}
	for b, v := range n.OutBias {
		if v > 1<<24 || v < -(1<<24) {
			return fmt.Errorf("nn: output bias of bucket %d is %d, outside ±2^24", b, v)
		}
	}
	if j, worst := accumulatorBound(n.FTWeights, n.FTBias, F, N); worst > 32767 {
		return fmt.Errorf("nn: hidden unit %d can reach |%d| in an int16 accumulator", j, worst)
	}
	n.set, _ = features.Lookup(n.Set)
	return nil
}

// accumulatorBound returns the hidden unit with the largest possible
// |accumulator| over positions with at most MaxPieces active features, and
// that bound.
func accumulatorBound(w, bias []int16, F, N int) (unit int, worst int) {
	col := make([]int32, F)
	for j := 0; j < N; j++ {
		for f := 0; f < F; f++ {
			v := int32(w[f*N+j])
			if v < 0 {
				v = -v
			}
			col[f] = v
		}
		slices.Sort(col)
		s := int(bias[j])
		if s < 0 {
			s = -s
		}
		for _, v := range col[max(0, F-MaxPieces):] {
			s += int(v)
		}
		if s > worst {
			unit, worst = j, s
		}
	}
	return unit, worst
}

// output runs the output layer on the two accumulators (length N each) and
// returns the eval in centipawns (not yet clamped). A net with hidden
// layers works in sc (from newScratch; nil allocates).
func (n *Net) output(us, them []int16, bucket int, sc *scratch) int64 {
	if !n.Flat() {
		return n.outputStack(us, them, bucket, sc)
	}
	N := n.Hidden
	w := n.OutWeights[bucket*2*N : (bucket+1)*2*N]
	var sum int64
	if n.Activation == SCReLU {
		sum = dotSCReLU(us, w[:N], int16(n.QA)) + dotSCReLU(them, w[N:], int16(n.QA))
		sum /= int64(n.QA)
	} else {
		sum = dotCReLU(us, w[:N], int16(n.QA)) + dotCReLU(them, w[N:], int16(n.QA))
	}
	sum += int64(n.OutBias[bucket])
	return sum * int64(n.Scale) / (int64(n.QA) * int64(n.QB))
}

// ClampEval bounds a raw network eval strictly inside the mate scores.
func ClampEval(v int64) position.Value {
	const lim = int64(position.ValueMateInMaxPly - 1)
	if v > lim {
		return position.Value(lim)
	}
	if v < -lim {
		return position.Value(-lim)
	}
	return position.Value(v)
}

// EvalIndices evaluates from scratch given the active features of the side to
// move (us) and of the other side (them), with pieces pieces on the board
// (for the bucket). It allocates two accumulators; the search uses Stack.
func (n *Net) EvalIndices(us, them []uint16, pieces int) position.Value {
	a := make([]int16, n.Hidden)
	b := make([]int16, n.Hidden)
	n.refreshAcc(a, us)
	n.refreshAcc(b, them)
	return ClampEval(n.output(a, b, n.Bucket(pieces), nil))
}

// refreshAcc sets acc to the bias plus the rows of the active features.
func (n *Net) refreshAcc(acc []int16, active []uint16) {
	copy(acc, n.FTBias)
	for _, f := range active {
		addRow(acc, n.Row(int(f)))
	}
}

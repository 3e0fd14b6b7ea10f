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
type Net struct {
	Arch
	QA, QB, Scale int32
	// Description says how the net was made (training run, generator).
	Description string

	FTWeights  []int16
	FTBias     []int16
	OutWeights []int16
	OutBias    []int32

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
	n.OutWeights = make([]int16, a.Buckets*2*a.Hidden)
	n.OutBias = make([]int32, a.Buckets)
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
	if len(n.FTWeights) != F*N || len(n.FTBias) != N || len(n.OutWeights) != B*2*N || len(n.OutBias) != B {
		return fmt.Errorf("nn: weight slices do not match %v", n.Arch)
	}
	for i, w := range n.OutWeights {
		if w > MaxOutWeight || w < -MaxOutWeight {
			return fmt.Errorf("nn: output weight %d (bucket %d) is %d, outside ±%d", i, i/(2*N), w, MaxOutWeight)
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
// returns the eval in centipawns (not yet clamped).
func (n *Net) output(us, them []int16, bucket int) int64 {
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
	return ClampEval(n.output(a, b, n.Bucket(pieces)))
}

// refreshAcc sets acc to the bias plus the rows of the active features.
func (n *Net) refreshAcc(acc []int16, active []uint16) {
	copy(acc, n.FTBias)
	for _, f := range active {
		addRow(acc, n.Row(int(f)))
	}
}

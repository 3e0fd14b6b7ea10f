package nn

import (
	"fmt"
	"math/rand/v2"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// WithInputBuckets returns m over the input-bucketed feature set to (king
// buckets, piece-balance buckets: features.Set.Buckets) that buckets m's
// own set: every bucket's first-layer rows are a copy of m's, everything
// else is m's. The new net evaluates every position exactly as m does, so
// a bucketed net can be fine-tuned from an unbucketed one and start at its
// strength, its buckets free to part from there (bullet and Stockfish
// users grow bucketed nets from smaller ones the same way). Shapes: m's
// FTWeights F×N become (B·F)×N, B = to's buckets.
//
// Errors: m's set already bucketed, to not bucketed, another game, or a
// base set that does not index every piece on every square as m's does
// (another piece-square layout or mirroring): only a set that buckets m's
// own set keeps the evaluation.
func (m *Model) WithInputBuckets(to features.SetID) (*Model, error) {
	src, err := features.Lookup(m.Set)
	if err != nil {
		return nil, err
	}
	dst, err := features.Lookup(to)
	if err != nil {
		return nil, err
	}
	switch {
	case src.Buckets() > 1:
		return nil, fmt.Errorf("nn: %s is bucketed already; start from an unbucketed net", src.Name)
	case dst.Buckets() < 2:
		return nil, fmt.Errorf("nn: %s has no input buckets to copy %s into", dst.Name, src.Name)
	case dst.Game != src.Game || dst.Squares != src.Squares || dst.Mirror != src.Mirror || dst.BaseSize != src.Size || m.Inputs != src.Size:
		return nil, fmt.Errorf("nn: %s does not bucket %s (game, board, mirroring or base size differ)", dst.Name, src.Name)
	}
	for c := position.Color(0); c <= 1; c++ {
		for p := position.Piece(0); p < position.PieceNB; p++ {
			for sq := position.Square(0); int(sq) < src.Squares; sq++ {
				if dst.Index(c, p, sq) != src.Index(c, p, sq) {
					return nil, fmt.Errorf("nn: %s does not bucket %s: piece %d on square %d is feature %d there, %d here", dst.Name, src.Name, p, sq, dst.Index(c, p, sq), src.Index(c, p, sq))
				}
			}
		}
	}
	a := m.Arch
	a.Set, a.Inputs = to, dst.Size
	out, err := NewModel(a)
	if err != nil {
		return nil, err
	}
	out.QA, out.QB, out.Scale = m.QA, m.QB, m.Scale
	for b := range dst.Buckets() {
		copy(out.FTWeights[b*len(m.FTWeights):], m.FTWeights)
	}
	copy(out.FTBias, m.FTBias)
	copy(out.OutWeights, m.OutWeights)
	copy(out.OutBias, m.OutBias)
	for i := range m.NumLayers() {
		copy(out.HiddenWeights[i], m.HiddenWeights[i])
		copy(out.HiddenBias[i], m.HiddenBias[i])
	}
	return out, nil
}

// WithHidden returns m with its first layer widened to n units per
// perspective (Net2Net's function-preserving widening, the way bullet and
// nnue-pytorch users grow a net when its data outgrows it): units 0..N-1
// are m's, each new unit gets first-layer weights drawn uniform from
// ±initScale by rng, a zero bias and zero output weights in every output
// bucket. The new net evaluates every position exactly as m does, and the
// new units learn: their activations are live, so their output weights get
// gradients from the first step, and once those are not zero (from the
// second step) their first-layer weights do too. QA, QB and Scale are m's. Shapes: FTWeights F×N become F×n, FTBias N → n,
// OutWeights B×2N → B×2n (each perspective's half widened in place).
//
// Errors: n not above m's width or not a valid width (a multiple of
// HiddenAlign up to MaxHidden), or m not flat (hidden layers or pairwise
// multiplication: their inputs are the first layer's outputs, which
// widening would reorder), initScale not in (0, 1], or rng nil.
func (m *Model) WithHidden(n int, rng *rand.Rand, initScale float32) (*Model, error) {
	N := m.Hidden
	switch {
	case !m.Flat():
		return nil, fmt.Errorf("nn: widening needs a flat net, (F→N)×2→1; %v has hidden layers or pairwise multiplication", m.Arch)
	case n <= N:
		return nil, fmt.Errorf("nn: widen to %d units: the net has %d already (widening only grows)", n, N)
	case !(initScale > 0 && initScale <= 1):
		return nil, fmt.Errorf("nn: widen: initial weight scale %v not in (0, 1]", initScale)
	case rng == nil:
		return nil, fmt.Errorf("nn: widen: no random source for the new units' weights")
	}
	a := m.Arch
	a.Hidden = n
	out, err := NewModel(a) // validates n
	if err != nil {
		return nil, err
	}
	out.QA, out.QB, out.Scale = m.QA, m.QB, m.Scale
	for f := range m.Inputs {
		row := out.FTWeights[f*n : (f+1)*n]
		copy(row, m.FTWeights[f*N:(f+1)*N])
		for i := N; i < n; i++ {
			row[i] = initScale * float32(2*rng.Float64()-1)
		}
	}
	copy(out.FTBias, m.FTBias)
	for b := range m.Buckets {
		src, dst := m.OutWeights[b*2*N:(b+1)*2*N], out.OutWeights[b*2*n:(b+1)*2*n]
		copy(dst[:N], src[:N])
		copy(dst[n:n+N], src[N:])
	}
	copy(out.OutBias, m.OutBias)
	return out, nil
}

// WithOutputBuckets returns m with b material output buckets (Arch.Bucket:
// bullet's MaterialCount) in place of its single one: every bucket's output
// row and bias are a copy of m's, and with layer stacks every stack is a
// copy of m's hidden layers; the first layer is m's. The new net evaluates
// every position exactly as m does, so it can be fine-tuned from m and
// start at its strength, its buckets free to part by material from there
// (an endgame bucket can learn how little a small edge is worth without
// moving the middlegame's output). Shapes: OutWeights 1×O become b×O
// (O = OutInputs), OutBias 1 → b; with Stacks each hidden layer's weights
// and biases repeat b times.
//
// Errors: m with more than one output bucket already (its buckets would have
// to be split, which keeps no evaluation), or b outside [2, MaxBuckets].
func (m *Model) WithOutputBuckets(b int) (*Model, error) {
	switch {
	case m.Buckets != 1:
		return nil, fmt.Errorf("nn: the net has %d output buckets already; only a net with one grows them", m.Buckets)
	case b < 2 || b > MaxBuckets:
		return nil, fmt.Errorf("nn: %d output buckets not in [2, %d]", b, MaxBuckets)
	}
	a := m.Arch
	a.Buckets = b
	out, err := m.withFirstLayer(a)
	if err != nil {
		return nil, err
	}
	for k := range b {
		copy(out.OutWeights[k*len(m.OutWeights):], m.OutWeights)
		out.OutBias[k] = m.OutBias[0]
	}
	for i := range m.NumLayers() {
		// One stack in m; out has b stacks with Stacks, else one shared.
		for s := range out.StackCount() {
			copy(out.HiddenWeights[i][s*len(m.HiddenWeights[i]):], m.HiddenWeights[i])
			copy(out.HiddenBias[i][s*len(m.HiddenBias[i]):], m.HiddenBias[i])
		}
	}
	return out, nil
}

// OutputBucket returns the one-bucket net that evaluates every position in
// m's output bucket k (Arch.Bucket) exactly as m does: m's first layer,
// bucket k's output row and bias, and with layer stacks stack k (shared
// hidden layers as they are). The inverse of WithOutputBuckets for each of
// its buckets; a one-bucket m gives a copy of itself for k = 0.
//
// Errors: k outside [0, m.Buckets).
func (m *Model) OutputBucket(k int) (*Model, error) {
	if k < 0 || k >= m.Buckets {
		return nil, fmt.Errorf("nn: output bucket %d not in [0, %d)", k, m.Buckets)
	}
	a := m.Arch
	a.Buckets = 1
	out, err := m.withFirstLayer(a)
	if err != nil {
		return nil, err
	}
	O := m.OutInputs()
	copy(out.OutWeights, m.OutWeights[k*O:(k+1)*O])
	out.OutBias[0] = m.OutBias[k]
	s := m.Stack(k)
	for i := range m.NumLayers() {
		n, nb := len(out.HiddenWeights[i]), len(out.HiddenBias[i])
		copy(out.HiddenWeights[i], m.HiddenWeights[i][s*n:(s+1)*n])
		copy(out.HiddenBias[i], m.HiddenBias[i][s*nb:(s+1)*nb])
	}
	return out, nil
}

// withFirstLayer returns a zero model of shape a (m's first layer shape, other
// output buckets or stacks) with m's scales and first layer.
func (m *Model) withFirstLayer(a Arch) (*Model, error) {
	out, err := NewModel(a)
	if err != nil {
		return nil, err
	}
	out.QA, out.QB, out.Scale = m.QA, m.QB, m.Scale
	copy(out.FTWeights, m.FTWeights)
	copy(out.FTBias, m.FTBias)
	return out, nil
}

package nn

import (
	"fmt"

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

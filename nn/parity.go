// The parity check between a float model and its quantized net, shared with the trainer.
package nn

import (
	"fmt"
	"math"
)

// Sample is one position as the networks see it: the side to move's active
// features, the other side's, and the number of pieces (for the bucket).
type Sample struct {
	Us, Them []uint16
	Pieces   int
}

// ParityStats summarises a parity check, in centipawns.
type ParityStats struct {
	Positions int
	// MaxSame is the largest |Net eval − q.Model() eval| (bounded by
	// ParityBound, or per position by Model.SameWeightBound with hidden layers).
	MaxSame float64
	// MaxOrig and MeanOrig are the largest and mean |Net eval − m eval|;
	// MaxRatio is the largest ratio of that error to m.QuantizationBound.
	MaxOrig, MeanOrig, MaxRatio float64
}

// CheckParity evaluates every sample with the quantized net q, with the
// float model holding q's own weights, and with the float model m that q was
// quantized from (m may be nil to skip that part). It returns an error
// naming the first sample where |q − q.Model()| exceeds ParityBound
// (SameWeightBound for a net with hidden layers) or
// |q − m| exceeds m.QuantizationBound. Positions whose float eval reaches
// the mate bounds (where q is clamped) are compared after clamping. A
// sample with a feature index outside q's inputs (made with another feature
// set) is an error.
func CheckParity(m *Model, q *Net, samples []Sample) (ParityStats, error) {
	st := ParityStats{Positions: len(samples)}
	for i, s := range samples {
		if len(s.Us) != len(s.Them) {
			return st, fmt.Errorf("nn: parity: sample %d: %d and %d active features", i, len(s.Us), len(s.Them))
		}
		for _, fs := range [2][]uint16{s.Us, s.Them} {
			for _, f := range fs {
				if int(f) >= q.Inputs {
					return st, fmt.Errorf("nn: parity: sample %d: feature %d outside the net's %d inputs (another feature set?)", i, f, q.Inputs)
				}
			}
		}
	}
	deq := q.Model()
	lim := float64(ClampEval(math.MaxInt32))
	clamp := func(v float64) float64 { return math.Max(-lim, math.Min(lim, v)) }
	for i, s := range samples {
		qe := float64(q.EvalIndices(s.Us, s.Them, s.Pieces))
		d := math.Abs(qe - clamp(deq.Eval(s.Us, s.Them, s.Pieces)))
		if pb := deq.SameWeightBound(s.Us, s.Them, s.Pieces); d > pb {
			return st, fmt.Errorf("nn: parity: sample %d: net %v, same-weight float differs by %.4f cp > %.4f", i, qe, d, pb)
		}
		st.MaxSame = max(st.MaxSame, d)
		if m == nil {
			continue
		}
		d = math.Abs(qe - clamp(m.Eval(s.Us, s.Them, s.Pieces)))
		bound := m.QuantizationBound(s.Us, s.Them, s.Pieces)
		if d > bound {
			return st, fmt.Errorf("nn: parity: sample %d: net %v, float model differs by %.3f cp > bound %.3f", i, qe, d, bound)
		}
		st.MaxOrig = max(st.MaxOrig, d)
		st.MeanOrig += d / float64(len(samples))
		st.MaxRatio = max(st.MaxRatio, d/bound)
	}
	return st, nil
}

// Fitting the sigmoid scale K to a game's data (Texel tuning's constant).
package train

import "math"

// FitK returns the sigmoid scale K (centipawns per logit unit) for which
// σ(score/K) best predicts the game results of d's positions in the least-
// squares sense (the constant of Texel tuning), searched over [50, 5000]
// by golden section on log K, using at most 1,000,000 positions spread
// evenly over d. Positions whose score is zero say nothing about K and are
// skipped. It returns 0 for data without a scored position.
//
// Each game's score units differ (a xiangqi rook is worth more centipawns
// than a chess pawn per win probability), so a fixed K = 400 mis-weighs
// the score part of the target against the result part.
func FitK(d *Memory) float64 {
	n := d.Len()
	step := max(1, n/1_000_000)
	var scores, results []float64
	for i := 0; i < n; i += step {
		_, _, s, r := d.Position(i)
		if s != 0 {
			scores = append(scores, float64(s))
			results = append(results, float64(r))
		}
	}
	if len(scores) == 0 {
		return 0
	}
	cost := func(logK float64) float64 {
		k := math.Exp(logK)
		sum := 0.0
		for i, s := range scores {
			e := results[i] - sigmoid(s/k)
			sum += e * e
		}
		return sum
	}
	lo, hi := math.Log(50), math.Log(5000)
	const phi = 0.6180339887498949
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := cost(a), cost(b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = cost(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = cost(b)
		}
	}
	return math.Round(math.Exp((lo + hi) / 2))
}

// Fitting the win/draw/loss model (eval.WDLModel) to self-play positions.
package train

import (
	"math"

	"dualnnue/eval"
)

// WDLObs is one scored position of a game for the WDL fit: the search
// score (centipawns, side to move's view), the number of pieces on the
// board (kings included) and the game's result from the side to move's
// view (0, 0.5 or 1).
type WDLObs struct {
	Score  float64
	Pieces int
	Result float32
}

// FitWDL returns the eval.WDLModel of maximum likelihood for d's positions
// (search score, game result and piece count of each; at most 500,000
// positions spread evenly over d, mate-range scores skipped), as FitWDLObs.
func FitWDL(d *Memory) (eval.WDLModel, float64) {
	var data []WDLObs
	step := max(1, d.Len()/500_000)
	for i := 0; i < d.Len(); i += step {
		pieces, _, s, r := d.Position(i)
		if math.Abs(float64(s)) < 20000 {
			data = append(data, WDLObs{float64(s), len(pieces), r})
		}
	}
	return FitWDLObs(data)
}

// FitWDLObs returns the eval.WDLModel of maximum likelihood for the
// observations, found by the Nelder–Mead simplex from a = 200 + 50·t,
// b = 100 + 50·t, and the mean negative log-likelihood per observation.
// No observations give the starting model and 0.
func FitWDLObs(data []WDLObs) (eval.WDLModel, float64) {
	nll := func(p [4]float64) float64 {
		m := eval.WDLModel{A0: p[0], A1: p[1], B0: p[2], B1: p[3]}
		if m.B0 <= 1 || m.B0+m.B1 <= 1 {
			return math.Inf(1)
		}
		sum := 0.0
		for _, o := range data {
			w, l := m.Probabilities(o.Score, o.Pieces)
			var q float64
			switch o.Result {
			case 1:
				q = w
			case 0:
				q = l
			default:
				q = 1 - w - l
			}
			sum -= math.Log(math.Max(q, 1e-12))
		}
		return sum / float64(max(len(data), 1))
	}
	start := [4]float64{200, 50, 100, 50}
	if len(data) == 0 {
		return eval.WDLModel{A0: start[0], A1: start[1], B0: start[2], B1: start[3]}, 0
	}
	best, f := nelderMead(nll, start, [4]float64{50, 50, 30, 30}, 400)
	return eval.WDLModel{A0: best[0], A1: best[1], B0: best[2], B1: best[3]}, f
}

// nelderMead minimises f from x0 with initial steps step, for at most
// iters iterations (the standard reflection 1, expansion 2, contraction ½,
// shrink ½).
func nelderMead(f func([4]float64) float64, x0, step [4]float64, iters int) ([4]float64, float64) {
	const n = 4
	var pts [n + 1][4]float64
	var val [n + 1]float64
	pts[0] = x0
	for i := 1; i <= n; i++ {
		pts[i] = x0
		pts[i][i-1] += step[i-1]
	}
	for i := range pts {
		val[i] = f(pts[i])
	}
	for it := 0; it < iters; it++ {
		// Order: best first.
		for i := 1; i <= n; i++ {
			for j := i; j > 0 && val[j] < val[j-1]; j-- {
				pts[j], pts[j-1] = pts[j-1], pts[j]
				val[j], val[j-1] = val[j-1], val[j]
			}
		}
		if val[n]-val[0] < 1e-10 {
			break
		}
		var c [4]float64
		for i := 0; i < n; i++ {
			for k := range c {
				c[k] += pts[i][k] / n
			}
		}
		at := func(t float64) [4]float64 {
			var p [4]float64
			for k := range p {
				p[k] = c[k] + t*(pts[n][k]-c[k])
			}
			return p
		}
		r := at(-1)
		fr := f(r)
		switch {
		case fr < val[0]:
			if e := at(-2); f(e) < fr {
				pts[n], val[n] = e, f(e)
			} else {
				pts[n], val[n] = r, fr
			}
		case fr < val[n-1]:
			pts[n], val[n] = r, fr
		default:
			cc := at(0.5)
			if fr < val[n] {
				cc = at(-0.5)
			}
			if fc := f(cc); fc < math.Min(fr, val[n]) {
				pts[n], val[n] = cc, fc
			} else {
				for i := 1; i <= n; i++ {
					for k := range pts[i] {
						pts[i][k] = pts[0][k] + 0.5*(pts[i][k]-pts[0][k])
					}
					val[i] = f(pts[i])
				}
			}
		}
	}
	bi := 0
	for i := range val {
		if val[i] < val[bi] {
			bi = i
		}
	}
	return pts[bi], val[bi]
}

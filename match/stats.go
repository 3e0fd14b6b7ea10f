// Match statistics: Elo with 95% error bars (trinomial and pentanomial), LOS, SPRT.
package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// nEloScale converts a normalized score difference to normalized Elo:
// 800/ln(10), as fishtest and fastchess define nElo.
var nEloScale = 800 / math.Ln10

// Trinomial counts single games from the first engine's view.
type Trinomial struct{ W, D, L int }

// Games returns W+D+L.
func (t Trinomial) Games() int { return t.W + t.D + t.L }

// Pentanomial counts game pairs (same opening, colours reversed) by the
// first engine's pair score: LL (0), LD (1/2), WL+DD (1), WD (3/2), WW (2).
// Index k holds pairs scoring k/2 points.
type Pentanomial [5]int

// Pairs returns the number of pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// EloFromScore is the logistic Elo difference of an expected score in (0,1):
// -400·log10(1/s − 1).
func EloFromScore(s float64) float64 {
	if s <= 0 {
		return math.Inf(-1)
	}
	if s >= 1 {
		return math.Inf(1)
	}
	return -400*math.Log10(1/s-1) + 0 // + 0: an even score is +0, not -0
}

// ScoreFromElo is the expected score of an Elo difference: 1/(1+10^(−elo/400)).
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// moments returns the mean and the (population) variance of a discrete
// distribution given as counts per score.
func moments(counts []int, scores []float64) (n int, mean, variance float64) {
	for i, c := range counts {
		n += c
		mean += float64(c) * scores[i]
	}
	if n == 0 {
		return 0, 0.5, 0
	}
	mean /= float64(n)
	for i, c := range counts {
		d := scores[i] - mean
		variance += float64(c) * d * d
	}
	return n, mean, variance / float64(n)
}

var (
	trinomialScores   = []float64{0, 0.5, 1}
	pentanomialScores = []float64{0, 0.25, 0.5, 0.75, 1}
)

// Estimate is an Elo estimate with its 95% confidence interval.
type Estimate struct {
	Elo, Lower, Upper float64
	// Score is the mean score per game in [0,1].
	Score float64
	// NElo is the normalized Elo (score difference in standard deviations,
	// scaled by 800/ln 10), with its interval.
	NElo, NLower, NUpper float64
	// Samples is the number of samples behind the estimate: games, or game
	// pairs when Pairs is set (pentanomial).
	Samples int
	Pairs   bool
}

// HasInterval reports whether the samples spread, so that the interval
// means something. One sample, or samples that all scored alike (the first
// pair won and lost, a run of draws), have no variance: the interval is
// then Elo ± 0, which says nothing about the error.
func (e Estimate) HasInterval() bool { return e.Upper != e.Lower }

// Error is half the width of the 95% interval.
func (e Estimate) Error() float64 { return (e.Upper - e.Lower) / 2 }

// String formats the estimate for tables and progress lines. A one-sided
// result (every game won or lost) has an infinite logistic Elo and no
// spread: it is said in words instead of "+Inf ± NaN", and an interval
// reaching a score of 0 or 1 is printed as its two ends. Until the samples
// spread (see HasInterval) no interval is printed: "Elo +0.00 (no interval
// yet: 1 pair)".
func (e Estimate) String() string {
	switch {
	case math.IsInf(e.Elo, 1) && e.Pairs:
		return "Elo +Inf (all pairs won)"
	case math.IsInf(e.Elo, -1) && e.Pairs:
		return "Elo -Inf (all pairs lost)"
	case math.IsInf(e.Elo, 1):
		return "Elo +Inf (all games won)"
	case math.IsInf(e.Elo, -1):
		return "Elo -Inf (all games lost)"
	case e.Samples == 0:
		return "Elo: no games yet"
	case !e.HasInterval():
		unit := "game"
		if e.Pairs {
			unit = "pair"
		}
		if e.Samples == 1 {
			return fmt.Sprintf("Elo %+.2f (no interval yet: 1 %s)", e.Elo, unit)
		}
		return fmt.Sprintf("Elo %+.2f (no interval yet: all %d %ss scored alike)", e.Elo, e.Samples, unit)
	}
	var b strings.Builder
	if math.IsInf(e.Lower, 0) || math.IsInf(e.Upper, 0) {
		fmt.Fprintf(&b, "Elo %+.2f (95%%: %s to %s)", e.Elo, signed(e.Lower), signed(e.Upper))
	} else {
		fmt.Fprintf(&b, "Elo %+.2f ± %.2f (95%%)", e.Elo, e.Error())
	}
	if e.NUpper != e.NLower {
		fmt.Fprintf(&b, ", nElo %+.2f ± %.2f", e.NElo, (e.NUpper-e.NLower)/2)
	}
	return b.String()
}

// signed formats an Elo bound: "+12.34", "-Inf".
func signed(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	return fmt.Sprintf("%+.2f", v)
}

// Finite returns the Elo and its 95% error with every number finite, for
// JSON and plots (encoding/json refuses ±Inf and NaN). A sweep over games
// games (every game won or lost) has an infinite Elo: it becomes the Elo of
// the score half a point short of the sweep, (games−½)/games, and bound
// says which way the true estimate lies (+1: it is higher, −1: lower, 0:
// exact). When one end of the interval is infinite the error is the
// finite half-width on the other side.
func (e Estimate) Finite(games int) (elo, err float64, bound int) {
	g := float64(max(games, 1))
	switch {
	case math.IsInf(e.Elo, 1):
		return EloFromScore((g - 0.5) / g), 0, 1
	case math.IsInf(e.Elo, -1):
		return EloFromScore(0.5 / g), 0, -1
	case math.IsNaN(e.Elo):
		return 0, 0, 0
	}
	lo, hi := !math.IsInf(e.Lower, 0) && !math.IsNaN(e.Lower), !math.IsInf(e.Upper, 0) && !math.IsNaN(e.Upper)
	switch {
	case lo && hi:
		err = (e.Upper - e.Lower) / 2
	case lo:
		err = e.Elo - e.Lower
	case hi:
		err = e.Upper - e.Elo
	}
	return e.Elo, err, 0
}

// estimate turns per-sample mean/variance into Elo. perGame is the number
// of games per sample (1 trinomial, 2 pentanomial) to scale nElo.
func estimate(n int, mean, variance float64, perGame float64) Estimate {
	e := Estimate{Score: mean, Samples: n, Pairs: perGame == 2}
	if n == 0 {
		return e
	}
	se := math.Sqrt(variance / float64(n))
	e.Elo = EloFromScore(mean)
	e.Lower = EloFromScore(mean - z95*se)
	e.Upper = EloFromScore(mean + z95*se)
	sigma := math.Sqrt(variance * perGame) // per-game standard deviation
	if sigma > 0 {
		e.NElo = (mean - 0.5) / sigma * nEloScale
		e.NLower = (mean - z95*se - 0.5) / sigma * nEloScale
		e.NUpper = (mean + z95*se - 0.5) / sigma * nEloScale
	}
	return e
}

// Elo estimates from single games (trinomial model, as cutechess-cli).
func (t Trinomial) Elo() Estimate {
	n, mean, v := moments([]int{t.L, t.D, t.W}, trinomialScores)
	return estimate(n, mean, v, 1)
}

// Elo estimates from game pairs (pentanomial model, as fastchess and
// fishtest): the pair results are the samples, which accounts for the
// correlation of the two games of an opening.
func (p Pentanomial) Elo() Estimate {
	n, mean, v := moments(p[:], pentanomialScores)
	return estimate(n, mean, v, 2)
}

// LOS is the likelihood of superiority from single games: the probability
// that the first engine is stronger, Φ((W−L)/√(W+L)).
func (t Trinomial) LOS() float64 {
	if t.W+t.L == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.W-t.L)/math.Sqrt(2*float64(t.W+t.L))))
}

// SPRTModel selects the Elo model of the SPRT hypotheses.
type SPRTModel int

const (
	// SPRTNormalized: elo0/elo1 are normalized Elo (fishtest's and
	// fastchess's default), independent of the draw rate.
	SPRTNormalized SPRTModel = iota
	// SPRTLogistic: elo0/elo1 are logistic Elo.
	SPRTLogistic
)

// SPRT is a sequential probability ratio test between H0: Elo = Elo0 and
// H1: Elo = Elo1 with error rates Alpha (false accept of H1) and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	Model                   SPRTModel
}

// ParseSPRT reads "elo0,elo1,alpha,beta" (optionally ",logistic" or
// ",normalized"): finite Elo bounds with elo0 < elo1 and |elo| <= 1000,
// 0 < alpha, beta < 0.5. Anything else, extra fields included, is an error.
func ParseSPRT(s string) (SPRT, error) {
	var t SPRT
	f := strings.Split(s, ",")
	if len(f) != 4 && len(f) != 5 {
		return t, fmt.Errorf("sprt: want elo0,elo1,alpha,beta[,normalized|logistic], got %q", s)
	}
	var v [4]float64
	for i := range v {
		x, err := strconv.ParseFloat(strings.TrimSpace(f[i]), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt: %q is not a finite number (in %q)", f[i], s)
		}
		v[i] = x
	}
	t.Elo0, t.Elo1, t.Alpha, t.Beta = v[0], v[1], v[2], v[3]
	if len(f) == 5 {
		switch strings.TrimSpace(f[4]) {
		case "normalized":
		case "logistic":
			t.Model = SPRTLogistic
		default:
			return t, fmt.Errorf("sprt: unknown model %q (normalized|logistic)", f[4])
		}
	}
	if !(t.Elo0 < t.Elo1) || math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000 || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("sprt: need elo0 < elo1 (|elo| <= 1000) and 0 < alpha, beta < 0.5, got %q", s)
	}
	return t, nil
}

// Bounds returns the LLR bounds: ln(β/(1−α)) and ln((1−β)/α) (Wald).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// regularized turns counts into the empirical distribution of the GSPRT,
// replacing empty cells by 1e-3 games as fishtest and fastchess do: without
// it a one-sided result (every game won) has zero variance and the test
// could never decide. It returns the total and the probabilities.
func regularized(counts []int, probs []float64) float64 {
	total := 0.0
	for i, c := range counts {
		probs[i] = float64(c)
		if c == 0 {
			probs[i] = 1e-3
		}
		total += probs[i]
	}
	for i := range probs {
		probs[i] /= total
	}
	return total
}

// solveTheta finds the root of f(θ) = Σ p̂ᵢ·φᵢ/(1+θ·φᵢ) by bisection. f
// decreases from +∞ to −∞ on (−1/max φ, −1/min φ), an interval that exists
// when φ takes both signs.
func solveTheta(phat, phi []float64) (float64, bool) {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, v := range phi {
		switch {
		case v > 0:
			lo = math.Max(lo, -1/v)
		case v < 0:
			hi = math.Min(hi, -1/v)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0, false
	}
	f := func(x float64) float64 {
		s := 0.0
		for i, v := range phi {
			s += phat[i] * v / (1 + x*v)
		}
		return s
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2, true
}

// mleLogistic is the distribution closest to phat (maximum likelihood) with
// mean score s: pᵢ = p̂ᵢ/(1+θ·(aᵢ−s)) (Van den Bergh, "Comments on
// normalized Elo", proposition 1.1).
func mleLogistic(scores, phat []float64, s float64, p []float64) bool {
	phi := make([]float64, len(scores))
	for i, a := range scores {
		phi[i] = a - s
	}
	theta, ok := solveTheta(phat, phi)
	if !ok {
		return false
	}
	for i := range p {
		p[i] = phat[i] / (1 + theta*phi[i])
	}
	return true
}

// mleNormalized is the maximum-likelihood distribution with normalized
// score t = (μ−½)/σ (the same paper, section 4.1): a fixed point iteration
// from the uniform distribution, each step solving for θ with
// φᵢ = aᵢ − ½ − ½·t·σ·(1 + ((aᵢ−μ)/σ)²) of the previous estimate.
func mleNormalized(scores, phat []float64, t float64, p []float64) bool {
	n := len(scores)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for range 100 {
		mu, v := 0.0, 0.0
		for i, a := range scores {
			mu += p[i] * a
		}
		for i, a := range scores {
			v += p[i] * (a - mu) * (a - mu)
		}
		sigma := math.Sqrt(v)
		if sigma == 0 {
			return false
		}
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - 0.5*t*sigma*(1+z*z)
		}
		theta, ok := solveTheta(phat, phi)
		if !ok {
			return false
		}
		diff := 0.0
		for i := range p {
			q := phat[i] / (1 + theta*phi[i])
			diff = math.Max(diff, math.Abs(q-p[i]))
			p[i] = q
		}
		if diff < 1e-12 {
			break
		}
	}
	return true
}

// LLRPentanomial is the log-likelihood ratio of the pairs.
func (t SPRT) LLRPentanomial(p Pentanomial) float64 {
	return t.llr(p[:], pentanomialScores, math.Sqrt2)
}

// LLRTrinomial is the log-likelihood ratio of single games.
func (t SPRT) LLRTrinomial(g Trinomial) float64 {
	return t.llr([]int{g.L, g.D, g.W}, trinomialScores, 1)
}

// llr is the generalized log-likelihood ratio of the GSPRT as fishtest and
// fastchess compute it: the regularized empirical distribution p̂ of the
// samples, the maximum-likelihood distributions p0 and p1 under H0 and H1,
// and LLR = N·Σ p̂ᵢ·ln(p1ᵢ/p0ᵢ). tScale converts normalized Elo to the
// samples' normalized score: 1 for games, √2 for pairs (whose standard
// deviation is the per-game one over √2).
func (t SPRT) llr(counts []int, scores []float64, tScale float64) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	k := len(counts)
	phat, p0, p1 := make([]float64, k), make([]float64, k), make([]float64, k)
	total := regularized(counts, phat)
	var ok0, ok1 bool
	switch t.Model {
	case SPRTLogistic:
		ok0 = mleLogistic(scores, phat, ScoreFromElo(t.Elo0), p0)
		ok1 = mleLogistic(scores, phat, ScoreFromElo(t.Elo1), p1)
	default:
		ok0 = mleNormalized(scores, phat, tScale*t.Elo0/nEloScale, p0)
		ok1 = mleNormalized(scores, phat, tScale*t.Elo1/nEloScale, p1)
	}
	if !ok0 || !ok1 {
		return 0
	}
	sum := 0.0
	for i := range phat {
		sum += phat[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// Decision is the state of an SPRT.
type Decision int

const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares an LLR with the bounds.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr <= lo:
		return AcceptH0
	case llr >= hi:
		return AcceptH1
	}
	return Continue
}

// Match statistics: Elo with 95% error bars (trinomial and pentanomial), LOS, SPRT.
package match

import (
	"fmt"
	"math"
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
	return -400 * math.Log10(1/s-1)
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
}

// Error is half the width of the 95% interval.
func (e Estimate) Error() float64 { return (e.Upper - e.Lower) / 2 }

func (e Estimate) String() string {
	return fmt.Sprintf("Elo %+.2f ± %.2f (95%%), nElo %+.2f ± %.2f", e.Elo, e.Error(), e.NElo, (e.NUpper-e.NLower)/2)
}

// estimate turns per-sample mean/variance into Elo. perGame is the number
// of games per sample (1 trinomial, 2 pentanomial) to scale nElo.
func estimate(n int, mean, variance float64, perGame float64) Estimate {
	e := Estimate{Score: mean}
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

// ParseSPRT reads "elo0,elo1,alpha,beta" (optionally ",logistic" or ",normalized").
func ParseSPRT(s string) (SPRT, error) {
	var t SPRT
	var model string
	n, _ := fmt.Sscanf(replaceCommas(s), "%g %g %g %g %s", &t.Elo0, &t.Elo1, &t.Alpha, &t.Beta, &model)
	if n < 4 {
		return t, fmt.Errorf("sprt: want elo0,elo1,alpha,beta, got %q", s)
	}
	switch model {
	case "", "normalized":
	case "logistic":
		t.Model = SPRTLogistic
	default:
		return t, fmt.Errorf("sprt: unknown model %q (normalized|logistic)", model)
	}
	if !(t.Elo0 < t.Elo1) || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5, got %q", s)
	}
	return t, nil
}

func replaceCommas(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == ',' {
			b[i] = ' '
		}
	}
	return string(b)
}

// Bounds returns the LLR bounds: ln(β/(1−α)) and ln((1−β)/α) (Wald).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// llr is the normal approximation of the generalized log-likelihood ratio
// for samples with mean and variance: n·(μ1−μ0)·(2·mean−μ0−μ1)/(2·var)
// (Michel Van den Bergh's GSPRT approximation used by fishtest).
func llr(n int, mean, variance, mu0, mu1 float64) float64 {
	if n == 0 || variance <= 0 {
		return 0
	}
	return float64(n) * (mu1 - mu0) * (2*mean - mu0 - mu1) / (2 * variance)
}

// LLRPentanomial is the log-likelihood ratio of the pairs.
func (t SPRT) LLRPentanomial(p Pentanomial) float64 {
	n, mean, v := moments(p[:], pentanomialScores)
	return t.llrFor(n, mean, v, 2)
}

// LLRTrinomial is the log-likelihood ratio of single games.
func (t SPRT) LLRTrinomial(g Trinomial) float64 {
	n, mean, v := moments([]int{g.L, g.D, g.W}, trinomialScores)
	return t.llrFor(n, mean, v, 1)
}

func (t SPRT) llrFor(n int, mean, v, perGame float64) float64 {
	var mu0, mu1 float64
	switch t.Model {
	case SPRTLogistic:
		mu0, mu1 = ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	default:
		sigma := math.Sqrt(v * perGame) // per-game standard deviation
		mu0 = 0.5 + t.Elo0/nEloScale*sigma
		mu1 = 0.5 + t.Elo1/nEloScale*sigma
	}
	return llr(n, mean, v, mu0, mu1)
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

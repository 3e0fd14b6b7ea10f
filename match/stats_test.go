package match

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Published pentanomial Elo intervals (logistic Elo: lower, mean, upper),
// from the tests of a Rust SPRT/Elo crate that reproduces fishtest's figures;
// counts are LL, LD, WL+DD, WD, WW.
func TestPentanomialEloPublished(t *testing.T) {
	cases := []struct {
		p                   Pentanomial
		lower, mean, upper  float64
		nLower, nMean, nUpp float64
	}{
		{Pentanomial{485, 1923, 2942, 1937, 594}, 1.21, 5.11, 9.02, 1.68, 7.10, 12.53},
		{Pentanomial{261, 739, 2683, 737, 253}, -5.00, -0.67, 3.66, math.NaN(), math.NaN(), math.NaN()},
		{Pentanomial{63, 252, 385, 250, 74}, -7.38, 3.39, 14.17, math.NaN(), math.NaN(), math.NaN()},
		{Pentanomial{527, 1007, 1932, 933, 511}, -9.16, -3.75, 1.66, math.NaN(), math.NaN(), math.NaN()},
		{Pentanomial{175, 305, 694, 291, 157}, -14.57, -5.36, 3.85, math.NaN(), math.NaN(), math.NaN()},
	}
	for _, c := range cases {
		e := c.p.Elo()
		if !near(e.Lower, c.lower, 0.01) || !near(e.Elo, c.mean, 0.01) || !near(e.Upper, c.upper, 0.01) {
			t.Errorf("%v: got %.2f %.2f %.2f, want %.2f %.2f %.2f", c.p, e.Lower, e.Elo, e.Upper, c.lower, c.mean, c.upper)
		}
		if !math.IsNaN(c.nMean) && (!near(e.NLower, c.nLower, 0.01) || !near(e.NElo, c.nMean, 0.01) || !near(e.NUpper, c.nUpp, 0.01)) {
			t.Errorf("%v: nElo %.2f %.2f %.2f, want %.2f %.2f %.2f", c.p, e.NLower, e.NElo, e.NUpper, c.nLower, c.nMean, c.nUpp)
		}
	}
}

// Published normalized-Elo SPRT log-likelihood ratios (alpha 0.05, beta
// 0.10) from the same crate's tests (fishtest's GSPRT).
func TestSPRTPublished(t *testing.T) {
	cases := []struct {
		p          Pentanomial
		elo0, elo1 float64
		llr        float64
	}{
		{Pentanomial{440, 2910, 5170, 2888, 455}, 0, 5, -2.27},
		{Pentanomial{142, 620, 1122, 699, 188}, 0, 5, 2.99},
		{Pentanomial{349, 1561, 3340, 1604, 359}, -5, 0, 2.90},
		{Pentanomial{98, 382, 674, 369, 71}, -5, 0, -1.11},
	}
	for _, c := range cases {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.10}
		if got := s.LLRPentanomial(c.p); !near(got, c.llr, 0.01) {
			t.Errorf("%v [%g,%g]: LLR %.3f, want %.2f", c.p, c.elo0, c.elo1, got, c.llr)
		}
	}
	decisions := []struct {
		p          Pentanomial
		elo0, elo1 float64
		want       Decision
	}{
		{Pentanomial{485, 1923, 2942, 1937, 594}, 0, 5, AcceptH1},
		{Pentanomial{261, 739, 2683, 737, 253}, -10, 0, AcceptH1},
		{Pentanomial{63, 252, 385, 250, 74}, 0, 10, Continue},
		{Pentanomial{527, 1007, 1932, 933, 511}, 0, 5, AcceptH0},
		{Pentanomial{175, 305, 694, 291, 157}, 0, 10, AcceptH0},
	}
	for _, c := range decisions {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.10}
		if got := s.Decide(s.LLRPentanomial(c.p)); got != c.want {
			t.Errorf("%v [%g,%g]: %v, want %v", c.p, c.elo0, c.elo1, got, c.want)
		}
	}
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if !near(lo, -2.94, 0.005) || !near(hi, 2.94, 0.005) {
		t.Errorf("bounds %.3f %.3f, want ±2.94", lo, hi)
	}
}

func TestTrinomialElo(t *testing.T) {
	// 55% over 1000 games: Elo = -400·log10(1/0.55-1) = 34.86.
	e := Trinomial{W: 400, D: 300, L: 300}.Elo()
	if !near(e.Elo, 34.86, 0.01) || !near(e.Score, 0.55, 1e-12) {
		t.Fatalf("got %v", e)
	}
	// Interval: score ± 1.96·sqrt(var/n); var = (0.4·0.45² + 0.3·0.05² + 0.3·0.55²) = 0.1725.
	se := math.Sqrt(0.1725 / 1000)
	if !near(e.Lower, EloFromScore(0.55-z95*se), 1e-9) || !near(e.Upper, EloFromScore(0.55+z95*se), 1e-9) {
		t.Fatalf("interval %v", e)
	}
	if los := (Trinomial{W: 10, L: 10}).LOS(); los != 0.5 {
		t.Fatalf("LOS %v", los)
	}
	if _, err := ParseSPRT("0,5,0.05"); err == nil {
		t.Fatal("short SPRT accepted")
	}
	if s, err := ParseSPRT("0,5,0.05,0.1,logistic"); err != nil || s.Model != SPRTLogistic || s.Elo1 != 5 {
		t.Fatalf("%v %v", s, err)
	}
}

// TestSPRTFastchess: the GSPRT values of fastchess's own SPRT tests (exact
// maximum-likelihood LLR with regularized counts), including one-sided
// results where every game or pair is won: their variance is zero, and an
// unregularized test would never decide.
func TestSPRTFastchess(t *testing.T) {
	tri := []struct {
		w, l, d    int
		elo0, elo1 float64
		model      SPRTModel
		llr        float64
	}{
		{36433, 36027, 68692, 0, 2, SPRTNormalized, 0.92},
		{10871, 10650, 20431, -1.75, 0.25, SPRTNormalized, 2.30},
		{4250, 0, 0, 0, 10, SPRTNormalized, 120.56},
		{21404, 21184, 40708, 0.5, 2.5, SPRTLogistic, -1.57},
		{57433, 57030, 106593, 0, 2, SPRTLogistic, -2.59},
	}
	for _, c := range tri {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: c.model}
		if got := s.LLRTrinomial(Trinomial{W: c.w, D: c.d, L: c.l}); !near(got, c.llr, 0.01*math.Abs(c.llr)+0.005) {
			t.Errorf("trinomial %d-%d-%d [%g,%g] model %d: LLR %.3f, want %.2f", c.w, c.l, c.d, c.elo0, c.elo1, c.model, got, c.llr)
		}
	}
	penta := []struct {
		p          Pentanomial
		elo0, elo1 float64
		model      SPRTModel
		llr        float64
	}{
		// fastchess counts LL, LD, WL, DD, WD, WW; WL and DD share a cell here.
		{Pentanomial{365, 16618, 36029 + 200, 16974, 390}, 0, 2, SPRTNormalized, 2.25},
		{Pentanomial{127, 4883, 10311 + 401, 5150, 104}, -1.75, 0.25, SPRTNormalized, 3.01},
		{Pentanomial{0, 0, 0, 0, 5550}, 0, 5, SPRTNormalized, 111.82},
		{Pentanomial{223, 9863, 20279 + 1000, 10037, 246}, 0.5, 2.5, SPRTLogistic, -3.07},
		{Pentanomial{871, 26175, 55003 + 980, 26678, 821}, 0, 2, SPRTLogistic, -4.98},
	}
	for _, c := range penta {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: c.model}
		if got := s.LLRPentanomial(c.p); !near(got, c.llr, 0.01*math.Abs(c.llr)+0.005) {
			t.Errorf("pentanomial %v [%g,%g] model %d: LLR %.3f, want %.2f", c.p, c.elo0, c.elo1, c.model, got, c.llr)
		}
	}
	// A one-sided match decides (before regularization its LLR stayed 0):
	// 200 won pairs accept H1 of [0, 10], 200 lost pairs H0.
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if llr := s.LLRPentanomial(Pentanomial{0, 0, 0, 0, 200}); s.Decide(llr) != AcceptH1 {
		t.Errorf("200 won pairs: LLR %.2f, want H1", llr)
	}
	if llr := s.LLRPentanomial(Pentanomial{200, 0, 0, 0, 0}); s.Decide(llr) != AcceptH0 {
		t.Errorf("200 lost pairs: LLR %.2f, want H0", llr)
	}
	if llr := s.LLRTrinomial(Trinomial{W: 300}); s.Decide(llr) != AcceptH1 {
		t.Errorf("300 won games: LLR %.2f, want H1", llr)
	}
}

// TestEstimateOneSided: a sweep prints in words (not "+Inf ± NaN") and its
// finite form for JSON is the Elo of half a point short of the sweep.
func TestEstimateOneSided(t *testing.T) {
	cases := []struct {
		e    Estimate
		text string
	}{
		{Trinomial{W: 10}.Elo(), "Elo +Inf (all games won)"},
		{Trinomial{L: 10}.Elo(), "Elo -Inf (all games lost)"},
		{Pentanomial{0, 0, 0, 0, 5}.Elo(), "Elo +Inf (all pairs won)"},
		{Trinomial{D: 10}.Elo(), "Elo +0.00 (no interval yet: all 10 games scored alike)"},
		{Trinomial{D: 1}.Elo(), "Elo +0.00 (no interval yet: 1 game)"},
		{Pentanomial{0, 0, 0, 3, 0}.Elo(), "Elo +190.85 (no interval yet: all 3 pairs scored alike)"},
		{Estimate{}, "Elo: no games yet"},
		// 9 wins, 1 draw: the interval reaches a score of 1.
		{Trinomial{W: 9, D: 1}.Elo(), "Elo +511.50 (95%: +311.10 to +Inf), nElo +1042.31 ± 215.34"},
	}
	for _, c := range cases {
		if got := c.e.String(); got != c.text {
			t.Errorf("got %q, want %q", got, c.text)
		}
	}
	elo, err, bound := Trinomial{W: 10}.Elo().Finite(10)
	if !near(elo, EloFromScore(0.95), 1e-9) || err != 0 || bound != 1 {
		t.Errorf("sweep finite: %v %v %v", elo, err, bound)
	}
	elo, err, bound = Trinomial{L: 4}.Elo().Finite(4)
	if !near(elo, EloFromScore(0.125), 1e-9) || err != 0 || bound != -1 {
		t.Errorf("lost sweep finite: %v %v %v", elo, err, bound)
	}
	e := Trinomial{W: 9, D: 1}.Elo()
	elo, err, bound = e.Finite(10)
	if elo != e.Elo || !near(err, e.Elo-e.Lower, 1e-9) || bound != 0 {
		t.Errorf("half-open finite: %v %v %v", elo, err, bound)
	}
}

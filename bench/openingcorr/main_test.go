package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

const header = `{"format":"dualnnue match results","version":1,"match":{"game":"chess","n_openings":%d},"names":["a","b"]}` + "\n"

// game is one result line: the result from White's side.
func game(pair, leg int, res string) string {
	return fmt.Sprintf(`{"pair":%d,"leg":%d,"result":%q,"reason":"x","fault":-1}`+"\n", pair, leg, res)
}

// Two openings, two pairs each (pair p plays opening p mod 2): the first
// engine scores 2 and 1½ on opening 0, 0 and ½ on opening 1. By hand: group
// means 1.75 and 0.25 about 1.0, SSB 2.25, SSW 0.25, MSB 2.25, MSW 0.125,
// F 18, n0 2, ICC 2.125/2.375.
func TestAnovaByHand(t *testing.T) {
	text := fmt.Sprintf(header, 2) +
		game(0, 0, "1-0") + game(0, 1, "0-1") + // opening 0: 2 points
		game(1, 0, "0-1") + game(1, 1, "1-0") + // opening 1: 0
		game(2, 0, "1-0") + game(2, 1, "1/2-1/2") + // opening 0: 1½
		game(3, 0, "1/2-1/2") + game(3, 1, "1-0") + // opening 1: ½
		game(4, 0, "1-0") + // a pair with one leg: left out
		`{"end":"sprt"}` + "\n" + `{"pair":5,"le` // a torn last line
	n, pairs, err := pairScores(strings.NewReader(text))
	if err != nil || n != 2 || len(pairs) != 4 || pairs[0] != 2 || pairs[1] != 0 || pairs[2] != 1.5 || pairs[3] != 0.5 {
		t.Fatalf("n %d pairs %v err %v", n, pairs, err)
	}
	f, icc, n0 := anova([]float64{2, 0, 1.5, 0.5}, []int{0, 1, 0, 1}, 2)
	if math.Abs(f-18) > 1e-12 || math.Abs(icc-2.125/2.375) > 1e-12 || n0 != 2 {
		t.Fatalf("F %v ICC %v n0 %v", f, icc, n0)
	}
}

// Independent pairs show no clustering; pairs whose opening decides most
// of the score show it, with a permutation p-value that says so.
func TestClustering(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const k, m = 50, 10
	var indep, clustered []float64
	var group []int
	for p := range k * m {
		group = append(group, p%k)
		indep = append(indep, float64(rng.IntN(5))/2)
		bias := float64(p%k%5) / 2 // the opening's own score, 0..2
		if rng.IntN(4) == 0 {
			bias = float64(rng.IntN(5)) / 2
		}
		clustered = append(clustered, bias)
	}
	f, icc, _ := anova(indep, group, k)
	if p := permutationP(indep, group, k, f, 200, rng); f > 1.5 || math.Abs(icc) > 0.05 || p < 0.05 {
		t.Errorf("independent pairs: F %.2f ICC %.3f p %.3f", f, icc, p)
	}
	f, icc, _ = anova(clustered, group, k)
	if p := permutationP(clustered, group, k, f, 200, rng); f < 5 || icc < 0.5 || p != 0 {
		t.Errorf("clustered pairs: F %.2f ICC %.3f p %.3f", f, icc, p)
	}
}

func TestBadFiles(t *testing.T) {
	for name, text := range map[string]string{
		"empty":      "",
		"not json":   "garbage\n",
		"other json": `{"format":"something else"}` + "\n",
		"no count":   fmt.Sprintf(header, 0),
		"leg twice":  fmt.Sprintf(header, 2) + game(0, 0, "1-0") + game(0, 0, "0-1"),
		"leg 2":      fmt.Sprintf(header, 2) + game(0, 2, "1-0"),
	} {
		if _, _, err := pairScores(strings.NewReader(text)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

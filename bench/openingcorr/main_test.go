package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"dualnnue/match"
)

const header = `{"format":"dualnnue match results","version":1,"match":{"game":"chess","games":100,"n_openings":%d},"names":["a","b"],"shard":0,"shards":1}` + "\n"

// read writes text as a result file and reads it as main does.
func read(t *testing.T, text string) (int, map[int]float64, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.results")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := match.ReadResultsSoFar(path)
	if err != nil {
		return 0, nil, err
	}
	return pairScores(r)
}

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
		`{"pair":5,"le` // a torn last line: the match still running
	n, pairs, err := read(t, text)
	if err != nil || n != 2 || len(pairs) != 4 || pairs[0] != 2 || pairs[1] != 0 || pairs[2] != 1.5 || pairs[3] != 0.5 {
		t.Fatalf("n %d pairs %v err %v", n, pairs, err)
	}
	scores, group, k := groupByOpening(pairs, n)
	if k != 2 || fmt.Sprint(scores) != "[2 0 1.5 0.5]" || fmt.Sprint(group) != "[0 1 0 1]" {
		t.Fatalf("grouped %v %v %d", scores, group, k)
	}
	f, icc, n0 := anova(scores, group, k)
	if math.Abs(f-18) > 1e-12 || math.Abs(icc-2.125/2.375) > 1e-12 || n0 != 2 {
		t.Fatalf("F %v ICC %v n0 %v", f, icc, n0)
	}
	if d := designEffect(group, k, icc); math.Abs(d-(1+2.125/2.375)) > 1e-12 {
		t.Fatalf("design effect %v, want 1 + ICC for two pairs per opening", d)
	}
}

// Unequal groups: openings 0, 1 and 2 hold 3, 1 and 2 pairs (pairs 0..5
// of n = 3... and a seventh, pair 6, on opening 0). Σ n²/N = (9+1+4)/6.
// Scores 2, 1, 1 on opening 0, 0 on 1, ½ and 1½ on 2: means 4/3, 0, 1
// about 1; SSB 3·(1/3)² + 1·1 + 0 = 4/3, SSW 2/3 + 0 + ½ = 7/6; MSB 2/3,
// MSW 7/18; n0 (6 − 14/6)/2 = 11/6.
func TestAnovaUnequalGroups(t *testing.T) {
	pairs := map[int]float64{0: 2, 1: 0, 2: 0.5, 3: 1, 5: 1.5, 6: 1}
	scores, group, k := groupByOpening(pairs, 3)
	if k != 3 || fmt.Sprint(group) != "[0 1 2 0 2 0]" || fmt.Sprint(scores) != "[2 0 0.5 1 1.5 1]" {
		t.Fatalf("grouped %v %v %d", scores, group, k)
	}
	f, icc, n0 := anova(scores, group, k)
	msb, msw, wantN0 := 2.0/3, 7.0/18, 11.0/6
	if math.Abs(f-msb/msw) > 1e-12 || math.Abs(n0-wantN0) > 1e-12 || math.Abs(icc-(msb-msw)/(msb+(wantN0-1)*msw)) > 1e-12 {
		t.Fatalf("F %v ICC %v n0 %v", f, icc, n0)
	}
	if d := designEffect(group, k, icc); math.Abs(d-(1+(14.0/6-1)*icc)) > 1e-12 {
		t.Fatalf("design effect %v", d)
	}
	// A header promising 10^15 openings sizes nothing by it.
	if _, _, k := groupByOpening(pairs, 1e15); k != 6 {
		t.Fatalf("%d groups, want 6", k)
	}
}

// Every opening's pairs alike and the openings not: F infinite, ICC 1,
// and a p-value that counts the relabellings that are as clustered.
func TestPerfectClustering(t *testing.T) {
	scores, group := []float64{2, 2, 0, 0}, []int{0, 0, 1, 1}
	f, icc, _ := anova(scores, group, 2)
	if !math.IsInf(f, 1) || icc != 1 {
		t.Fatalf("F %v ICC %v", f, icc)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	p := permutationP(scores, group, 2, f, 300, rng)
	if p < 0.2 || p > 0.5 { // 2 of the 6 labellings are as clustered: about 1/3
		t.Fatalf("p %v, want about 1/3", p)
	}
	p1 := permutationP(scores, group, 2, f, 300, rand.New(rand.NewPCG(1, 2)))
	p2 := permutationP(scores, group, 2, f, 300, rand.New(rand.NewPCG(1, 2)))
	if p1 != p2 {
		t.Fatalf("the same seed gave p %v and %v", p1, p2)
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
	if p := permutationP(clustered, group, k, f, 200, rng); f < 5 || icc < 0.5 || p != 1.0/201 {
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
		"bad middle": fmt.Sprintf(header, 2) + game(0, 0, "1-0") + "garbage\n" + game(0, 1, "0-1"),
	} {
		if _, _, err := read(t, text); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

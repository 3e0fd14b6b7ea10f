package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"

	"dualnnue/match"
	"dualnnue/position"
)

// pairScores are the first engine's points in each whole pair of a result
// file (match.ReadResultsSoFar: a running match's torn last line is
// skipped), keyed by pair number, and the number of openings of its match.
func pairScores(r *match.Results) (nOpenings int, pairs map[int]float64, err error) {
	if r.Header.Match.NOpenings <= 0 {
		return 0, nil, fmt.Errorf("the header has no openings count (%d)", r.Header.Match.NOpenings)
	}
	legs := map[int][2]float64{}
	for _, g := range r.Games {
		l := legs[g.Pair]
		// The first engine plays White in leg 0, Black in leg 1; +1 marks a
		// leg as played.
		l[g.Leg] = float64(g.Result.Score(position.Color(g.Leg))) + 1
		legs[g.Pair] = l
	}
	pairs = map[int]float64{}
	for p, l := range legs {
		if l[0] > 0 && l[1] > 0 {
			pairs[p] = l[0] - 1 + l[1] - 1
		}
	}
	return r.Header.Match.NOpenings, pairs, nil
}

// groupByOpening lists the pair scores in pair order with their openings
// (pair p plays opening p mod n) numbered 0..k−1 in order of first
// appearance, so that no array is sized by the header's opening count.
func groupByOpening(pairs map[int]float64, n int) (scores []float64, group []int, k int) {
	keys := make([]int, 0, len(pairs))
	for p := range pairs {
		keys = append(keys, p)
	}
	slices.Sort(keys)
	index := map[int]int{}
	for _, p := range keys {
		o := p % n
		g, ok := index[o]
		if !ok {
			g = len(index)
			index[o] = g
		}
		scores = append(scores, pairs[p])
		group = append(group, g)
	}
	return scores, group, len(index)
}

// designEffect is 1 + (Σ n_g²/N − 1)·ICC: the variance of the mean pair
// score over its variance were the N pairs independent, for groups of
// sizes n_g with intraclass correlation icc.
func designEffect(group []int, k int, icc float64) float64 {
	cnt := make([]float64, k)
	for _, g := range group {
		cnt[g]++
	}
	var sq float64
	for _, c := range cnt {
		sq += c * c
	}
	return 1 + (sq/float64(len(group))-1)*icc
}

// anova is the one-way analysis of variance of scores grouped by group[i]:
// the F ratio, the intraclass correlation and the mean group size n0 (the
// unbalanced design's, as in Snedecor and Cochran).
func anova(scores []float64, group []int, k int) (f, icc, n0 float64) {
	n := len(scores)
	sum, cnt := make([]float64, k), make([]float64, k)
	var total float64
	for i, s := range scores {
		sum[group[i]] += s
		cnt[group[i]]++
		total += s
	}
	mean := total / float64(n)
	var ssb, ssw, sq float64
	groups := 0
	for g := range k {
		if cnt[g] == 0 {
			continue
		}
		groups++
		m := sum[g] / cnt[g]
		ssb += cnt[g] * (m - mean) * (m - mean)
		sq += cnt[g] * cnt[g]
	}
	for i, s := range scores {
		m := sum[group[i]] / cnt[group[i]]
		ssw += (s - m) * (s - m)
	}
	if groups < 2 || n <= groups || ssw == 0 && ssb == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	msb, msw := ssb/float64(groups-1), ssw/float64(n-groups)
	n0 = (float64(n) - sq/float64(n)) / float64(groups-1)
	if ssw == 0 { // every opening's pairs alike, the openings not: all of the variance is theirs
		return math.Inf(1), 1, n0
	}
	return msb / msw, (msb - msw) / (msb + (n0-1)*msw), n0
}

// permutationP is the p-value of f without a normality assumption: the
// share of random relabellings of the scores (the observed one counted in)
// whose F ratio reaches f.
func permutationP(scores []float64, group []int, k int, f float64, rounds int, rng *rand.Rand) float64 {
	s := append([]float64(nil), scores...)
	hits := 0
	for range rounds {
		rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		if g, _, _ := anova(s, group, k); g >= f {
			hits++
		}
	}
	return float64(hits+1) / float64(rounds+1) // the observed labelling counts as one
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/openingcorr FILE.results ...")
		os.Exit(2)
	}
	rc := 0
	fmt.Println("file\tpairs\topenings\tpairs/opening\tF\tperm p\tICC\tdesign effect\tinterval ×")
	for _, path := range os.Args[1:] {
		res, err := match.ReadResultsSoFar(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			rc = 1
			continue
		}
		n, pairs, err := pairScores(res)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			rc = 1
			continue
		}
		scores, group, k := groupByOpening(pairs, n)
		fr, icc, n0 := anova(scores, group, k)
		if math.IsNaN(fr) {
			fmt.Printf("%s\t%d\t%d\t–\t–\t–\t–\t–\t–\n", path, len(scores), k)
			continue
		}
		p := permutationP(scores, group, k, fr, 1000, rand.New(rand.NewPCG(1, 2)))
		deff := designEffect(group, k, icc)
		fmt.Printf("%s\t%d\t%d\t%.1f\t%.2f\t%.3f\t%.3f\t%.2f\t%.2f\n", path, len(scores), k, n0, fr, p, icc, deff, math.Sqrt(math.Max(deff, 0)))
	}
	os.Exit(rc)
}

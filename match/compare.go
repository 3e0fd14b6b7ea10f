// Paired comparison of two matches against one opponent on the same openings.
package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"dualnnue/position"
)

// Arm is one side of a comparison: the games of one match (one result file,
// or the files of its shards) of an engine against the common opponent.
type Arm struct {
	Paths []string
	// Header is the first file's header; Side is the index (0 or 1) of the
	// compared engine in its Engines and Names.
	Header ResultsHeader
	Side   int
	// Games is how many games the files hold; Unfinished is true when a file
	// has no end line (a match still running, or killed) or shards of the
	// match are missing from the files.
	Games      int
	Unfinished bool
	// pairs maps a pair number to the compared engine's points in it (0–2),
	// for the pairs whose two legs are both in the files, and faults to the
	// games of the pair each engine lost by a fault (time, crash, hang,
	// illegal move): [0] the compared engine, [1] the opponent.
	pairs  map[int]float64
	faults map[int][2]int
}

// Name is the compared engine's name in its match.
func (a *Arm) Name() string { return a.Header.Names[a.Side] }

// Opponent is the common opponent's name.
func (a *Arm) Opponent() string { return a.Header.Names[1-a.Side] }

// Comparison is the paired comparison of arm B against arm A over the
// opening pairs both played whole.
type Comparison struct {
	A, B *Arm
	// Pairs is the number of common pairs; A5 and B5 are each arm's
	// pentanomial over them, from the compared engine's side.
	Pairs  int
	A5, B5 Pentanomial
	// Diff is B's mean points per pair minus A's (in [−2, 2]), DiffErr
	// the half-width of its 95 % interval (normal, the sample standard
	// deviation of the per-pair differences), T = Diff / standard error.
	Diff, DiffErr, T float64
	// Better, Same, Worse count the pairs where B scored more, as much,
	// less than A.
	Better, Same, Worse int
	// AFaults and BFaults count the games of the common pairs each arm's
	// engines lost by a fault: [0] the compared engine, [1] the opponent.
	AFaults, BFaults [2]int
	// Elo is B's Elo over the common pairs minus A's; EloErr the half-width
	// of its 95 % interval by the delta method at the two arms' mean score.
	// DiffErr, T and EloErr are NaN when there is no interval: one common
	// pair, every pair differing alike, or (EloErr) a mean score of 0 or 1.
	Elo, EloErr float64
	// SameEngines: the compared engines have the same command and name in
	// both arms (as two bench/field.sh arms do), so nothing but -side tells
	// the compared engine from the opponent.
	SameEngines bool
}

// LoadArm reads the result files of one arm (one file, or the shard files
// of one match) and takes engine side (0: the first -engine of the match,
// 1: the second) as the compared engine. Files must hold a valid header and
// records (see ReadResults); unlike a merge, an unfinished file (no end
// line, or a torn last line: a match still running or killed) is accepted
// and Unfinished says so, since a comparison counts only whole pairs. The
// files must be of one match and not hold a game twice.
func LoadArm(paths []string, side int) (*Arm, error) {
	if len(paths) == 0 {
		return nil, errors.New("an arm needs a result file")
	}
	if side != 0 && side != 1 {
		return nil, fmt.Errorf("side %d: want 0 or 1", side)
	}
	a := &Arm{Paths: paths, Side: side, pairs: map[int]float64{}, faults: map[int][2]int{}}
	legs := map[int][2]float64{}
	have := map[[2]int]string{}
	shards := map[int]bool{}
	for i, p := range paths {
		r, torn, err := readResults(p)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			a.Header = r.Header
		} else if err := sameMatch(paths[0], a.Header, p, r.Header); err != nil {
			return nil, err
		}
		if r.Header.Shards != a.Header.Shards {
			return nil, fmt.Errorf("%s is shard %d/%d, %s is of %d shards", p, r.Header.Shard, r.Header.Shards, paths[0], a.Header.Shards)
		}
		shards[r.Header.Shard] = true
		if torn != "" || !r.Ended {
			a.Unfinished = true
		}
		for _, g := range r.Games {
			k := [2]int{g.Pair, g.Leg}
			if o, dup := have[k]; dup {
				return nil, fmt.Errorf("game %d.%d is in %s and in %s", g.Pair+1, g.Leg+1, o, p)
			}
			have[k] = p
			a.Games++
			// Leg 0 has Engines[0] as White/Red, leg 1 as Black.
			pts := float64(g.Result.Score(position.Color((side ^ g.Leg) & 1)))
			l := legs[g.Pair]
			l[g.Leg] = pts
			legs[g.Pair] = l
			if g.Fault >= 0 {
				f := a.faults[g.Pair]
				if (g.Fault^g.Leg)&1 == side {
					f[0]++
				} else {
					f[1]++
				}
				a.faults[g.Pair] = f
			}
		}
	}
	if len(shards) < a.Header.Shards {
		a.Unfinished = true // the shards given are part of the match
	}
	for p, l := range legs {
		if have[[2]int{p, 0}] != "" && have[[2]int{p, 1}] != "" {
			a.pairs[p] = l[0] + l[1]
		}
	}
	return a, nil
}

// sameMatch checks that two shard files are parts of one match.
func sameMatch(firstPath string, first ResultsHeader, path string, h ResultsHeader) error {
	x, _ := json.Marshal(first.Match)
	y, _ := json.Marshal(h.Match)
	if !bytes.Equal(x, y) || first.Names != h.Names {
		return fmt.Errorf("%s is from another match than %s: %s", path, firstPath, idDiff(first.Match, h.Match))
	}
	return nil
}

// Compare pairs arm b with arm a by opening pair. The two matches must be of
// the same game, control, openings (the same set in the same order) and
// adjudication, and the opponent must be the same engine (the same
// command file name, options and name); an arm's SPRT and number of games
// may differ. Only the pairs both arms played whole count; none in common
// is an error.
func Compare(a, b *Arm) (Comparison, error) {
	c := Comparison{A: a, B: b}
	ma, mb := a.Header.Match, b.Header.Match
	var errs []error
	if ma.Game != mb.Game {
		errs = append(errs, fmt.Errorf("game %s in %s, %s in %s", ma.Game, a.Paths[0], mb.Game, b.Paths[0]))
	}
	if ma.TC != mb.TC {
		errs = append(errs, fmt.Errorf("control %s in %s, %s in %s", ma.TC, a.Paths[0], mb.TC, b.Paths[0]))
	}
	if ma.Openings != mb.Openings || ma.NOpenings != mb.NOpenings {
		errs = append(errs, fmt.Errorf("the openings differ (%d in %s, %d in %s, or not the same set): pairs would not share an opening", ma.NOpenings, a.Paths[0], mb.NOpenings, b.Paths[0]))
	}
	if ma.Adjudication != mb.Adjudication {
		errs = append(errs, fmt.Errorf("adjudication %+v in %s, %+v in %s", ma.Adjudication, a.Paths[0], mb.Adjudication, b.Paths[0]))
	}
	if oa, ob := ma.Engines[1-a.Side], mb.Engines[1-b.Side]; oa != ob || a.Opponent() != b.Opponent() {
		errs = append(errs, fmt.Errorf("the opponent is %q (%s) in %s but %q (%s) in %s", a.Opponent(), oa, a.Paths[0], b.Opponent(), ob, b.Paths[0]))
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("not the same conditions: %w", errors.Join(errs...))
	}
	var common []int
	for p := range a.pairs {
		if _, ok := b.pairs[p]; ok {
			common = append(common, p)
		}
	}
	sort.Ints(common)
	if len(common) == 0 {
		return c, fmt.Errorf("%s and %s have no opening pair played whole in both", strings.Join(a.Paths, ","), strings.Join(b.Paths, ","))
	}
	c.Pairs = len(common)
	var sum, sumSq, scoreA, scoreB float64
	for _, p := range common {
		pa, pb := a.pairs[p], b.pairs[p]
		c.A5[int(2*pa)]++
		c.B5[int(2*pb)]++
		d := pb - pa
		sum += d
		sumSq += d * d
		scoreA += pa
		scoreB += pb
		for i := range 2 {
			c.AFaults[i] += a.faults[p][i]
			c.BFaults[i] += b.faults[p][i]
		}
		switch {
		case d > 0:
			c.Better++
		case d < 0:
			c.Worse++
		default:
			c.Same++
		}
	}
	n := float64(c.Pairs)
	c.Diff = sum / n
	c.T, c.DiffErr = math.NaN(), math.NaN()
	if c.Pairs > 1 {
		v := (sumSq - n*c.Diff*c.Diff) / (n - 1)
		if se := math.Sqrt(max(v, 0) / n); se > 0 {
			c.DiffErr = z95 * se
			c.T = c.Diff / se
		}
	}
	c.Elo = EloFromScore(scoreB/(2*n)) - EloFromScore(scoreA/(2*n))
	// The delta method: dElo/ds = 400 / (ln 10 · s(1 − s)) at the arms' mean
	// score s per game; a pair's difference in points is twice a game's.
	s := (scoreA + scoreB) / (4 * n)
	c.EloErr = math.NaN()
	c.SameEngines = ma.Engines[a.Side] == mb.Engines[b.Side] && a.Name() == b.Name()
	if s > 0 && s < 1 && !math.IsNaN(c.DiffErr) {
		c.EloErr = c.DiffErr / 2 * 400 / (math.Ln10 * s * (1 - s))
	}
	return c, nil
}

// Text is the comparison as `play match compare` prints it.
func (c Comparison) Text() string {
	var b strings.Builder
	arm := func(tag string, a *Arm, p Pentanomial, faults [2]int) {
		state := ""
		if a.Unfinished {
			state = ", unfinished"
		}
		fmt.Fprintf(&b, "%s: %s (%s vs %s, %d games%s)\n", tag, strings.Join(a.Paths, ","), a.Name(), a.Opponent(), a.Games, state)
		fmt.Fprintf(&b, "   over the common pairs: %s, pentanomial %d %d %d %d %d", p.Elo(), p[0], p[1], p[2], p[3], p[4])
		if faults != [2]int{} {
			fmt.Fprintf(&b, "; games lost by a fault: %d by %s, %d by %s", faults[0], a.Name(), faults[1], a.Opponent())
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s, %s, the same %d openings: %d opening pairs played whole by both\n", c.A.Header.Match.Game, c.A.Header.Match.TC, c.A.Header.Match.NOpenings, c.Pairs)
	arm("A", c.A, c.A5, c.AFaults)
	arm("B", c.B, c.B5, c.BFaults)
	switch {
	case c.Pairs < 2:
		fmt.Fprintf(&b, "B − A: %+.3f points per pair (one pair: no interval)\n", c.Diff)
	case math.IsNaN(c.DiffErr):
		fmt.Fprintf(&b, "B − A: %+.3f points per pair (no interval: every pair differs alike); B better in %d pairs, level in %d, worse in %d\n", c.Diff, c.Better, c.Same, c.Worse)
	default:
		fmt.Fprintf(&b, "B − A: %+.3f ± %.3f points per pair (95 %%), t = %.2f; B better in %d pairs, level in %d, worse in %d\n", c.Diff, c.DiffErr, c.T, c.Better, c.Same, c.Worse)
	}
	switch {
	case math.IsInf(c.Elo, 0) || math.IsNaN(c.Elo):
		b.WriteString("Elo B − A: not finite (an arm won or lost every common game)\n")
	case math.IsNaN(c.EloErr):
		fmt.Fprintf(&b, "Elo B − A: %+.1f (no interval)\n", c.Elo)
	default:
		fmt.Fprintf(&b, "Elo B − A: %+.1f ± %.1f (95 %%, paired by opening)\n", c.Elo, c.EloErr)
	}
	if c.SameEngines {
		fmt.Fprintf(&b, "note: the compared engine is %q in both arms; -side %d must name the engine that changed, not the opponent\n", c.A.Name(), c.A.Side)
	}
	if c.AFaults[0]+c.AFaults[1]+c.BFaults[0]+c.BFaults[1] > 0 {
		b.WriteString("note: games were lost by faults (time forfeits, crashes); a match with time forfeits under load is not a result\n")
	}
	return b.String()
}

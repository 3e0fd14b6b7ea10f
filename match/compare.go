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
	// has no end line (a match still running, or killed).
	Games      int
	Unfinished bool
	// pairs maps a pair number to the compared engine's points in it (0–2),
	// for the pairs whose two legs are both in the files.
	pairs map[int]float64
	// Faults counts the games each engine lost by a fault (time, crash,
	// hang, illegal move): [0] the compared engine, [1] the opponent.
	Faults [2]int
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
	// Elo is B's Elo over the common pairs minus A's; EloErr the half-width
	// of its 95 % interval by the delta method at the two arms' mean score.
	// EloErr is NaN when the mean score is 0 or 1.
	Elo, EloErr float64
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
	a := &Arm{Paths: paths, Side: side, pairs: map[int]float64{}}
	legs := map[int][2]float64{}
	have := map[[2]int]string{}
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
			l[g.Leg] = pts + 1 // +1: the leg is there
			legs[g.Pair] = l
			if g.Fault >= 0 {
				if (g.Fault^g.Leg)&1 == side {
					a.Faults[0]++
				} else {
					a.Faults[1]++
				}
			}
		}
	}
	for p, l := range legs {
		if l[0] > 0 && l[1] > 0 {
			a.pairs[p] = l[0] + l[1] - 2
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
		se := math.Sqrt(max(v, 0) / n)
		c.DiffErr = z95 * se
		if se > 0 {
			c.T = c.Diff / se
		}
	}
	c.Elo = EloFromScore(scoreB/(2*n)) - EloFromScore(scoreA/(2*n))
	// The delta method: dElo/ds = 400 / (ln 10 · s(1 − s)) at the arms' mean
	// score s per game; a pair's difference in points is twice a game's.
	s := (scoreA + scoreB) / (4 * n)
	c.EloErr = math.NaN()
	if s > 0 && s < 1 {
		c.EloErr = c.DiffErr / 2 * 400 / (math.Ln10 * s * (1 - s))
	}
	return c, nil
}

// Text is the comparison as `play match compare` prints it.
func (c Comparison) Text() string {
	var b strings.Builder
	arm := func(tag string, a *Arm, p Pentanomial) {
		state := ""
		if a.Unfinished {
			state = ", unfinished"
		}
		fmt.Fprintf(&b, "%s: %s (%s vs %s, %d games%s)\n", tag, strings.Join(a.Paths, ","), a.Name(), a.Opponent(), a.Games, state)
		fmt.Fprintf(&b, "   over the common pairs: %s, pentanomial %d %d %d %d %d", p.Elo(), p[0], p[1], p[2], p[3], p[4])
		if a.Faults != [2]int{} {
			fmt.Fprintf(&b, "; games lost by a fault: %d by %s, %d by %s", a.Faults[0], a.Name(), a.Faults[1], a.Opponent())
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s, %s, the same %d openings: %d opening pairs played whole by both\n", c.A.Header.Match.Game, c.A.Header.Match.TC, c.A.Header.Match.NOpenings, c.Pairs)
	arm("A", c.A, c.A5)
	arm("B", c.B, c.B5)
	if c.Pairs < 2 || math.IsNaN(c.DiffErr) {
		fmt.Fprintf(&b, "B − A: %+.3f points per pair (one pair: no interval)\n", c.Diff)
	} else {
		t := "t undefined (every pair differs alike)"
		if !math.IsNaN(c.T) {
			t = fmt.Sprintf("t = %.2f", c.T)
		}
		fmt.Fprintf(&b, "B − A: %+.3f ± %.3f points per pair (95 %%), %s; B better in %d pairs, level in %d, worse in %d\n", c.Diff, c.DiffErr, t, c.Better, c.Same, c.Worse)
	}
	switch {
	case math.IsInf(c.Elo, 0) || math.IsNaN(c.Elo):
		b.WriteString("Elo B − A: not finite (an arm won or lost every common game)\n")
	case math.IsNaN(c.EloErr):
		fmt.Fprintf(&b, "Elo B − A: %+.1f (no interval)\n", c.Elo)
	default:
		fmt.Fprintf(&b, "Elo B − A: %+.1f ± %.1f (95 %%, paired by opening)\n", c.Elo, c.EloErr)
	}
	if c.A.Faults[0]+c.A.Faults[1]+c.B.Faults[0]+c.B.Faults[1] > 0 {
		b.WriteString("note: games were lost by faults (time forfeits, crashes); a match with time forfeits under load is not a result\n")
	}
	return b.String()
}

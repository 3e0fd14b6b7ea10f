// The fit: read, evaluate, split, fit K per base, report.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// sample is one evaluated position: the static evaluation v in centipawns
// from White's/Red's view, the material m of ScaleMaterial and its shares
// mw (White/Red) and mb (Black) from SideMaterial, the known-endgame
// factors sw and sb of ScaleFactor for White/Red and Black, the move-count
// counter r50, the game's result r for White/Red (1, 0.5, 0) and the
// game's index.
type sample struct {
	v      float64
	m      int
	mw, mb int
	sw, sb int
	dw, db int // xiangqi: each side's advisors and elephants
	r50    int
	r      float64
	game   int
}

// factors are the search's scalings of the static evaluation that a row
// of the table applies: the material scale base (EvalScaleBase; 0 off)
// over full, the damping damp (Rule50Damp; 0 off), the winnable scale
// of win (its WinnableMaterial 0: off) and the known drawn endgames
// (EndgameScale) when endgame is 1.
type factors struct {
	base, damp, full int
	win              search.Params
	endgame          int
}

func main() {
	game := flag.String("game", "xiangqi", "the game of the PGN files: xiangqi or chess")
	evalFlag := flag.String("eval", "embedded", "evaluator: embedded, hand or a net file")
	from := flag.Int("from", 16, "first ply sampled")
	every := flag.Int("every", 3, "sample every N plies")
	seed := flag.Uint64("seed", 1, "seed of the train/held-out split of the games")
	basesFlag := flag.String("bases", "0,20,40,60,80,100,140,200,300,500,800", "EvalScaleBase values to try (0: no scaling)")
	dampFlag := flag.String("damp", "0", "Rule50Damp values to try on top of each base (0: no damping): v·(D − r)/D, r the plies since the last capture (chess: or pawn move)")
	byDefenders := flag.Bool("defenders", false, "xiangqi, with -classes: split each class by the other side's advisors and elephants (0–1, 2–3, 4)")
	classMax := flag.Int("classes", 0, "also print the best scale per material class (the side ahead's edge and own material) over the positions with at most this much material of both sides (0: no)")
	endFlag := flag.String("endgame", "0", "EndgameScale values to try on top of the others (0: off, 1: the known drawn endgames of position.Game.ScaleFactor)")
	winFlag := flag.String("winnable", "0", "WinnableMaterial values to try on top of each base and damping (0: off; the other Winnable constants are the game's defaults, fitted for xiangqi)")
	flag.Parse()
	if flag.NArg() == 0 || *every < 1 || *from < 0 || *classMax < 0 || (*byDefenders && (*classMax == 0 || *game != "xiangqi")) {
		fmt.Fprintln(os.Stderr, "usage: evalscale [-game xiangqi|chess] [-eval embedded|hand|FILE] [-from N] [-every N] [-seed N] [-bases B,...] [-damp D,...] [-winnable W,...] [-endgame 0,1] [-classes M [-defenders]] FILE.pgn...")
		os.Exit(2)
	}
	bases, err := nonNegatives("-bases", "a base", *basesFlag)
	if err != nil {
		fail(err)
	}
	damps, err := nonNegatives("-damp", "a value", *dampFlag)
	if err != nil {
		fail(err)
	}
	wins, err := nonNegatives("-winnable", "a value", *winFlag)
	if err != nil {
		fail(err)
	}
	ends, err := nonNegatives("-endgame", "a value", *endFlag)
	if err == nil && slices.Max(ends) > 1 {
		err = fmt.Errorf("-endgame: %d is not 0 or 1", slices.Max(ends))
	}
	if err != nil {
		fail(err)
	}
	choice, err := variants.ParseEvalChoice(*evalFlag)
	if err != nil {
		fail(err)
	}
	var samples []sample
	var full int
	var prm search.Params
	switch *game {
	case "xiangqi":
		samples, full, err = collect(variants.Xiangqi, choice, flag.Args(), *from, *every)
		prm = search.DefaultParams(position.Xiangqi)
	case "chess":
		samples, full, err = collect(variants.Chess, choice, flag.Args(), *from, *every)
		prm = search.DefaultParams(position.Chess)
	default:
		err = fmt.Errorf("-game %q: want xiangqi or chess", *game)
	}
	if err != nil {
		fail(err)
	}
	games := 0
	for _, s := range samples {
		games = max(games, s.game+1)
	}
	order := rand.New(rand.NewPCG(*seed, 0)).Perm(games)
	held := make([]bool, games)
	for _, g := range order[:games/2] {
		held[g] = true
	}
	var train, test []sample
	for _, s := range samples {
		if held[s.game] {
			test = append(test, s)
		} else {
			train = append(train, s)
		}
	}
	fmt.Printf("%s, %s: %d games, %d positions (%d to fit K, %d held out), full material %d\n",
		*game, *evalFlag, games, len(samples), len(train), len(test), full)
	fmt.Printf("%-14s %-10s %-16s %-12s %6s %12s %12s\n", "EvalScaleBase", "Rule50Damp", "WinnableMaterial", "EndgameScale", "K", "fit loss", "held-out")
	for _, b := range bases {
		for _, d := range damps {
			for _, w := range wins {
				for _, e := range ends {
					f := factors{base: b, damp: d, full: full, win: prm, endgame: e}
					f.win.WinnableMaterial = w
					k, l := fitK(train, f)
					fmt.Printf("%-14s %-10s %-16s %-12s %6.0f %12.4f %12.4f\n", baseName(b), baseName(d), baseName(w), baseName(e), k, l, logLoss(test, f, k))
				}
			}
		}
	}
	if *classMax > 0 {
		k, _ := fitK(samples, factors{full: full})
		fmt.Printf("\nthe best scale s of σ(v·s/K), K %.0f fitted on all positions unscaled, by class, material of both sides ≤ %d, |v| ≥ 20\n", k, *classMax)
		fmt.Printf("%-10s %-12s", "edge a−o", "own a")
		if *byDefenders {
			fmt.Printf(" %-16s", "other's defenders")
		}
		fmt.Printf(" %8s %6s\n", "n", "s")
		for _, c := range classes(samples, *classMax, k, *byDefenders) {
			own := fmt.Sprintf("%d–%d", 10*c.own, 10*c.own+9)
			if c.own == 3 {
				own = "≥ 30"
			}
			fmt.Printf("%-10s %-12s", edgeNames[c.edge], own)
			if *byDefenders {
				fmt.Printf(" %-16s", defenderNames[c.def])
			}
			fmt.Printf(" %8d %6.2f\n", c.n, c.scale)
		}
	}
}

// edgeNames names the classes of the favoured side's material edge a − o.
var edgeNames = [...]string{"≤ −8", "−7…−1", "0", "1…8", "9…17", "≥ 18"}

// defenderNames names the classes of the other side's advisors and
// elephants (-defenders).
var defenderNames = [...]string{"0–1", "2–3", "4"}

// class is one material class of classes: edge indexes edgeNames, own is
// the favoured side's own material in tens (3 for 30 and more), def
// indexes defenderNames (0 when not split), n the positions and scale the
// best s.
type class struct {
	edge, own, def, n int
	scale             float64
}

// classes groups the samples with mw + mb ≤ limit and |v| ≥ 20 by the side v
// favours (a its material, o the other's): its edge a − o and its own
// material a, and returns, per class with at least 100 positions, the s in
// [0, 3] (steps of 0.05) with the lowest log loss of σ(v·s/k): what the
// winnable constants (search.Params.WinnableMaterial) are fitted from.
// With split, each class is split further by the other side's defenders.
func classes(ss []sample, limit int, k float64, split bool) []class {
	var groups [len(edgeNames)][4][len(defenderNames)][]sample
	for _, s := range ss {
		if s.mw+s.mb > limit || math.Abs(s.v) < 20 {
			continue
		}
		a, o, od := s.mw, s.mb, s.db
		if s.v < 0 {
			a, o, od = o, a, s.dw
		}
		di := 0
		if split {
			di = min(od/2, 2)
		}
		e := 0
		switch d := a - o; {
		case d >= 18:
			e = 5
		case d >= 9:
			e = 4
		case d >= 1:
			e = 3
		case d == 0:
			e = 2
		case d >= -7:
			e = 1
		}
		g := &groups[e][min(a/10, 3)][di]
		*g = append(*g, s)
	}
	var out []class
	for e := range groups {
		for a := range groups[e] {
			for di, g := range groups[e][a] {
				if len(g) < 100 {
					continue
				}
				best, bestLoss := 0.0, math.Inf(1)
				for i := 0; i <= 60; i++ {
					sc := float64(i) / 20
					if l := logLoss(g, factors{}, k/sc); l < bestLoss { // k/0 = +Inf: every position at ½
						best, bestLoss = sc, l
					}
				}
				out = append(out, class{edge: e, own: a, def: di, n: len(g), scale: best})
			}
		}
	}
	return out
}

// nonNegatives parses the comma-separated integers ≥ 0 of flag name;
// what names one in the error ("-bases: "x" is not a base ≥ 0").
func nonNegatives(name, what, list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s: %q is not %s ≥ 0", name, f, what)
		}
		out = append(out, n)
	}
	return out, nil
}

func baseName(b int) string {
	if b == 0 {
		return "0 (off)"
	}
	return strconv.Itoa(b)
}

// collect replays the games of the files with def's rules and evaluates
// every sampled position.
func collect[T any, P search.GamePtr[T]](def *variants.Def[T, P], choice variants.EvalChoice, files []string, from, every int) ([]sample, int, error) {
	ev, err := def.Evaluator(choice)
	if err != nil {
		return nil, 0, err
	}
	e := ev.New()
	var out []sample
	full := 0
	n := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return nil, 0, err
		}
		games, err := notation.ReadPGN(f)
		f.Close()
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		for gi, g := range games {
			if g.Variant != def.Variant {
				return nil, 0, fmt.Errorf("%s: game %d is not %s", path, gi+1, def.Name)
			}
			var r float64
			switch g.Result {
			case position.WhiteWin:
				r = 1
			case position.Draw:
				r = 0.5
			case position.BlackWin:
				r = 0
			default:
				continue // unfinished
			}
			fen := g.FEN
			if fen == "" {
				fen = def.StartFEN
			}
			var p P
			if g.Chess960 && def.NewFromFEN960 != nil {
				p, err = def.NewFromFEN960(fen)
			} else {
				p, err = def.NewFromFEN(fen)
			}
			if err != nil {
				return nil, 0, fmt.Errorf("%s: game %d: %w", path, gi+1, err)
			}
			states := make([]position.State, len(g.Moves))
			for i, m := range g.Moves {
				if i >= from && (i-from)%every == 0 && !p.State().InCheck {
					e.Reset(p)
					v := float64(e.Evaluate(p))
					if p.SideToMove() == position.Black {
						v = -v
					}
					m, fl := p.ScaleMaterial()
					full = fl
					dw, db := defenders(def.Variant, p.FEN())
					out = append(out, sample{v: v, m: m, mw: p.SideMaterial(position.White), mb: p.SideMaterial(position.Black),
						sw: p.ScaleFactor(position.White), sb: p.ScaleFactor(position.Black), dw: dw, db: db, r50: p.State().Rule50, r: r, game: n})
				}
				p.DoMove(m, &states[i])
			}
			n++
		}
	}
	if len(out) == 0 {
		return nil, 0, fmt.Errorf("no positions sampled")
	}
	return out, full, nil
}

// logLoss is the mean log loss of σ(v·s·w·e·d/k) against the results, s
// the material scale of f.base (1 when it is 0), w the winnable scale of
// f.win (search.Params.WinnableScale/64 for the side v favours), e the
// known-endgame factor ScaleFactor/64 of that side when f.endgame is 1 and
// d the
// damping max(damp − r50, 0)/damp of the move-count counter (1 when damp
// is 0), as the search applies them (search.Params EvalScaleBase,
// WinnableMaterial, EndgameScale and Rule50Damp).
func logLoss(ss []sample, f factors, k float64) float64 {
	sum := 0.0
	for _, s := range ss {
		v := s.v
		if f.base > 0 {
			v = v * float64(f.base+s.m) / float64(f.base+f.full)
		}
		if f.win.WinnableMaterial > 0 {
			a, o := s.mw, s.mb
			if v < 0 {
				a, o = o, a
			}
			v = v * float64(f.win.WinnableScale(position.Value(v), a, o)) / 64
		}
		if f.endgame > 0 && v != 0 {
			sf := s.sw
			if v < 0 {
				sf = s.sb
			}
			v = v * float64(sf) / 64
		}
		if f.damp > 0 {
			v = v * float64(max(f.damp-s.r50, 0)) / float64(f.damp)
		}
		q := 1 / (1 + math.Exp(-v/k))
		q = min(max(q, 1e-9), 1-1e-9)
		sum -= s.r*math.Log(q) + (1-s.r)*math.Log(1-q)
	}
	return sum / float64(len(ss))
}

// fitK returns the K in [50, 3000] (steps of 10) with the lowest log loss.
func fitK(ss []sample, f factors) (k, loss float64) {
	loss = math.Inf(1)
	for c := 50.0; c <= 3000; c += 10 {
		if l := logLoss(ss, f, c); l < loss {
			k, loss = c, l
		}
	}
	return k, loss
}

// defenders counts each side's advisors and elephants in a xiangqi FEN's
// board (A, B Red; a, b Black); 0, 0 in chess.
func defenders(v position.Variant, fen string) (w, b int) {
	if v != position.Xiangqi {
		return 0, 0
	}
	board, _, _ := strings.Cut(fen, " ")
	for _, c := range board {
		switch c {
		case 'A', 'B':
			w++
		case 'a', 'b':
			b++
		}
	}
	return w, b
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "evalscale:", err)
	os.Exit(1)
}

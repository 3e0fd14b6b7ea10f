package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// scoreRe reads a move comment's score: "+0.37/18 ..." or "-M6/25 ...".
var scoreRe = regexp.MustCompile(`^([+-]?)(M?)([0-9]+(?:\.[0-9]+)?)/`)

// mateScore stands for a mate score, in pawns.
const mateScore = 100

// record is one game of the engine: its points (0, 0.5, 1) and its best score.
type record struct {
	points  float64
	best    float64
	scored  bool // at least one of its moves carried a score
	label   string
	colour  string
	ending  string
	lastFEN string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("leads", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engine := fs.String("engine", "dualnnue", "the engine's name in the White/Black tags (a prefix)")
	lead := fs.Float64("lead", 2, "list the draws and losses whose best score reached this many pawns")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *engine == "" || !(*lead > 0) {
		fmt.Fprintln(stderr, "usage: leads [-engine NAME] [-lead PAWNS > 0] FILE.pgn [FILE.pgn ...]")
		return 2
	}
	var recs []record
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "leads:", err)
			return 1
		}
		games, err := notation.ReadPGN(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "leads: %s: %v\n", path, err)
			return 1
		}
		for _, g := range games {
			r, ok, err := account(g, *engine)
			if err != nil {
				fmt.Fprintf(stderr, "leads: %s: %v\n", path, err)
				return 1
			}
			if ok {
				recs = append(recs, r)
			}
		}
	}
	if len(recs) == 0 {
		fmt.Fprintf(stderr, "leads: no finished game of an engine named %q\n", *engine)
		return 1
	}
	report(stdout, recs, *engine, *lead)
	return 0
}

// account returns the record of game g for the engine named by the prefix
// engine, and false when the engine did not play it or it has no result.
func account(g *notation.Game, engine string) (record, bool, error) {
	tag := func(name string) string {
		for _, t := range g.Tags {
			if t.Name == name {
				return t.Value
			}
		}
		return ""
	}
	var r record
	white, black := strings.HasPrefix(tag("White"), engine), strings.HasPrefix(tag("Black"), engine)
	switch {
	case white == black: // neither, or a game against itself: no side to judge
		return r, false, nil
	case white:
		r.colour = "white"
	default:
		r.colour = "black"
	}
	switch g.Result {
	case position.WhiteWin:
		r.points = 1
	case position.BlackWin:
		r.points = 0
	case position.Draw:
		r.points = 0.5
	default:
		return r, false, nil
	}
	if black {
		r.points = 1 - r.points
	}
	pos, err := start(g)
	if err != nil {
		return r, false, err
	}
	ours := pos.SideToMove() == position.White && white || pos.SideToMove() == position.Black && black
	states := make([]position.State, len(g.Moves))
	r.best = -mateScore
	for i, m := range g.Moves {
		if ours && i < len(g.Comments) {
			if v, ok := parseScore(g.Comments[i]); ok {
				r.best = max(r.best, v)
				r.scored = true
			}
		}
		pos.DoMove(m, &states[i])
		ours = !ours
	}
	r.label = tag("Round")
	if r.label == "" {
		r.label = "?"
	}
	r.ending = tag("Termination")
	if r.ending == "" {
		r.ending = "(no Termination tag)"
	}
	r.lastFEN = pos.FEN()
	return r, true, nil
}

// start returns the game's start position.
func start(g *notation.Game) (position.Game, error) {
	if g.Variant == position.Xiangqi {
		fen := g.FEN
		if fen == "" {
			fen = xiangqi.StartFEN
		}
		return xiangqi.NewFromFEN(fen)
	}
	fen := g.FEN
	if fen == "" {
		fen = chess.StartFEN
	}
	if g.Chess960 {
		return chess.NewFromFEN960(fen)
	}
	return chess.NewFromFEN(fen)
}

// parseScore reads the score in pawns at the start of a move comment.
func parseScore(c string) (float64, bool) {
	m := scoreRe.FindStringSubmatch(strings.TrimSpace(c))
	if m == nil {
		return 0, false
	}
	v := mateScore * 1.0
	if m[2] == "" {
		var err error
		if v, err = strconv.ParseFloat(m[3], 64); err != nil {
			return 0, false
		}
	}
	if m[1] == "-" {
		v = -v
	}
	return v, true
}

func report(w io.Writer, recs []record, engine string, lead float64) {
	fmt.Fprintf(w, "%s: %d games; its own best score at some move, in pawns\n", engine, len(recs))
	fmt.Fprintf(w, "%-6s %6s %10s %10s %10s\n", "result", "games", "led ≥ +1", fmt.Sprintf("led ≥ +%g", lead), "no score")
	for _, res := range []struct {
		name   string
		points float64
	}{{"win", 1}, {"draw", 0.5}, {"loss", 0}} {
		n, one, thr, none := 0, 0, 0, 0
		for _, r := range recs {
			if r.points != res.points {
				continue
			}
			n++
			switch {
			case !r.scored:
				none++
			case r.best >= lead && r.best >= 1:
				one++
				thr++
			case r.best >= lead:
				thr++
			case r.best >= 1:
				one++
			}
		}
		fmt.Fprintf(w, "%-6s %6d %10d %10d %10d\n", res.name, n, one, thr, none)
	}
	fmt.Fprintf(w, "draws and losses after a lead of +%g or more:\n", lead)
	listed := 0
	for _, r := range recs {
		if r.points == 1 || !r.scored || r.best < lead {
			continue
		}
		listed++
		best := fmt.Sprintf("%+.2f", r.best)
		if r.best >= mateScore {
			best = "mate"
		}
		fmt.Fprintf(w, "  %-7s %-4s %-5s %6s  %-32s %s\n", r.label, map[float64]string{0.5: "draw", 0: "loss"}[r.points], r.colour, best, r.ending, r.lastFEN)
	}
	if listed == 0 {
		fmt.Fprintln(w, "  none")
	}
}

package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"dualnnue/eval"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/train"
)

// wdlObsFromPGN reads the games of r (game v) and returns one observation
// per move whose comment starts with a search score as `play match`,
// cutechess and fastchess write it ("+0.08/7 0.013s": pawns from the
// mover's view, then the depth): the score in centipawns, the number of
// pieces on the board before the move and the game's result from the
// mover's view. Games of another variant or with an unknown result ("*"),
// moves without a score and mate scores ("+M5/14") are skipped. It returns
// the observations and the number of games they came from; a game that does
// not parse or replay is an error naming its line. budget > 0 bounds the
// memory of these observations and the before read from earlier files
// (wdlObsBytes each): more is an error.
func wdlObsFromPGN(r io.Reader, v position.Variant, budget int64, before int) ([]train.WDLObs, int, error) {
	rd := notation.NewReader(r)
	var obs []train.WDLObs
	games := 0
	var hist position.History // reused game after game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return obs, games, nil
		}
		if err != nil {
			return nil, 0, fmt.Errorf("game at line %d: %w", rd.GameLine(), err)
		}
		if g.Variant != v || g.Result == position.ResultUnknown {
			continue
		}
		p, squares, err := newWDLPosition(v, g)
		if err != nil {
			return nil, 0, fmt.Errorf("game at line %d: %w", rd.GameLine(), err)
		}
		n := len(obs)
		hist.Reset()
		for i, m := range g.Moves {
			if cp, ok := commentScore(g.MoveComment(i)); ok {
				if budget > 0 && int64(before+len(obs)+1)*wdlObsBytes > budget {
					return nil, 0, errWDLBudget(budget, before+len(obs)+1)
				}
				obs = append(obs, train.WDLObs{Score: cp, Pieces: countPieces(p, squares), Result: resultFor(g.Result, p.SideToMove())})
			}
			if !p.PseudoLegal(m) || !p.Legal(m) {
				return nil, 0, fmt.Errorf("game at line %d: move %d (%s) is not legal in %s", rd.GameLine(), i+1, p.MoveString(m), p.FEN())
			}
			hist.Do(p, m)
		}
		if len(obs) > n {
			games++
		}
	}
}

// The memory budget of train wdl: the default and the flag's maximum in
// MiB. The fit samples at most 500,000 positions, so 1 GiB (about 15
// million positions, or 20 million scored moves) is far more than it uses.
const (
	defaultWDLMemoryMiB = 1024
	maxWDLMemoryMiB     = 1 << 20
)

// wdlObsBytes is the memory of one observation, with the slice's growth
// (up to twice the length during an append) counted.
const wdlObsBytes = 2 * int64(unsafe.Sizeof(train.WDLObs{}))

// errWDLBudget is the error of n observations over the budget.
func errWDLBudget(budget int64, n int) error {
	return fmt.Errorf("%d scored moves need more than the memory budget of %d MiB: raise -max-memory-mib or give fewer games", n, budget>>20)
}

// newWDLPosition sets up g's start position and returns its board size.
func newWDLPosition(v position.Variant, g *notation.Game) (position.Game, int, error) {
	if v == position.Xiangqi {
		p, err := xiangqi.NewFromFEN(g.StartFEN())
		return p, 90, err
	}
	parse := chess.NewFromFEN
	if g.Chess960 {
		parse = chess.NewFromFEN960
	}
	p, err := parse(g.StartFEN())
	return p, 64, err
}

func countPieces(p position.Game, squares int) int {
	n := 0
	for sq := 0; sq < squares; sq++ {
		if p.PieceOn(position.Square(sq)) != position.NoPiece {
			n++
		}
	}
	return n
}

// resultFor returns r from side c's view: 1 a win, 0.5 a draw, 0 a loss.
func resultFor(r position.Result, c position.Color) float32 {
	switch r {
	case position.Draw:
		return 0.5
	case position.Win(c):
		return 1
	}
	return 0
}

// commentScore reads the score at the start of a move comment ("+0.08/7
// 0.013s" is +8 cp); mate scores and comments without a score give false.
func commentScore(c string) (float64, bool) {
	word, _, _ := strings.Cut(strings.TrimSpace(c), " ")
	s, _, found := strings.Cut(word, "/")
	if !found || s == "" || strings.ContainsAny(s, "Mm#") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 300 || f < -300 {
		return 0, false
	}
	return f * 100, true
}

// printWDLCheck prints the model's mean W/D/L beside the observed shares,
// by score bucket (side to move's view, centipawns), as comment lines.
func printWDLCheck(w io.Writer, m eval.WDLModel, obs []train.WDLObs) {
	bounds := []float64{-300, -150, -75, -25, 25, 75, 150, 300}
	type acc struct{ n, pw, pd, pl, ow, od, ol float64 }
	buckets := make([]acc, len(bounds)+1)
	for _, o := range obs {
		i := 0
		for i < len(bounds) && o.Score >= bounds[i] {
			i++
		}
		b := &buckets[i]
		pw, pl := m.Probabilities(o.Score, o.Pieces)
		b.n++
		b.pw, b.pl, b.pd = b.pw+pw, b.pl+pl, b.pd+1-pw-pl
		switch o.Result {
		case 1:
			b.ow++
		case 0:
			b.ol++
		default:
			b.od++
		}
	}
	fmt.Fprintf(w, "// %-14s %8s  %-20s %-20s\n", "score (cp)", "moves", "model W/D/L %", "games W/D/L %")
	for i, b := range buckets {
		if b.n == 0 {
			continue
		}
		lo, hi := "", ""
		if i > 0 {
			lo = strconv.FormatFloat(bounds[i-1], 'f', 0, 64)
		}
		if i < len(bounds) {
			hi = strconv.FormatFloat(bounds[i], 'f', 0, 64)
		}
		pct := func(x float64) float64 { return 100 * x / b.n }
		fmt.Fprintf(w, "// %-14s %8.0f  %5.1f %5.1f %5.1f    %5.1f %5.1f %5.1f\n", "["+lo+", "+hi+")", b.n,
			pct(b.pw), pct(b.pd), pct(b.pl), pct(b.ow), pct(b.od), pct(b.ol))
	}
}

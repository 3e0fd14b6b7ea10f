// The win/draw/loss model: an engine score and the material on the board → expected game outcome.
package eval

import (
	"math"

	"dualnnue/position"
)

// WDLModel turns a score into win, draw and loss probabilities the way
// Stockfish's win-rate model does: with t = pieces/32 (the material left),
// a = A0 + A1·t and b = B0 + B1·t (centipawns),
//
//	P(win)  = σ((v − a) / b)
//	P(loss) = σ((−v − a) / b)
//	P(draw) = 1 − P(win) − P(loss)
//
// where v is the score from the side to move's view and σ the logistic
// function: a is the score at which a win is as likely as not, b how fast
// the odds change. The parameters are fitted (train.FitWDL, `train wdl`)
// to the project's own self-play games, so "wdl" lines say what the
// engine's scores meant in its own games.
type WDLModel struct {
	A0, A1, B0, B1 float64
}

// Models fitted with `train wdl` on the generation-0 self-play datasets of
// 2026-12-02 (../shared/data: hand-written evaluation, 1,000 soft nodes per
// move; chess 4,024,686 positions of 37,727 games, mean negative
// log-likelihood 0.6848; xiangqi 2,637,808 positions of 18,826 games,
// 0.7260). At the start (t = 1) a chess score of +49 cp is an even chance
// of winning and b = 223 cp; with few pieces a = 290 cp. Xiangqi endings
// are far more drawish: a = 99 cp at the start, about 800 cp with six
// pieces left.
var (
	ChessWDL   = WDLModel{A0: 289.7, A1: -240.9, B0: 108.7, B1: 114.2}
	XiangqiWDL = WDLModel{A0: 985.6, A1: -887.0, B0: 231.1, B1: 172.5}
)

// WDL returns the expected outcome of score v (side to move's view) with
// pieces pieces on the board, in per mille (win + draw + loss = 1000).
// Mate scores give 1000 0 0 or 0 0 1000.
func (m WDLModel) WDL(v position.Value, pieces int) (win, draw, loss int) {
	switch {
	case v >= position.ValueMateInMaxPly:
		return 1000, 0, 0
	case v <= -position.ValueMateInMaxPly:
		return 0, 0, 1000
	}
	pw, pl := m.Probabilities(float64(v), pieces)
	win = int(math.Round(1000 * pw))
	loss = int(math.Round(1000 * pl))
	return win, 1000 - win - loss, loss
}

// Probabilities returns P(win) and P(loss) of score v (centipawns, side to
// move's view) with pieces pieces on the board.
func (m WDLModel) Probabilities(v float64, pieces int) (win, loss float64) {
	t := math.Min(math.Max(float64(pieces)/32, 0), 1)
	a := m.A0 + m.A1*t
	b := math.Max(m.B0+m.B1*t, 1)
	return 1 / (1 + math.Exp(-(v-a)/b)), 1 / (1 + math.Exp(-(-v-a)/b))
}

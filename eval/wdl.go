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

// Models fitted with `train wdl` on our engine's own games at a clock:
// 1,294 chess and 1,169 xiangqi games of the embedded nets against
// themselves at 1 s + 0.01 s (the SPRT matches of 2026-12-04, two builds of
// the search a few Elo apart; resign and draw adjudication as bench/sprt.sh),
// every move's search score from the match PGN with the pieces on the board
// and the game's result from the mover's view (chess 166,270 moves, mean
// negative log-likelihood 0.7082; xiangqi 186,626 moves, 0.6788):
//
//	train wdl -game chess cc2-chess.pgn ch2-chess.pgn
//
// The earlier fit on the 1,000-node bootstrap games had almost no draw mass
// (at +25 cp at the chess start 473/109/418); at a clock the games are
// drawish: in chess, a score within ±25 cp ended 21/57/22 % and the model
// gives 24/52/24; at the start position (t = 1) +25 cp is 452/235/313 (the
// games: about a third drawn). In
// xiangqi even +3 pawns ended drawn 45 % of the time (the natural-move
// limit, and material that cannot mate): a = 127 cp at the start, 840 cp
// with few pieces.
var (
	ChessWDL   = WDLModel{A0: 326.0, A1: -284.8, B0: 121.0, B1: -36.9}
	XiangqiWDL = WDLModel{A0: 840.1, A1: -713.3, B0: 196.1, B1: 22.8}
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

// Move-ordering statistics: butterfly history, killers and counter moves.
package search

import "dualnnue/position"

// historyMax bounds |history|; updates use the "gravity" formula
// h += bonus - h*|bonus|/historyMax so entries saturate smoothly.
const historyMax = 16384

// history holds the per-thread quiet-move statistics. Tables are indexed by
// position.Move.ButterflyIndex, which works for both games' move layouts.
type history struct {
	// butterfly[c][from-to] scores quiet moves of colour c by how often they
	// caused a beta cutoff.
	butterfly [2][position.ButterflySize]int16
	// counter[c][prev] is the quiet move of colour c that last refuted the
	// opponent's move prev (indexed by prev's butterfly index).
	counter [2][position.ButterflySize]position.Move
	// cont[piece][to] scores a quiet move by the move one or two plies
	// before it (continuation history): cont[p1][t1][p2][t2] is how well a
	// move of piece p2 to t2 did after a move of p1 to t1. cont[0][0] is
	// the table after a null move or at the root.
	cont [position.PieceNB][contSquares]pieceToHistory
	// lowPly[ply][from-to] is the quiet history of the first plies of the
	// current search (Params.LowPlyHistory), emptied when a search starts.
	lowPly [lowPlySize][position.ButterflySize]int16
	// corr are the correction histories (correction.go).
	corr corrTables
	// contCorr[p2][t2][p1][t1] is the continuation correction history
	// (Params.ContCorrection): the correction of a position whose last move
	// put piece p1 on t1 after a move of p2 to t2.
	contCorr [position.PieceNB][contSquares]pieceToHistory
	// capture[piece][to][victim type] scores captures by how often they
	// cut off (Params.CaptureHistDiv); the victim of a capture onto an
	// empty square (en passant, a promotion) is Rules.NoPieceCaptureType.
	capture [position.PieceNB][contSquares][8]int16
}

// lowPlySize bounds the plies of the low-ply history: plies 1..4 (the root,
// ply 0, orders its moves by their scores).
const lowPlySize = 5

// contSquares bounds the squares of both games (xiangqi has 90).
const contSquares = 90

// pieceToHistory is one continuation-history table, indexed by piece and
// destination square of the later move.
type pieceToHistory [position.PieceNB][contSquares]int16

// zeroCont is an empty continuation table, read (never written) in place of
// a deeper table that does not exist (Params.ContHistDeep, deepCont).
var zeroCont pieceToHistory

func (h *history) clear() { *h = history{} }

// gravity moves history entry e by bonus within ±historyMax.
func gravity(e *int16, bonus int) { gravityTo(e, bonus, historyMax) }

// gravityTo moves entry e by bonus with the gravity update
// e += bonus − e·|bonus|/limit, which keeps |e| within limit while |bonus|
// is (the histories' historyMax, the correction entries' corrLimit).
func gravityTo(e *int16, bonus, limit int) {
	v := int(*e)
	v += bonus - v*max(bonus, -bonus)/limit
	*e = int16(v)
}

// statBonus is the history reward for a cutoff at depth.
func (w *Worker[T, P]) statBonus(depth int) int {
	return min(w.prm.HistBonusQuad*depth*depth+w.prm.HistBonusLin*depth-w.prm.HistBonusQuad, w.prm.HistBonusMax)
}

// Specialised evaluation of the endgames against a bare king, where a
// learned evaluation knows neither how to mate nor which of them are drawn.

package chess

import "dualnnue/position"

// Weights of EndgameEval's terms, in centipawns.
const (
	// egEdgeStep rewards each step the bare king stands nearer the edge
	// (0 in the four centre squares, 6 steps in a corner).
	egEdgeStep = 30
	// egCloseStep rewards each step the strong king stands nearer the bare
	// king (Chebyshev distance 7 scores 0, 1 scores 6 steps).
	egCloseStep = 20
	// egCornerStep rewards, against bishop and knight, each step (of
	// Manhattan distance, 0–14) the bare king stands nearer a corner of the
	// bishop's colour.
	egCornerStep = 40
)

// egPieceValue is the material term of a won ending against a bare king,
// by piece type, in centipawns.
var egPieceValue = [7]position.Value{Pawn: 100, Knight: 300, Bishop: 300, Rook: 500, Queen: 900}

// EndgameEval returns the specialised evaluation of the endgames against a
// bare king, from the side to move's view, and whether the position is one
// of them (otherwise 0, false and the evaluator decides). One side has its
// king alone and the other
//   - a queen, a rook, a bishop and a knight, or bishops on squares of both
//     colours, or three knights: a known win, ValueKnownWin plus the material, plus terms
//     that drive the bare king to the edge and the strong king to it, so
//     that the search makes progress towards the mate (Stockfish's KXK);
//     with exactly a bishop and a knight and no pawn, to a corner of the
//     bishop's colour, the only corners where the mate can be forced
//     (Stockfish's KBNK);
//   - two knights, or bishops all on squares of one colour, with nothing
//     else: no mate can be forced, 0 (Stockfish's KNNK);
//   - anything else (pawns beside at most one minor piece, two knights
//     or same-coloured bishops): not handled.
//
// A bare king to move that is stalemated scores 0. The values stay below
// ValueKnownWin + 21,000 in size even with every pawn promoted, inside the
// mate bounds and the TT's 16 bits. Endings the rules already decide (one
// minor piece alone, same-coloured bishops: InsufficientMaterial) are
// ruled drawn by the search before it evaluates.
func (p *Position) EndgameEval() (position.Value, bool) {
	white, black := p.byColor[position.White], p.byColor[position.Black]
	var strong position.Color
	switch {
	case !moreThanOne(black) && moreThanOne(white):
		strong = position.White
	case !moreThanOne(white) && moreThanOne(black):
		strong = position.Black
	default:
		return 0, false
	}
	weak := strong ^ 1
	own := p.byColor[strong]
	q, r := (p.byType[Queen] & own).Count(), (p.byType[Rook] & own).Count()
	n, pawns := (p.byType[Knight] & own).Count(), (p.byType[Pawn] & own).Count()
	bishops := p.byType[Bishop] & own
	b := bishops.Count()
	bothColours := bishops&darkSquares != 0 && bishops&^darkSquares != 0
	mating := q > 0 || r > 0 || bothColours || b > 0 && n > 0 || n >= 3
	if !mating && (pawns > 0 || n+b < 2) {
		return 0, false // pawns and a minor piece at most: the evaluator's
	}
	if p.side == weak && !p.InCheck() && !p.hasLegalMove() {
		return 0, true // stalemate
	}
	v := position.Value(0)
	if mating {
		sk, wk := p.kingSq[strong&1], p.kingSq[weak&1]
		v = position.ValueKnownWin + egCloseStep*position.Value(7-squareDistance(sk, wk))
		if q == 0 && r == 0 && pawns == 0 && n == 1 && b == 1 {
			// Bishop and knight: to a corner of the bishop's colour (a1 or h8
			// for a dark bishop, h1 or a8 for a light one), by the bare
			// king's Manhattan distance from the nearer of the two; a corner
			// of the other colour scores no better than the centre.
			c1, c2 := position.Square(0), position.Square(63)
			if bishops&darkSquares == 0 {
				c1, c2 = 7, 56
			}
			v += egCornerStep * position.Value(14-min(manhattan(wk, c1), manhattan(wk, c2)))
		} else {
			v += egEdgeStep * position.Value(6-edgeDistance(int(wk&7))-edgeDistance(int(wk>>3)))
			v += position.Value(q)*egPieceValue[Queen] + position.Value(r)*egPieceValue[Rook] +
				position.Value(b)*egPieceValue[Bishop] + position.Value(n)*egPieceValue[Knight] +
				position.Value(pawns)*egPieceValue[Pawn]
		}
	}
	if p.side != strong {
		v = -v
	}
	return v, true
}

// edgeDistance is a file's or rank's distance (0–7) from the nearer edge.
func edgeDistance(x int) int { return min(x, 7-x) }

// manhattan is the file distance plus the rank distance of a and b.
func manhattan(a, b position.Square) int {
	return abs(int(a&7)-int(b&7)) + abs(int(a>>3)-int(b>>3))
}

// squareDistance is the Chebyshev (king-move) distance of a and b.
func squareDistance(a, b position.Square) int {
	return max(abs(int(a&7)-int(b&7)), abs(int(a>>3)-int(b>>3)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// The type constraint of the generic search and the few facts about a game it cannot ask a position.
package search

import "dualnnue/position"

// GamePtr is the constraint on the search's position type parameter: a
// pointer to a position struct T that implements position.Game
// (*xiangqi.Position, *chess.Position). The worker holds a T by value.
type GamePtr[T any] interface {
	*T
	position.Game
}

// Rules are the facts about a game the search needs beyond position.Game:
// how to read a move's destination (for MVV-LVA and the counter-move table),
// what a position with no legal move scores, and the piece values used to
// order captures. Each game's values are in its bundle (package variants:
// variants.Xiangqi.Rules, variants.Chess.Rules), so that the search imports
// no game package.
type Rules struct {
	// Variant is the game the rules describe.
	Variant position.Variant
	// ToShift and ToMask extract a move's destination square:
	// Square((m >> ToShift) & ToMask).
	ToShift uint
	ToMask  position.Move
	// NoMovesIsLoss: in xiangqi a side with no legal move has lost even when
	// not in check; in chess that is stalemate, a draw.
	NoMovesIsLoss bool
	// PieceValue[t] orders captures (MVV-LVA) and bounds delta pruning, in
	// centipawns, indexed by the game's PieceType; the king is 0. It is the
	// game package's PieceValue, the one table its SEE swaps with too.
	PieceValue [8]position.Value
	// NoPieceCaptureType is the victim type when a capture's destination is
	// empty (chess en passant: the pawn); 0 when that cannot happen.
	NoPieceCaptureType position.PieceType
	// PawnType is the game's pawn (soldier) piece type: the pieces whose
	// squares make the pawn-structure key of the correction history.
	PawnType position.PieceType
	// KindShift and PromotionKind mark a promotion: m>>KindShift ==
	// PromotionKind (chess: kind<<14, kind 1); KindShift 0 for a game
	// without promotions.
	KindShift     uint
	PromotionKind position.Move
	// Squares is the number of board squares (64, 90): the root's
	// correction keys are summed over squares 0 … Squares−1.
	Squares int
}

// to returns m's destination square.
func (r *Rules) to(m position.Move) position.Square {
	return position.Square((m >> r.ToShift) & r.ToMask)
}

// isPromotion reports whether m promotes a pawn.
func (r *Rules) isPromotion(m position.Move) bool {
	return r.KindShift != 0 && m>>r.KindShift == r.PromotionKind
}

// from returns m's origin square: both layouts keep it in the bits below
// the destination's, in a field of the same width (chess from | to<<6,
// xiangqi from | to<<7).
func (r *Rules) from(m position.Move) position.Square {
	return position.Square(m & r.ToMask)
}

// Start positions and positions from a FEN, by variant.
package setup

import (
	"fmt"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// StartFEN returns the standard initial position of v ("" for an invalid
// variant).
func StartFEN(v position.Variant) string {
	switch v {
	case position.Xiangqi:
		return xiangqi.StartFEN
	case position.Chess:
		return chess.StartFEN
	}
	return ""
}

// New returns a position of v (a *xiangqi.Position or *chess.Position) set
// to fen; "" means the standard start. A chess FEN must carry standard
// castling rights (Chess960 positions: chess.NewFromFEN960). Errors: an
// invalid variant, or the game's FEN error naming what is wrong.
func New(v position.Variant, fen string) (position.Game, error) {
	if fen == "" {
		fen = StartFEN(v)
	}
	switch v {
	case position.Xiangqi:
		return xiangqi.NewFromFEN(fen)
	case position.Chess:
		return chess.NewFromFEN(fen)
	}
	return nil, fmt.Errorf("setup: invalid variant %d", uint8(v))
}

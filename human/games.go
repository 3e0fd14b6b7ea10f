// The two games as the session sees them: positions, notation, names, rules.
package human

import (
	"strings"

	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
	"dualnnue/variants"
)

// gameDef is the game's bundle (package variants) with what only the
// terminal session needs: how to draw the board and explain a move.
type gameDef[T any, P search.GamePtr[T]] struct {
	*variants.Def[T, P]
	// draw renders the board.
	draw func(b *strings.Builder, p P, v boardView)
	// kingLeftInCheck explains a pseudo-legal move that is not legal.
	kingLeftInCheck string
	// exampleMoves and boardHelp are shown by help.
	exampleMoves, boardHelp string
}

// geom is the board's size and square naming.
func (d *gameDef[T, P]) geom() geometry {
	return geometry{files: d.Files, ranks: d.Ranks, firstRank: d.FirstRank}
}

var xiangqiDef = &gameDef[xiangqi.Position, *xiangqi.Position]{
	Def:             variants.Xiangqi,
	draw:            func(b *strings.Builder, p *xiangqi.Position, v boardView) { drawXiangqi(b, p.PieceOn, v) },
	kingLeftInCheck: "it would leave your king in check or facing the other king",
	exampleMoves:    "WXF like C2=5, C2.5, H2+3, R1+1, +C=5, 15+1 or ICCS like h2e2, H2-E2",
	boardHelp: "board: K king, A advisor, E elephant, H horse, R rook, C cannon, P pawn (red upper\n" +
		"case, black lower case; -chinese draws the characters). Files a-i and ranks 0-9 are\n" +
		"the ICCS coordinates; the numbers 1-9 along each side's edge are that side's WXF\n" +
		"file numbers (counted from its right).\n",
}

var chessDef = &gameDef[chess.Position, *chess.Position]{
	Def:             variants.Chess,
	draw:            func(b *strings.Builder, p *chess.Position, v boardView) { drawChess(b, p.PieceOn, v) },
	kingLeftInCheck: "it would leave your king in check",
	exampleMoves:    "SAN like e4, Nf3, exd5, O-O, e8=Q or UCI like e2e4, e1g1, e7e8q",
	boardHelp: "board: K king, Q queen, R rook, B bishop, N knight, P pawn (white upper case, black\n" +
		"lower case; -figurines draws the symbols). Files a-h, ranks 1-8.\n",
}

// The two games as the adapter sees them.
package uci

import (
	"math/bits"
	"strings"

	"dualnnue/eval"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

var chessDef = &gameDef[chess.Position, *chess.Position]{
	name:       "chess",
	startFEN:   chess.StartFEN,
	newFromFEN: chess.NewFromFEN,
	perft:      chess.Perft,
	rules:      search.ChessRules,
	pst:        func() position.Evaluator[*chess.Position] { return eval.NewChess[*chess.Position]() },
	nnGame:     position.Chess,
	wdl:        eval.ChessWDL,
	files:      8,
	ranks:      8,
	pieceChars: " PNBRQK",
	checkers: func(p *chess.Position) []position.Square {
		var out []position.Square
		for b := uint64(p.Checkers()); b != 0; b &= b - 1 {
			out = append(out, position.Square(bits.TrailingZeros64(b)))
		}
		return out
	},
	newFromFEN960: chess.NewFromFEN960,
	setChess960:   func(p *chess.Position, on bool) { p.Chess960 = on || p.NeedsChess960() },
	benchFENs:     search.ChessBenchFENs,
	benchDepth:    13,
}

// embeddedNet returns the default net of game g embedded in the binary.
func embeddedNet(g position.Variant) *nn.Net { return nn.Default(g) }

var xiangqiDef = &gameDef[xiangqi.Position, *xiangqi.Position]{
	name:       "xiangqi",
	startFEN:   xiangqi.StartFEN,
	newFromFEN: xiangqi.NewFromFEN,
	perft:      xiangqi.Perft,
	rules:      search.XiangqiRules,
	pst:        func() position.Evaluator[*xiangqi.Position] { return eval.NewXiangqi[*xiangqi.Position]() },
	nnGame:     position.Xiangqi,
	wdl:        eval.XiangqiWDL,
	files:      9,
	ranks:      10,
	pieceChars: " KABNRCP",
	checkers: func(p *xiangqi.Position) []position.Square {
		var out []position.Square
		b := p.Checkers()
		for sq := position.Square(0); sq < 90; sq++ {
			if b.Has(sq) {
				out = append(out, sq)
			}
		}
		return out
	},
	benchFENs:  search.XiangqiBenchFENs,
	benchDepth: 12,
}

// fenVariant names the game whose board shape a FEN has: "chess" for 8
// ranks, "xiangqi" for 10, "" for anything else. It is a hint for
// choosing the game to try; the game's own parser decides.
func fenVariant(fen string) string {
	board, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	switch strings.Count(board, "/") + 1 {
	case 8:
		return "chess"
	case 10:
		return "xiangqi"
	}
	return ""
}

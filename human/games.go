// The two games as the session sees them: positions, notation, names, rules.
package human

import (
	"strings"

	"dualnnue/eval"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/rules"
	"dualnnue/search"
)

// gameDef is what the session needs to know about one game beyond
// position.Game.
type gameDef[T any, P search.GamePtr[T]] struct {
	name       string // "xiangqi" or "chess"
	startFEN   string
	newFromFEN func(fen string) (P, error)
	rules      search.Rules
	nnGame     position.Variant
	hce        func() position.Evaluator[P]
	// geom is the board's size and square naming.
	geom geometry
	// notate writes a legal move in the game's readable notation (WXF, SAN);
	// parseNotation reads one (the position is scratch and left unchanged).
	notate        func(p P, m position.Move) string
	parseNotation func(p P, s string) (position.Move, error)
	notationName  string // "WXF", "SAN"
	coordName     string // "ICCS", "UCI"
	// squares returns a move's origin and destination.
	squares func(m position.Move) (from, to position.Square)
	// draw renders the board.
	draw func(b *strings.Builder, p P, v boardView)
	// judge adjudicates p with its history (package rules).
	judge func(p P) rules.Verdict
	// sides names the colours; pieceNames the piece types.
	sides      [2]string
	pieceNames [8]string
	// kingLeftInCheck explains a pseudo-legal move that is not legal.
	kingLeftInCheck string
	// exampleMoves are shown by help.
	exampleMoves string
}

var xiangqiDef = &gameDef[xiangqi.Position, *xiangqi.Position]{
	name:       "xiangqi",
	startFEN:   xiangqi.StartFEN,
	newFromFEN: xiangqi.NewFromFEN,
	rules:      search.XiangqiRules,
	nnGame:     position.Xiangqi,
	hce:        func() position.Evaluator[*xiangqi.Position] { return eval.NewXiangqi[*xiangqi.Position]() },
	geom:       geometry{files: 9, ranks: 10, firstRank: 0},
	notate:     notation.WXF,
	parseNotation: func(p *xiangqi.Position, s string) (position.Move, error) {
		return notation.ParseWXF(p, s)
	},
	notationName: "WXF",
	coordName:    "ICCS",
	squares: func(m position.Move) (position.Square, position.Square) {
		return xiangqi.MoveFrom(m), xiangqi.MoveTo(m)
	},
	draw:            func(b *strings.Builder, p *xiangqi.Position, v boardView) { drawXiangqi(b, p.PieceOn, v) },
	judge:           rules.JudgeXiangqi,
	sides:           [2]string{"red", "black"},
	pieceNames:      [8]string{xiangqi.King: "king", xiangqi.Advisor: "advisor", xiangqi.Elephant: "elephant", xiangqi.Horse: "horse", xiangqi.Rook: "rook", xiangqi.Cannon: "cannon", xiangqi.Pawn: "pawn"},
	kingLeftInCheck: "it would leave your king in check or facing the other king",
	exampleMoves:    "WXF like C2=5, C2.5, H2+3, R1+1, +C=5, 15+1 or ICCS like h2e2, H2-E2",
}

var chessDef = &gameDef[chess.Position, *chess.Position]{
	name:          "chess",
	startFEN:      chess.StartFEN,
	newFromFEN:    chess.NewFromFEN,
	rules:         search.ChessRules,
	nnGame:        position.Chess,
	hce:           func() position.Evaluator[*chess.Position] { return eval.NewChess[*chess.Position]() },
	geom:          geometry{files: 8, ranks: 8, firstRank: 1},
	notate:        notation.SAN,
	parseNotation: notation.ParseSAN,
	notationName:  "SAN",
	coordName:     "UCI",
	squares: func(m position.Move) (position.Square, position.Square) {
		from, to := chess.From(m), chess.To(m)
		if chess.Kind(m) == chess.KindCastling {
			// Castling is encoded king takes own rook; show the king's
			// destination (g- or c-file).
			f := 6
			if to < from {
				f = 2
			}
			to = position.Square(int(from)/8*8 + f)
		}
		return from, to
	},
	draw:            func(b *strings.Builder, p *chess.Position, v boardView) { drawChess(b, p.PieceOn, v) },
	judge:           func(p *chess.Position) rules.Verdict { return rules.JudgeChess(p, rules.Options{}) },
	sides:           [2]string{"white", "black"},
	pieceNames:      [8]string{chess.Pawn: "pawn", chess.Knight: "knight", chess.Bishop: "bishop", chess.Rook: "rook", chess.Queen: "queen", chess.King: "king"},
	kingLeftInCheck: "it would leave your king in check",
	exampleMoves:    "SAN like e4, Nf3, exd5, O-O, e8=Q or UCI like e2e4, e1g1, e7e8q",
}

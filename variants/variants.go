// The two bundles, Xiangqi and Chess.
package variants

import (
	"math/bits"

	"dualnnue/eval"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/rules"
	"dualnnue/search"
)

// Def is one game's bundle. T is the position struct, P its pointer (the
// search's type parameters). The fields are read-only after init.
type Def[T any, P search.GamePtr[T]] struct {
	// Variant is the game; Name its name ("xiangqi", "chess").
	Variant position.Variant
	Name    string
	// StartFEN is the standard initial position.
	StartFEN string
	// NewFromFEN reads a FEN (standard chess castling rights only).
	NewFromFEN func(fen string) (P, error)
	// NewFromFEN960 reads a FEN in Chess960 mode (X-FEN/Shredder-FEN
	// castling); nil for xiangqi.
	NewFromFEN960 func(fen string) (P, error)
	// SetChess960 switches the position's Chess960 move coordinates; it
	// stays on while the position holds castling rights off the standard
	// squares. nil for xiangqi.
	SetChess960 func(p P, on bool)
	// SetRuleOptions sets the rule options p is judged by (they stay
	// through SetFEN and moves; chess has none and ignores them);
	// RuleOptions reads them back, defaults filled in.
	SetRuleOptions func(p P, o RuleOptions)
	RuleOptions    func(p P) RuleOptions
	// Perft counts the leaf nodes at depth (bulk counting at the last ply).
	Perft func(p P, depth int) uint64
	// Rules are the facts the search needs beyond position.Game.
	Rules search.Rules
	// HCE returns a new hand-written evaluation (one per search thread).
	HCE func() position.Evaluator[P]
	// WDL is the game's win/draw/loss model of a score (UCI_ShowWDL).
	WDL eval.WDLModel
	// Judge adjudicates p with its history by the game's rules (package
	// rules; chess draws a player may claim are granted).
	Judge func(p P) rules.Verdict
	// Notate writes a legal move in the readable notation (WXF, SAN);
	// ParseNotation reads one (p is scratch and left unchanged).
	Notate        func(p P, m position.Move) string
	ParseNotation func(p P, s string) (position.Move, error)
	// NotationName and CoordName name the readable and the coordinate
	// notation ("WXF"/"ICCS", "SAN"/"UCI").
	NotationName, CoordName string
	// Files and Ranks are the board's size; FirstRank is the label of the
	// first rank in coordinates (xiangqi ICCS 0, chess 1).
	Files, Ranks, FirstRank int
	// PieceChars[t] is the FEN letter (upper case) of piece type t.
	PieceChars string
	// PieceNames[t] names piece type t in English; Sides names the colours.
	PieceNames [8]string
	Sides      [2]string
	// MoveSquares returns a move's origin and destination as a player sees
	// them (a chess castling move's destination is the king's g- or c-file
	// square, not the rook's).
	MoveSquares func(m position.Move) (from, to position.Square)
	// Checkers lists the squares of the pieces giving check.
	Checkers func(p P) []position.Square
	// BenchFENs are the positions of "bench"; BenchDepth its default depth.
	BenchFENs  []string
	BenchDepth int
	// EloAnchorNodes is the node budget per search that plays at UCI_Elo
	// 1600 on the game's baseline engine's scale (chess: Stockfish 15.1,
	// xiangqi: Fairy-Stockfish 11.1), and EloPerDoubling the rating points
	// each doubling of it adds; package uci budgets
	// EloAnchorNodes·2^((elo−1600)/EloPerDoubling) nodes. Calibrated at
	// 1 s + 0.01 s with the embedded nets (docs/strength.md).
	EloAnchorNodes float64
	EloPerDoubling float64
	// EloPerDoublingLow is the rate below UCI_Elo 1600, where the scales
	// bend (the baseline engines' low settings blunder by design): package
	// uci budgets EloAnchorNodes·2^((elo−1600)/EloPerDoublingLow) there.
	// Calibrated at UCI_Elo 1350, the baseline engines' lowest
	// (docs/strength.md).
	EloPerDoublingLow float64
}

// RuleOptions are the rule choices a position is judged by (the xiangqi
// natural-move limit and the reading of "one check, one chase"); the zero
// value is the default. They ride in the position: set them with
// Def.SetRuleOptions.
type RuleOptions = xiangqi.RuleOptions

// DefaultNaturalLimitPlies is the xiangqi natural-move limit by default
// (120 plies without a capture).
const DefaultNaturalLimitPlies = xiangqi.DefaultNaturalLimitPlies

// Xiangqi is the xiangqi bundle.
var Xiangqi = &Def[xiangqi.Position, *xiangqi.Position]{
	Variant:    position.Xiangqi,
	Name:       "xiangqi",
	StartFEN:   xiangqi.StartFEN,
	NewFromFEN: xiangqi.NewFromFEN,
	SetRuleOptions: func(p *xiangqi.Position, o RuleOptions) {
		p.SetRules(o)
	},
	RuleOptions: (*xiangqi.Position).Rules,
	Perft:       xiangqi.Perft,
	Rules:       xiangqiRules,
	HCE:         func() position.Evaluator[*xiangqi.Position] { return eval.NewXiangqi[*xiangqi.Position]() },
	WDL:         eval.XiangqiWDL,
	Judge:       rules.JudgeXiangqi,
	Notate:      notation.WXF,
	ParseNotation: func(p *xiangqi.Position, s string) (position.Move, error) {
		return notation.ParseWXF(p, s)
	},
	NotationName: "WXF",
	CoordName:    "ICCS",
	Files:        9,
	Ranks:        10,
	FirstRank:    0,
	PieceChars:   " KABNRCP",
	PieceNames:   [8]string{xiangqi.King: "king", xiangqi.Advisor: "advisor", xiangqi.Elephant: "elephant", xiangqi.Horse: "horse", xiangqi.Rook: "rook", xiangqi.Cannon: "cannon", xiangqi.Pawn: "pawn"},
	Sides:        [2]string{"red", "black"},
	MoveSquares: func(m position.Move) (position.Square, position.Square) {
		return xiangqi.MoveFrom(m), xiangqi.MoveTo(m)
	},
	Checkers: func(p *xiangqi.Position) []position.Square {
		var out []position.Square
		b := p.Checkers()
		for sq := position.Square(0); sq < 90; sq++ {
			if b.Has(sq) {
				out = append(out, sq)
			}
		}
		return out
	},
	BenchFENs:  xiangqiBenchFENs,
	BenchDepth: 12,
	// With the embedded net of 2026-12-02 (second round), 100 games each
	// against Fairy-Stockfish at the same UCI_Elo: at 1600, 200 nodes
	// scored +186 ± 83, 110 nodes -28 ± 74, 80 nodes -156 ± 75, 120
	// nodes +53 ± 64; at 1850, 314 nodes +14 ± 65 and 413 nodes -7 ± 68;
	// at 2100, 822 nodes -100 ± 63, 1,046 nodes -123 ± 77, 1,426 nodes
	// +78 ± 57 and 3,710 nodes (chess's rate, 101) +338 ± 98. So 120
	// nodes at 1600 and 150 points per doubling (1,209 nodes at 2100,
	// between the bracketing runs). Below 1600, against Fairy-Stockfish's
	// 1350 (2026-12-04, 200 games): 57 nodes scored -143 ± 52; with 120
	// nodes at 1653 that is 415 points per doubling.
	EloAnchorNodes:    120,
	EloPerDoubling:    150,
	EloPerDoublingLow: 415,
}

// Chess is the chess bundle.
var Chess = &Def[chess.Position, *chess.Position]{
	Variant:       position.Chess,
	Name:          "chess",
	StartFEN:      chess.StartFEN,
	NewFromFEN:    chess.NewFromFEN,
	NewFromFEN960: chess.NewFromFEN960,
	SetChess960:   func(p *chess.Position, on bool) { p.Chess960 = on || p.NeedsChess960() },
	// Chess has no rule options: the rule values of a RuleOptions are
	// xiangqi's and read back as the defaults.
	SetRuleOptions: func(*chess.Position, RuleOptions) {},
	RuleOptions: func(*chess.Position) RuleOptions {
		return RuleOptions{NaturalLimitPlies: xiangqi.DefaultNaturalLimitPlies}
	},
	Perft:         chess.Perft,
	Rules:         chessRules,
	HCE:           func() position.Evaluator[*chess.Position] { return eval.NewChess[*chess.Position]() },
	WDL:           eval.ChessWDL,
	Judge:         func(p *chess.Position) rules.Verdict { return rules.JudgeChess(p, rules.Options{}) },
	Notate:        notation.SAN,
	ParseNotation: notation.ParseSAN,
	NotationName:  "SAN",
	CoordName:     "UCI",
	Files:         8,
	Ranks:         8,
	FirstRank:     1,
	PieceChars:    " PNBRQK",
	PieceNames:    [8]string{chess.Pawn: "pawn", chess.Knight: "knight", chess.Bishop: "bishop", chess.Rook: "rook", chess.Queen: "queen", chess.King: "king"},
	Sides:         [2]string{"white", "black"},
	MoveSquares: func(m position.Move) (position.Square, position.Square) {
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
	Checkers: func(p *chess.Position) []position.Square {
		var out []position.Square
		for b := uint64(p.Checkers()); b != 0; b &= b - 1 {
			out = append(out, position.Square(bits.TrailingZeros64(b)))
		}
		return out
	},
	BenchFENs:  chessBenchFENs,
	BenchDepth: 13,
	// Against Stockfish's 1600: 532 nodes scored +10 ± 69 with the first
	// embedded net of 2026-12-02 and +17 ± 64 with the second; at 1900,
	// with the first net (not repeated), 5,370 nodes +85 ± 72 and 3,377
	// nodes -67 ± 75 (the rate 101). Below 1600, against Stockfish's 1350
	// (2026-12-04, 200 games): 197 nodes scored +58 ± 43; with 532 nodes
	// at 1617 that is 146 points per doubling.
	EloAnchorNodes:    532,
	EloPerDoubling:    101,
	EloPerDoublingLow: 146,
}

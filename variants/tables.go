// The per-game tables the search is given: its Rules values and the bench positions.
package variants

import (
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// xiangqiRules describes xiangqi: moves are from | to<<7; piece types
// King=1 Advisor=2 Elephant=3 Horse=4 Rook=5 Cannon=6 Pawn=7.
var xiangqiRules = search.Rules{
	Variant:       position.Xiangqi,
	ToShift:       7,
	ToMask:        0x7F,
	NoMovesIsLoss: true,
	PieceValue:    xiangqi.PieceValue,
	PawnType:      7,
	Squares:       90,
}

// chessRules describes chess: moves are from | to<<6 | promo<<12 | kind<<14;
// piece types Pawn=1 Knight=2 Bishop=3 Rook=4 Queen=5 King=6.
var chessRules = search.Rules{
	Variant:            position.Chess,
	ToShift:            6,
	ToMask:             0x3F,
	NoMovesIsLoss:      false,
	PieceValue:         chess.PieceValue,
	NoPieceCaptureType: 1,
	PawnType:           1,
	KindShift:          14,
	PromotionKind:      1,
	Squares:            64,
}

// chessBenchFENs are the chess bench positions: the perft suite's start
// position, Kiwipete and positions 3-6, and middle games and endings of the
// kind Stockfish's bench uses.
var chessBenchFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
	"4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24",
	"r3qbrk/6p1/2b2pPp/p3pP1Q/PpPpP2P/3P1B2/2PB3K/R5R1 w - - 16 42",
	"6k1/1R3p2/6p1/2Bp3p/3P2q1/P7/1P2rQ1K/5R2 b - - 4 44",
	"8/8/1p2k1p1/3p3p/1p1P1P1P/1P2PK2/8/8 w - - 3 54",
	"7r/2p3k1/1p1p1qp1/1P1Bp3/p1P2r1P/P7/4R3/Q4RK1 w - - 0 36",
}

// xiangqiBenchFENs are the xiangqi bench positions: the start position, the
// published perft middle games and positions from random games of the
// shared perft suite.
var xiangqiBenchFENs = []string{
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
	"1nb1ka3/r3an3/r3b4/p1p2cp1p/1C2p4/P1P1P1c1P/6N2/4BA3/4A3R/RNB1K4 w - - 0 25",
	"2bakab2/5c1r1/nR4n2/p1p1r1C1p/4P4/2P5P/P3R1P2/4B4/4A4/1NCAK1B1N w - - 1 45",
	"1nba1kr2/4a4/5C2b/2p3Cr1/p3p4/P5p1p/N1P1c1P1P/4BA3/1c4R2/2BK1A1NR w - - 12 33",
	"3rk4/2n1a2r1/b5c1R/9/4p1p2/2P1P1P2/p1n6/RC2BK3/2N6/3A1A3 b - - 2 65",
	"2baka3/3nr4/8b/4P4/6pcP/p2pP4/6P2/4B4/C2NAKR1N/c2A2B2 b - - 9 41",
	"4ka3/4a4/r7n/6p2/2P1P4/6Bc1/7R1/B3K4/4A3c/1N1A1r3 w - - 2 71",
	"3k1a3/9/3ab3b/2P2n3/4Pcn2/6pp1/8P/B2A5/5r3/4KAB2 b - - 0 57",
}

// Mate-in-N tests for both games: the exact mate score, proved within a node budget, and a legal mating line.
package search_test

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// mateCase is a position where the side to move mates in N moves (2N-1
// plies). The positions come from random games played with our move
// generators; each mate distance and best move was found by Stockfish 15.1
// ("go depth 22") or Fairy-Stockfish 11.1 with UCI_Variant xiangqi ("go
// depth 20"; its moves use ranks 1-10, converted here to ICCS ranks 0-9).
type mateCase struct {
	fen  string
	mate int    // moves
	best string // the engine's mating move (one of possibly several)
}

var chessMates = []mateCase{
	{fen: "1n6/6N1/2rbb1p1/pq2kPBp/P1Pp2pP/1n6/R4K1R/6N1 w - - 3 51", mate: 1, best: "a2e2"},
	{fen: "1nr3k1/8/p3RP2/P2P3b/3pN1P1/BP2q3/2PrB2P/4K3 b - - 6 52", mate: 1, best: "e3e2"},
	{fen: "5k1r/p5p1/2B4p/7P/1R1p1ppn/1P1PQ3/2P5/6KR w - - 2 51", mate: 1, best: "e3e8"},
	{fen: "5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1", mate: 1, best: "d5e6"}, // CH-03: en passant mates
	{fen: "r2kbr2/2p5/5n2/6b1/P2P1ppP/1pPn4/1P2N3/2RKB1Q1 b - - 0 43", mate: 2, best: "d3b2"},
	{fen: "3k1b2/8/3p1K2/p7/2Q2ppP/8/3NR3/r3B3 w - - 0 49", mate: 2, best: "e2e8"},
	{fen: "5b2/2R1n3/p2k2p1/P2B1bP1/R2Pp1pr/1QN1K1P1/4P3/6Nn w - - 7 39", mate: 2, best: "b3b6"},
	{fen: "r3k3/5p2/n2Q4/p3p1qP/PB1P4/2N3R1/4K1P1/5BR1 w - - 1 34", mate: 2, best: "g3g5"},
	{fen: "3k2N1/5rpr/4pp2/1pq1N3/6bp/1B2P3/2P3PP/B3K3 b - - 0 40", mate: 3, best: "c5e3"},
	{fen: "6r1/1br2kp1/8/p5Pp/1p2Qp1q/1P1nn3/P3K3/RNB2BR1 b - - 3 34", mate: 3, best: "h4f2"},
	{fen: "NnRr2R1/b7/1P2kp1p/1b1p2P1/3pPR2/1p1P1P2/1P5N/3K1B2 w - - 5 56", mate: 3, best: "f4f6"},
	{fen: "1r1qk1r1/2n5/1p6/1bb1p1p1/P1P1P2P/2B1n3/4K1R1/RN3B2 b - - 0 37", mate: 3, best: "d8d1"},
	{fen: "2B3k1/4r1p1/q7/1R5p/n2pp2P/6P1/4KP2/B3R3 b - - 6 59", mate: 4, best: "a6b5"},
	{fen: "1nB2k2/3b4/5b2/p1pr2R1/P1p4P/1qnp2N1/3P4/1N2K3 b - - 13 53", mate: 4, best: "b3d1"},
	{fen: "2r5/8/bnpBkbR1/pp2p3/P3QP1P/3PP2P/8/N2K4 w - - 1 52", mate: 4, best: "e4e5"},
	{fen: "r7/3B1Nk1/1Q2p3/4P3/2P2pnp/3p1K1P/P5R1/1N5R w - - 1 41", mate: 4, best: "g2g4"},
}

var xiangqiMates = []mateCase{
	{fen: "3a1k3/4an1C1/b8/2p3p2/1rb4c1/2Pp2P2/1N2P1crP/3KB4/9/2RN1A3 b - - 3 53", mate: 1, best: "h5d5"},
	{fen: "3ak3n/4a1c1c/4b3R/2p3p1p/2b1N4/2P1P4/1r6P/B3B4/3KA1r1N/5A3 b - - 4 54", mate: 1, best: "b3d3"},
	{fen: "2bakr3/2c1a3n/8b/3C5/p1n3p1p/4p3P/P1r3PR1/R2A4N/4AcC2/1NBK2B2 b - - 1 38", mate: 1, best: "c3c0"},
	{fen: "4k1rr1/9/9/9/9/9/9/9/5K3/9 b - - 1 1", mate: 1, best: "g9f9"}, // XQ-15 after f0f1: facing generals
	{fen: "5n1r1/5k3/3ab3b/6R2/R3P4/7N1/np3C2P/4BA2B/9/1N1A1K3 w - - 1 54", mate: 2, best: "g6g8"},
	{fen: "1nbakab2/1r4c2/5R2n/4p1p1p/p1p6/2P5P/P3c1P2/BC2K1N1B/R5r1C/1N1A1A3 b - - 19 17", mate: 2, best: "b8b2"},
	{fen: "5R3/3k5/3arC2b/3Pp4/4n1R1P/p8/9/3A5/9/3AK1BN1 w - - 3 60", mate: 2, best: "d6d7"},
	{fen: "4kab2/3n5/b1R6/p8/P8/2P2C3/N5c1P/B3pA3/7n1/3AK4 b - - 26 55", mate: 2, best: "h1f2"},
	{fen: "9/3k5/2n2a2b/r1P1R1p2/4c1n2/4P1C1P/1R4P2/9/4A4/2BAK1B2 w - - 1 60", mate: 2, best: "b3d3"},
	{fen: "3k1a3/1R7/b4a2n/2N1p2RP/9/p1p1P2r1/P7P/N1c6/4A1C2/2B1KA3 w - - 7 59", mate: 2, best: "b8b9"},
	{fen: "2b1k1bn1/3nr4/3a5/p1p3p2/1r2p4/2c3B1C/P5P1P/3K1AR2/3NCN3/2B2A3 b - - 1 33", mate: 3, best: "c4c1"},
	{fen: "1R1a1k2n/4r2n1/4Pa3/p1p3pcr/P7p/6C1P/4P1P1R/N8/3NA4/2BAK1B2 w - - 11 53", mate: 3, best: "b9d9"},
	{fen: "5kN2/4a4/b3Na3/p8/6b2/2p5P/n5P1n/7R1/r3A2R1/2B1K4 w - - 24 58", mate: 4, best: "h2h9"},
	{fen: "5ab2/2n1a4/5k1rn/prp5p/2N1p4/PR7/2P3C1P/B1NA1c1C1/9/2B1KA3 w - - 7 46", mate: 4, best: "b4f4"},
}

// mateNodes bounds each case's search: about a second of one thread. A
// mate in 4 that the search cannot prove in a million nodes is hidden by
// its pruning, not merely found a few plies late.
const mateNodes = 1_000_000

// checkMate deepens on fen until an iteration of at least 2·mate−1 plies
// scores exactly mate in c.mate, within mateNodes
// nodes and 2·(2·mate−1)+8 plies, and checks that the PV plays the mate
// out to a position with no legal move. The depth at which the mate is
// first proved depends on move ordering and pruning (every search change
// moves it by a few plies); that it is proved, with the exact distance and
// a legal mating line, does not.
func checkMate[T any, P search.GamePtr[T]](t *testing.T, s *search.Searcher[T, P], pos P, c mateCase) {
	t.Helper()
	plies := 2*c.mate - 1
	s.Clear()
	found, last := 0, search.Info{}
	res := s.Search(pos, search.Limits{Depth: 2*plies + 8, Nodes: mateNodes}, func(in *search.Info) {
		last = *in
		if found == 0 && in.Depth >= plies && in.Bound == search.BoundExact && in.Score == position.MateIn(plies) {
			found = in.Depth
			s.Stop()
		}
	})
	if found == 0 || res.Score != position.MateIn(plies) {
		t.Errorf("%s: no mate %d within %d nodes (last: depth %d score %v, %s; Stockfish plays %s)", c.fen, c.mate,
			mateNodes, last.Depth, res.Score, pos.MoveString(res.BestMove), c.best)
		return
	}
	t.Logf("%s: mate %d proved at depth %d", c.fen, c.mate, found)
	if len(res.PV) < plies {
		t.Errorf("%s: PV %d plies, want %d", c.fen, len(res.PV), plies)
		return
	}
	var states [16]position.State
	for i, m := range res.PV[:plies] {
		var legal position.MoveList
		pos.GenerateLegal(&legal)
		if !legal.Contains(m) {
			t.Fatalf("%s: PV move %d %v illegal", c.fen, i, m)
		}
		pos.DoMove(m, &states[i])
	}
	var legal position.MoveList
	pos.GenerateLegal(&legal)
	if legal.Len != 0 {
		t.Errorf("%s: PV does not end in mate", c.fen)
	}
	for i := plies - 1; i >= 0; i-- {
		pos.UndoMove(res.PV[i])
	}
}

func TestMatesChess(t *testing.T) {
	s := newChessSearcher(oneThread())
	for _, c := range chessMates {
		checkMate(t, s, chessPos(c.fen), c)
	}
}

func TestMatesXiangqi(t *testing.T) {
	s := newXiangqiSearcher(oneThread())
	for _, c := range xiangqiMates {
		checkMate(t, s, xiangqiPos(c.fen), c)
	}
}

// TestMatesTTEvalStore runs the suite with the eval-only table entries on:
// an entry with bound none must never cut a node or stand for a score.
func TestMatesTTEvalStore(t *testing.T) {
	checkMatesWith(t, "TTEvalStore", 1)
}

// checkMatesWith runs both games' mate suites with the search constant name
// set to v: a pruning or reduction that hides a forced mate the default
// search proves within mateNodes is a fault of the change, whatever its SPRT
// says.
func checkMatesWith(t *testing.T, name string, v int, with ...setting) {
	t.Helper()
	cs, xs := searchersWith(t, name, v, with...)
	for _, c := range chessMates {
		checkMate(t, cs, chessPos(c.fen), c)
	}
	for _, c := range xiangqiMates {
		checkMate(t, xs, xiangqiPos(c.fen), c)
	}
}

// setting is one search constant and its value.
type setting struct {
	name string
	v    int
}

// searchersWith returns a one-thread searcher of each game with the search
// constants of with set, then name set to v (the test stops if either
// refuses one).
func searchersWith(t *testing.T, name string, v int, with ...setting) (*search.Searcher[chess.Position, *chess.Position], *search.Searcher[xiangqi.Position, *xiangqi.Position]) {
	t.Helper()
	cs := newChessSearcher(oneThread())
	xs := newXiangqiSearcher(oneThread())
	for _, st := range append(with, setting{name, v}) {
		for _, err := range []error{cs.SetParam(st.name, st.v), xs.SetParam(st.name, st.v)} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return cs, xs
}

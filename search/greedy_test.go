// A fixed-nodes match of the search against a 1-ply greedy player (run with -long).
package search_test

import (
	"flag"
	"math/rand"
	"testing"

	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

var long = flag.Bool("long", false, "run the long tests (matches)")

// greedyMove returns the legal move after which the static evaluation is
// best for the mover (a 1-ply search without quiescence), or MoveNone.
func greedyMove[T any, P search.GamePtr[T]](pos P, e position.Evaluator[P]) position.Move {
	var l position.MoveList
	pos.GenerateLegal(&l)
	best, bestV := position.MoveNone, -position.ValueInfinite
	var st position.State
	for _, m := range l.Slice() {
		pos.DoMove(m, &st)
		e.Reset(pos)
		v := -e.Evaluate(pos)
		var replies position.MoveList
		pos.GenerateLegal(&replies)
		if replies.Len == 0 {
			v = position.ValueMate // mate (or a xiangqi stalemate win; a chess stalemate is rare enough)
		}
		pos.UndoMove(m)
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// playGame plays one game from pos (after random opening moves) between the
// searcher at nodes per move and the greedy player; searchFirst says who
// moves first. It returns the search side's result: 1 win, 0.5 draw, 0 loss.
func playGame[T any, P search.GamePtr[T]](pos P, s *search.Searcher[T, P], e position.Evaluator[P],
	noMovesIsLoss bool, searchFirst bool, nodes uint64) float64 {
	states := make([]position.State, 400)
	searchSide := pos.SideToMove()
	if !searchFirst {
		searchSide ^= 1
	}
	for ply := 0; ply < len(states); ply++ {
		if v, over := pos.RuleVerdict(0); over && ply > 0 {
			switch {
			case v == 0:
				return 0.5
			case (v > 0) == (pos.SideToMove() == searchSide):
				return 1
			default:
				return 0
			}
		}
		var m position.Move
		if pos.SideToMove() == searchSide {
			m = s.Search(pos, search.Limits{Nodes: nodes}, nil).BestMove
		} else {
			m = greedyMove(pos, e)
		}
		if m == position.MoveNone {
			if !noMovesIsLoss && !pos.State().InCheck {
				return 0.5
			}
			if pos.SideToMove() == searchSide {
				return 0
			}
			return 1
		}
		pos.DoMove(m, &states[ply])
	}
	return 0.5 // adjudicated draw after 400 plies
}

// match plays pairs of games (each opening with both colours) and returns
// the searcher's score out of 2*openings.
func match[T any, P search.GamePtr[T]](t *testing.T, newPos func() P, s *search.Searcher[T, P],
	e position.Evaluator[P], noMovesIsLoss bool, openings int, nodes uint64) (score float64, w, d, l int) {
	r := rand.New(rand.NewSource(2026))
	for g := 0; g < openings; g++ {
		// A random 2-ply opening, the same for both colours.
		var moves [2]position.Move
		p := newPos()
		var st [2]position.State
		for i := range moves {
			var lm position.MoveList
			p.GenerateLegal(&lm)
			moves[i] = lm.Moves[r.Intn(lm.Len)]
			p.DoMove(moves[i], &st[i])
		}
		for _, first := range []bool{true, false} {
			p := newPos()
			var st [2]position.State
			for i, m := range moves {
				p.DoMove(m, &st[i])
			}
			s.Clear()
			res := playGame(p, s, e, noMovesIsLoss, first, nodes)
			score += res
			switch res {
			case 1:
				w++
			case 0.5:
				d++
			default:
				l++
			}
		}
	}
	t.Logf("search at %d nodes vs greedy: +%d =%d -%d (%.1f/%d)", nodes, w, d, l, score, 2*openings)
	return score, w, d, l
}

// TestBeatsGreedy: at 5000 nodes per move the search scores at least 90%
// against the 1-ply greedy player in both games (go test -long).
func TestBeatsGreedy(t *testing.T) {
	if !*long {
		t.Skip("match: run with -long")
	}
	const openings, nodes = 10, 5000
	cs := newChessSearcher(oneThread())
	cScore, _, _, _ := match(t, func() *chess.Position { return chessPos(chess.StartFEN) }, cs,
		eval.NewChess[*chess.Position](), false, openings, nodes)
	xs := newXiangqiSearcher(oneThread())
	xScore, _, _, _ := match(t, func() *xiangqi.Position { return xiangqiPos(xiangqi.StartFEN) }, xs,
		eval.NewXiangqi[*xiangqi.Position](), true, openings, nodes)
	if cScore < 0.9*2*openings || xScore < 0.9*2*openings {
		t.Fatalf("chess %.1f, xiangqi %.1f of %d: want at least 90%%", cScore, xScore, 2*openings)
	}
}

// Test helpers: positions of both games from random games, labelled by the hand-written evaluation.
package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/eval"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/setup"
	"dualnnue/position/xiangqi"
)

// randomPositions calls visit for n positions reached by random legal moves
// from the start position of g (games restart after 10..160 plies or at
// the end), skipping positions in check.
func randomPositions(t testing.TB, g position.Variant, n int, seed uint64, visit func(pos position.Game)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	pos, err := setup.New(g, "")
	if err != nil {
		t.Fatal(err)
	}
	start := setup.StartFEN(g)
	sts := make([]position.State, 200)
	var list position.MoveList
	for seen := 0; seen < n; {
		if err := pos.SetFEN(start); err != nil {
			t.Fatal(err)
		}
		length := 10 + rng.IntN(150)
		for ply := 0; ply < length && seen < n; ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			pos.DoMove(list.Moves[rng.IntN(list.Len)], &sts[ply])
			if !pos.State().InCheck && rng.IntN(3) == 0 {
				visit(pos)
				seen++
			}
		}
	}
}

// handEval returns the hand-written evaluation of pos (centipawns, side to
// move's view).
func handEval(g position.Variant) func(pos position.Game) position.Value {
	if g == position.Chess {
		e := eval.NewChess[*chess.Position]()
		return func(pos position.Game) position.Value {
			p := pos.(*chess.Position)
			e.Reset(p)
			return e.Evaluate(p)
		}
	}
	e := eval.NewXiangqi[*xiangqi.Position]()
	return func(pos position.Game) position.Value {
		p := pos.(*xiangqi.Position)
		e.Reset(p)
		return e.Evaluate(p)
	}
}

// labelledMemory returns n positions of g labelled by the hand-written
// evaluation (results drawn from the label's win probability), and the
// labels.
func labelledMemory(t testing.TB, g position.Variant, n int, seed uint64) *Memory {
	t.Helper()
	d := NewMemory()
	ev := handEval(g)
	rng := rand.New(rand.NewPCG(seed, 5))
	randomPositions(t, g, n, seed, func(pos position.Game) {
		score := float64(ev(pos))
		result := float32(0.5)
		if u := rng.Float64(); u < sigmoid(score/400)-0.1 {
			result = 1
		} else if u > sigmoid(score/400)+0.1 {
			result = 0
		}
		if err := d.Add(piecesOf(pos, g.Squares()), pos.SideToMove(), float32(score), result); err != nil {
			t.Fatal(err)
		}
	})
	return d
}

// piecesOf returns the piece list of b (features.PackPiece entries).
func piecesOf(b features.Board, squares int) []uint16 {
	var out []uint16
	for sq := 0; sq < squares; sq++ {
		if p := b.PieceOn(position.Square(sq)); p != position.NoPiece {
			out = append(out, features.PackPiece(p, position.Square(sq)))
		}
	}
	return out
}

// pearson returns the correlation coefficient of x and y.
func pearson(x, y []float64) float64 {
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= float64(len(x))
	my /= float64(len(y))
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

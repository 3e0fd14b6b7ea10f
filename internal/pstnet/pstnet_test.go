// The embedded nets are reproducible and follow the hand-written evaluation.
package pstnet

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/eval"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// Build is reproducible: the same game and size give the same bytes, which
// parse back as the same net. (The embedded default nets were made by Build
// until the pipeline trained better ones; they now start from Build's nets.)
func TestBuildReproducible(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		a, err := Build(g, Hidden)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Build(g, Hidden)
		if err != nil {
			t.Fatal(err)
		}
		ab, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		bb, _ := b.MarshalBinary()
		if !bytes.Equal(ab, bb) {
			t.Fatalf("%v: Build is not deterministic", g)
		}
		back, err := nn.ParseFor(ab, g)
		if err != nil || back.Arch != a.Arch || back.Description != a.Description {
			t.Fatalf("%v: round trip %v %v", g, back, err)
		}
	}
}

type gamePos interface {
	position.Game
	PieceOn(position.Square) position.Piece
}

// On random game positions Build's net tracks the tapered table eval:
// start positions exactly (the tempo bonus), others within the phase
// estimate's error.
func TestDefaultNetFollowsTables(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		var pos gamePos
		var ev position.Evaluator[gamePos]
		var err error
		if g == position.Chess {
			pos, err = chess.NewFromFEN(chess.StartFEN)
			ev = eval.NewChess[gamePos]()
		} else {
			pos, err = xiangqi.NewFromFEN(xiangqi.StartFEN)
			ev = eval.NewXiangqi[gamePos]()
		}
		if err != nil {
			t.Fatal(err)
		}
		built, err := Build(g, Hidden)
		if err != nil {
			t.Fatal(err)
		}
		net := nn.NewEvaluator[gamePos](built)
		net.Reset(pos)
		ev.Reset(pos)
		if a, b := net.Evaluate(pos), ev.Evaluate(pos); a != b {
			t.Fatalf("%v start position: net %d, tables %d", g, a, b)
		}
		rng := rand.New(rand.NewPCG(3, uint64(g)))
		states := make([]position.State, 120)
		var list position.MoveList
		var n, sum, worst float64
		var worstFEN string
		for game := 0; game < 40; game++ {
			var moves []position.Move
			for ply := 0; ply < len(states); ply++ {
				list.Clear()
				pos.GenerateLegal(&list)
				if list.Len == 0 {
					break
				}
				m := list.Moves[rng.IntN(list.Len)]
				pos.DoMove(m, &states[ply])
				moves = append(moves, m)
				net.Push(&states[ply].Dirty)
				ev.Push(&states[ply].Dirty)
				d := math.Abs(float64(net.Evaluate(pos) - ev.Evaluate(pos)))
				if d > worst {
					worstFEN = pos.FEN()
				}
				n, sum, worst = n+1, sum+d, max(worst, d)
			}
			for i := len(moves) - 1; i >= 0; i-- {
				pos.UndoMove(moves[i])
				net.Pop()
				ev.Pop()
			}
		}
		t.Logf("%v: |net − tables| mean %.1f cp, max %.0f cp over %.0f positions (at %s)", g, sum/n, worst, n, worstFEN)
		if sum/n > 25 {
			t.Fatalf("%v: mean difference %.1f cp", g, sum/n)
		}
	}
}

package eval_test

import (
	"math/rand"
	"testing"

	"dualnnue/eval"
	"dualnnue/internal/sharedtest"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// TestStartPositions: both start positions are symmetric, so the score is
// the side-to-move bonus (tempo) alone.
func TestStartPositions(t *testing.T) {
	c, _ := chess.NewFromFEN(chess.StartFEN)
	ec := eval.NewChess[*chess.Position]()
	ec.Reset(c)
	if v := ec.Evaluate(c); v != 10 {
		t.Errorf("chess start: %d, want 10", v)
	}
	x, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	ex := eval.NewXiangqi[*xiangqi.Position]()
	ex.Reset(x)
	if v := ex.Evaluate(x); v != 15 {
		t.Errorf("xiangqi start: %d, want 15", v)
	}
}

// TestValues pins a few sensible values: a pawn is about 100 in both
// games, a xiangqi soldier doubles after crossing the river.
func TestValues(t *testing.T) {
	xt := eval.XiangqiTables
	pawn := position.MakePiece(position.Red, 7)
	home, _ := xt.PieceSquare(pawn, 4*9+4) // e4: not yet across
	across, _ := xt.PieceSquare(pawn, 5*9+4)
	if home != 115 || across != 190 {
		t.Errorf("xiangqi pawn e4 %d, e5 %d; want 115, 190", home, across)
	}
	rook, _ := xt.PieceSquare(position.MakePiece(position.Red, 5), 0)
	bpawn, _ := xt.PieceSquare(position.MakePiece(position.Black, 7), 5*9+4) // black e5: own side
	if rook != 984 || bpawn != -115 {
		t.Errorf("xiangqi rook a0 %d, black pawn e5 %d; want 984, -115", rook, bpawn)
	}
	ct := eval.ChessTables
	mg, eg := ct.PieceSquare(position.MakePiece(position.White, 1), 3*8+4) // e4
	if mg != 126 || eg != 153 {
		t.Errorf("chess pawn e4 mg %d eg %d; want 126, 153", mg, eg)
	}
}

// TestIncrementalAndSymmetric plays random games: after every move the
// incremental score equals a fresh Reset, and the colour-flipped position
// scores the same for its side to move.
func TestIncrementalAndSymmetric(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var states [200]position.State
	for g := 0; g < 20; g++ {
		c, _ := chess.NewFromFEN(chess.StartFEN)
		inc := eval.NewChess[*chess.Position]()
		fresh := eval.NewChess[*chess.Position]()
		inc.Reset(c)
		for ply := 0; ply < 150; ply++ {
			var l position.MoveList
			c.GenerateLegal(&l)
			if l.Len == 0 {
				break
			}
			c.DoMove(l.Moves[r.Intn(l.Len)], &states[ply])
			inc.Push(&states[ply].Dirty)
			fresh.Reset(c)
			a, b := inc.Evaluate(c), fresh.Evaluate(c)
			if a != b {
				t.Fatalf("chess %s: incremental %d, reset %d", c.FEN(), a, b)
			}
			m, err := chess.NewFromFEN(sharedtest.FlipChessFEN(c.FEN()))
			if err == nil {
				fresh.Reset(m)
				if v := fresh.Evaluate(m); v != a {
					t.Fatalf("chess %s: %d, mirrored %d", c.FEN(), a, v)
				}
			}
		}
		x, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
		xinc := eval.NewXiangqi[*xiangqi.Position]()
		xfresh := eval.NewXiangqi[*xiangqi.Position]()
		xinc.Reset(x)
		var vals [200]position.Value
		n := 0
		for ply := 0; ply < 150; ply++ {
			var l position.MoveList
			x.GenerateLegal(&l)
			if l.Len == 0 {
				break
			}
			x.DoMove(l.Moves[r.Intn(l.Len)], &states[ply])
			xinc.Push(&states[ply].Dirty)
			xfresh.Reset(x)
			a, b := xinc.Evaluate(x), xfresh.Evaluate(x)
			if a != b {
				t.Fatalf("xiangqi %s: incremental %d, reset %d", x.FEN(), a, b)
			}
			vals[ply] = a
			n = ply + 1
		}
		// Pop back: each earlier score comes back.
		for ply := n - 1; ply > 0; ply-- {
			xinc.Pop()
			x.UndoMove(states[ply].Move)
			if v := xinc.Evaluate(x); v != vals[ply-1] {
				t.Fatalf("xiangqi pop to ply %d: %d, want %d", ply-1, v, vals[ply-1])
			}
		}
	}
}

func TestNoAllocations(t *testing.T) {
	c, _ := chess.NewFromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e := eval.NewChess[*chess.Position]()
	e.Reset(c)
	var l position.MoveList
	c.GenerateLegal(&l)
	var st position.State
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range l.Slice() {
			c.DoMove(m, &st)
			e.Push(&st.Dirty)
			_ = e.Evaluate(c)
			e.Pop()
			c.UndoMove(m)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

// King-bucketed sets in the accumulator stack: incremental updates with bucket refreshes over random games.
package nn_test

import (
	"slices"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// Chess960 starts with castling rights on both wings (X-FEN and Shredder
// fields), so random games castle with the king and rook on unusual files.
var chess960Starts = []string{
	"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
	"1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1",
	"r1k1r2q/8/8/8/8/8/8/R1K1R2Q w AEae - 0 1",
	"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1",
}

// Over random games of both games (chess: every second game a Chess960
// start) the king-bucketed stacks' lazily updated accumulators, with a
// refresh through the cache whenever a king changes bucket or crosses the
// centre, or (xiangqi-kb6-d3-hm) a capture changes a side's balance
// bucket, equal a full refresh and the evaluation from scratch after every
// DoMove and UndoMove, exactly.
func TestKingBucketsIncrementalRealGames(t *testing.T) {
	for _, id := range []features.SetID{features.ChessKB4HM, features.ChessKB16HM, features.XiangqiKB6HM, features.XiangqiCompact692KB6, features.XiangqiKB6D3HM} {
		set, _ := features.Lookup(id)
		g := set.Game
		_, net := randomNetSet(t, set, 32, 4, nn.SCReLU, uint64(id))
		st, ref := nn.NewStack(net), nn.NewStack(net)
		var us, them [features.MaxActive]uint16
		checked, changes, castles, balance := 0, 0, 0, 0
		var last [2]features.View
		start := func(i int) walker {
			if g == position.Chess && i%2 == 1 {
				p, err := chess.NewFromFEN960(chess960Starts[i/2%len(chess960Starts)])
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			return newPos(t, g)
		}
		randomGamesFrom(t, g, 31, 150, 200, st, start, func(pos walker, d *position.Dirty) {
			if d != nil && d.N == 2 && d.Pieces[0].To != position.SquareNone && d.Pieces[1].To != position.SquareNone &&
				d.Pieces[0].Piece.Color() == d.Pieces[1].Piece.Color() {
				castles++ // king and rook of one colour both moved
			}
			ref.Reset(pos)
			for c := position.Color(0); c <= 1; c++ {
				if !slices.Equal(st.Accumulator(c), ref.Accumulator(c)) {
					t.Fatalf("%s: incremental accumulator of colour %d differs from refresh at %s", set.Name, c, pos.FEN())
				}
			}
			n := set.Active(pos, us[:], them[:])
			u, th := us[:n], them[:n]
			if pos.SideToMove() == position.Black {
				u, th = th, u
			}
			if a, b := st.Evaluate(pos.SideToMove()), net.EvalIndices(u, th, n); a != b {
				t.Fatalf("%s: stack eval %d, from scratch %d at %s", set.Name, a, b, pos.FEN())
			}
			var k [2]position.Square
			var cnt [2]int
			for sq := 0; sq < set.Squares; sq++ {
				if p := pos.PieceOn(position.Square(sq)); p != position.NoPiece && p.Type() == set.King {
					k[p.Color()] = position.Square(sq)
				} else if p != position.NoPiece && set.Counted(int(p.Type())) {
					cnt[p.Color()]++
				}
			}
			v := [2]features.View{set.ViewAt(0, k[0], cnt[0]), set.ViewAt(1, k[1], cnt[1])}
			if v != last {
				changes++
			}
			for c := range 2 {
				if set.Balance > 1 && v[c].Bucket()%set.Balance != last[c].Bucket()%set.Balance {
					balance++
				}
			}
			last = v
			checked++
		})
		t.Logf("%s: %d positions, %d view changes (%d of a balance bucket), %d castlings", set.Name, checked, changes, balance, castles)
		if checked < 4000 || changes < 200 {
			t.Fatalf("%s: only %d positions and %d view changes checked", set.Name, checked, changes)
		}
		if set.Balance > 1 && balance < 100 {
			t.Fatalf("%s: only %d balance-bucket changes in the games", set.Name, balance)
		}
		if g == position.Chess && castles < 10 {
			t.Fatalf("%s: only %d castlings in the games", set.Name, castles)
		}
	}
}

// A balance-bucketed net with every other shape option (two hidden
// layers, pairwise, per-bucket stacks) round-trips through the file: the
// flags byte holds all three options, the layer block precedes the
// balance block, and the bytes re-encode the same.
func TestBalanceNetWithLayersFile(t *testing.T) {
	set, _ := features.Lookup(features.XiangqiKB6D3HM)
	_, q := randomStackNet(t, set, stackShapes[3], 11)
	b, err := q.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if b[55]&nn.FlagBalance == 0 || b[55]&^nn.FlagBalance == 0 || b[54] != 2 {
		t.Fatalf("flags %#02x, hidden layers %d", b[55], b[54])
	}
	// 52 header + 94 shape (4 + 90 points) + 12 layer block, then the balance block.
	if mask, m := b[158], b[159:167]; mask != 1<<2|1<<3 || !slices.Equal(m, []byte{2, 2, 1, 1, 0, 0, 0, 0}) {
		t.Fatalf("balance block at 158: %#x %v", mask, m)
	}
	got, err := nn.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.FeatureSet().Balance != 3 || got.NumLayers() != 2 || !got.Pairwise || !got.Stacks {
		t.Fatalf("read back %v", got.Arch)
	}
	again, err := got.MarshalBinary()
	if err != nil || !slices.Equal(again, b) {
		t.Fatalf("re-encoded differently: %v", err)
	}
}

// Test helpers: random float models and random boards with move diffs.
package nn

import (
	"math/rand/v2"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// randomModel returns a model of game g with hidden units, buckets and act,
// its weights drawn so that the quantized net passes Validate.
func randomModel(rng *rand.Rand, g position.Variant, hidden, buckets int, act Activation) *Model {
	return randomModelSet(rng, features.Default(g), hidden, buckets, act)
}

// randomModelSet is randomModel with the feature set set.
func randomModelSet(rng *rand.Rand, set *features.Set, hidden, buckets int, act Activation) *Model {
	m, err := NewModel(Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: hidden, Buckets: buckets, Activation: act})
	if err != nil {
		panic(err)
	}
	for i := range m.FTWeights {
		m.FTWeights[i] = float32(rng.NormFloat64() * 0.15)
	}
	for i := range m.FTBias {
		m.FTBias[i] = float32(rng.Float64() * 0.6)
	}
	for i := range m.OutWeights {
		m.OutWeights[i] = float32(rng.Float64()*3.9 - 1.95)
	}
	for i := range m.OutBias {
		m.OutBias[i] = float32(rng.NormFloat64() * 0.1)
	}
	return m
}

// testBoard is a board of either game that plays random "moves" (a piece
// moves, captures, is promoted, or two pieces move at once) and emits the
// position.Dirty the game packages would.
type testBoard struct {
	g      position.Variant
	sq     [features.MaxSquares]position.Piece
	stm    position.Color
	types  int
	pieces int
}

func (b *testBoard) PieceOn(sq position.Square) position.Piece { return b.sq[sq] }

// randomBoard places both kings and up to 30 other pieces at random.
func randomBoard(rng *rand.Rand, g position.Variant) *testBoard {
	b := &testBoard{g: g, types: features.Default(g).Types, stm: position.Color(rng.IntN(2))}
	king := position.PieceType(6)
	if g == position.Xiangqi {
		king = 1
	}
	n := g.Squares()
	b.place(rng, position.MakePiece(position.White, king), n)
	b.place(rng, position.MakePiece(position.Black, king), n)
	for i, k := 0, rng.IntN(31); i < k; i++ {
		t := position.PieceType(1 + rng.IntN(b.types))
		if t == king {
			continue
		}
		b.place(rng, position.MakePiece(position.Color(rng.IntN(2)), t), n)
	}
	return b
}

func (b *testBoard) place(rng *rand.Rand, p position.Piece, n int) {
	for {
		s := rng.IntN(n)
		if b.sq[s] == position.NoPiece {
			b.sq[s] = p
			b.pieces++
			return
		}
	}
}

// move makes a random change and fills d; it returns an undo closure-free
// copy of the previous board through the caller.
func (b *testBoard) move(rng *rand.Rand, d *position.Dirty) {
	d.N = 0
	n := b.g.Squares()
	b.stm ^= 1
	if rng.IntN(20) == 0 { // null move
		return
	}
	from := b.randomOwn(rng, n)
	if from < 0 {
		return
	}
	p := b.sq[from]
	to := rng.IntN(n)
	for to == from {
		to = rng.IntN(n)
	}
	captured := b.sq[to]
	switch r := rng.IntN(10); {
	case r == 0 && b.types == 6: // promotion (with capture if any)
		q := position.MakePiece(p.Color(), position.PieceType(2+rng.IntN(4)))
		d.Add(p, position.Square(from), position.SquareNone)
		if captured != position.NoPiece {
			d.Add(captured, position.Square(to), position.SquareNone)
			b.pieces--
		}
		d.Add(q, position.SquareNone, position.Square(to))
		b.sq[from], b.sq[to] = position.NoPiece, q
	default:
		d.Add(p, position.Square(from), position.Square(to))
		if captured != position.NoPiece {
			d.Add(captured, position.Square(to), position.SquareNone)
			b.pieces--
		}
		b.sq[from], b.sq[to] = position.NoPiece, p
		if r == 1 && captured == position.NoPiece { // castling-like second piece
			if f2 := b.randomOwn(rng, n); f2 >= 0 && f2 != to {
				t2 := rng.IntN(n)
				if b.sq[t2] == position.NoPiece {
					d.Add(b.sq[f2], position.Square(f2), position.Square(t2))
					b.sq[t2], b.sq[f2] = b.sq[f2], position.NoPiece
				}
			}
		}
	}
}

func (b *testBoard) randomOwn(rng *rand.Rand, n int) int {
	for tries := 0; tries < 200; tries++ {
		s := rng.IntN(n)
		if b.sq[s] != position.NoPiece {
			return s
		}
	}
	return -1
}

// active returns the side to move's and the other side's features.
func (b *testBoard) active(set *features.Set) (us, them []uint16) {
	var w, bl [features.MaxActive]uint16
	n := set.Active(b, w[:], bl[:])
	if b.stm == position.White {
		return append([]uint16(nil), w[:n]...), append([]uint16(nil), bl[:n]...)
	}
	return append([]uint16(nil), bl[:n]...), append([]uint16(nil), w[:n]...)
}

// Geometric move code: a move as (origin's ordinal among the mover's pieces,
// destination's index in the piece's fixed geometry table), decodable with
// table lookups and no move generation.
package datasets

import (
	"fmt"
	"math/bits"
	"sync"

	"dualnnue/position"
)

// A move is coded in two bytes, stored in two streams:
//
//	from: the number of the mover's pieces on lower squares than the origin
//	      (0..15);
//	to:   the index of the destination in the sorted list of squares the
//	      piece type could ever reach from the origin on an empty board
//	      (its "geometry"), plus for a chess promotion the promoted piece
//	      (N,B,R,Q = 0..3) times 32.
//
// Geometry (sorted by square):
//
//	chess   pawn: one and two steps forward, the two forward diagonals;
//	        knight: jumps; bishop/rook/queen: the whole rays; king: the
//	        neighbours and every square of its rank (castling is coded as
//	        king-takes-own-rook, as the chess Move layout stores it)
//	xiangqi king/pawn: the orthogonal neighbours (pawn: forward and
//	        sideways); advisor: diagonal neighbours; elephant: the two-point
//	        diagonals; horse: the eight jumps; rook/cannon: the whole rank
//	        and file.
//
// The chess move kind (promotion, en passant, castling) follows from the
// board. The code depends on neither the move generator nor its order, so
// the format outlives any change of movegen; the decoder checks every
// decoded move with PseudoLegal and Legal before playing it.
const maxGeometry = 28

type geometry struct {
	n    [2][8][90]uint8
	dest [2][8][90][maxGeometry]uint8
}

var geometries [3]struct {
	once sync.Once
	g    *geometry
}

func geometryOf(g position.Variant) *geometry {
	e := &geometries[g]
	e.once.Do(func() { e.g = buildGeometry(g) })
	return e.g
}

func buildGeometry(g position.Variant) *geometry {
	geo := new(geometry)
	files, ranks := 8, 8
	if g == position.Xiangqi {
		files, ranks = 9, 10
	}
	type d struct{ df, dr int }
	orth := []d{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := []d{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knight := []d{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	for c := 0; c < 2; c++ {
		fwd := 1
		if c == 1 {
			fwd = -1
		}
		for pt := 1; pt < 8; pt++ {
			for sq := 0; sq < files*ranks; sq++ {
				f, r := sq%files, sq/files
				var set [90]bool
				add := func(df, dr int) {
					nf, nr := f+df, r+dr
					if nf >= 0 && nf < files && nr >= 0 && nr < ranks {
						set[nr*files+nf] = true
					}
				}
				ray := func(dirs []d) {
					for _, v := range dirs {
						for k := 1; k < 10; k++ {
							add(k*v.df, k*v.dr)
						}
					}
				}
				steps := func(dirs []d, k int) {
					for _, v := range dirs {
						add(k*v.df, k*v.dr)
					}
				}
				if g == position.Chess {
					switch pt {
					case 1: // pawn
						add(0, fwd)
						add(0, 2*fwd)
						add(1, fwd)
						add(-1, fwd)
					case 2:
						steps(knight, 1)
					case 3:
						ray(diag)
					case 4:
						ray(orth)
					case 5:
						ray(orth)
						ray(diag)
					case 6:
						steps(orth, 1)
						steps(diag, 1)
						for df := -7; df <= 7; df++ {
							if df != 0 {
								add(df, 0)
							}
						}
					default:
						continue
					}
				} else {
					switch pt {
					case 1: // king
						steps(orth, 1)
					case 2: // advisor
						steps(diag, 1)
					case 3: // elephant
						steps(diag, 2)
					case 4: // horse
						steps(knight, 1)
					case 5, 6: // rook, cannon
						ray(orth)
					case 7: // pawn
						add(0, fwd)
						add(1, 0)
						add(-1, 0)
					}
				}
				n := 0
				for to := range set {
					if set[to] {
						geo.dest[c][pt][sq][n] = uint8(to)
						n++
					}
				}
				geo.n[c][pt][sq] = uint8(n)
			}
		}
	}
	return geo
}

// board mirrors the replayed position's pieces from the moves' piece diffs:
// a mailbox and per-colour occupancy (two words cover 90 points).
type board struct {
	pc  [90]position.Piece
	occ [2][2]uint64
}

func (b *board) refresh(pos position.Game, squares int) {
	*b = board{}
	for sq := 0; sq < squares; sq++ {
		if p := pos.PieceOn(position.Square(sq)); p != position.NoPiece {
			b.put(p, position.Square(sq))
		}
	}
}

func (b *board) put(p position.Piece, sq position.Square) {
	if int(sq) >= len(b.pc) {
		return
	}
	b.pc[sq] = p
	b.occ[p.Color()&1][sq>>6] |= 1 << (sq & 63)
}

func (b *board) clear(sq position.Square) {
	if int(sq) >= len(b.pc) {
		return
	}
	p := b.pc[sq]
	b.pc[sq] = position.NoPiece
	b.occ[p.Color()&1][sq>>6] &^= 1 << (sq & 63)
}

// apply plays a move's piece diff: removals first, then arrivals.
func (b *board) apply(d *position.Dirty) {
	for i := 0; i < d.N; i++ {
		if from := d.Pieces[i].From; from != position.SquareNone {
			b.clear(from)
		}
	}
	for i := 0; i < d.N; i++ {
		if to := d.Pieces[i].To; to != position.SquareNone {
			b.put(d.Pieces[i].Piece, to)
		}
	}
}

// ordinal returns the number of c's pieces on squares below sq.
func (b *board) ordinal(c position.Color, sq position.Square) int {
	o := &b.occ[c&1]
	if sq < 64 {
		return bits.OnesCount64(o[0] & (1<<sq - 1))
	}
	return bits.OnesCount64(o[0]) + bits.OnesCount64(o[1]&(1<<(sq-64)-1))
}

// nth returns the square of c's piece of ordinal k.
func (b *board) nth(c position.Color, k int) (position.Square, bool) {
	o := &b.occ[c&1]
	w, base := o[0], 0
	if lo := bits.OnesCount64(w); k >= lo {
		w, base, k = o[1], 64, k-lo
		if k >= bits.OnesCount64(w) {
			return 0, false
		}
	}
	return position.Square(base + selectBit(w, k)), true
}

// selectBit returns the index of the k-th set bit of w (k < popcount(w)):
// halve by popcount, then a byte table. Each halving is branch-free (a
// mask from the sign of count-k-1): the ordinals of decoded moves are
// data, so branches on them mispredict.
func selectBit(w uint64, k int) int {
	c := bits.OnesCount32(uint32(w))
	m := (c - k - 1) >> 63 // -1 when the bit is in the upper half
	k -= c & m
	pos := 32 & m
	w >>= uint(pos)
	c = bits.OnesCount16(uint16(w))
	m = (c - k - 1) >> 63
	k -= c & m
	s := 16 & m
	w >>= uint(s)
	pos += s
	c = bits.OnesCount8(uint8(w))
	m = (c - k - 1) >> 63
	k -= c & m
	s = 8 & m
	w >>= uint(s)
	pos += s
	return pos + int(selectInByte[uint8(w)][k&7])
}

// selectInByte[b][k] is the index of the k-th set bit of b.
var selectInByte = func() (t [256][8]uint8) {
	for b := range t {
		k := 0
		for i := 0; i < 8; i++ {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// moveCoder codes moves of one game against a board.
type moveCoder struct {
	game position.Variant
	geo  *geometry
}

func newMoveCoder(g position.Variant) moveCoder { return moveCoder{game: g, geo: geometryOf(g)} }

// encode returns the two code bytes of move m (played by c on b).
func (mc *moveCoder) encode(b *board, c position.Color, m position.Move) (from, to byte, err error) {
	var fsq, tsq position.Square
	promo := 0
	if mc.game == position.Chess {
		fsq, tsq = position.Square(m&63), position.Square(m>>6&63)
		if m>>14 == 1 {
			promo = int(m >> 12 & 3)
		}
	} else {
		fsq, tsq = position.Square(m&127), position.Square(m>>7&127)
	}
	if int(fsq) >= len(b.pc) || int(tsq) >= len(b.pc) {
		return 0, 0, fmt.Errorf("move %#x off the board", uint16(m))
	}
	p := b.pc[fsq]
	if p == position.NoPiece || p.Color() != c {
		return 0, 0, fmt.Errorf("move %#x: no piece of the side to move on its origin", uint16(m))
	}
	pt := p.Type()
	n := int(mc.geo.n[c&1][pt&7][fsq])
	dest := &mc.geo.dest[c&1][pt&7][fsq]
	for i := 0; i < n; i++ {
		if position.Square(dest[i]) == tsq {
			return byte(b.ordinal(c, fsq)), byte(i | promo<<5), nil
		}
	}
	return 0, 0, fmt.Errorf("move %#x: destination outside the piece's geometry", uint16(m))
}

// decode rebuilds the move coded by (from, to) for side c on b. The move
// is not checked for legality here.
func (mc *moveCoder) decode(b *board, c position.Color, from, to byte) (position.Move, bool) {
	fsq, ok := b.nth(c, int(from))
	if !ok {
		return 0, false
	}
	p := b.pc[fsq]
	pt := p.Type()
	idx := int(to & 31)
	if idx >= int(mc.geo.n[c&1][pt&7][fsq]) {
		return 0, false
	}
	tsq := position.Square(mc.geo.dest[c&1][pt&7][fsq][idx])
	if mc.game != position.Chess {
		if to>>5 != 0 {
			return 0, false
		}
		return position.Move(fsq) | position.Move(tsq)<<7, true
	}
	m := position.Move(fsq) | position.Move(tsq)<<6
	promo := position.Move(to >> 5)
	switch {
	case pt == 6 && b.pc[tsq] == position.MakePiece(c, 4): // king takes own rook: castling
		m |= 3 << 14
	case pt == 1 && (tsq < 8 || tsq >= 56):
		return m | 1<<14 | promo<<12, true
	case pt == 1 && fsq%8 != tsq%8 && b.pc[tsq] == position.NoPiece:
		m |= 2 << 14
	}
	if promo != 0 {
		return 0, false
	}
	return m, true
}

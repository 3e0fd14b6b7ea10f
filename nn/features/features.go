// Feature-set definitions: ids, games, the index tables and the full refresh.
package features

import (
	"fmt"

	"dualnnue/position"
)

// SetID identifies a feature set in a net file. Ids are never reused.
type SetID uint16

const (
	ChessPS768        SetID = 1
	XiangqiPS1260     SetID = 2
	XiangqiCompact692 SetID = 3
	// The horizontally mirrored twins of the sets above: a perspective
	// whose own king stands right of the board's centre file sees the board
	// mirrored left-right (see Set.Mirror).
	ChessPS768HM        SetID = 4
	XiangqiPS1260HM     SetID = 5
	XiangqiCompact692HM SetID = 6
	// King-bucketed, mirrored sets (see kingbuckets.go): the mirrored
	// piece-square index plus bucket·BaseSize, the bucket chosen by the
	// perspective's own king (general) square through the set's map.
	ChessKB4HM           SetID = 7
	ChessKB16HM          SetID = 8
	XiangqiKB6HM         SetID = 9
	XiangqiCompact692KB6 SetID = 10
	// King buckets × piece-balance buckets (see balance.go): xiangqi-kb6-hm
	// with the bucket also chosen by the count of the perspective's own
	// advisors and elephants (3 balance buckets).
	XiangqiKB6D3HM SetID = 11
)

// MaxSquares bounds the squares of either game; MaxActive bounds the number
// of active features of one perspective (one per occupied square).
const (
	MaxSquares = 90
	MaxActive  = MaxSquares
)

// Board is what a full refresh reads: any position of the set's game
// (*chess.Position and *xiangqi.Position satisfy it).
type Board interface {
	PieceOn(sq position.Square) position.Piece
}

// Set is one feature set. Sets are immutable and shared; get them with
// Lookup or Default.
type Set struct {
	ID      SetID
	Game    position.Variant
	Name    string
	Size    int // number of features F
	Squares int // board points (64 or 90)
	Types   int // piece types (6 or 7)
	// Mirror reports horizontal mirroring: perspective c sees piece p on sq
	// as the unmirrored set sees it on MirrorSquare(sq) when c's king stands
	// right of the centre file (Mirrored). Chess mirrors with the king on
	// files e–h (4 of 8 files each way); xiangqi with the general on files
	// f–i, seen from Red (the centre file e stays unmirrored), as Pikafish
	// does. The index space is the unmirrored set's.
	Mirror bool
	// King is the game's king (general) piece type, which decides the mirror.
	King position.PieceType
	// KingBuckets is the number of king buckets B (1: none); BaseSize is
	// the size of one bucket's block (Size = B·BaseSize). A perspective's
	// bucket is BucketMap()[its king's relative square].
	KingBuckets int
	BaseSize    int
	// Balance is the number of piece-balance buckets Q (1: none): a
	// perspective's count of its own pieces of the counted types picks
	// one, and its input bucket is kingBucket·Q + balanceBucket
	// (Size = KingBuckets·Q·BaseSize; see balance.go).
	Balance int

	// index[persp][piece][sq] is the feature index, or -1 when the piece is
	// not a piece of this game or (compact sets) cannot stand on sq.
	index [2][position.PieceNB][MaxSquares]int16
	// mirrorSq[sq] is sq mirrored left-right; right[sq] reports a square
	// right of the centre file (a king there mirrors the view).
	mirrorSq [MaxSquares]uint8
	right    [MaxSquares]bool
	// bucketOf[relSq] is the king bucket of a perspective whose king
	// stands on relSq (its relative square); all zero without buckets.
	bucketOf [MaxSquares]uint8
	// balanceTypes has bit t set when own pieces of type t are counted;
	// balanceOf[count] is the balance bucket of that count.
	balanceTypes uint8
	balanceOf    [MaxBalanceCount + 1]uint8
}

// View is how one perspective sees the board: bit 0 set when it mirrors,
// the input bucket (king bucket·Balance + balance bucket) above it. A perspective's features depend on the board
// and its view only; when its view changes the accumulator is rebuilt.
type View uint8

// Mirrored reports whether the view mirrors the board left-right.
func (v View) Mirrored() bool { return v&1 != 0 }

// Bucket returns the view's input bucket (the king bucket for a set
// without balance buckets).
func (v View) Bucket() int { return int(v >> 1) }

// KingRelative reports whether a perspective's features depend on more
// than the piece on each square: on its own king's square (mirroring or
// king buckets) or on its piece counts (balance buckets), so that a king
// move or a capture can change every feature of that perspective.
func (s *Set) KingRelative() bool { return s.Mirror || s.KingBuckets > 1 || s.Balance > 1 }

// Views returns the number of distinct views (2·Buckets()), the size of
// a per-colour refresh cache.
func (s *Set) Views() int { return 2 * s.Buckets() }

// ViewOf returns the view of perspective persp whose king stands on
// kingSq (view 0 when the king is absent or the set is not KingRelative),
// in balance bucket 0: it is the view of a set without balance buckets;
// ViewAt gives the others.
func (s *Set) ViewOf(persp position.Color, kingSq position.Square) View {
	if int(kingSq) >= s.Squares || persp > 1 {
		return 0
	}
	var v View
	if s.Mirror && s.right[kingSq] {
		v = 1
	}
	return v | View(int(s.bucketOf[RelativeSquare(s.Game, persp, kingSq)])*max(1, s.Balance))<<1
}

// ViewAt is ViewOf for a perspective that owns count pieces of the set's
// balance-counted types (Census): its balance bucket is added to the king
// bucket's block. The view is 0 when the king is absent.
func (s *Set) ViewAt(persp position.Color, kingSq position.Square, count int) View {
	if int(kingSq) >= s.Squares || persp > 1 {
		return 0
	}
	return s.ViewOf(persp, kingSq) + View(s.BalanceOf(count))<<1
}

// BucketMap returns the king bucket of every relative square (a copy; all
// zero for a set without king buckets), the map a net file records.
func (s *Set) BucketMap() []uint8 { return append([]uint8(nil), s.bucketOf[:s.Squares]...) }

// initMirror fills the mirror tables of s (its Squares set).
func (s *Set) initMirror() {
	n := 8
	if s.Squares == 90 {
		n = 9
	}
	for sq := 0; sq < s.Squares; sq++ {
		f := sq % n
		s.mirrorSq[sq] = uint8(sq - f + n - 1 - f)
		s.right[sq] = f >= n/2+n%2
	}
}

// Index returns the feature of piece p on sq seen from persp, or -1 if p is
// not a piece of the set's game, sq is off the board, or (compact sets) p
// can never stand on sq in a legal game. For a king-bucketed set it is the
// index in bucket 0 (unmirrored); whether it is ≥ 0 does not depend on the
// view.
func (s *Set) Index(persp position.Color, p position.Piece, sq position.Square) int {
	if int(sq) >= s.Squares || persp > 1 || int(p) >= position.PieceNB {
		return -1
	}
	return int(s.index[persp][p][sq])
}

// MirrorSquare returns sq mirrored left-right on the set's board (chess
// file f → 7−f, xiangqi f → 8−f; the rank is kept).
func (s *Set) MirrorSquare(sq position.Square) position.Square {
	if int(sq) >= s.Squares {
		return sq
	}
	return position.Square(s.mirrorSq[sq])
}

// Mirrored reports whether a perspective whose king stands on kingSq sees
// the board mirrored: false for sets without Mirror; else whether the
// king's file (from White's/Red's side, 0 = a) is past the centre: ≥ 4 in
// chess (e–h), > 4 in xiangqi (f–i).
func (s *Set) Mirrored(kingSq position.Square) bool {
	if !s.Mirror || int(kingSq) >= s.Squares {
		return false
	}
	return s.right[kingSq]
}

// IndexView is the feature of piece p on sq for perspective persp seeing
// the board through view v (mirrored and in v's king bucket), or -1 as
// Index. For view 0 it is Index.
func (s *Set) IndexView(persp position.Color, v View, p position.Piece, sq position.Square) int {
	if int(sq) >= s.Squares || persp > 1 || int(p) >= position.PieceNB {
		return -1
	}
	if v.Mirrored() {
		sq = s.MirrorSquare(sq)
	}
	i := int(s.index[persp][p][sq])
	if i < 0 {
		return -1
	}
	return v.Bucket()*s.BaseSize + i
}

// PackPiece packs a piece and its square into one entry of a piece list
// (piece<<8 | square), the form FromPieces reads and datasets stores.
func PackPiece(p position.Piece, sq position.Square) uint16 { return uint16(p&15)<<8 | uint16(sq) }

// UnpackPiece inverts PackPiece.
func UnpackPiece(v uint16) (position.Piece, position.Square) {
	return position.Piece(v >> 8), position.Square(v & 0xff)
}

// KingSquares returns the squares of both kings (SquareNone when absent)
// in a piece list of PackPiece entries.
func (s *Set) KingSquares(pieces []uint16) [2]position.Square {
	k := [2]position.Square{position.SquareNone, position.SquareNone}
	for _, v := range pieces {
		p, sq := UnpackPiece(v)
		if p.Type() == s.King {
			k[p.Color()&1] = sq
		}
	}
	return k
}

// FromPieces writes the active features of the position given as a piece
// list (PackPiece entries, any order) from both perspectives, mirrored as
// each perspective's king decides: white[i] and black[i] are the views of
// the i-th piece that has a feature. It returns the count; white and black
// must hold len(pieces) entries. It never allocates.
func (s *Set) FromPieces(pieces []uint16, white, black []uint16) int {
	var m [2]bool
	var off [2]int
	if s.KingRelative() {
		k, cnt := s.Census(pieces)
		for c := range 2 {
			v := s.ViewAt(position.Color(c), k[c], cnt[c])
			m[c], off[c] = v.Mirrored(), v.Bucket()*s.BaseSize
		}
	}
	n := 0
	for _, v := range pieces {
		p, sq := UnpackPiece(v)
		if int(sq) >= s.Squares {
			continue
		}
		wsq, bsq := sq, sq
		if m[0] {
			wsq = s.MirrorSquare(sq)
		}
		if m[1] {
			bsq = s.MirrorSquare(sq)
		}
		w := s.index[position.White][p&15][wsq]
		if w < 0 {
			continue
		}
		white[n] = uint16(off[0] + int(w))
		black[n] = uint16(off[1] + int(s.index[position.Black][p&15][bsq]))
		n++
	}
	return n
}

// Active writes the active features of b from both perspectives: white[i]
// and black[i] are the White/Red and Black views of the i-th occupied square
// (scanned from square 0 up) whose piece has a feature there (Index ≥ 0;
// a piece a compact set cannot place contributes nothing, here and in
// Delta alike). It returns the count n; both buffers must hold at least
// s.Squares entries (MaxActive always suffices), else it panics.
func (s *Set) Active(b Board, white, black []uint16) int {
	_ = white[s.Squares-1]
	_ = black[s.Squares-1]
	if s.KingRelative() {
		var list [MaxActive]uint16
		k := 0
		for sq := 0; sq < s.Squares; sq++ {
			if p := b.PieceOn(position.Square(sq)); p != position.NoPiece {
				list[k] = PackPiece(p, position.Square(sq))
				k++
			}
		}
		return s.FromPieces(list[:k], white, black)
	}
	n := 0
	for sq := 0; sq < s.Squares; sq++ {
		p := b.PieceOn(position.Square(sq))
		if p == position.NoPiece {
			continue
		}
		w := s.index[position.White][p&15][sq]
		if w < 0 {
			continue // not a piece of this game: contributes nothing
		}
		white[n] = uint16(w)
		black[n] = uint16(s.index[position.Black][p&15][sq])
		n++
	}
	return n
}

// Delta is the feature change of one move from both perspectives:
// Add[c][:NAdd] become active and Sub[c][:NSub] inactive for perspective c.
type Delta struct {
	NAdd, NSub int
	Add, Sub   [2][3]uint16
}

// Delta fills out with the feature change of the piece diff d. A null move
// (d.N == 0) gives an empty Delta. For a Mirror set it is the change of
// unmirrored views; DeltaView takes each perspective's mirror.
func (s *Set) Delta(d *position.Dirty, out *Delta) {
	out.NAdd, out.NSub = 0, 0
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		p := dp.Piece & 15
		if dp.From != position.SquareNone {
			if w := s.index[0][p][dp.From]; w >= 0 {
				out.Sub[0][out.NSub] = uint16(w)
				out.Sub[1][out.NSub] = uint16(s.index[1][p][dp.From])
				out.NSub++
			}
		}
		if dp.To != position.SquareNone {
			if w := s.index[0][p][dp.To]; w >= 0 {
				out.Add[0][out.NAdd] = uint16(w)
				out.Add[1][out.NAdd] = uint16(s.index[1][p][dp.To])
				out.NAdd++
			}
		}
	}
}

// DeltaView is Delta with perspective c seeing the board through views[c]
// (mirror and king bucket): valid for a move after which neither
// perspective's view changed (a king changing bucket or crossing the centre
// needs a refresh of that perspective).
func (s *Set) DeltaView(d *position.Dirty, views [2]View, out *Delta) {
	if views[0] == 0 && views[1] == 0 {
		s.Delta(d, out)
		return
	}
	m := [2]bool{views[0].Mirrored(), views[1].Mirrored()}
	off := [2]int{views[0].Bucket() * s.BaseSize, views[1].Bucket() * s.BaseSize}
	out.NAdd, out.NSub = 0, 0
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		p := dp.Piece & 15
		if from := dp.From; from != position.SquareNone && int(from) < s.Squares {
			wf, bf := from, from
			if m[0] {
				wf = position.Square(s.mirrorSq[from])
			}
			if m[1] {
				bf = position.Square(s.mirrorSq[from])
			}
			if w := s.index[0][p][wf]; w >= 0 {
				out.Sub[0][out.NSub] = uint16(off[0] + int(w))
				out.Sub[1][out.NSub] = uint16(off[1] + int(s.index[1][p][bf]))
				out.NSub++
			}
		}
		if to := dp.To; to != position.SquareNone && int(to) < s.Squares {
			wt, bt := to, to
			if m[0] {
				wt = position.Square(s.mirrorSq[to])
			}
			if m[1] {
				bt = position.Square(s.mirrorSq[to])
			}
			if w := s.index[0][p][wt]; w >= 0 {
				out.Add[0][out.NAdd] = uint16(off[0] + int(w))
				out.Add[1][out.NAdd] = uint16(off[1] + int(s.index[1][p][bt]))
				out.NAdd++
			}
		}
	}
}

// RelativeSquare returns sq as persp sees it on a board of game g: unchanged
// for White/Red, rank-flipped for Black.
func RelativeSquare(g position.Variant, persp position.Color, sq position.Square) position.Square {
	if persp == position.White {
		return sq
	}
	if g == position.Chess {
		return sq ^ 56
	}
	return position.Square((9-int(sq)/9)*9 + int(sq)%9)
}

var sets = map[SetID]*Set{
	ChessPS768:          newPieceSquare(ChessPS768, position.Chess, "chess-ps768", 6),
	XiangqiPS1260:       newPieceSquare(XiangqiPS1260, position.Xiangqi, "xiangqi-ps1260", 7),
	XiangqiCompact692:   newCompactXiangqi(XiangqiCompact692, "xiangqi-compact692"),
	ChessPS768HM:        mirrored(newPieceSquare(ChessPS768HM, position.Chess, "chess-ps768-hm", 6)),
	XiangqiPS1260HM:     mirrored(newPieceSquare(XiangqiPS1260HM, position.Xiangqi, "xiangqi-ps1260-hm", 7)),
	XiangqiCompact692HM: mirrored(newCompactXiangqi(XiangqiCompact692HM, "xiangqi-compact692-hm")),

	ChessKB4HM:           kingBucketed(newPieceSquare(ChessKB4HM, position.Chess, "chess-kb4-hm", 6), chessKB4Map[:]),
	ChessKB16HM:          kingBucketed(newPieceSquare(ChessKB16HM, position.Chess, "chess-kb16-hm", 6), chessKB16Map[:]),
	XiangqiKB6HM:         kingBucketed(newPieceSquare(XiangqiKB6HM, position.Xiangqi, "xiangqi-kb6-hm", 7), xiangqiPalaceMap[:]),
	XiangqiCompact692KB6: kingBucketed(newCompactXiangqi(XiangqiCompact692KB6, "xiangqi-compact692-kb6-hm"), xiangqiPalaceMap[:]),
	XiangqiKB6D3HM: balanced(kingBucketed(newPieceSquare(XiangqiKB6D3HM, position.Xiangqi, "xiangqi-kb6-d3-hm", 7), xiangqiPalaceMap[:]),
		1<<xqAdvisor|1<<xqElephant, xiangqiDefenders3[:]),
}

// Lookup returns the set with id, or an error naming the unknown id.
func Lookup(id SetID) (*Set, error) {
	if s, ok := sets[id]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("features: unknown feature set id %d", id)
}

// ByName returns the set called name (e.g. "chess-ps768-hm"), or an error
// listing the sets of every game.
func ByName(name string) (*Set, error) {
	var names []string
	for id := SetID(1); ; id++ {
		s, ok := sets[id]
		if !ok {
			break
		}
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return nil, fmt.Errorf("features: unknown feature set %q (known: %v)", name, names)
}

// mirrored marks s as a horizontally mirrored set.
func mirrored(s *Set) *Set {
	s.Mirror = true
	return s
}

// Default returns the plain piece-square set of g (nil for an invalid game).
func Default(g position.Variant) *Set {
	switch g {
	case position.Chess:
		return sets[ChessPS768]
	case position.Xiangqi:
		return sets[XiangqiPS1260]
	}
	return nil
}

// newPieceSquare builds a piece-square set: (rel*types + type-1)*squares + relSquare.
func newPieceSquare(id SetID, g position.Variant, name string, types int) *Set {
	s := &Set{ID: id, Game: g, Name: name, Squares: g.Squares(), Types: types, King: kingType(g)}
	s.initMirror()
	s.Size = 2 * types * s.Squares
	s.BaseSize, s.KingBuckets, s.Balance = s.Size, 1, 1
	for persp := position.Color(0); persp <= 1; persp++ {
		for p := 0; p < position.PieceNB; p++ {
			for sq := 0; sq < MaxSquares; sq++ {
				s.index[persp][p][sq] = -1
			}
		}
		for c := position.Color(0); c <= 1; c++ {
			rel := 0
			if c != persp {
				rel = 1
			}
			for t := 1; t <= types; t++ {
				p := position.MakePiece(c, position.PieceType(t))
				for sq := 0; sq < s.Squares; sq++ {
					r := int(RelativeSquare(g, persp, position.Square(sq)))
					s.index[persp][p][sq] = int16((rel*types+t-1)*s.Squares + r)
				}
			}
		}
	}
	return s
}

// kingType returns g's king (general) piece type.
func kingType(g position.Variant) position.PieceType {
	if g == position.Chess {
		return 6
	}
	return xqKing
}

// Xiangqi piece types (the game package's numbering).
const (
	xqKing, xqAdvisor, xqElephant, xqPawn = 1, 2, 3, 7
)

// reachableXiangqi reports whether a piece of type t belonging to the side
// whose home ranks are 0–4 can stand on (rank, file) in a legal game.
func reachableXiangqi(t, rank, file int) bool {
	switch t {
	case xqKing:
		return rank <= 2 && file >= 3 && file <= 5
	case xqAdvisor:
		return (rank == 0 || rank == 2) && (file == 3 || file == 5) || rank == 1 && file == 4
	case xqElephant:
		return (rank == 0 || rank == 4) && (file == 2 || file == 6) || rank == 2 && file%4 == 0
	case xqPawn:
		return rank >= 5 || (rank == 3 || rank == 4) && file%2 == 0
	}
	return true // horse, rook, cannon
}

// newCompactXiangqi builds the compact xiangqi set: the piece-square set
// restricted to the points each piece can ever reach (king 9, advisor 5,
// elephant 7, horse/rook/cannon 90, pawn 55: 346 per side, 692 in all, in
// the spirit of Pikafish's compacted planes). Indices are assigned in
// (rel, type, relative square) order, own pieces first.
func newCompactXiangqi(id SetID, name string) *Set {
	s := &Set{ID: id, Game: position.Xiangqi, Name: name, Squares: 90, Types: 7, King: xqKing}
	s.initMirror()
	var base [2][8][90]int16 // [rel][type][relative square] -> index or -1
	n := 0
	for rel := 0; rel < 2; rel++ {
		for t := 1; t <= 7; t++ {
			for rs := 0; rs < 90; rs++ {
				rank, file := rs/9, rs%9
				if rel == 1 {
					rank = 9 - rank // the opponent's home is at the far side
				}
				base[rel][t][rs] = -1
				if reachableXiangqi(t, rank, file) {
					base[rel][t][rs] = int16(n)
					n++
				}
			}
		}
	}
	s.Size = n
	s.BaseSize, s.KingBuckets, s.Balance = n, 1, 1
	for persp := position.Color(0); persp <= 1; persp++ {
		for p := 0; p < position.PieceNB; p++ {
			for sq := 0; sq < MaxSquares; sq++ {
				s.index[persp][p][sq] = -1
			}
		}
		for c := position.Color(0); c <= 1; c++ {
			rel := 0
			if c != persp {
				rel = 1
			}
			for t := 1; t <= 7; t++ {
				p := position.MakePiece(c, position.PieceType(t))
				for sq := 0; sq < 90; sq++ {
					rs := RelativeSquare(position.Xiangqi, persp, position.Square(sq))
					s.index[persp][p][sq] = base[rel][t][rs]
				}
			}
		}
	}
	return s
}

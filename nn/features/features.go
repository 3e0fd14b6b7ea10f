// Feature-set definitions: ids, games, the index tables and the full refresh.
package features

import (
	"fmt"

	"dualnnue/position"
)

// Game names one of the two games a net can play. The zero value is invalid.
type Game uint8

const (
	Xiangqi Game = 1
	Chess   Game = 2
)

// String returns "xiangqi" or "chess".
func (g Game) String() string {
	switch g {
	case Xiangqi:
		return "xiangqi"
	case Chess:
		return "chess"
	}
	return fmt.Sprintf("game(%d)", uint8(g))
}

// ParseGame reads "xiangqi" or "chess".
func ParseGame(s string) (Game, error) {
	switch s {
	case "xiangqi":
		return Xiangqi, nil
	case "chess":
		return Chess, nil
	}
	return 0, fmt.Errorf("features: unknown game %q (want xiangqi or chess)", s)
}

// Squares returns the number of board points of g (64 or 90), 0 if invalid.
func (g Game) Squares() int {
	switch g {
	case Xiangqi:
		return 90
	case Chess:
		return 64
	}
	return 0
}

// SetID identifies a feature set in a net file. Ids are never reused.
type SetID uint16

const (
	ChessPS768    SetID = 1
	XiangqiPS1260 SetID = 2
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
	Game    Game
	Name    string
	Size    int // number of features F
	Squares int // board points (64 or 90)
	Types   int // piece types (6 or 7)

	// index[persp][piece][sq] is the feature index, or -1 when the piece is
	// not a piece of this game.
	index [2][position.PieceNB][MaxSquares]int16
}

// Index returns the feature of piece p on sq seen from persp, or -1 if p is
// not a piece of the set's game or sq is off the board.
func (s *Set) Index(persp position.Color, p position.Piece, sq position.Square) int {
	if int(sq) >= s.Squares || persp > 1 || int(p) >= position.PieceNB {
		return -1
	}
	return int(s.index[persp][p][sq])
}

// Active writes the active features of b from both perspectives: white[i]
// and black[i] are the White/Red and Black views of the i-th occupied square
// (scanned from square 0 up). It returns the count n; both buffers must hold
// at least s.Squares entries (MaxActive always suffices), else it panics.
func (s *Set) Active(b Board, white, black []uint16) int {
	_ = white[s.Squares-1]
	_ = black[s.Squares-1]
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
// (d.N == 0) gives an empty Delta.
func (s *Set) Delta(d *position.Dirty, out *Delta) {
	out.NAdd, out.NSub = 0, 0
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		p := dp.Piece & 15
		if dp.From != position.SquareNone {
			out.Sub[0][out.NSub] = uint16(s.index[0][p][dp.From])
			out.Sub[1][out.NSub] = uint16(s.index[1][p][dp.From])
			out.NSub++
		}
		if dp.To != position.SquareNone {
			out.Add[0][out.NAdd] = uint16(s.index[0][p][dp.To])
			out.Add[1][out.NAdd] = uint16(s.index[1][p][dp.To])
			out.NAdd++
		}
	}
}

// RelativeSquare returns sq as persp sees it on a board of game g: unchanged
// for White/Red, rank-flipped for Black.
func RelativeSquare(g Game, persp position.Color, sq position.Square) position.Square {
	if persp == position.White {
		return sq
	}
	if g == Chess {
		return sq ^ 56
	}
	return position.Square((9-int(sq)/9)*9 + int(sq)%9)
}

var sets = map[SetID]*Set{
	ChessPS768:    newPieceSquare(ChessPS768, Chess, "chess-ps768", 6),
	XiangqiPS1260: newPieceSquare(XiangqiPS1260, Xiangqi, "xiangqi-ps1260", 7),
}

// Lookup returns the set with id, or an error naming the unknown id.
func Lookup(id SetID) (*Set, error) {
	if s, ok := sets[id]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("features: unknown feature set id %d", id)
}

// Default returns the plain piece-square set of g (nil for an invalid game).
func Default(g Game) *Set {
	switch g {
	case Chess:
		return sets[ChessPS768]
	case Xiangqi:
		return sets[XiangqiPS1260]
	}
	return nil
}

// newPieceSquare builds a piece-square set: (rel*types + type-1)*squares + relSquare.
func newPieceSquare(id SetID, g Game, name string, types int) *Set {
	s := &Set{ID: id, Game: g, Name: name, Squares: g.Squares(), Types: types}
	s.Size = 2 * types * s.Squares
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

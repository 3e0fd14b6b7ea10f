// The generic incremental material + piece-square evaluator shared by both games.
package eval

import "dualnnue/position"

// score packs a middle-game and an end-game value in one int32
// (end game in the high 16 bits), so one addition updates both.
type score int32

func makeScore(mg, eg int) score { return score(int32(uint32(eg)<<16) + int32(mg)) }

func (s score) mg() int { return int(int16(uint16(uint32(s) & 0xFFFF))) }

func (s score) eg() int { return int(int16(uint16((uint32(s) + 0x8000) >> 16))) }

// maxSquares bounds the square index of either game (chess 64, xiangqi 90).
const maxSquares = 90

// Tables is one game's evaluation: per piece (colour included) and square
// the material plus placement score from White's/Red's view, and the
// phase weight of each piece type.
type Tables struct {
	name    string
	squares int
	psq     [position.PieceNB][maxSquares]score
	phase   [8]int32 // per piece type: weight in the game phase
	// fullPhase is the phase of the start position (clamped above).
	fullPhase int32
	tempo     int
}

// StackDepth bounds the number of Pushes not yet Popped (the search never
// goes deeper than position.MaxPly from its Reset).
const StackDepth = 512

type accumulator struct {
	sum   score // White/Red minus Black, packed mg/eg
	phase int32
	stm   position.Color
}

// PST is a material + piece-square evaluator for positions of type P, with
// the tables of one game (see NewXiangqi and NewChess). It is not safe for
// concurrent use: use one per search thread.
type PST[P position.Game] struct {
	t     *Tables
	stack [StackDepth]accumulator
	n     int
}

// New returns an evaluator for P using tables t.
func New[P position.Game](t *Tables) *PST[P] { return &PST[P]{t: t} }

// NewXiangqi returns the xiangqi evaluator.
func NewXiangqi[P position.Game]() *PST[P] { return New[P](XiangqiTables) }

// NewChess returns the chess evaluator.
func NewChess[P position.Game]() *PST[P] { return New[P](ChessTables) }

// Reset rebuilds the sums of pos from PieceOn over every square.
func (e *PST[P]) Reset(pos P) {
	var a accumulator
	for sq := 0; sq < e.t.squares; sq++ {
		p := pos.PieceOn(position.Square(sq))
		if p == position.NoPiece {
			continue
		}
		a.sum += e.t.psq[p][sq]
		a.phase += e.t.phase[p.Type()]
	}
	a.stm = pos.SideToMove()
	e.n = 0
	e.stack[0] = a
}

// Push applies the diff of the move just made (N == 0 for a null move).
func (e *PST[P]) Push(d *position.Dirty) {
	a := e.stack[e.n]
	t := e.t
	for i := 0; i < d.N; i++ {
		dp := &d.Pieces[i]
		if dp.From != position.SquareNone {
			a.sum -= t.psq[dp.Piece][dp.From]
		} else {
			a.phase += t.phase[dp.Piece.Type()]
		}
		if dp.To != position.SquareNone {
			a.sum += t.psq[dp.Piece][dp.To]
		} else {
			a.phase -= t.phase[dp.Piece.Type()]
		}
	}
	a.stm ^= 1
	e.n++
	e.stack[e.n] = a
}

// Pop undoes the last Push.
func (e *PST[P]) Pop() { e.n-- }

// Evaluate returns the score of the current position from the side to
// move's view: the tapered sum plus a small bonus for having the move.
func (e *PST[P]) Evaluate(pos P) position.Value {
	a := &e.stack[e.n]
	ph := min(a.phase, e.t.fullPhase)
	v := (int32(a.sum.mg())*ph + int32(a.sum.eg())*(e.t.fullPhase-ph)) / e.t.fullPhase
	if a.stm == position.Black {
		v = -v
	}
	return position.Value(v) + position.Value(e.t.tempo)
}

// Name returns the game's name ("xiangqi" or "chess").
func (t *Tables) Name() string { return t.name }

// PieceSquare returns the middle-game and end-game score of piece p on sq
// from White's/Red's view (material included).
func (t *Tables) PieceSquare(p position.Piece, sq position.Square) (mg, eg int) {
	s := t.psq[p][sq]
	return s.mg(), s.eg()
}

// Positions of both games behind one interface, and the replay machinery.
package datasets

import (
	"fmt"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// Position is what the datasets need of a position of either game: the
// position.Game contract plus SetFEN. *chess.Position and *xiangqi.Position
// satisfy it.
type Position interface {
	position.Game
	SetFEN(fen string) error
}

// StartFEN returns the standard initial position of g ("" for an unknown game).
func StartFEN(g Game) string {
	switch g {
	case Xiangqi:
		return xiangqi.StartFEN
	case Chess:
		return chess.StartFEN
	}
	return ""
}

// NewPosition returns a position of g set to fen ("" means the standard start).
func NewPosition(g Game, fen string) (Position, error) {
	if fen == "" {
		fen = StartFEN(g)
	}
	switch g {
	case Xiangqi:
		return xiangqi.NewFromFEN(fen)
	case Chess:
		return chess.NewFromFEN(fen)
	}
	return nil, fmt.Errorf("datasets: unknown game %d", uint8(g))
}

// stateChunk is the number of States allocated at once; chunks never move,
// so the Prev links DoMove writes stay valid while the stack grows.
const stateChunk = 256

// replayer owns a position and the per-ply States of the game being
// replayed. After warm-up it never allocates for games that start from the
// standard position: it returns to the start by undoing the moves.
type replayer struct {
	game     Game
	pos      Position
	chunks   [][]position.State
	moves    []position.Move
	standard bool // the root of pos is the standard start
	list     position.MoveList
}

func newReplayer(g Game) (*replayer, error) {
	pos, err := NewPosition(g, "")
	if err != nil {
		return nil, err
	}
	return &replayer{game: g, pos: pos, standard: true, moves: make([]position.Move, 0, 512)}, nil
}

// reset puts the position at the start of a new game: fen, or the standard
// start when fen is "".
func (r *replayer) reset(fen string) error {
	if fen == "" && r.standard {
		for i := len(r.moves) - 1; i >= 0; i-- {
			r.pos.UndoMove(r.moves[i])
		}
		r.moves = r.moves[:0]
		return nil
	}
	r.moves = r.moves[:0]
	r.standard = false
	target := fen
	if fen == "" {
		target = StartFEN(r.game)
	}
	if err := r.pos.SetFEN(target); err != nil {
		return err
	}
	r.standard = fen == ""
	return nil
}

// do plays the legal move m.
func (r *replayer) do(m position.Move) {
	n := len(r.moves)
	if n/stateChunk >= len(r.chunks) {
		r.chunks = append(r.chunks, make([]position.State, stateChunk))
	}
	r.pos.DoMove(m, &r.chunks[n/stateChunk][n%stateChunk])
	r.moves = append(r.moves, m)
}

// legal fills r.list with the legal moves of the current position.
func (r *replayer) legal() *position.MoveList {
	r.list.Clear()
	r.pos.GenerateLegal(&r.list)
	return &r.list
}

// moveRank returns the rank of m among the moves of l sorted by value, and
// whether m is in l.
func moveRank(l *position.MoveList, m position.Move) (int, bool) {
	rank, found := 0, false
	for _, x := range l.Moves[:l.Len] {
		if x < m {
			rank++
		} else if x == m {
			found = true
		}
	}
	return rank, found
}

// moveAtRank returns the move of rank k (0-based, k < l.Len) in value order.
// It reorders l (quickselect with an insertion sort on short ranges).
func moveAtRank(l *position.MoveList, k int) position.Move {
	a := l.Moves[:l.Len]
	lo, hi := 0, len(a)-1
	for hi-lo > 12 {
		// Median of three as pivot, Hoare partition.
		mid := int(uint(lo+hi) >> 1)
		if a[mid] < a[lo] {
			a[mid], a[lo] = a[lo], a[mid]
		}
		if a[hi] < a[lo] {
			a[hi], a[lo] = a[lo], a[hi]
		}
		if a[hi] < a[mid] {
			a[hi], a[mid] = a[mid], a[hi]
		}
		p := a[mid]
		i, j := lo, hi
		for i <= j {
			for a[i] < p {
				i++
			}
			for a[j] > p {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return a[k]
		}
	}
	for i := lo + 1; i <= hi; i++ {
		x := a[i]
		j := i - 1
		for j >= lo && a[j] > x {
			a[j+1] = a[j]
			j--
		}
		a[j+1] = x
	}
	return a[k]
}

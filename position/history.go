// History: a line of moves played on a position, with States that never move, and the one replay loop.
package position

import "strconv"

// historyBlock is the number of States in one block of a History.
const historyBlock = 128

// History is a line of moves played on a position together with their
// States. The tools that play or replay games (UCI's position command,
// self-play, the match referee, PGN and opening readers, the arbiter) keep
// their moves in one; the search keeps its own per-ply array.
//
// Why its States never move: DoMove links each State to the one before it
// (State.Prev), and the repetition rules and UndoMove walk those links, so a
// State must stay at its address for as long as the position refers to it.
// A slice that regrows copies its States and leaves the position's links
// pointing into the old array. History therefore keeps its States in blocks
// of a fixed size that are never reallocated; growing adds a block (Stockfish
// keeps its StateListPtr in a deque for the same reason: pointers to its
// elements stay valid when it grows). Reset keeps the blocks, so a History
// reused game after game stops allocating once it has held the longest one.
//
// The zero value is an empty History. It is not safe for concurrent use.
type History struct {
	blocks [][]State
	moves  []Move
}

// Len returns the number of moves in the line.
func (h *History) Len() int { return len(h.moves) }

// Moves returns the moves of the line, oldest first. The slice is h's own:
// it is valid until the next Do, Undo or Reset.
func (h *History) Moves() []Move { return h.moves }

// State returns the State of move i (0-based): the position after it.
func (h *History) State(i int) *State { return &h.blocks[i/historyBlock][i%historyBlock] }

// Do plays the legal move m on p with the line's next State and appends
// it to the line.
func (h *History) Do(p Game, m Move) {
	n := len(h.moves)
	if n/historyBlock == len(h.blocks) {
		h.blocks = append(h.blocks, make([]State, historyBlock))
	}
	p.DoMove(m, &h.blocks[n/historyBlock][n%historyBlock])
	h.moves = append(h.moves, m)
}

// Undo takes back the last move of the line on p; it panics on an empty
// line.
func (h *History) Undo(p Game) {
	n := len(h.moves) - 1
	p.UndoMove(h.moves[n])
	h.moves = h.moves[:n]
}

// Reset empties the line, keeping its memory. The position that played it
// must be set anew (SetFEN) before the line is used again.
func (h *History) Reset() { h.moves = h.moves[:0] }

// MoveError is the error of Replay: the move at Index (1-based) of the
// list, as given, does not parse or is not legal.
type MoveError struct {
	Index int
	Move  string
	Err   error
}

func (e *MoveError) Error() string {
	return "move #" + strconv.Itoa(e.Index) + " " + strconv.Quote(e.Move) + ": " + e.Err.Error()
}

func (e *MoveError) Unwrap() error { return e.Err }

// Replay plays moves, in the game's coordinate notation (Game.ParseMove),
// on p and appends them to h: the one replay loop of the tools. It stops
// at the first move that does not parse or is not legal, which is then
// not played, and returns a *MoveError naming it; the moves before it stay
// played.
func (h *History) Replay(p Game, moves []string) error {
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return &MoveError{Index: i + 1, Move: s, Err: err}
		}
		h.Do(p, m)
	}
	return nil
}

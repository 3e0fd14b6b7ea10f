// Positions of both games behind one interface, and the replay machinery.
package datasets

import (
	"fmt"

	"dualnnue/position"
	"dualnnue/position/setup"
)

// replayer owns a position, the moves of the game being replayed with their
// States (a position.History) and a mirror board for the move code. After warm-up it never allocates
// for games that start from the standard position: it returns to the start
// by undoing the moves.
type replayer struct {
	game     position.Variant
	squares  int
	pos      position.Game
	hist     position.History
	standard bool // the root of pos is the standard start
	list     position.MoveList
	board    board
	start    board // the standard start's board, restored without a scan
	coder    moveCoder
	pt       *pieceTracker // if set, follows every move (the loader's piece list)
}

func newReplayer(g position.Variant) (*replayer, error) {
	pos, err := setup.New(g, "")
	if err != nil {
		return nil, err
	}
	r := &replayer{game: g, squares: g.Squares(), pos: pos, standard: true, coder: newMoveCoder(g)}
	r.board.refresh(pos, r.squares)
	r.start = r.board
	return r, nil
}

// reset puts the position at the start of a new game: fen, or the standard
// start when fen is "".
func (r *replayer) reset(fen string) error {
	if fen == "" && r.standard {
		for r.hist.Len() > 0 {
			r.hist.Undo(r.pos)
		}
		r.board = r.start
		return nil
	}
	r.hist.Reset()
	r.standard = false
	target := fen
	if fen == "" {
		target = setup.StartFEN(r.game)
	}
	if err := r.pos.SetFEN(target); err != nil {
		return err
	}
	r.standard = fen == ""
	r.board.refresh(r.pos, r.squares)
	return nil
}

// do plays the legal move m.
func (r *replayer) do(m position.Move) {
	r.hist.Do(r.pos, m)
	st := r.pos.State()
	r.board.apply(&st.Dirty)
	if r.pt != nil {
		r.pt.apply(&st.Dirty)
	}
}

// legal fills r.list with the legal moves of the current position.
func (r *replayer) legal() *position.MoveList {
	r.list.Clear()
	r.pos.GenerateLegal(&r.list)
	return &r.list
}

// encode checks that m is legal here and returns its code bytes.
func (r *replayer) encode(m position.Move) (from, to byte, err error) {
	if !r.legal().Contains(m) {
		return 0, 0, fmt.Errorf("move %s is not legal in %s", r.pos.MoveString(m), r.pos.FEN())
	}
	return r.coder.encode(&r.board, r.pos.SideToMove(), m)
}

// decode turns code bytes into a move and checks it is legal here, unless
// trusted (the block's moves were checked in an earlier pass).
func (r *replayer) decode(from, to byte, trusted bool) (position.Move, bool) {
	m, ok := r.coder.decode(&r.board, r.pos.SideToMove(), from, to)
	if !ok || !trusted && (!r.pos.PseudoLegal(m) || !r.pos.Legal(m)) {
		return 0, false
	}
	return m, true
}

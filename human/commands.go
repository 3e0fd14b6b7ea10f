// The commands other than moves: undo, new, hint, fen, moves, history, help.
package human

import (
	"sort"
	"strings"

	"dualnnue/position"
)

// undo takes back the last full move: the person's last move and the
// engine's reply to it (only the person's move when the engine has not
// answered, e.g. when that move ended the game).
func (s *session[T, P]) undo() {
	n := s.hist.Len()
	side := s.pos.SideToMove()
	last := -1 // the person's last move
	for i := n - 1; i >= 0; i-- {
		if side^position.Color((n-i)&1) == s.human {
			last = i
			break
		}
	}
	if last < 0 {
		if s.resigned {
			s.checkEnd()
			s.printf("resignation taken back\n")
			s.drawBoard(true)
			return
		}
		s.printf("nothing to undo\n")
		return
	}
	for s.hist.Len() > last {
		s.takeBack()
	}
	if n-last == 1 {
		s.printf("took back your move\n")
	} else {
		s.printf("took back your move and the engine's reply\n")
	}
	s.drawBoard(true)
}

// newGame starts again from the start position.
func (s *session[T, P]) newGame() {
	if err := s.eng.SetPosition(s.start, nil); err != nil { // the start FEN was read before; not reached
		s.printf("cannot set up %s: %v\n", s.start, err)
		return
	}
	s.clear()
	s.newPosition()
	s.printf("new game: you play %s\n", s.def.Sides[s.human])
	s.drawBoard(true)
}

// setFEN starts a new game from a FEN.
func (s *session[T, P]) setFEN(fen string) {
	if err := s.eng.SetPosition(fen, nil); err != nil {
		s.printf("bad FEN: %v\n", err)
		return
	}
	s.start = fen
	s.clear()
	s.newPosition()
	s.printf("new game from this position: you play %s\n", s.def.Sides[s.human])
	s.drawBoard(!s.over)
	if s.over {
		s.announce()
	}
}

// hint asks the engine for the person's move.
func (s *session[T, P]) hint() {
	if s.over {
		s.printf("the game is over: type new or undo\n")
		return
	}
	s.printf("thinking (%s)...\n", s.limitText())
	res := s.think(s.pos, s.lim)
	if res.BestMove == position.MoveNone {
		s.printf("no hint: there is no legal move\n")
		return
	}
	s.printf("hint: %s (%s)   %s\n", s.def.Notate(s.pos, res.BestMove), s.pos.MoveString(res.BestMove), s.searchSummary(res))
}

// listMoves prints the legal moves in notation and coordinates, sorted.
func (s *session[T, P]) listMoves() {
	if s.over {
		s.printf("the game is over: no moves\n")
		return
	}
	var list position.MoveList
	s.pos.GenerateLegal(&list)
	items := make([]string, 0, list.Len)
	for _, m := range list.Slice() {
		items = append(items, s.def.Notate(s.pos, m)+" ("+s.pos.MoveString(m)+")")
	}
	sort.Strings(items)
	s.printf("%d legal moves for %s:\n%s", len(items), s.def.Sides[s.pos.SideToMove()], wrap(items, 78))
}

// history prints the game's moves, numbered.
func (s *session[T, P]) history() {
	if s.start != s.def.StartFEN {
		s.printf("[FEN \"%s\"]\n", s.start)
	}
	if s.hist.Len() == 0 {
		s.printf("no moves yet\n")
		return
	}
	var items []string
	for i := range s.hist.Len() {
		ply := s.hist.State(i).GamePly - 1
		switch {
		case ply%2 == 0:
			items = append(items, itoa(ply/2+1)+". "+s.texts[i])
		case i == 0:
			items = append(items, itoa(ply/2+1)+"... "+s.texts[i])
		default:
			items = append(items, s.texts[i])
		}
	}
	if s.over {
		items = append(items, s.result.String())
	}
	s.printf("%s", wrap(items, 78))
}

// wrap joins items with spaces into lines of at most width columns.
func wrap(items []string, width int) string {
	var b strings.Builder
	col := 0
	for _, it := range items {
		w := displayWidth(it)
		if col > 0 && col+2+w > width {
			b.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			b.WriteString("  ")
			col += 2
		}
		b.WriteString(it)
		col += w
	}
	if col > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

func (s *session[T, P]) help() {
	d := s.def
	s.printf(`moves: %s
commands:
  undo          take back your last move and the engine's reply
  new           start a new game (same sides)
  flip          turn the board around
  hint          ask the engine for a move
  time [T]      show or set the engine's time per move (time 500ms, time 5s; a bare number is seconds, below 100)
  moves         list the legal moves
  history       the game's moves so far
  fen [FEN]     show the position's FEN, or start a new game from a FEN
  board         draw the board again
  switch        swap sides with the engine
  resign        give up the game
  help          this text
  quit          leave (end of input does too)
`, d.exampleMoves)
	s.printf("%s", d.boardHelp)
}

// Reading the person's input: commands, moves in notation or coordinates, and why a move is refused.
package human

import (
	"fmt"
	"sort"
	"strings"

	"dualnnue/position"
)

// command kinds.
type cmdKind int

const (
	cmdNone cmdKind = iota // empty line
	cmdMove                // anything else: read as a move
	cmdUndo
	cmdNew
	cmdFlip
	cmdHint
	cmdTime
	cmdFEN
	cmdMoves
	cmdHistory
	cmdBoard
	cmdSwitch
	cmdResign
	cmdHelp
	cmdQuit
	cmdTooLong
)

// commandWords maps each command word (and its short forms) to its kind.
var commandWords = map[string]cmdKind{
	"undo": cmdUndo, "takeback": cmdUndo, "back": cmdUndo,
	"new": cmdNew, "restart": cmdNew,
	"flip": cmdFlip, "rotate": cmdFlip,
	"hint": cmdHint,
	"time": cmdTime, "movetime": cmdTime,
	"fen":   cmdFEN,
	"moves": cmdMoves, "legal": cmdMoves,
	"history": cmdHistory, "game": cmdHistory,
	"board": cmdBoard, "show": cmdBoard, "d": cmdBoard,
	"switch": cmdSwitch, "go": cmdSwitch,
	"resign": cmdResign,
	"help":   cmdHelp, "?": cmdHelp, "h": cmdHelp,
	"quit": cmdQuit, "exit": cmdQuit, "q": cmdQuit, "bye": cmdQuit,
}

// parseLine splits an input line into a command and its argument (the rest
// of the line, trimmed). A line that is not a command word is a move.
// Moves are never command words: SAN, WXF and coordinates all start with a
// piece letter, a file, a digit, "+" or "-" followed by more text.
func parseLine(line string) (cmdKind, string) {
	if strings.HasPrefix(line, "\x00") {
		return cmdTooLong, ""
	}
	t := strings.TrimSpace(line)
	if t == "" {
		return cmdNone, ""
	}
	word, arg, _ := strings.Cut(t, " ")
	if k, ok := commandWords[strings.ToLower(word)]; ok {
		return k, strings.TrimSpace(arg)
	}
	return cmdMove, t
}

// handle answers one line of input.
func (s *session[T, P]) handle(line string) {
	kind, arg := parseLine(line)
	switch kind {
	case cmdNone:
	case cmdTooLong:
		s.printf("input line too long (more than %d bytes)\n", maxLine)
	case cmdMove:
		s.humanMove(arg)
	case cmdUndo:
		s.undo()
	case cmdNew:
		s.newGame()
	case cmdFlip:
		s.flipped = !s.flipped
		s.drawBoard(true)
	case cmdBoard:
		s.drawBoard(true)
	case cmdHint:
		s.hint()
	case cmdTime:
		s.setMoveTime(arg)
	case cmdFEN:
		if arg == "" {
			s.printf("%s\n", s.pos.FEN())
			return
		}
		s.setFEN(arg)
	case cmdMoves:
		s.listMoves()
	case cmdHistory:
		s.history()
	case cmdSwitch:
		if s.over {
			s.printf("the game is over: type new or undo\n")
			return
		}
		s.human = s.human.Flip()
		s.printf("you now play %s; the engine plays %s\n", s.def.Sides[s.human], s.def.Sides[s.human.Flip()])
	case cmdResign:
		if s.over {
			s.printf("the game is over: type new or undo\n")
			return
		}
		s.end(s.human.Flip(), s.def.Sides[s.human]+" resigns")
		s.resigned = true
		s.announce()
	case cmdHelp:
		s.help()
	case cmdQuit:
		s.printf("bye\n")
		s.quit = true
	}
}

// humanMove reads and plays the person's move.
func (s *session[T, P]) humanMove(text string) {
	if s.over {
		s.printf("the game is over (%s, %s): type new to play again, or undo\n", s.result, s.reason)
		return
	}
	m, err := s.readMove(text)
	if err != nil {
		s.printf("%v\n", err)
		return
	}
	s.printf("you play %s (%s)\n", s.def.Notate(s.pos, m), s.pos.MoveString(m))
	s.play(m)
	if s.over {
		s.drawBoard(false)
		s.announce()
	}
}

// moveError is a refused move and the reason.
type moveError struct {
	text, reason string
	unreadable   bool
}

func (e *moveError) Error() string {
	if e.unreadable {
		return fmt.Sprintf("cannot read %q: %s", e.text, e.reason)
	}
	return fmt.Sprintf("illegal move: %s: %s", e.text, e.reason)
}

// readMove reads a legal move of the side to move in coordinates (ICCS,
// UCI) or the game's notation (WXF, SAN). A line of several words is read
// as one move with a leading move number dropped ("1. e4", "3... C8=5").
func (s *session[T, P]) readMove(text string) (position.Move, error) {
	fields := strings.Fields(text)
	if len(fields) == 2 && isMoveNumber(fields[0]) {
		fields = fields[1:]
	}
	if len(fields) != 1 {
		return position.MoveNone, &moveError{text: sanitize(text), unreadable: true,
			reason: "not a command or a single move (type help for the commands, moves for the legal moves)"}
	}
	t := fields[0]
	if from, to, promo, ok := s.coordinates(t); ok {
		return s.coordinateMove(t, from, to, promo)
	}
	m, err := s.def.ParseNotation(s.pos, t)
	if err == nil {
		return m, nil
	}
	reason := err.Error()
	// The notation errors quote the text and may end with the FEN; say it
	// in fewer words here.
	reason = strings.TrimSuffix(reason, " in "+s.pos.FEN())
	if _, rest, ok := strings.Cut(reason, ": "); ok {
		reason = rest
	}
	if strings.Contains(reason, "no legal") {
		if s.exposingMove(t) {
			return position.MoveNone, &moveError{text: sanitize(t), reason: s.exposeReason()}
		}
	}
	unreadable := !strings.Contains(reason, "no legal") && !strings.Contains(reason, "ambiguous") &&
		!strings.Contains(reason, "not legal") && !strings.Contains(reason, "must promote") && !strings.Contains(reason, "only pawns")
	if unreadable {
		reason += fmt.Sprintf(" (moves are %s)", s.def.exampleMoves)
	} else {
		reason += " (type moves for the legal moves)"
	}
	return position.MoveNone, &moveError{text: sanitize(t), reason: reason, unreadable: unreadable}
}

// isMoveNumber reports whether s is a move number "12." or "12...".
func isMoveNumber(s string) bool {
	d := strings.TrimRight(s, ".")
	if d == "" || d == s {
		return false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// coordinates recognises a coordinate move "h2e2", "H2-E2", "e7e8q" and
// returns its squares and the promotion letter (chess, lower case, or 0).
func (s *session[T, P]) coordinates(t string) (from, to position.Square, promo byte, ok bool) {
	t = strings.ToLower(t)
	if len(t) >= 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	g := s.def.geom()
	if len(t) == 5 && g.files == 8 && strings.IndexByte("qrbn", t[4]) >= 0 {
		promo, t = t[4], t[:4]
	}
	if len(t) != 4 {
		return 0, 0, 0, false
	}
	from, ok1 := g.parse(t[:2])
	to, ok2 := g.parse(t[2:])
	return from, to, promo, ok1 && ok2
}

// coordinateMove finds the legal move from -> to (with the promotion) or
// explains why there is none.
func (s *session[T, P]) coordinateMove(text string, from, to position.Square, promo byte) (position.Move, error) {
	g := s.def.geom()
	want := g.name(from) + g.name(to)
	if promo != 0 {
		want += string(promo)
	}
	var list position.MoveList
	s.pos.GenerateLegal(&list)
	var dests []string
	reach, promotes := false, false
	for _, m := range list.Slice() {
		str := s.pos.MoveString(m)
		if str == want {
			return m, nil
		}
		f, t := s.def.MoveSquares(m)
		if f != from {
			continue
		}
		dests = append(dests, g.name(t))
		if t == to {
			reach = true
			promotes = promotes || len(str) == 5
		}
	}
	fail := func(format string, args ...any) error {
		return &moveError{text: sanitize(text), reason: fmt.Sprintf(format, args...)}
	}
	us := s.pos.SideToMove()
	pc := s.pos.PieceOn(from)
	switch {
	case pc == position.NoPiece:
		return position.MoveNone, fail("there is no piece on %s", g.name(from))
	case pc.Color() != us:
		return position.MoveNone, fail("the %s on %s is %s's; %s is to move", s.pieceName(pc), g.name(from), s.def.Sides[pc.Color()], s.def.Sides[us])
	case reach && promotes && promo == 0:
		return position.MoveNone, fail("a pawn reaching the last rank must promote: add q, r, b or n (%sq)", want)
	case reach && promo != 0 && !promotes:
		return position.MoveNone, fail("only a pawn reaching the last rank promotes")
	}
	// A move the piece could make were its king not exposed.
	var pseudo position.MoveList
	s.pseudoLegal(&pseudo)
	for _, m := range pseudo.Slice() {
		if s.pos.MoveString(m) == want {
			return position.MoveNone, fail("%s", s.exposeReason())
		}
	}
	name := s.pieceName(pc)
	if len(dests) == 0 {
		if s.pos.State().InCheck {
			return position.MoveNone, fail("you are in check and the %s on %s cannot parry it", name, g.name(from))
		}
		return position.MoveNone, fail("the %s on %s has no legal move", name, g.name(from))
	}
	sort.Strings(dests)
	dests = uniq(dests)
	return position.MoveNone, fail("the %s on %s cannot go to %s; it can go to %s", name, g.name(from), g.name(to), strings.Join(dests, " "))
}

func uniq(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func (s *session[T, P]) pieceName(pc position.Piece) string {
	if t := pc.Type(); int(t) < len(s.def.PieceNames) && s.def.PieceNames[t] != "" {
		return s.def.PieceNames[t]
	}
	return "piece"
}

// pseudoLegal appends the moves the generators give before the king-safety
// test (all of them when in check).
func (s *session[T, P]) pseudoLegal(list *position.MoveList) {
	if s.pos.State().InCheck {
		s.pos.GenerateEvasions(list)
		return
	}
	s.pos.GenerateCaptures(list)
	s.pos.GenerateQuiets(list)
}

// exposeReason explains why a pseudo-legal move is not legal.
func (s *session[T, P]) exposeReason() string {
	if s.pos.State().InCheck {
		return "you are in check and that move does not get you out of it"
	}
	return s.def.kingLeftInCheck
}

// exposingMove reports whether there is a move written t in the game's notation that only
// the safety of the own king forbids ("Ke2" into check, an advisor
// uncovering the kings).
func (s *session[T, P]) exposingMove(t string) bool {
	wxf := s.def.geom().files == 9
	want := normNotation(t, wxf)
	var pseudo position.MoveList
	s.pseudoLegal(&pseudo)
	for _, m := range pseudo.Slice() {
		if !s.pos.Legal(m) && normNotation(s.def.Notate(s.pos, m), wxf) == want {
			return true
		}
	}
	return false
}

// normNotation reduces SAN or WXF (wxf) to a form in which the usual
// spellings of one move agree: no check or annotation marks, "0-0" read as
// "O-O"; for WXF also upper case and "." read as "=".
func normNotation(t string, wxf bool) string {
	t = strings.TrimRight(strings.TrimSpace(t), "+#!?")
	if wxf {
		return strings.ReplaceAll(strings.ToUpper(t), ".", "=")
	}
	if strings.HasPrefix(t, "0-0") {
		t = strings.ReplaceAll(t, "0", "O")
	}
	return t
}

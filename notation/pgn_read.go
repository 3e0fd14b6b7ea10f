// Reading PGN: games one by one from a stream, their movetext replayed on the game's position.
package notation

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// ErrNoGame is returned by ParsePGN when the text holds no game.
var ErrNoGame = errors.New("PGN: no game found")

// ParsePGN reads exactly one game from s (see ReadPGN).
func ParsePGN(s string) (*Game, error) {
	games, err := ReadPGN(strings.NewReader(s))
	if err != nil {
		return nil, err
	}
	switch len(games) {
	case 0:
		return nil, ErrNoGame
	case 1:
		return games[0], nil
	}
	return nil, fmt.Errorf("PGN: %d games found, want one", len(games))
}

// ReadPGN reads every game of a PGN file. It reads tag pairs (with \" and
// \\ escapes) and {comments} (trimmed, into Game.Comments and
// Game.Comment), skips comments to the end of the line (;), variations
// (nested parentheses, with their comments), NAGs ($n), move-number
// indications, "%" escape lines and annotation marks, and decodes each move
// in its position:
// chess moves in SAN (see ParseSAN), xiangqi moves in ICCS coordinates
// ("h2e2", "H2-E2") or WXF (see ParseWXF), told apart token by token;
// with [XiangqiRanks "1-10"] coordinate moves number the ranks 1–10, as
// Fairy-Stockfish writes them ("h3e3"; see XiangqiRanksTag). The
// variant comes from the Variant tag, the start position from the FEN tag.
// A chess FEN's castling field is read as Chess960 (X-FEN or Shredder-FEN)
// only when the Variant tag says Chess960; in a standard game, castling
// rights that do not fit a king and rook on their standard squares are a
// bad FEN (see chess.Position.SetFEN).
//
// Errors name the line, and for moves the move number, side and text: an
// unterminated tag, comment or variation, a game cut off before its result
// token (a truncated file), an unsupported variant, a bad FEN, a Result tag
// that disagrees with the termination marker, or an illegal or unreadable
// move. No partial game is returned with an error.
func ReadPGN(r io.Reader) ([]*Game, error) {
	rd := NewReader(r)
	var games []*Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
}

// Reader reads the games of a PGN file one at a time, as ReadPGN does, and
// goes on after a game it cannot read.
type Reader struct {
	lx       lexer
	gameLine int
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{lx: lexer{r: bufio.NewReaderSize(r, 1<<16), line: 1}}
}

// Next reads the next game; after the last it returns nil and io.EOF. A
// game that cannot be read comes back with the error (see ReadPGN) as far as
// it was read: never nil, with its tags (unless a tag pair itself is
// broken), and the moves and comments before a bad move. Next has then
// skipped the rest of that game, up to its result or to the tag pair or end
// of file that cuts it off, so that the following call reads the next game.
// An error of the underlying reader comes with a nil game and ends the
// reading.
func (r *Reader) Next() (*Game, error) {
	g, err := r.readGame()
	if r.lx.ioErr != nil {
		return nil, r.lx.ioErr
	}
	return g, err
}

// GameLine returns the line on which the game last returned by Next
// begins (its first tag pair or movetext symbol).
func (r *Reader) GameLine() int { return r.gameLine }

// Line returns the number of lines read so far, the last one counted when
// it was read in part.
func (r *Reader) Line() int {
	if r.lx.midLine {
		return r.lx.line
	}
	return r.lx.line - 1
}

// readGame reads one game: tag pairs, then movetext up to the result. On
// an error it returns the game as far as it was read and skips the rest
// (see Next).
func (r *Reader) readGame() (*Game, error) {
	lx := &r.lx
	g := &Game{}
	// Comments before a game's first token (after the previous game's
	// result) and among its tags are dropped; those after the tags start
	// g.Comment.
	t, err := lx.take()
	for err == nil && t.kind == tokComment {
		t, err = lx.take()
	}
	if err != nil {
		r.gameLine = lx.start
		lx.skipGame(token{kind: tokComment}, false)
		return g, err
	}
	if t.kind == tokEOF {
		return nil, io.EOF
	}
	startLine := t.line
	r.gameLine = startLine
	for t.kind == tokTag || t.kind == tokComment {
		switch t.kind {
		case tokTag:
			g.Tags = append(g.Tags, Tag{t.name, t.value})
			g.Comment = ""
		case tokComment:
			g.addComment(t.value)
		}
		if t, err = lx.take(); err != nil {
			lx.skipGame(token{kind: tokComment}, false)
			return g, err
		}
	}
	// fail skips the rest of the game from t, the token after the tags.
	fail := func(err error) (*Game, error) {
		lx.skipGame(t, false)
		return g, err
	}
	v, c960, err := ParseVariant(g.Tag("Variant"))
	if err != nil {
		return fail(fmt.Errorf("PGN game at line %d: %w", startLine, err))
	}
	g.Variant, g.Chess960 = v, c960
	if fen := g.Tag("FEN"); fen != "" {
		g.FEN = fen
	} else if su := g.Tag("SetUp"); su == "1" {
		return fail(fmt.Errorf("PGN game at line %d: [SetUp \"1\"] without a FEN tag", startLine))
	}
	tagResult := g.Tag("Result")
	if tagResult != "" && !validResult(tagResult) {
		return fail(fmt.Errorf("PGN game at line %d: Result tag %q is not 1-0, 0-1, 1/2-1/2 or *", startLine, clip(tagResult)))
	}

	var mv mover
	switch g.Variant {
	case position.Xiangqi:
		var xm *xiangqiMover
		if xm, err = newXiangqiMover(g.StartFEN()); err == nil {
			if xm.ranks1, err = parseRanksTag(g.Tag(XiangqiRanksTag)); err != nil {
				return fail(fmt.Errorf("PGN game at line %d: %w", startLine, err))
			}
		}
		mv = xm
	default:
		mv, err = newChessMover(g.StartFEN(), g.Chess960)
	}
	if err != nil {
		return fail(fmt.Errorf("PGN game at line %d: FEN tag: %w", startLine, err))
	}
	// next takes the token after t; its error skips the rest of the game.
	next := func() error {
		var err error
		if t, err = lx.take(); err != nil {
			lx.skipGame(token{kind: tokComment}, true)
		}
		return err
	}
	for {
		switch t.kind {
		case tokEOF:
			return g, fmt.Errorf("PGN game at line %d: ends at line %d without a result (1-0, 0-1, 1/2-1/2 or *): truncated?", startLine, t.line)
		case tokTag:
			lx.peeked = &t // the next game's
			return g, fmt.Errorf("PGN line %d: tag pair [%s] inside the movetext; the game before it has no result: truncated?", t.line, t.name)
		case tokComment:
			g.addComment(t.value)
			if err := next(); err != nil {
				return g, err
			}
			continue
		}
		s := t.value
		if validResult(s) {
			if tagResult != "" && tagResult != s {
				return g, fmt.Errorf("PGN game at line %d: Result tag %q disagrees with the termination marker %q", startLine, tagResult, s)
			}
			g.Result, _ = position.ParseResult(s)
			if tagResult == "" {
				g.SetTag("Result", s)
			}
			return g, nil
		}
		if s = stripMoveNumber(s); s != "" && !strings.EqualFold(s, "e.p.") && !strings.EqualFold(s, "ep") {
			m, err := mv.parse(s)
			if err != nil {
				err = fmt.Errorf("PGN line %d: move %s: %w", t.line, mv.label(s), err)
				lx.skipGame(token{kind: tokComment}, true)
				return g, err
			}
			g.Moves = append(g.Moves, m)
			g.Comments = append(g.Comments, "")
		}
		if err := next(); err != nil {
			return g, err
		}
	}
}

// addComment adds the text of a comment read after the last move (before
// the first: g.Comment).
func (g *Game) addComment(text string) {
	if text == "" {
		return
	}
	c := &g.Comment
	if len(g.Comments) > 0 {
		c = &g.Comments[len(g.Comments)-1]
	}
	if *c != "" {
		*c += " "
	}
	*c += text
}

// stripMoveNumber removes a leading move-number indication and returns what
// follows (possibly ""). It takes every form PGN writers emit: "12.",
// "12...", "12..", a bare "12", a black move number written apart from its
// dots ("12. ... Nf6", "12 ... Nf6": the "..." token is all dots) or glued to
// the move ("12...Nf6", "...Nf6"), and the Unicode ellipsis "…" (which the
// lexer reads as "..."). No move of either game starts with a digit
// followed by a dot or with a dot, so nothing a move could be is removed; a
// digit pair like "15+1" or "33.4" (WXF numbered pawns) is left whole.
func stripMoveNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	j := i
	for j < len(s) && s[j] == '.' {
		j++
	}
	if i > 0 && j == i && j < len(s) {
		return s // "15+1" (WXF numbered pawn) or similar: not a move number
	}
	if i == 2 && j == 3 && len(s) == 4 && s[3] >= '1' && s[3] <= '9' {
		return s // "15.4", "33.4": a WXF pawn move with the "." separator (no move is one digit)
	}
	return s[j:]
}

// mover plays the moves of a record as they are read.
type mover interface {
	parse(s string) (position.Move, error)
	label(s string) string
}

type chessMover struct {
	p    *chess.Position
	hist position.History
	n    int
}

func newChessMover(fen string, c960 bool) (*chessMover, error) {
	parse := chess.NewFromFEN
	if c960 {
		parse = chess.NewFromFEN960
	}
	p, err := parse(fen)
	if err != nil {
		return nil, err
	}
	return &chessMover{p: p}, nil
}

func (c *chessMover) parse(s string) (position.Move, error) {
	m, err := ParseSAN(c.p, s)
	if err != nil {
		// Engine coordinates, which some tools write into PGN ("b1c3",
		// castling "e1g1"); what reads as both is the same move.
		u, uerr := c.p.ParseMove(strings.TrimRight(s, "+#!?"))
		if uerr != nil {
			return m, err
		}
		m = u
	}
	c.push(m)
	return m, nil
}

// push plays m.
func (c *chessMover) push(m position.Move) {
	c.hist.Do(c.p, m)
	c.n++
}

func (c *chessMover) label(s string) string {
	return moveLabel(c.p.FEN(), c.p.SideToMove(), s, "white")
}

type xiangqiMover struct {
	p      *xiangqi.Position
	hist   position.History
	ranks1 bool // coordinate moves number the ranks 1–10 ([XiangqiRanks "1-10"])
}

func newXiangqiMover(fen string) (*xiangqiMover, error) {
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		return nil, err
	}
	return &xiangqiMover{p: p}, nil
}

func (x *xiangqiMover) parse(s string) (position.Move, error) {
	var m position.Move
	var err error
	s = strings.TrimRight(s, "+#!?") // check and annotation marks (WXF's "+" is never last)
	if x.ranks1 && len(s) >= 4 && s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' && s[1] <= '9' {
		var iccs string
		if iccs, err = FromRanks1(s); err == nil {
			m, err = x.p.ParseMove(iccs)
		}
	} else if looksICCS(s) {
		m, err = x.p.ParseMove(s)
	} else {
		m, err = ParseWXF(x.p, s)
	}
	if err != nil {
		return m, err
	}
	x.hist.Do(x.p, m)
	return m, nil
}

func (x *xiangqiMover) label(s string) string {
	return moveLabel(x.p.FEN(), x.p.SideToMove(), s, "red")
}

// moveLabel renders "12 (black) \"Nf6\"" from the position's fullmove number.
func moveLabel(fen string, side position.Color, s, first string) string {
	who := first
	if side == position.Black {
		who = "black"
	}
	return fmt.Sprintf("%d (%s) %q", fullmoveOf(fen), who, clip(s))
}

// looksICCS reports whether s is a xiangqi move in ICCS coordinates
// ("h2e2", "H2-E2") rather than WXF.
func looksICCS(s string) bool {
	t := strings.ToLower(s)
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	return len(t) == 4 && t[0] >= 'a' && t[0] <= 'i' && t[1] >= '0' && t[1] <= '9' &&
		t[2] >= 'a' && t[2] <= 'i' && t[3] >= '0' && t[3] <= '9'
}

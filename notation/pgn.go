// PGN game records for chess and xiangqi: the Game type, reading and writing.
package notation

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/setup"
	"dualnnue/position/xiangqi"
)

// ParseVariant reads a game name as the CLI and the PGN Variant tag spell
// it: "chess" (also "standard", "" or "chess960"/"fischerandom", which set
// chess960) or "xiangqi" (also "chinese chess"), case-insensitive.
func ParseVariant(s string) (v position.Variant, chess960 bool, err error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "chess", "standard", "normal", "from position":
		return position.Chess, false, nil
	case "chess960", "chess 960", "fischerandom", "fischer random":
		return position.Chess, true, nil
	case "xiangqi", "chinese chess", "chinesechess":
		return position.Xiangqi, false, nil
	}
	return position.Chess, false, fmt.Errorf("unsupported variant %q (want chess, chess960 or xiangqi)", clip(s))
}

// Tag is one PGN tag pair.
type Tag struct{ Name, Value string }

// Game is one game record: the variant, the tags in file order, the start
// position, the moves (legal, in order, as the game package encodes them)
// with their comments, and the result (from White's/Red's side;
// ResultUnknown is written "*").
type Game struct {
	// Variant is the game; the zero value is read and written as chess.
	Variant position.Variant
	// Chess960 marks a Chess960 game (Variant tag "Chess960"): its FEN may
	// carry X-FEN or Shredder-FEN castling rights and castling is written
	// as in Chess960. A standard game's FEN may hold only standard rights.
	Chess960 bool
	Tags     []Tag
	// FEN is the start position; "" means the game's standard start.
	FEN   string
	Moves []position.Move
	// Comments holds the text of each move's {comment}, parallel to Moves
	// ("" for none; several comments after one move are joined by a
	// space). ReadPGN fills it for every move; WritePGN takes a shorter
	// slice (nil) as no comments for the moves past its end.
	Comments []string
	// Comment is the text of the comments before the first move.
	Comment string
	Result  position.Result
}

// MoveComment returns the comment of move i ("" for none).
func (g *Game) MoveComment(i int) string {
	if i < len(g.Comments) {
		return g.Comments[i]
	}
	return ""
}

// Tag returns the value of the named tag, or "".
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets (or adds) the named tag.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// StartFEN returns the game's start position in FEN.
func (g *Game) StartFEN() string {
	if g.FEN != "" {
		return g.FEN
	}
	if g.Variant == position.Xiangqi {
		return setup.StartFEN(position.Xiangqi)
	}
	return setup.StartFEN(position.Chess)
}

// validResult reports whether s is a PGN game termination marker.
func validResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// XiangqiFormat selects how WritePGN writes xiangqi moves.
type XiangqiFormat uint8

const (
	// FormatWXF writes WXF notation ("C2=5") with [Format "WXF"].
	FormatWXF XiangqiFormat = iota
	// FormatICCS writes ICCS coordinates in the XQ PGN style ("H2-E2")
	// with [Format "ICCS"].
	FormatICCS
	// FormatCoordinates writes the engines' coordinates ("h2e2", ranks
	// 0–9, as UCCI engines and Pikafish speak them) with [XiangqiRanks
	// "0-9"] and no Format tag, the start position as in chess ([SetUp "1"]
	// and [FEN] when it is not the standard one): the match runner's
	// records.
	FormatCoordinates
	// FormatCoordinatesRanks1 is FormatCoordinates with the ranks numbered
	// 1–10 as Fairy-Stockfish writes them ("h3e3") and [XiangqiRanks
	// "1-10"].
	FormatCoordinatesRanks1
)

// WriteOptions controls WritePGN.
type WriteOptions struct {
	Xiangqi XiangqiFormat
}

// sevenTags is the PGN Seven Tag Roster with the defaults for unknown values.
var sevenTags = []Tag{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"}, {"Black", "?"}, {"Result", "*"}}

// WritePGN writes g as one PGN game in export format: the Seven Tag
// Roster first (from g's tags, "?" where missing, Result from g.Result),
// then g's other tags in order, with [SetUp "1"] and [FEN] when the game does
// not start from the standard position (chess) and always [Variant
// "xiangqi"], [FEN] and [Format] for xiangqi (and [XiangqiRanks "0-9"] with
// ICCS: a XiangqiRanks tag of g is not copied, the moves are rewritten in
// ICCS; the coordinate formats write [Variant "xiangqi"], [XiangqiRanks] and
// the FEN as in chess); then the movetext with move numbers (from the FEN's
// fullmove number; "N..." when Black starts), chess moves in SAN and xiangqi
// moves as opt says, each move followed by its comment in braces
// ("{+0.35/12 0.5s}"; g.Comment before the first move), lines wrapped before
// 80 columns (a comment is never broken), and the result. It returns an
// error if a move is not legal in its position or a comment holds a '}',
// which PGN cannot write (the record is then not written at all).
func WritePGN(w io.Writer, g *Game, opt WriteOptions) error {
	result := g.Result.String()
	if strings.Contains(g.Comment, "}") {
		return fmt.Errorf("PGN: the game comment holds a '}', which PGN cannot write")
	}
	for i := range min(len(g.Comments), len(g.Moves)) {
		if strings.Contains(g.Comments[i], "}") {
			return fmt.Errorf("PGN: the comment of move %d holds a '}', which PGN cannot write", i+1)
		}
	}
	var b strings.Builder
	writeTag := func(name, value string) {
		value = strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	for _, t := range sevenTags {
		v := g.Tag(t.Name)
		if t.Name == "Result" {
			v = result
		} else if v == "" {
			v = t.Value
		}
		writeTag(t.Name, v)
	}
	special := map[string]bool{"Variant": true, "SetUp": true, "FEN": true, "Format": true, XiangqiRanksTag: true}
	for _, t := range sevenTags {
		special[t.Name] = true
	}
	startFEN := g.StartFEN()
	switch g.Variant {
	case position.Xiangqi:
		writeTag("Variant", "xiangqi")
		if opt.Xiangqi == FormatCoordinates || opt.Xiangqi == FormatCoordinatesRanks1 {
			ranks := Ranks0
			if opt.Xiangqi == FormatCoordinatesRanks1 {
				ranks = Ranks1
			}
			writeTag(XiangqiRanksTag, ranks)
			if g.FEN != "" && g.FEN != xiangqi.StartFEN {
				writeTag("SetUp", "1")
				writeTag("FEN", startFEN)
			}
			break
		}
		writeTag("FEN", startFEN)
		if opt.Xiangqi == FormatICCS {
			writeTag("Format", "ICCS")
			writeTag(XiangqiRanksTag, Ranks0)
		} else {
			writeTag("Format", "WXF")
		}
	default:
		if g.Chess960 {
			writeTag("Variant", "Chess960")
		}
		if g.FEN != "" && g.FEN != chess.StartFEN {
			writeTag("SetUp", "1")
			writeTag("FEN", startFEN)
		}
	}
	for _, t := range g.Tags {
		if !special[t.Name] {
			writeTag(t.Name, t.Value)
		}
	}
	b.WriteByte('\n')

	var tokens []string
	var err error
	switch g.Variant {
	case position.Xiangqi:
		tokens, err = xiangqiMovetext(g, startFEN, opt)
	default:
		tokens, err = chessMovetext(g, startFEN)
	}
	if err != nil {
		return err
	}
	if g.Comment != "" {
		tokens = append([]string{"{" + g.Comment + "}"}, tokens...)
	}
	tokens = append(tokens, result)
	col := 0
	for _, tok := range tokens {
		first := tok
		if i := strings.IndexByte(tok, '\n'); i >= 0 {
			first = tok[:i] // a comment running over lines
		}
		if col > 0 && col+1+len(first) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(tok)
		if i := strings.LastIndexByte(tok, '\n'); i >= 0 {
			col = len(tok) - i - 1
		} else {
			col += len(tok)
		}
	}
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// moveNumberTokens yields "N." before White's/Red's moves and "N..." before
// a first move by Black.
func numberToken(fullmove int, black, first bool) string {
	if !black {
		return strconv.Itoa(fullmove) + "."
	}
	if first {
		return strconv.Itoa(fullmove) + "..."
	}
	return ""
}

func chessMovetext(g *Game, fen string) ([]string, error) {
	parse := chess.NewFromFEN
	if g.Chess960 {
		parse = chess.NewFromFEN960
	}
	p, err := parse(fen)
	if err != nil {
		return nil, fmt.Errorf("PGN: start position: %w", err)
	}
	var hist position.History
	full := fullmoveOf(fen)
	var toks []string
	for i, m := range g.Moves {
		black := p.SideToMove() == position.Black
		if n := numberToken(full, black, i == 0); n != "" {
			toks = append(toks, n)
		}
		if !legalChess(p, m) {
			return nil, fmt.Errorf("PGN: move %d (%s) is not legal in %s", i+1, p.MoveString(m), p.FEN())
		}
		toks = append(toks, SAN(p, m))
		toks = appendComment(toks, g.MoveComment(i))
		hist.Do(p, m)
		if black {
			full++
		}
	}
	return toks, nil
}

func xiangqiMovetext(g *Game, fen string, opt WriteOptions) ([]string, error) {
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("PGN: start position: %w", err)
	}
	var hist position.History
	full := fullmoveOf(fen)
	var toks []string
	for i, m := range g.Moves {
		black := p.SideToMove() == position.Black
		if n := numberToken(full, black, i == 0); n != "" {
			toks = append(toks, n)
		}
		if !p.PseudoLegal(m) || !p.Legal(m) {
			return nil, fmt.Errorf("PGN: move %d (%s) is not legal in %s", i+1, xiangqi.MoveString(m), p.FEN())
		}
		switch opt.Xiangqi {
		case FormatICCS:
			s := strings.ToUpper(xiangqi.MoveString(m))
			toks = append(toks, s[:2]+"-"+s[2:])
		case FormatCoordinates:
			toks = append(toks, xiangqi.MoveString(m))
		case FormatCoordinatesRanks1:
			toks = append(toks, ToRanks1(xiangqi.MoveString(m)))
		default:
			toks = append(toks, WXF(p, m))
		}
		toks = appendComment(toks, g.MoveComment(i))
		hist.Do(p, m)
		if black {
			full++
		}
	}
	return toks, nil
}

// appendComment appends c in braces, if there is one.
func appendComment(toks []string, c string) []string {
	if c == "" {
		return toks
	}
	return append(toks, "{"+c+"}")
}

func legalChess(p *chess.Position, m position.Move) bool {
	var list position.MoveList
	p.GenerateLegal(&list)
	return list.Contains(m)
}

// fullmoveOf returns the fullmove number field of a FEN (1 when absent or
// unreadable; 0 is read as 1).
func fullmoveOf(fen string) int {
	f := strings.Fields(fen)
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

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

// lexer reads PGN tokens.
type lexer struct {
	r       *bufio.Reader
	line    int
	midLine bool // bytes of line have been read
	start   int  // the line of the last token begun, read or not
	peeked  *token
	ioErr   error // the underlying reader's error (not io.EOF): reading ends
}

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokTag
	tokSymbol
	tokComment
)

type token struct {
	kind        tokenKind
	name, value string // tag name and value, or the symbol or comment in value
	line        int
}

func (lx *lexer) readByte() (byte, error) {
	c, err := lx.r.ReadByte()
	switch {
	case err == nil && c == '\n':
		lx.line++
		lx.midLine = false
	case err == nil:
		lx.midLine = true
	case err != io.EOF:
		lx.ioErr = err
	}
	return c, err
}

// unread takes back c, the last byte read, which followed other bytes of
// its line.
func (lx *lexer) unread(c byte) {
	_ = lx.r.UnreadByte()
	if c == '\n' {
		lx.line--
		lx.midLine = true
	}
}

func (lx *lexer) peek() (token, error) {
	if lx.peeked == nil {
		t, err := lx.next()
		if err != nil {
			return t, err
		}
		lx.peeked = &t
	}
	return *lx.peeked, nil
}

func (lx *lexer) take() (token, error) {
	if lx.peeked != nil {
		t := *lx.peeked
		lx.peeked = nil
		return t, nil
	}
	return lx.next()
}

// next returns the next tag pair, movetext symbol or {comment}, skipping
// rest-of-line comments, variations, NAGs and escape lines.
func (lx *lexer) next() (token, error) {
	depth, depthLine := 0, 0
	atLineStart := lx.line == 1
	for {
		c, err := lx.readByte()
		if err == io.EOF {
			if depth > 0 {
				return token{}, fmt.Errorf("PGN line %d: variation opened here is never closed (truncated file?)", depthLine)
			}
			return token{kind: tokEOF, line: lx.line}, nil
		}
		if err != nil {
			return token{}, err
		}
		switch {
		case c == '\n':
			atLineStart = true
			continue
		case c == '%' && atLineStart:
			if err := lx.skipLine(); err != nil {
				return token{}, err
			}
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == 0xEF: // UTF-8 byte order mark
			b1, _ := lx.readByte()
			b2, _ := lx.readByte()
			if b1 == 0xBB && b2 == 0xBF {
				continue
			}
			return token{}, fmt.Errorf("PGN line %d: unexpected byte 0x%02x", lx.line, c)
		}
		atLineStart = false
		lx.start = lx.line
		switch {
		case c == '{':
			start := lx.line
			var text []byte
			for {
				d, err := lx.readByte()
				if err != nil {
					return token{}, fmt.Errorf("PGN line %d: comment opened here is never closed (truncated file?)", start)
				}
				if d == '}' {
					break
				}
				if depth == 0 {
					text = append(text, d)
				}
			}
			if depth == 0 {
				return token{kind: tokComment, value: strings.TrimSpace(string(text)), line: start}, nil
			}
		case c == ';':
			if err := lx.skipLine(); err != nil {
				return token{}, err
			}
			atLineStart = true
		case c == '(':
			if depth == 0 {
				depthLine = lx.line
			}
			depth++
		case c == ')':
			if depth == 0 {
				return token{}, fmt.Errorf("PGN line %d: ')' without a variation to close", lx.line)
			}
			depth--
		case c == '[' && depth == 0:
			return lx.tagPair()
		case c == '$':
			lx.symbol(c) // NAG
		default:
			s := lx.symbol(c)
			if depth > 0 {
				continue
			}
			if s == "" {
				return token{}, fmt.Errorf("PGN line %d: unexpected character %q", lx.line, c)
			}
			return token{kind: tokSymbol, value: s, line: lx.line}, nil
		}
	}
}

func (lx *lexer) skipLine() error {
	for {
		c, err := lx.readByte()
		if err == io.EOF || c == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// symbol reads a PGN symbol starting with c (letters, digits and
// _+#=:-/.!?); it returns "" if c cannot start one.
func (lx *lexer) symbol(c byte) string {
	isSym := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_+#=:-/.!?$*", c) >= 0
	}
	if !isSym(c) {
		return ""
	}
	b := []byte{c}
	for len(b) < 256 {
		d, err := lx.readByte()
		if err != nil {
			break
		}
		if !isSym(d) {
			lx.unread(d)
			break
		}
		b = append(b, d)
	}
	return string(b)
}

// tagPair reads `Name "value"]` after the opening bracket.
func (lx *lexer) tagPair() (token, error) {
	line := lx.line
	var name []byte
	c, err := lx.readByte()
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	for err == nil && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
		name = append(name, c)
		c, err = lx.readByte()
	}
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	if err != nil {
		return token{}, fmt.Errorf("PGN line %d: tag pair cut off (truncated file?)", line)
	}
	if len(name) == 0 || c != '"' {
		return token{}, fmt.Errorf("PGN line %d: malformed tag pair (want [Name \"value\"])", line)
	}
	var val []byte
	for {
		c, err = lx.readByte()
		if err != nil || c == '\n' {
			return token{}, fmt.Errorf("PGN line %d: tag %s: value never closed by a quote (truncated file?)", line, name)
		}
		if c == '\\' {
			d, err := lx.readByte()
			if err != nil {
				return token{}, fmt.Errorf("PGN line %d: tag %s cut off (truncated file?)", line, name)
			}
			val = append(val, d)
			continue
		}
		if c == '"' {
			break
		}
		val = append(val, c)
	}
	c, err = lx.readByte()
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	if err != nil || c != ']' {
		return token{}, fmt.Errorf("PGN line %d: tag %s: missing closing ']'", line, name)
	}
	return token{kind: tokTag, name: string(name), value: string(val), line: line}, nil
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

// skipGame skips the rest of a game that could not be read, from t on: up
// to its result, to the end of the file, or, once in the movetext, to the
// tag pair that begins the next game (left to be read). Unreadable text on
// the way is skipped too; an error of the underlying reader stops it.
func (lx *lexer) skipGame(t token, inMovetext bool) {
	for {
		switch t.kind {
		case tokEOF:
			return
		case tokTag:
			if inMovetext {
				lx.peeked = &t
				return
			}
		case tokSymbol:
			if validResult(t.value) {
				return
			}
			inMovetext = true
		}
		var err error
		for t, err = lx.take(); err != nil; t, err = lx.take() {
			if lx.ioErr != nil {
				return
			}
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

// stripMoveNumber removes a leading move-number indication ("12.", "12...")
// and returns what follows (possibly ""). A bare number is dropped too.
func stripMoveNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return s
	}
	j := i
	for j < len(s) && s[j] == '.' {
		j++
	}
	if j == i && j < len(s) {
		return s // "15+1" (WXF numbered pawn) or similar: not a move number
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

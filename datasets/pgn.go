// PGN import: games whose move comments carry engine evaluations as
// cutechess-cli and fastchess write them.
package datasets

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/setup"
	"dualnnue/position/xiangqi"
)

// ParseEvalComment reads the evaluation at the start of a cutechess-cli /
// fastchess move comment: "+0.35/12 0.5s" (pawns, side that moved),
// "-M5/20 ..." (mate in 5 moves, UCI's "score mate -5"), "+M3" and so on.
// The score is from the view of the side that played the move, i.e. the
// side to move of the position before it. "book" and comments without an
// evaluation return ok == false.
func ParseEvalComment(c string) (v position.Value, ok bool) {
	c = strings.TrimSpace(c)
	if i := strings.IndexAny(c, "/ ,"); i >= 0 {
		c = c[:i]
	}
	if c == "" {
		return 0, false
	}
	neg := false
	switch c[0] {
	case '+':
		c = c[1:]
	case '-':
		neg = true
		c = c[1:]
	}
	if strings.HasPrefix(c, "M") || strings.HasPrefix(c, "#") {
		n, err := strconv.Atoi(c[1:])
		if err != nil || n < 0 || 2*n > position.MaxPly {
			return 0, false
		}
		if neg {
			return position.MatedIn(2 * n), true
		}
		if n == 0 {
			return 0, false
		}
		return position.MateIn(2*n - 1), true
	}
	f, err := strconv.ParseFloat(c, 64)
	if err != nil || math.IsNaN(f) || math.Abs(f) > float64(position.ValueKnownWin) {
		return 0, false
	}
	v = position.Value(math.Round(f * 100))
	if neg {
		v = -v
	}
	return v, true
}

// pgnToken is one token of PGN movetext.
type pgnToken struct {
	kind byte // 'm' move, 'c' comment, 'r' result
	text string
}

// pgnGame is one game as read from a PGN file.
type pgnGame struct {
	tags   map[string]string
	tokens []pgnToken
	line   int
}

// pgnReader splits a PGN stream into games.
type pgnReader struct {
	br   *bufio.Reader
	line int
	peek []byte
}

func (p *pgnReader) readLine() (string, bool) {
	s, err := p.br.ReadString('\n')
	if s == "" && err != nil {
		return "", false
	}
	p.line++
	return strings.TrimRight(s, "\r\n"), true
}

// next returns the next game, or nil at EOF.
func (p *pgnReader) next() (*pgnGame, error) {
	g := &pgnGame{tags: map[string]string{}}
	var text strings.Builder
	inMoves := false
	for {
		l, ok := p.readLine()
		if !ok {
			break
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%") {
			continue
		}
		if strings.HasPrefix(t, "[") && !inMoves {
			if g.line == 0 {
				g.line = p.line
			}
			if k, v, ok := parseTag(t); ok {
				g.tags[k] = v
			}
			continue
		}
		if t == "" {
			if inMoves && !openComment(text.String()) {
				break
			}
			continue
		}
		if g.line == 0 {
			g.line = p.line
		}
		inMoves = true
		text.WriteString(l)
		text.WriteByte('\n')
	}
	if len(g.tags) == 0 && text.Len() == 0 {
		return nil, nil
	}
	toks, err := tokenizeMovetext(text.String())
	g.tokens = toks
	return g, err
}

// openComment reports whether s ends inside a {comment} (comments may hold
// blank lines).
func openComment(s string) bool {
	return strings.LastIndexByte(s, '{') > strings.LastIndexByte(s, '}')
}

func parseTag(t string) (k, v string, ok bool) {
	t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	i := strings.IndexByte(t, ' ')
	if i < 0 {
		return "", "", false
	}
	k, v = t[:i], strings.TrimSpace(t[i+1:])
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`)
	}
	return k, v, true
}

// tokenizeMovetext splits movetext into moves, comments and the result,
// dropping move numbers, NAGs, ";" comments and variations.
func tokenizeMovetext(s string) ([]pgnToken, error) {
	var toks []pgnToken
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return toks, fmt.Errorf("unterminated comment")
			}
			if depth == 0 {
				toks = append(toks, pgnToken{'c', strings.TrimSpace(s[i+1 : i+j])})
			}
			i += j + 1
		case c == ';':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			i += j
		case c == '(':
			depth++
			i++
		case c == ')':
			if depth == 0 {
				return toks, fmt.Errorf("unbalanced ')'")
			}
			depth--
			i++
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\t\r{}();", rune(s[j])) {
				j++
			}
			if j == i { // a stray '}'
				i++
				continue
			}
			w := s[i:j]
			i = j
			if depth > 0 || w[0] == '$' {
				continue
			}
			// Strip move numbers ("12." "12..." or "12.e4").
			k := 0
			for k < len(w) && w[k] >= '0' && w[k] <= '9' {
				k++
			}
			if k < len(w) && w[k] == '.' {
				w = strings.TrimLeft(w[k:], ".")
				if w == "" {
					continue
				}
			}
			switch w {
			case "1-0", "0-1", "1/2-1/2", "*":
				toks = append(toks, pgnToken{'r', w})
			default:
				toks = append(toks, pgnToken{'m', w})
			}
		}
	}
	return toks, nil
}

// ParseSAN resolves a movetext move with package notation's parsers:
// chess SAN (notation.ParseSAN) or the game's UCI coordinates, xiangqi ICCS
// (with or without a dash, any case) or WXF (notation.ParseWXF). Check and
// annotation marks are ignored.
func ParseSAN(pos position.Game, g position.Variant, s string) (position.Move, error) {
	t := strings.TrimRight(s, "+#!?")
	if t == "" {
		return 0, fmt.Errorf("empty move")
	}
	if g == position.Xiangqi {
		if m, err := pos.ParseMove(strings.ToLower(strings.ReplaceAll(t, "-", ""))); err == nil {
			return m, nil
		}
		if xp, ok := pos.(*xiangqi.Position); ok {
			if m, err := notation.ParseWXF(xp, s); err == nil {
				return m, nil
			}
		}
		return 0, fmt.Errorf("move %q is neither a legal ICCS nor WXF move in %s", s, pos.FEN())
	}
	if m, err := pos.ParseMove(t); err == nil {
		return m, nil
	}
	cp, ok := pos.(*chess.Position)
	if !ok {
		return 0, fmt.Errorf("move %q: not a chess position", s)
	}
	m, err := notation.ParseSAN(cp, s)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", s, err)
	}
	return m, nil
}

// ImportPGN reads PGN games of w's game and writes them to w. Each move's
// comment evaluation (see ParseEvalComment) scores the position before the
// move; moves before the first evaluation (book moves) are stored as
// unscored book plies, later moves without one get position.ValueNone
// (readers skip such positions). A [Variant] tag naming another game, an
// illegal move or a bad FEN skips the game with a message to warn (may be nil).
func ImportPGN(r io.Reader, w *Writer, warn io.Writer) (ImportStats, error) {
	return ImportPGNWith(r, w, warn, ParseSAN)
}

// MoveParser reads one movetext move of game g at pos (ParseSAN is the
// default: chess SAN or coordinates, xiangqi ICCS or WXF). Another notation
// (e.g. Chinese) can be passed to ImportPGNWith.
type MoveParser func(pos position.Game, g position.Variant, s string) (position.Move, error)

// ImportPGNWith is ImportPGN with a custom move parser.
func ImportPGNWith(r io.Reader, w *Writer, warn io.Writer, parse MoveParser) (ImportStats, error) {
	var st ImportStats
	pr := &pgnReader{br: bufio.NewReaderSize(r, 1<<16)}
	rp, err := newReplayer(w.Game())
	if err != nil {
		return st, err
	}
	var g GameRecord
	for {
		pg, err := pr.next()
		if err != nil && pg == nil {
			return st, err
		}
		if pg == nil {
			return st, nil
		}
		st.Lines = int64(pr.line)
		if err == nil {
			err = pgnToGame(pg, w.Game(), rp, &g, parse)
		}
		if err != nil {
			st.Skipped++
			if warn != nil {
				fmt.Fprintf(warn, "game at line %d: %v\n", pg.line, err)
			}
			continue
		}
		if len(g.Plies) == 0 {
			st.Skipped++
			if warn != nil {
				fmt.Fprintf(warn, "game at line %d: no evaluated move\n", pg.line)
			}
			continue
		}
		if err := w.WriteGame(&g); err != nil {
			return st, err
		}
		st.Games++
		st.Positions += int64(len(g.Plies))
		for _, p := range g.Plies {
			if p.Score == position.ValueNone {
				st.Unscored++
			}
		}
	}
}

func pgnToGame(pg *pgnGame, game position.Variant, rp *replayer, g *GameRecord, parse MoveParser) error {
	g.Reset()
	if v, ok := pg.tags["Variant"]; ok {
		v = strings.ToLower(v)
		want := "standard"
		if game == position.Xiangqi {
			want = "xiangqi"
		}
		if v != want && !(game == position.Chess && (v == "chess" || v == "normal")) {
			return fmt.Errorf("variant %q is not %v", pg.tags["Variant"], game)
		}
	} else if game == position.Xiangqi {
		return fmt.Errorf("no [Variant \"xiangqi\"] tag")
	}
	if game == position.Xiangqi {
		switch pg.tags[notation.XiangqiRanksTag] {
		case "", notation.Ranks0:
		case notation.Ranks1: // Fairy-Stockfish's coordinates: "h3e3" is ICCS h2e2
			inner := parse
			parse = func(pos position.Game, g position.Variant, s string) (position.Move, error) {
				if iccs, err := notation.FromRanks1(strings.TrimRight(s, "+#!?")); err == nil {
					s = iccs
				}
				return inner(pos, g, s)
			}
		default:
			return fmt.Errorf("%s tag %q: want %q or %q", notation.XiangqiRanksTag, pg.tags[notation.XiangqiRanksTag], notation.Ranks0, notation.Ranks1)
		}
	}
	fen := pg.tags["FEN"]
	if fen == setup.StartFEN(game) {
		fen = ""
	}
	g.StartFEN = fen
	if err := rp.reset(fen); err != nil {
		return fmt.Errorf("FEN: %v", err)
	}
	switch pg.tags["Result"] {
	case "1-0":
		g.Result = position.WhiteWin
	case "0-1":
		g.Result = position.BlackWin
	case "1/2-1/2":
		g.Result = position.Draw
	}
	toks := pg.tokens
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case 'r':
			switch t.text {
			case "1-0":
				g.Result = position.WhiteWin
			case "0-1":
				g.Result = position.BlackWin
			case "1/2-1/2":
				g.Result = position.Draw
			}
			continue
		case 'c':
			continue
		}
		m, err := parse(rp.pos, game, t.text)
		if err != nil {
			return fmt.Errorf("ply %d: %v", len(g.Book)+len(g.Plies)+1, err)
		}
		v, scored := position.Value(0), false
		if i+1 < len(toks) && toks[i+1].kind == 'c' {
			v, scored = ParseEvalComment(toks[i+1].text)
		}
		switch {
		case scored:
			g.Plies = append(g.Plies, Ply{Move: m, Score: v})
		case len(g.Plies) == 0:
			g.Book = append(g.Book, m)
		default:
			g.Plies = append(g.Plies, Ply{Move: m, Score: position.ValueNone})
		}
		rp.do(m)
		if len(g.Book)+len(g.Plies) >= maxGamePlies {
			return fmt.Errorf("game longer than %d plies", maxGamePlies)
		}
	}
	return nil
}

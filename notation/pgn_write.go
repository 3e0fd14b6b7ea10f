// Writing PGN: tag pairs and movetext (SAN for chess, WXF or ICCS for xiangqi).
package notation

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

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

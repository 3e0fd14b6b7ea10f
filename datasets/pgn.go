// PGN import: games whose move comments carry engine evaluations as
// cutechess-cli and fastchess write them, read by package notation.
package datasets

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/setup"
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

// ImportPGN reads PGN games of w's game with notation.Reader (chess SAN or
// coordinates; xiangqi ICCS, WXF, or ranks 1–10 under [XiangqiRanks
// "1-10"]) and writes them to w. Each move's comment evaluation (see
// ParseEvalComment) scores the position before the move; moves before the
// first evaluation (book moves) are stored as unscored book plies, later
// moves without one get position.ValueNone (readers skip such positions).
// A game of another variant (a xiangqi game needs [Variant "xiangqi"]), a
// game notation cannot read (an illegal move, a bad FEN, a missing result)
// and a game without an evaluated move are skipped with a message to warn
// (may be nil). The error is the underlying reader's or w's.
func ImportPGN(r io.Reader, w *Writer, warn io.Writer) (ImportStats, error) {
	return importPGNWith(r, w, warn, nil)
}

func importPGNWith(r io.Reader, w *Writer, warn io.Writer, rs *rescorer) (ImportStats, error) {
	var st ImportStats
	game := w.Game()
	rd := notation.NewReader(r)
	var rec GameRecord
	for {
		g, err := rd.Next()
		st.Lines = int64(rd.Line())
		if err == io.EOF {
			return st, nil
		}
		if g == nil {
			return st, err
		}
		// A game of another variant is named as such first.
		if verr := checkVariant(g, game); verr != nil && err != nil {
			err = fmt.Errorf("%v; %v", verr, err)
		} else if verr != nil {
			err = verr
		}
		if err == nil {
			err = pgnRecord(g, game, &rec)
		}
		if err == nil && len(rec.Plies) == 0 {
			err = fmt.Errorf("no evaluated move")
		}
		if err == nil && rs != nil {
			fw, fb, perr := rs.players(g.Tag("White"), g.Tag("Black"))
			if perr != nil {
				return st, fmt.Errorf("game at line %d: %w", rd.GameLine(), perr)
			}
			err = rs.applyBy(&rec, fw, fb)
		}
		if err != nil {
			st.Skipped++
			if warn != nil {
				fmt.Fprintf(warn, "game at line %d: %v\n", rd.GameLine(), err)
			}
			continue
		}
		if err := w.WriteGame(&rec); err != nil {
			return st, err
		}
		st.Games++
		st.Positions += int64(len(rec.Plies))
		for _, p := range rec.Plies {
			if p.Score == position.ValueNone {
				st.Unscored++
			}
		}
	}
}

// checkVariant refuses a game that is not of the dataset's game. A game
// without a Variant tag is chess.
func checkVariant(g *notation.Game, game position.Variant) error {
	tag := g.Tag("Variant")
	if tag == "" && game == position.Xiangqi {
		return fmt.Errorf("no [Variant \"xiangqi\"] tag")
	}
	if v, c960, err := notation.ParseVariant(tag); err != nil || v != game || c960 {
		return fmt.Errorf("variant %q is not %v", tag, game)
	}
	return nil
}

// pgnRecord fills rec from g, scoring each move by its comment.
func pgnRecord(g *notation.Game, game position.Variant, rec *GameRecord) error {
	rec.Reset()
	if len(g.Moves) >= maxGamePlies {
		return fmt.Errorf("game longer than %d plies", maxGamePlies)
	}
	if g.FEN != setup.StartFEN(game) {
		rec.StartFEN = g.FEN
	}
	rec.Result = g.Result
	for i, m := range g.Moves {
		v, scored := ParseEvalComment(g.MoveComment(i))
		switch {
		case scored:
			rec.Plies = append(rec.Plies, Ply{Move: m, Score: v})
		case len(rec.Plies) == 0:
			rec.Book = append(rec.Book, m)
		default:
			rec.Plies = append(rec.Plies, Ply{Move: m, Score: position.ValueNone})
		}
	}
	return nil
}

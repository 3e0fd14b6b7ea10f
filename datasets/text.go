// Plain-text "FEN | score | result" export and import (marlinflow/bullet format).
package datasets

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"dualnnue/position"
	"dualnnue/position/setup"
)

// ExportText writes every position r returns as a line
//
//	<FEN> | <score> | <result>
//
// the text format of marlinflow and bullet: score in centipawns from
// White's/Red's view (mate scores are written as their position.Value, e.g.
// 31991), result from White's/Red's view as 1.0 (win), 0.5 (draw), 0.0
// (loss); an unknown result is written as 0.5. It returns the lines written.
func ExportText(w io.Writer, r *Reader) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	var n int64
	var line []byte
	for r.Next() {
		pos, rec := r.Position(), r.Record()
		score := rec.Score
		res := rec.Result.Score(position.White)
		if pos.SideToMove() != position.White {
			score = -score
		}
		line = append(line[:0], pos.FEN()...)
		line = append(line, " | "...)
		line = strconv.AppendInt(line, int64(score), 10)
		line = append(line, " | "...)
		line = strconv.AppendFloat(line, float64(res), 'f', 1, 32)
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return n, err
		}
		n++
	}
	if err := r.Err(); err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// ImportStats counts what an import read and wrote: Positions includes
// the Unscored ones (stored with the score position.ValueNone, which every
// reader skips).
type ImportStats struct {
	Lines, Positions, Games, Skipped, Unscored int64
}

// chainBuilder assembles a game from consecutive positions and writes it
// when the chain breaks.
type chainBuilder struct {
	w    *Writer
	rp   *replayer     // the chain's current position
	scr  position.Game // scratch for parsing
	g    GameRecord
	open bool
	st   *ImportStats
	rs   *rescorer // nil: scores as read
}

func newChainBuilder(w *Writer, st *ImportStats) (*chainBuilder, error) {
	rp, err := newReplayer(w.Game())
	if err != nil {
		return nil, err
	}
	scr, err := setup.New(w.Game(), "")
	if err != nil {
		return nil, err
	}
	return &chainBuilder{w: w, rp: rp, scr: scr, st: st}, nil
}

// flush writes the open chain, its last position ending it with no move.
func (c *chainBuilder) flush() error {
	if !c.open {
		return nil
	}
	c.open = false
	if c.rs != nil {
		if err := c.rs.apply(&c.g); err != nil {
			return err
		}
	}
	if err := c.w.WriteGame(&c.g); err != nil {
		return err
	}
	c.st.Games++
	c.st.Positions += int64(len(c.g.Plies))
	return nil
}

// successor returns the legal move leading from the chain's position to
// the position in c.scr, if there is one.
func (c *chainBuilder) successor() (position.Move, bool) {
	key := c.scr.State().Key
	pos := c.rp.pos
	var st position.State
	for _, m := range c.rp.legal().Slice() {
		pos.DoMove(m, &st)
		same := pos.State().Key == key && sameBoard(pos.FEN(), c.scr.FEN())
		pos.UndoMove(m)
		if same {
			return m, true
		}
	}
	return position.MoveNone, false
}

// sameBoard compares two FENs without their move counters.
func sameBoard(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	n := min(len(fa), len(fb), 4)
	for i := 0; i < n; i++ {
		if fa[i] != fb[i] {
			return false
		}
	}
	return true
}

// addPosition appends a scored position (score from the side to move's
// view), already parsed into c.scr from fen, to the open chain, or starts
// a new chain with it.
func (c *chainBuilder) addPosition(fen string, score position.Value, res position.Result) error {
	if c.open && c.g.Result == res && len(c.g.Plies) < maxGamePlies-1 {
		if m, ok := c.successor(); ok {
			c.g.Plies[len(c.g.Plies)-1].Move = m
			c.rp.do(m)
			c.g.Plies = append(c.g.Plies, Ply{Score: score})
			return nil
		}
	}
	if err := c.flush(); err != nil {
		return err
	}
	c.g.Reset()
	c.g.StartFEN = fen
	if fen == setup.StartFEN(c.w.Game()) {
		c.g.StartFEN = ""
	}
	c.g.Result = res
	c.g.Plies = append(c.g.Plies, Ply{Score: score})
	if err := c.rp.reset(c.g.StartFEN); err != nil {
		return err
	}
	c.open = true
	return nil
}

// ImportText reads "FEN | score | result" lines (score from White's/Red's
// view in centipawns, result 1.0/0.5/0.0 or 1/0.5/0 or 1-0/1/2-1/2/0-1
// from White's/Red's view) and writes them to w as chains: a line whose
// position follows the previous one by a legal move, with the same result,
// extends its chain; any other line starts a new one. A score of 32002
// (Stockfish's VALUE_NONE, either sign) is "no score" for either side to
// move: the position is stored unscored (position.ValueNone), which
// readers skip. Any other score outside [-32000, 32000] (the mate range)
// is an error. Bad lines are reported to warn (may be nil) and skipped.
func ImportText(r io.Reader, w *Writer, warn io.Writer) (ImportStats, error) {
	return importTextWith(r, w, warn, nil)
}

func importTextWith(r io.Reader, w *Writer, warn io.Writer, rs *rescorer) (ImportStats, error) {
	var st ImportStats
	c, err := newChainBuilder(w, &st)
	if err != nil {
		return st, err
	}
	c.rs = rs
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		st.Lines++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fen, score, res, err := parseTextLine(line)
		if err == nil {
			if err = c.scr.SetFEN(fen); err == nil {
				// "No score" has no side: never negate it.
				if score != position.ValueNone && c.scr.SideToMove() != position.White {
					score = -score
				}
				if err = c.addPosition(fen, score, res); err == nil && score == position.ValueNone {
					st.Unscored++
				}
			}
		}
		if err != nil {
			st.Skipped++
			if warn != nil {
				fmt.Fprintf(warn, "line %d: %v\n", st.Lines, err)
			}
			if c.open {
				if ferr := c.flush(); ferr != nil {
					return st, ferr
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	return st, c.flush()
}

// parseTextLine splits "FEN | score | result".
func parseTextLine(line string) (fen string, score position.Value, res position.Result, err error) {
	parts := strings.Split(line, "|")
	if len(parts) != 3 {
		return "", 0, 0, fmt.Errorf("want \"FEN | score | result\", got %d fields", len(parts))
	}
	fen = strings.TrimSpace(parts[0])
	s, err := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
	switch {
	case err != nil:
		return "", 0, 0, fmt.Errorf("bad score %q", strings.TrimSpace(parts[1]))
	case s == float64(position.ValueNone) || s == -float64(position.ValueNone):
		// Stockfish's VALUE_NONE: a position without a score, whichever
		// side is to move (a converter may have negated it).
		score = position.ValueNone
	case !(s >= -float64(position.ValueMate) && s <= float64(position.ValueMate)): // NaN included
		return "", 0, 0, fmt.Errorf("score %q outside the mate range [%d, %d] (and not %d, \"no score\")",
			strings.TrimSpace(parts[1]), -position.ValueMate, position.ValueMate, position.ValueNone)
	default:
		score = position.Value(s)
	}
	switch strings.TrimSpace(parts[2]) {
	case "1.0", "1", "1-0", "1.00":
		res = position.WhiteWin
	case "0.5", "1/2-1/2", "0.50", ".5":
		res = position.Draw
	case "0.0", "0", "0-1", "0.00":
		res = position.BlackWin
	default:
		return "", 0, 0, fmt.Errorf("bad result %q (want 1.0, 0.5 or 0.0)", strings.TrimSpace(parts[2]))
	}
	return fen, score, res, nil
}

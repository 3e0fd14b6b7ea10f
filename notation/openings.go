// Opening lists: EPD/FEN lines, and PGN games read as start positions with moves.
package notation

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"dualnnue/position"
	"dualnnue/position/setup"
)

// Opening is a start position and the moves played from it, in the
// engines' coordinates (chess UCI "e2e4", xiangqi ICCS "h2e2" with ranks
// 0–9). FEN "" is the standard start.
type Opening struct {
	FEN   string
	Moves []string
}

// ReadOpenings reads an opening file of variant v: PGN games (see
// ReadPGNOpenings) when the name ends in .pgn, else EPD/FEN lines (see
// ParseOpenings, which is given check).
func ReadOpenings(path string, v position.Variant, check func(position.Game) error) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if strings.HasSuffix(strings.ToLower(path), ".pgn") {
		return ReadPGNOpenings(f, v)
	}
	ops, err := ParseOpenings(f, v, check)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ops, nil
}

// ParseOpenings reads EPD/FEN lines of variant v, one opening per line: a
// FEN (the counters may be missing, or "board side" alone where the game
// core takes it), or EPD – four fields and operations, of which hmvc and
// fmvn set the counters ("0 1" without them). Blank lines and '#' comments
// are skipped. A line the game core rejects, with text after a full FEN, or
// whose position check refuses is an error naming it (check may be nil; the
// match runner and self-play pass rules.Undecided, which refuses a position
// the rules already decide: package rules reads this package's records, so
// it cannot be called from here). The FENs are returned as the game core
// writes them.
func ParseOpenings(r io.Reader, v position.Variant, check func(position.Game) error) ([]Opening, error) {
	pos, err := setup.New(v, "")
	if err != nil {
		return nil, err
	}
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		fen, err := lineFEN(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if err := pos.SetFEN(fen); err != nil {
			return nil, fmt.Errorf("line %d: opening %q: %w", n, fen, err)
		}
		fen = pos.FEN()
		if check != nil {
			if err := check(pos); err != nil {
				return nil, fmt.Errorf("line %d: opening %q: %w", n, fen, err)
			}
		}
		out = append(out, Opening{FEN: fen})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}

// ReadPGNOpenings reads the start position and moves of every PGN game as
// an opening of variant v (chess SAN; xiangqi WXF or ICCS, or ranks 1–10
// under [XiangqiRanks "1-10"], as ReadPGN reads them). A game of another
// variant, or of Chess960, is an error.
func ReadPGNOpenings(r io.Reader, v position.Variant) ([]Opening, error) {
	games, err := ReadPGN(r)
	if err != nil {
		return nil, err
	}
	pos, err := setup.New(v, "")
	if err != nil {
		return nil, err
	}
	var out []Opening
	for i, g := range games {
		if g.Variant != v {
			return nil, fmt.Errorf("PGN game %d is not a %s game", i+1, v)
		}
		if g.Chess960 {
			return nil, fmt.Errorf("PGN game %d is a Chess960 game; openings are standard chess", i+1)
		}
		op := Opening{FEN: g.StartFEN()}
		if err := pos.SetFEN(op.FEN); err != nil {
			return nil, fmt.Errorf("PGN game %d: %w", i+1, err)
		}
		var hist position.History
		for _, m := range g.Moves {
			op.Moves = append(op.Moves, pos.MoveString(m))
			hist.Do(pos, m)
		}
		out = append(out, op)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no PGN games")
	}
	return out, nil
}

// lineFEN turns one FEN or EPD line into a FEN.
func lineFEN(line string) (string, error) {
	f := strings.Fields(line)
	switch {
	case len(f) < 4:
		return strings.Join(f, " "), nil
	case len(f) == 5 && isCount(f[4]), len(f) == 6 && isCount(f[4]) && isCount(f[5]):
		return strings.Join(f, " "), nil
	case len(f) > 6 && isCount(f[4]) && isCount(f[5]):
		return "", fmt.Errorf("text after the FEN: %q", strings.Join(f[6:], " "))
	}
	// EPD: operations "opcode operand...;".
	half, full := "0", "1"
	for _, op := range epdOperations(strings.Join(f[4:], " ")) {
		w := strings.Fields(op)
		if len(w) == 0 || (w[0] != "hmvc" && w[0] != "fmvn") {
			continue
		}
		if len(w) != 2 || !isCount(w[1]) || (w[0] == "fmvn" && w[1] == "0") {
			return "", fmt.Errorf("EPD operation %q: want a count", op)
		}
		if w[0] == "hmvc" {
			half = w[1]
		} else {
			full = w[1]
		}
	}
	return strings.Join(f[:4], " ") + " " + half + " " + full, nil
}

// isCount reports whether s is a decimal count of at most 9 digits.
func isCount(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// epdOperations splits EPD operations at the semicolons outside quoted
// strings.
func epdOperations(s string) []string {
	var ops []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				ops = append(ops, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		ops = append(ops, rest)
	}
	return ops
}

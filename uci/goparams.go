// Parsing of "go" (UCI and UCCI forms) into goParams.
package uci

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// goParams is a parsed "go" command. Times are in milliseconds, as given
// (possibly zero or negative; limits() decides what they mean). For UCCI the
// clock fields are relative to the side to move (own/opp) until resolve.
type goParams struct {
	depth, mate, perft int
	// hasPerft: "perft" was given, with a valid depth or not ("go perft"
	// never falls back to a search).
	hasPerft         bool
	nodes            int64
	movetime         int64
	hasMovetime      bool
	time, inc        [2]int64 // indexed by colour: 0 White/Red, 1 Black
	hasTime          [2]bool
	movestogo        int
	infinite, ponder bool
	searchMoves      []string
	draw             bool // UCCI "go draw": the opponent offers a draw
	// bad, when not empty, is the first value that could not be read
	// ("go: movetime needs a number, not 'abc'"): the command is refused
	// as a whole, nothing is searched.
	bad string

	// UCCI clocks before resolve: own and opponent's.
	ucciOwn, ucciOpp       int64
	ucciOwnInc, ucciOppInc int64
	ucciHasOwn, ucciHasOpp bool
}

var uciGoKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true, "binc": true,
	"movestogo": true, "depth": true, "nodes": true, "mate": true, "movetime": true, "infinite": true,
	"perft": true,
}

var ucciGoKeywords = map[string]bool{
	"ponder": true, "draw": true, "depth": true, "nodes": true, "time": true, "increment": true,
	"movestogo": true, "opptime": true, "oppincrement": true, "oppmovestogo": true, "infinite": true,
	"searchmoves": true, "movetime": true, "perft": true, "mate": true,
}

// parseGo reads the arguments of "go" (the tokens after it). ucci selects
// the UCCI keywords; ms is the factor from UCCI time units to milliseconds
// (1 with "usemillisec true", 1000 otherwise). Unknown tokens are reported
// through warn and skipped; a keyword whose value is missing or not a
// number sets p.bad (the first such error), and the caller refuses the
// command.
func parseGo(args []string, ucci bool, ms int64, warn func(string)) goParams {
	var p goParams
	keywords := uciGoKeywords
	if ucci {
		keywords = ucciGoKeywords
	}
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			if p.bad == "" {
				p.bad = "go: " + args[i] + " needs a number"
			}
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			// An integer beyond int64 (a GUI's "no limit" clock): the
			// farthest value of its sign, as Stockfish's stream reads it.
			return n, true
		}
		if err != nil {
			// Accept a float the way some GUIs send clocks ("1000.0").
			// Beyond ±9e15 (1e20, or 1e400 past float64) it saturates like
			// an integer; NaN and the words Inf/Infinity are refused.
			f, ferr := strconv.ParseFloat(args[i+1], 64)
			if ferr != nil && !errors.Is(ferr, strconv.ErrRange) || f != f || ferr == nil && math.IsInf(f, 0) {
				if p.bad == "" {
					p.bad = "go: " + args[i] + " needs a number, not " + quote(args[i+1])
				}
				return 0, false
			}
			switch {
			case f > 9e15:
				n = math.MaxInt64
			case f < -9e15:
				n = math.MinInt64
			default:
				n = int64(f)
			}
		}
		return n, true
	}
	clampInt := func(n int64) int {
		if n > 1<<30 {
			return 1 << 30
		}
		if n < -(1 << 30) {
			return -(1 << 30)
		}
		return int(n)
	}
	for i := 0; i < len(args); i++ {
		tok := strings.ToLower(args[i])
		if !keywords[tok] {
			warn("go: unknown token " + quote(args[i]) + " ignored")
			continue
		}
		if tok == "perft" {
			p.hasPerft = true
		}
		switch tok {
		case "infinite":
			p.infinite = true
			continue
		case "ponder":
			p.ponder = true
			continue
		case "draw":
			p.draw = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !keywords[strings.ToLower(args[i+1])] {
				p.searchMoves = append(p.searchMoves, args[i+1])
				i++
			}
			continue
		}
		n, ok := num(i)
		if !ok {
			if i+1 < len(args) && !keywords[strings.ToLower(args[i+1])] {
				i++ // skip the bad value
			}
			continue
		}
		i++
		switch tok {
		case "depth":
			p.depth = clampInt(n)
			if p.depth <= 0 {
				p.depth = 1 // a depth of zero or less: answer after depth 1
			}
		case "nodes":
			p.nodes = max(n, 1)
		case "mate":
			p.mate = max(clampInt(n), 1)
		case "perft":
			p.perft = clampInt(n)
		case "movetime":
			p.movetime, p.hasMovetime = n, true
		case "wtime":
			p.time[0], p.hasTime[0] = n, true
		case "btime":
			p.time[1], p.hasTime[1] = n, true
		case "winc":
			p.inc[0] = n
		case "binc":
			p.inc[1] = n
		case "movestogo":
			p.movestogo = clampInt(n)
		// UCCI
		case "time":
			p.ucciOwn, p.ucciHasOwn = satMul(n, ms), true
		case "increment":
			p.ucciOwnInc = satMul(n, ms)
		case "opptime":
			p.ucciOpp, p.ucciHasOpp = satMul(n, ms), true
		case "oppincrement":
			p.ucciOppInc = satMul(n, ms)
		case "oppmovestogo":
			// The opponent's time control does not change our budget.
		}
	}
	return p
}

// satMul is n·ms (UCCI seconds to milliseconds) saturated at the int64
// range: "go time 9223372036854775807" is a huge clock, never a negative one.
func satMul(n, ms int64) int64 {
	if ms <= 0 || n == 0 {
		return n * ms
	}
	if n > math.MaxInt64/ms {
		return math.MaxInt64
	}
	if n < math.MinInt64/ms {
		return math.MinInt64
	}
	return n * ms
}

// resolveUCCI turns the UCCI own/opponent clocks into colour-indexed ones
// for side to move stm (0 or 1).
func (p *goParams) resolveUCCI(stm int) {
	if p.ucciHasOwn {
		p.time[stm], p.hasTime[stm], p.inc[stm] = p.ucciOwn, true, p.ucciOwnInc
	}
	if p.ucciHasOpp {
		p.time[1-stm], p.hasTime[1-stm], p.inc[1-stm] = p.ucciOpp, true, p.ucciOppInc
	}
}

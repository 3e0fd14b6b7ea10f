// Game adjudication: judging a position with its history, and a whole game record.
package rules

import (
	"fmt"
	"strings"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// Verdict is a game's outcome and why: Result (from White's/Red's side;
// ResultUnknown, written "*", while the game goes on) and Reason, the rule
// ("checkmate", "stalemate", "insufficient material" (chess and xiangqi
// dead positions), "threefold repetition", "fivefold repetition",
// "fifty-move rule", "seventy-five-move rule", "perpetual check",
// "perpetual chase", "mutual perpetual check", "mutual perpetual chase",
// "natural-move limit"), or "ongoing". In JSON it is
// {"result":"1-0","reason":"checkmate"}.
type Verdict struct {
	Result position.Result `json:"result"`
	Reason string          `json:"reason"`
}

// Ongoing is the verdict on a game that goes on.
var Ongoing = Verdict{position.ResultUnknown, "ongoing"}

// Options tunes the adjudication.
type Options struct {
	// NoClaims ignores the chess draws that a player must claim (threefold
	// repetition, fifty-move rule); the automatic fivefold repetition and
	// 75-move rule still end the game.
	NoClaims bool
	// Xiangqi are the xiangqi rule options Adjudicate judges a xiangqi
	// game by (natural-move limit, "one check, one chase"); the zero value
	// is the default (AXF). JudgeXiangqi reads them from the position.
	Xiangqi xiangqi.RuleOptions
}

// win returns the result of side c winning.
func win(c position.Color, reason string) Verdict { return Verdict{position.Win(c), reason} }

func draw(reason string) Verdict { return Verdict{position.Draw, reason} }

// Judge judges the current position of p, a *chess.Position (JudgeChess
// with opt) or a *xiangqi.Position (JudgeXiangqi); another type panics.
func Judge(p position.Game, opt Options) Verdict {
	switch p := p.(type) {
	case *chess.Position:
		return JudgeChess(p, opt)
	case *xiangqi.Position:
		return JudgeXiangqi(p)
	}
	panic(fmt.Sprintf("rules: cannot judge a %T", p))
}

// Undecided returns nil if the game goes on at p, else an error naming the
// verdict, "ends the game (1/2-1/2 stalemate)", with the chess draws a
// player may claim granted, as the match referee grants them: the check an
// opening must pass (see notation.ParseOpenings).
func Undecided(p position.Game) error {
	if v := Judge(p, Options{}); v.Result != position.ResultUnknown {
		return fmt.Errorf("ends the game (%s %s)", v.Result, v.Reason)
	}
	return nil
}

// JudgeChess judges the current position of p, with its history (the
// States linked through Prev), by the FIDE Laws, in this order: checkmate,
// stalemate, insufficient material, fivefold repetition, the 75-move rule,
// then (unless opt.NoClaims) threefold repetition and the fifty-move rule.
// p is not changed.
func JudgeChess(p *chess.Position, opt Options) Verdict {
	var list position.MoveList
	p.GenerateLegal(&list)
	if list.Len == 0 {
		if p.InCheck() {
			return win(p.SideToMove().Flip(), "checkmate")
		}
		return draw("stalemate")
	}
	if p.InsufficientMaterial() {
		return draw("insufficient material")
	}
	st := p.State()
	if repetitions(st) >= 5 {
		return draw("fivefold repetition")
	}
	if st.Rule50 >= 150 {
		return draw("seventy-five-move rule")
	}
	if opt.NoClaims {
		return Ongoing
	}
	if _, decided := p.RuleVerdict(0); decided {
		if st.Rule50 >= 100 {
			return draw("fifty-move rule")
		}
		return draw("threefold repetition")
	}
	return Ongoing
}

// repetitions counts the occurrences of the current position (key and side
// to move) since the last irreversible move, the current one included.
func repetitions(st *position.State) int {
	n := 1
	end := min(st.Rule50, st.PliesFromNull)
	s := st
	for i := 2; i <= end; i += 2 {
		if s.Prev == nil || s.Prev.Prev == nil {
			break
		}
		s = s.Prev.Prev
		if s.Key == st.Key {
			n++
		}
	}
	return n
}

// JudgeXiangqi judges the current position of p, with its history, by the
// rules the engine searches with: a side with no legal move has lost
// ("checkmate" when in check, else "stalemate"), then
// xiangqi.Position.RuleOutcome(0): a dead position ("insufficient
// material": no rook, horse, cannon or pawn on the board), a threefold
// repetition (a draw, or a loss for a side that checked or chased
// perpetually) or the natural-move limit.
// p is not changed.
func JudgeXiangqi(p *xiangqi.Position) Verdict {
	var list position.MoveList
	p.GenerateLegal(&list)
	if list.Len == 0 {
		if p.InCheck() {
			return win(p.SideToMove().Flip(), "checkmate")
		}
		return win(p.SideToMove().Flip(), "stalemate")
	}
	v, rule, decided := p.RuleOutcome(0)
	if !decided {
		return Ongoing
	}
	switch {
	case v == position.ValueDraw:
		return draw(rule.String())
	case v > 0:
		return win(p.SideToMove(), rule.String())
	}
	return win(p.SideToMove().Flip(), rule.String())
}

// Outcome is an adjudicated game: the result, and the ply after which it
// was decided (0 = the start position; -1 while the game goes on).
type Outcome struct {
	Verdict
	Ply int
}

// Adjudicate replays g from its start position and returns the first
// result a rule decides (after the start position or after any move). The
// moves after that point are still checked for legality; the game is
// decided where a rule first ended it. It returns an error naming the move
// number, side and move if a move is not legal, or if the start position is
// not valid.
func Adjudicate(g *notation.Game, opt Options) (Outcome, error) {
	if g.Variant == position.Xiangqi {
		return adjudicateXiangqi(g, opt.Xiangqi)
	}
	return adjudicateChess(g, opt)
}

func moveLabel(ply int, fullmove int, black bool, white, move string) string {
	side := white
	if black {
		side = "black"
	}
	return fmt.Sprintf("move %d (%s, ply %d) %s", fullmove, side, ply, move)
}

func adjudicateChess(g *notation.Game, opt Options) (Outcome, error) {
	parse := chess.NewFromFEN
	if g.Chess960 {
		parse = chess.NewFromFEN960
	}
	p, err := parse(g.StartFEN())
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Ongoing, -1}
	if r := JudgeChess(p, opt); r != Ongoing {
		out = Outcome{r, 0}
	}
	var hist position.History
	full := fullmove(g.StartFEN())
	for i, m := range g.Moves {
		black := p.SideToMove() == position.Black
		var list position.MoveList
		p.GenerateLegal(&list)
		if !list.Contains(m) {
			return Outcome{}, fmt.Errorf("%s: not legal in %s", moveLabel(i+1, full, black, "white", p.MoveString(m)), p.FEN())
		}
		hist.Do(p, m)
		if black {
			full++
		}
		if out.Ply < 0 {
			if r := JudgeChess(p, opt); r != Ongoing {
				out = Outcome{r, i + 1}
			}
		}
	}
	return out, nil
}

func adjudicateXiangqi(g *notation.Game, ro xiangqi.RuleOptions) (Outcome, error) {
	p, err := xiangqi.NewFromFEN(g.StartFEN())
	if err != nil {
		return Outcome{}, err
	}
	p.SetRules(ro)
	out := Outcome{Ongoing, -1}
	if r := JudgeXiangqi(p); r != Ongoing {
		out = Outcome{r, 0}
	}
	var hist position.History
	full := fullmove(g.StartFEN())
	for i, m := range g.Moves {
		black := p.SideToMove() == position.Black
		if !p.PseudoLegal(m) || !p.Legal(m) {
			return Outcome{}, fmt.Errorf("%s: not legal in %s", moveLabel(i+1, full, black, "red", xiangqi.MoveString(m)), p.FEN())
		}
		hist.Do(p, m)
		if black {
			full++
		}
		if out.Ply < 0 {
			if r := JudgeXiangqi(p); r != Ongoing {
				out = Outcome{r, i + 1}
			}
		}
	}
	return out, nil
}

// fullmove reads a FEN's fullmove number (1 when absent or not positive).
func fullmove(fen string) int {
	f := strings.Fields(fen)
	if len(f) >= 6 {
		n := 0
		if _, err := fmt.Sscanf(f[5], "%d", &n); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

// GameFromMoves builds a game record of variant v from a start FEN ("" or
// "startpos" for the standard start) and moves in the engine's coordinates
// (chess UCI "e2e4", "e7e8q"; xiangqi ICCS "h2e2", ranks 0-9) or in the
// game's notation (chess SAN "Nf3", "O-O", "e8=Q"; xiangqi WXF "C2=5"),
// mixed as the caller likes: a move that is not a coordinate move is read
// as SAN or WXF (notation.ParseSAN, notation.ParseWXF). A chess game
// is standard chess: castling rights must fit a king and rook on their
// standard squares (use GameFromMoves960 for Chess960). An error names the
// first move that is unreadable or illegal, with its move number, side and
// ply.
func GameFromMoves(v position.Variant, fen string, moves []string) (*notation.Game, error) {
	return gameFromMoves(v, false, fen, moves)
}

// GameFromMoves960 is GameFromMoves for a Chess960 game: the FEN may carry
// X-FEN or Shredder-FEN castling rights, and castling is written king
// takes own rook ("e1h1").
func GameFromMoves960(fen string, moves []string) (*notation.Game, error) {
	return gameFromMoves(position.Chess, true, fen, moves)
}

func gameFromMoves(v position.Variant, chess960 bool, fen string, moves []string) (*notation.Game, error) {
	if fen == "startpos" {
		fen = ""
	}
	g := &notation.Game{Variant: v, FEN: fen, Chess960: chess960 && v == position.Chess}
	start := g.StartFEN()
	full := fullmove(start)
	switch v {
	case position.Xiangqi:
		p, err := xiangqi.NewFromFEN(start)
		if err != nil {
			return nil, err
		}
		var hist position.History
		for i, s := range moves {
			black := p.SideToMove() == position.Black
			m, err := p.ParseMove(s)
			if err != nil && !xiangqiCoord(s) {
				m, err = notation.ParseWXF(p, s)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", moveLabel(i+1, full, black, "red", fmt.Sprintf("%q", s)), err)
			}
			hist.Do(p, m)
			g.Moves = append(g.Moves, m)
			if black {
				full++
			}
		}
	default:
		parse := chess.NewFromFEN
		if g.Chess960 {
			parse = chess.NewFromFEN960
		}
		p, err := parse(start)
		if err != nil {
			return nil, err
		}
		var hist position.History
		for i, s := range moves {
			black := p.SideToMove() == position.Black
			m, err := p.ParseMove(s)
			if err != nil && !chessCoord(s) {
				m, err = notation.ParseSAN(p, s)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", moveLabel(i+1, full, black, "white", fmt.Sprintf("%q", s)), err)
			}
			hist.Do(p, m)
			g.Moves = append(g.Moves, m)
			if black {
				full++
			}
		}
	}
	return g, nil
}

// chessCoord reports whether s has the shape of a UCI move ("e2e4",
// "e7e8q"): its errors are the coordinate parser's, not SAN's.
func chessCoord(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
	}
	return len(s) == 4 || strings.IndexByte("qrbn", s[4]) >= 0
}

// xiangqiCoord reports whether s has the shape of an ICCS move ("h2e2"):
// its errors are the coordinate parser's, not WXF's.
func xiangqiCoord(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'i' || s[i+1] < '0' || s[i+1] > '9' {
			return false
		}
	}
	return true
}

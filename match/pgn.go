// PGN output of finished games and PGN openings.
package match

import (
	"fmt"
	"io"
	"strings"
	"time"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// PGNTags are the match-level tags of a game.
type PGNTags struct {
	Event, Round, TimeControl string
}

// moveText renders the game's moves. Chess moves are SAN (so the PGN loads
// in other chess tools such as chess.js); xiangqi moves are ICCS coordinates
// with ranks 0–9 (as Pikafish writes them; Fairy-Stockfish replays them with
// its ranks 1–10 after adding one to each rank).
func moveText(game, fen string, moves []string) ([]string, error) {
	if game != "chess" {
		return moves, nil
	}
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		return nil, err
	}
	states := make([]position.State, len(moves))
	out := make([]string, len(moves))
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		out[i] = notation.SAN(p, m)
		p.DoMove(m, &states[i])
	}
	return out, nil
}

// WritePGN appends one game.
func WritePGN(w io.Writer, game string, rec *GameRecord, tags PGNTags) error {
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %q]\n", k, v) }
	event := tags.Event
	if event == "" {
		event = "dualnnue match"
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", time.Now().UTC().Format("2006.01.02"))
	tag("Round", tags.Round)
	tag("White", rec.White)
	tag("Black", rec.Black)
	tag("Result", rec.Result)
	if game == "xiangqi" {
		tag("Variant", "xiangqi")
	}
	_, start, _ := newReferee(game)
	if rec.FEN != start {
		tag("SetUp", "1")
		tag("FEN", rec.FEN)
	}
	if tags.TimeControl != "" {
		tag("TimeControl", tags.TimeControl)
	}
	tag("PlyCount", fmt.Sprint(len(rec.Moves)))
	tag("Termination", rec.Reason)
	b.WriteByte('\n')
	moves, err := moveText(game, rec.FEN, rec.Moves)
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	black := strings.Fields(rec.FEN)
	blackFirst := len(black) > 1 && black[1] == "b"
	moveNo := 1
	if f := strings.Fields(rec.FEN); len(f) >= 6 {
		fmt.Sscan(f[5], &moveNo)
		moveNo = max(moveNo, 1)
	}
	col := 0
	emit := func(s string) {
		if col > 0 && col+1+len(s) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	for i, m := range moves {
		white := (i%2 == 0) != blackFirst
		switch {
		case white:
			emit(fmt.Sprintf("%d.", moveNo))
		case i == 0:
			emit(fmt.Sprintf("%d...", moveNo))
		}
		emit(m)
		if i < len(rec.Comments) && rec.Comments[i] != "" {
			emit("{" + rec.Comments[i] + "}")
		} else if i < rec.BookPlies {
			emit("{book}")
		}
		if !white {
			moveNo++
		}
	}
	emit(rec.Result)
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// ReadPGNOpenings reads the start position and moves of every PGN game as
// an opening (chess SAN; xiangqi WXF or ICCS, as package notation reads
// them). A game of another variant is an error.
func ReadPGNOpenings(r io.Reader, game string) ([]Opening, error) {
	games, err := notation.ReadPGN(r)
	if err != nil {
		return nil, err
	}
	pos, _, err := newReferee(game)
	if err != nil {
		return nil, err
	}
	var out []Opening
	for i, g := range games {
		if (g.Variant == notation.Xiangqi) != (game == "xiangqi") {
			return nil, fmt.Errorf("PGN game %d is not a %s game", i+1, game)
		}
		if g.Chess960 {
			return nil, fmt.Errorf("PGN game %d is a Chess960 game; matches play standard chess", i+1)
		}
		op := Opening{FEN: g.StartFEN()}
		if err := pos.SetFEN(op.FEN); err != nil {
			return nil, fmt.Errorf("PGN game %d: %w", i+1, err)
		}
		states := make([]position.State, len(g.Moves))
		for k, m := range g.Moves {
			op.Moves = append(op.Moves, pos.MoveString(m))
			pos.DoMove(m, &states[k])
		}
		out = append(out, op)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no PGN games")
	}
	return out, nil
}

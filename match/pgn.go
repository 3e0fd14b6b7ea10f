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
	// Ranks1 writes xiangqi moves with ranks 1–10, the dialect of
	// Fairy-Stockfish and the tools built on it ("h3e3"), instead of the
	// ICCS/UCCI ranks 0–9 ("h2e2") that Pikafish and this project use.
	Ranks1 bool
}

// moveText renders the game's moves. Chess moves are SAN (so the PGN loads
// in other chess tools such as chess.js); xiangqi moves are coordinates
// with ranks 0–9 (ICCS, as Pikafish writes them) or, with ranks1, 1–10 (as
// Fairy-Stockfish writes them).
func moveText(game, fen string, moves []string, ranks1 bool) ([]string, error) {
	if game != "chess" {
		if !ranks1 {
			return moves, nil
		}
		out := make([]string, len(moves))
		for i, m := range moves {
			out[i] = notation.ToRanks1(m)
		}
		return out, nil
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

// WritePGN appends one game. A xiangqi game carries [Variant "xiangqi"] and
// [XiangqiRanks "0-9"] or [XiangqiRanks "1-10"] (tags.Ranks1), which says
// how its coordinate moves number the ranks (see notation.XiangqiRanksTag).
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
	tag("Result", rec.Result.String())
	if game == "xiangqi" {
		tag("Variant", "xiangqi")
		ranks := notation.Ranks0
		if tags.Ranks1 {
			ranks = notation.Ranks1
		}
		tag(notation.XiangqiRanksTag, ranks)
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
	moves, err := moveText(game, rec.FEN, rec.Moves, tags.Ranks1)
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
	emit(rec.Result.String())
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// ReadPGNOpenings reads the start position and moves of every PGN game as
// an opening (chess SAN; xiangqi WXF or ICCS, or ranks 1–10 under
// [XiangqiRanks "1-10"], as package notation reads them). A game of
// another variant is an error.
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
		if (g.Variant == position.Xiangqi) != (game == "xiangqi") {
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

// pgnGame builds the notation record of rec: the match's tags, the moves
// with the engines' comments ("{book}" on opening moves without one) and
// the result, and the xiangqi rank numbering tags asks for.
func pgnGame(game string, rec *GameRecord, tags PGNTags) (*notation.Game, notation.WriteOptions, error) {
	var opt notation.WriteOptions
	pos, start, err := newReferee(game)
	if err != nil {
		return nil, opt, err
	}
	v, _ := position.ParseVariant(game)
	g := &notation.Game{Variant: v, Result: rec.Result}
	if rec.FEN != start {
		g.FEN = rec.FEN
	}
	if v == position.Xiangqi {
		opt.Xiangqi = notation.FormatCoordinates
		if tags.Ranks1 {
			opt.Xiangqi = notation.FormatCoordinatesRanks1
		}
	}
	event := tags.Event
	if event == "" {
		event = "dualnnue match"
	}
	g.Tags = []notation.Tag{{Name: "Event", Value: event}, {Name: "Site", Value: "?"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")}, {Name: "Round", Value: tags.Round},
		{Name: "White", Value: rec.White}, {Name: "Black", Value: rec.Black}}
	if tags.TimeControl != "" {
		g.SetTag("TimeControl", tags.TimeControl)
	}
	g.SetTag("PlyCount", fmt.Sprint(len(rec.Moves)))
	g.SetTag("Termination", rec.Reason)
	if err := pos.SetFEN(rec.FEN); err != nil {
		return nil, opt, err
	}
	states := make([]position.State, len(rec.Moves))
	g.Moves = make([]position.Move, len(rec.Moves))
	g.Comments = make([]string, len(rec.Moves))
	for i, s := range rec.Moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, opt, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		g.Moves[i] = m
		pos.DoMove(m, &states[i])
		if i < len(rec.Comments) && rec.Comments[i] != "" {
			g.Comments[i] = rec.Comments[i]
		} else if i < rec.BookPlies {
			g.Comments[i] = "book"
		}
	}
	return g, opt, nil
}

// writePGNNotation is WritePGN through notation.WritePGN.
func writePGNNotation(w io.Writer, game string, rec *GameRecord, tags PGNTags) error {
	g, opt, err := pgnGame(game, rec, tags)
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return notation.WritePGN(w, g, opt)
}

// PGN output of finished games, through package notation.
package match

import (
	"fmt"
	"io"
	"time"

	"dualnnue/notation"
	"dualnnue/position"
)

// PGNTags are the match-level tags of a game.
type PGNTags struct {
	Event, Round, TimeControl string
	// Ranks1 writes xiangqi moves with ranks 1–10, the dialect of
	// Fairy-Stockfish and the tools built on it ("h3e3"), instead of the
	// ICCS/UCCI ranks 0–9 ("h2e2") that Pikafish and this project use.
	Ranks1 bool
}

// pgnGame builds the notation record of rec: the match's tags, the moves
// with the engines' comments ("{book}" on opening moves without one) and
// the result, and the xiangqi rank numbering tags asks for.
func pgnGame(game position.Variant, rec *GameRecord, tags PGNTags) (*notation.Game, notation.WriteOptions, error) {
	var opt notation.WriteOptions
	pos, start, err := newReferee(game)
	if err != nil {
		return nil, opt, err
	}
	g := &notation.Game{Variant: game, Result: rec.Result}
	if rec.FEN != start {
		g.FEN = rec.FEN
	}
	if game == position.Xiangqi {
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
	var hist position.History
	g.Moves = make([]position.Move, len(rec.Moves))
	g.Comments = make([]string, len(rec.Moves))
	for i, s := range rec.Moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, opt, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		g.Moves[i] = m
		hist.Do(pos, m)
		if i < len(rec.Comments) && rec.Comments[i] != "" {
			g.Comments[i] = rec.Comments[i]
		} else if i < rec.BookPlies {
			g.Comments[i] = "book"
		}
	}
	return g, opt, nil
}

// WritePGN appends one game: the match's tags (Event, Date, Round, the
// engines, TimeControl, PlyCount, Termination), chess moves in SAN (so the
// PGN loads in other chess tools such as chess.js), xiangqi moves in the
// engines' coordinates under [Variant "xiangqi"] with [XiangqiRanks "0-9"]
// ("h2e2", as Pikafish writes them) or, with tags.Ranks1, [XiangqiRanks
// "1-10"] ("h3e3", as Fairy-Stockfish writes them; see
// notation.XiangqiRanksTag), each move followed by the engine's comment
// ("{+0.35/12 0.5s}", "{book}"). notation.WritePGN writes the record.
func WritePGN(w io.Writer, game position.Variant, rec *GameRecord, tags PGNTags) error {
	g, opt, err := pgnGame(game, rec, tags)
	if err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return notation.WritePGN(w, g, opt)
}

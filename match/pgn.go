// PGN output of finished games and PGN openings.
package match

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// PGNTags are the match-level tags of a game.
type PGNTags struct {
	Event, Round, TimeControl string
}

// moveText renders the game's moves. Chess moves are SAN (so the PGN loads
// in other chess tools); xiangqi moves are ICCS coordinates with ranks 0–9.
var moveText = func(game, fen string, moves []string) ([]string, error) { return moves, nil }

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

// ReadPGNOpenings reads the start positions and moves of PGN games as
// openings (moves in the game's coordinates; chess SAN is read when the
// notation package is linked in through pgnOpenings).
func ReadPGNOpenings(r io.Reader, game string) ([]Opening, error) {
	if pgnOpenings == nil {
		return nil, fmt.Errorf("PGN openings are not supported yet; use an EPD/FEN file")
	}
	return pgnOpenings(r, game)
}

var pgnOpenings func(r io.Reader, game string) ([]Opening, error)

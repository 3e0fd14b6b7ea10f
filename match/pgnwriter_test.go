package match

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/position"
)

// randomRecord plays up to plies random legal moves from fen and dresses
// them as a match record: book moves, engine comments (some missing), a
// result and a reason.
func randomRecord(t *testing.T, game, fen string, book, plies int, rng *rand.Rand) *GameRecord {
	t.Helper()
	pos, _, err := newReferee(game)
	if err != nil {
		t.Fatal(err)
	}
	if err := pos.SetFEN(fen); err != nil {
		t.Fatal(err)
	}
	rec := &GameRecord{White: "engine a", Black: `b "quoted" \ name`, FEN: pos.FEN(), BookPlies: book, Fault: -1,
		Result: position.Result(rng.IntN(4)), Reason: "adjudication: draw"}
	states := make([]position.State, plies)
	for i := 0; i < plies; i++ {
		var list position.MoveList
		pos.GenerateLegal(&list)
		if list.Len == 0 {
			break
		}
		m := list.Moves[rng.IntN(list.Len)]
		rec.Moves = append(rec.Moves, pos.MoveString(m))
		c := ""
		switch {
		case i < book:
		case rng.IntN(8) == 0: // an engine without a score
			c = fmt.Sprintf("%.3fs", rng.Float64())
		case rng.IntN(8) == 0:
		default:
			c = fmt.Sprintf("%+.2f/%d %.3fs", rng.Float64()*6-3, 1+rng.IntN(30), rng.Float64())
		}
		rec.Comments = append(rec.Comments, c)
		pos.DoMove(m, &states[i])
	}
	return rec
}

// TestPGNWriterThroughNotation: the match's records written through
// notation.WritePGN are byte for byte what the match's own writer wrote.
func TestPGNWriterThroughNotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	starts := map[string][]string{
		"chess": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			"8/P7/8/8/8/8/7k/K7 w - - 0 57"},
		"xiangqi": {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
			"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 12"},
	}
	n := 0
	for _, game := range []string{"chess", "xiangqi"} {
		for _, fen := range starts[game] {
			for k := 0; k < 6; k++ {
				rec := randomRecord(t, game, fen, rng.IntN(9), rng.IntN(160), rng)
				tags := PGNTags{Event: "e", Round: fmt.Sprintf("%d.%d", k+1, 2), Ranks1: k%2 == 1}
				if k%3 == 0 {
					tags.TimeControl = "10+0.1"
				}
				if k == 5 {
					tags.Event, rec.Comments = "", nil
				}
				var old, now strings.Builder
				if err := WritePGN(&old, game, rec, tags); err != nil {
					t.Fatal(err)
				}
				if err := writePGNNotation(&now, game, rec, tags); err != nil {
					t.Fatal(err)
				}
				if old.String() != now.String() {
					t.Fatalf("%s from %s:\nold\n%s\nnew\n%s", game, fen, old.String(), now.String())
				}
				n++
			}
		}
	}
	t.Logf("%d records written the same", n)
}

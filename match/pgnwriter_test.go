package match

import (
	"regexp"
	"strings"
	"testing"

	"dualnnue/position"
)

// TestWritePGNExact pins the match's PGN records byte for byte, as the
// match's own writer wrote them before it was replaced by notation.WritePGN
// (outputs of that writer; the test that compared the two on 42 random
// records is in the history): a chess game from a FEN with Black to move
// and a xiangqi game with ranks 1–10, each with book moves, engine comments
// (some without a score, some missing) and quoting in a tag.
func TestWritePGNExact(t *testing.T) {
	for _, c := range []struct {
		game   string
		rec    GameRecord
		ranks1 bool
		want   string
	}{
		{"chess", GameRecord{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			Moves:    strings.Fields("g8h6 g2g3 b7b5 b2b4 f7f6 d1h5 h6f7 f1b5 a7a5 e1d1 g7g5 b5f1 c8a6 h5f7 e8f7 f1h3 d7d6 h3e6 f7g6 e6c4 d8e8 c4a6 h7h6 a6d3"),
			Comments: []string{"", "", "", "+1.56/16 0.025s", "-2.08/12 0.717s", "+2.03/6 0.723s", "-0.21/27 0.665s", "0.874s", "-0.26/28 0.124s", "0.449s", "-1.12/6 0.268s", "+0.18/30 0.949s", "+1.01/25 0.508s", "", "-0.82/30 0.986s", "-0.66/27 0.488s", "+1.36/2 0.349s", "-0.98/8 0.143s", "0.791s", "-2.09/15 0.394s", "-0.85/7 0.920s", "+1.13/15 0.773s", "-0.53/19 0.600s", "-0.37/16 0.500s"}},
			false,
			"[Event \"golden\"]\n[Site \"?\"]\n[Date \"DATE\"]\n[Round \"3.1\"]\n[White \"engine a\"]\n[Black \"b \\\"quoted\\\" \\\\ name\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[TimeControl \"nodes=5000\"]\n[PlyCount \"24\"]\n[Termination \"adjudication: draw\"]\n\n1... Nh6 {book} 2. g3 {book} b5 {book} 3. b4 {+1.56/16 0.025s} f6\n{-2.08/12 0.717s} 4. Qh5+ {+2.03/6 0.723s} Nf7 {-0.21/27 0.665s} 5. Bxb5\n{0.874s} a5 {-0.26/28 0.124s} 6. Kd1 {0.449s} g5 {-1.12/6 0.268s} 7. Bf1\n{+0.18/30 0.949s} Ba6 {+1.01/25 0.508s} 8. Qxf7+ Kxf7 {-0.82/30 0.986s} 9. Bh3\n{-0.66/27 0.488s} d6 {+1.36/2 0.349s} 10. Be6+ {-0.98/8 0.143s} Kg6 {0.791s}\n11. Bc4 {-2.09/15 0.394s} Qe8 {-0.85/7 0.920s} 12. Bxa6 {+1.13/15 0.773s} h6\n{-0.53/19 0.600s} 13. Bd3 {-0.37/16 0.500s} 1-0\n\n"},
		{"xiangqi", GameRecord{FEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
			Moves:    strings.Fields("h2h9 b7g7 b2a2 g6g5 a2b2 h7h5 b2f2 g7f7 b0c2 f7e7 f2f6 a9a7 c3c4 a7c7 c2a1 h5h1 a1b3 e7e3 a0a2 c9e7 f6f4 b9d8 a2c2 e6e5"),
			Comments: []string{"", "", "", "-0.73/29 0.051s", "-1.64/14 0.790s", "-0.41/14 0.794s", "-1.24/3 0.698s", "+2.24/23 0.695s", "+0.78/26 0.699s", "-2.57/24 0.719s", "-0.26/4 0.007s", "-1.44/17 0.630s", "-0.57/25 0.232s", "-1.38/27 0.448s", "+0.81/14 0.251s", "+1.11/16 0.847s", "+1.58/24 0.260s", "-2.51/12 0.210s", "", "+1.28/20 0.522s", "+1.46/2 0.600s", "+2.11/6 0.092s", "0.828s", "+1.58/16 0.330s"}},
			true,
			"[Event \"golden\"]\n[Site \"?\"]\n[Date \"DATE\"]\n[Round \"3.1\"]\n[White \"engine a\"]\n[Black \"b \\\"quoted\\\" \\\\ name\"]\n[Result \"1-0\"]\n[Variant \"xiangqi\"]\n[XiangqiRanks \"1-10\"]\n[TimeControl \"nodes=5000\"]\n[PlyCount \"24\"]\n[Termination \"adjudication: draw\"]\n\n1. h3h10 {book} b8g8 {book} 2. b3a3 {book} g7g6 {-0.73/29 0.051s} 3. a3b3\n{-1.64/14 0.790s} h8h6 {-0.41/14 0.794s} 4. b3f3 {-1.24/3 0.698s} g8f8\n{+2.24/23 0.695s} 5. b1c3 {+0.78/26 0.699s} f8e8 {-2.57/24 0.719s} 6. f3f7\n{-0.26/4 0.007s} a10a8 {-1.44/17 0.630s} 7. c4c5 {-0.57/25 0.232s} a8c8\n{-1.38/27 0.448s} 8. c3a2 {+0.81/14 0.251s} h6h2 {+1.11/16 0.847s} 9. a2b4\n{+1.58/24 0.260s} e8e4 {-2.51/12 0.210s} 10. a1a3 c10e8 {+1.28/20 0.522s} 11.\nf7f5 {+1.46/2 0.600s} b10d9 {+2.11/6 0.092s} 12. a3c3 {0.828s} e7e6\n{+1.58/16 0.330s} 1-0\n\n"},
	} {
		rec := c.rec
		rec.White, rec.Black, rec.BookPlies, rec.Result, rec.Reason, rec.Fault = "engine a", `b "quoted" \ name`, 3, position.WhiteWin, "adjudication: draw", -1
		var b strings.Builder
		if err := WritePGN(&b, variantOf(c.game), &rec, PGNTags{Event: "golden", Round: "3.1", TimeControl: "nodes=5000", Ranks1: c.ranks1}); err != nil {
			t.Fatal(err)
		}
		got := regexp.MustCompile(`\[Date "\d{4}\.\d\d\.\d\d"\]`).ReplaceAllString(b.String(), `[Date "DATE"]`)
		if got != c.want {
			t.Errorf("%s record:\n%s\nwant\n%s", c.game, got, c.want)
		}
	}
}

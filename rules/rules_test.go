// Adjudication tests: chess end cases, the result cases of cases.jsonl (the play result command is tested in cmd/play).
package rules

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

type endCase struct {
	id, why string
	fen     string
	moves   string
	noClaim bool
	want    Verdict
	ply     int // -1: ongoing
}

// chessEnds: every case with "fsf" in its description was replayed in
// Fairy-Stockfish (ffish 0.7.10, isGameOver(claimDraw)/result after each
// ply) and ends at the same ply with the same result; Fairy-Stockfish has
// no fivefold or 75-move rule, so those cases are checked by hand against
// FIDE Laws 9.6.1 and 9.6.2.
var chessEnds = []endCase{
	{"fool", "fool's mate, fsf", chess.StartFEN, "f2f3 e7e5 g2g4 d8h4", false, Verdict{position.BlackWin, "checkmate"}, 4},
	{"scholar", "scholar's mate, fsf", chess.StartFEN, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", false, Verdict{position.WhiteWin, "checkmate"}, 7},
	{"stalemate-start", "black to move has no move and is not in check, fsf", "k7/8/1Q6/8/8/8/8/7K b - - 0 1", "", false, Verdict{position.Draw, "stalemate"}, 0},
	{"stalemate-move", "the queen move stalemates, fsf", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", "c5b6", false, Verdict{position.Draw, "stalemate"}, 1},
	{"KvK", "bare kings, fsf", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "", false, Verdict{position.Draw, "insufficient material"}, 0},
	{"KNvK", "a lone knight cannot mate, fsf", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", "", false, Verdict{position.Draw, "insufficient material"}, 0},
	{"KBvK", "a lone bishop cannot mate, fsf", "8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", "", false, Verdict{position.Draw, "insufficient material"}, 0},
	{"KBvKB-opposite", "bishops on opposite colours can still mate, fsf", "8/8/8/4k3/5b2/3K4/8/1B6 w - - 0 1", "", false, Ongoing, -1},
	{"KNvKN", "knight against knight can still mate (helpmate), fsf", "8/8/4k3/5n2/8/3K4/8/6N1 w - - 0 1", "", false, Ongoing, -1},
	{"capture-to-KNvK", "taking the last rook leaves king and knight against king, fsf", "8/8/4k3/8/8/3K4/4r3/6N1 w - - 0 1", "g1e2", false, Verdict{position.Draw, "insufficient material"}, 1},
	{"threefold", "knights out and back twice: the start position occurs a third time, fsf", chess.StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", false, Verdict{position.Draw, "threefold repetition"}, 8},
	{"threefold-unclaimed", "the same without claims goes on", chess.StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", true, Ongoing, -1},
	{"fivefold", "without claims, the fifth occurrence ends the game (FIDE 9.6.1)", chess.StartFEN,
		"g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", true, Verdict{position.Draw, "fivefold repetition"}, 16},
	{"fifty", "the hundredth quiet ply, fsf", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 70", "a1a2", false, Verdict{position.Draw, "fifty-move rule"}, 1},
	{"fifty-unclaimed", "the same without claims goes on", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 70", "a1a2", true, Ongoing, -1},
	{"seventy-five", "the hundred-and-fiftieth quiet ply ends the game (FIDE 9.6.2)", "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 95", "a1a2", true, Verdict{position.Draw, "seventy-five-move rule"}, 1},
	{"mate-on-fifty", "a mate on the hundredth quiet ply is a mate, fsf", "k7/8/1K6/8/8/8/8/7R w - - 99 80", "h1h8", false, Verdict{position.WhiteWin, "checkmate"}, 1},
	{"mate-on-seventy-five", "a mate on the hundred-and-fiftieth quiet ply is a mate (FIDE 9.6.2)", "k7/8/1K6/8/8/8/8/7R w - - 149 80", "h1h8", true, Verdict{position.WhiteWin, "checkmate"}, 1},
	{"ep-counts", "the position after e2-e4 with a legal en-passant reply differs from its later copies: the draw comes at ply 10, not 9, fsf",
		"4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1", false, Verdict{position.Draw, "threefold repetition"}, 10},
	{"ep-void", "after e2-e4 with no pawn to take en passant the position equals its later copies: the draw comes at ply 9, fsf",
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1", false, Verdict{position.Draw, "threefold repetition"}, 9},
	{"castling-counts", "rights lost by the rook moves make the first position different: the draw comes at ply 10, not 8, fsf",
		"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "h1h2 a8a7 h2h1 a7a8 h1h2 a8a7 h2h1 a7a8 h1h2 a8a7 h2h1 a7a8", false, Verdict{position.Draw, "threefold repetition"}, 10},
	{"CH-03", "en passant delivers mate, fsf", "5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6", "d5e6", false, Verdict{position.WhiteWin, "checkmate"}, 1},
}

func TestChessEnds(t *testing.T) {
	if len(chessEnds) < 20 {
		t.Fatalf("%d cases", len(chessEnds))
	}
	for _, c := range chessEnds {
		g, err := GameFromMoves(position.Chess, c.fen, strings.Fields(c.moves))
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		out, err := Adjudicate(g, Options{NoClaims: c.noClaim})
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if out.Verdict != c.want || out.Ply != c.ply {
			t.Errorf("%s (%s): %v at ply %d; want %v at ply %d", c.id, c.why, out.Verdict, out.Ply, c.want, c.ply)
		}
	}
}

// TestChessCases: CH-05 (capture-promotion mate) and CH-11's table of
// insufficient-material positions.
func TestChessCases(t *testing.T) {
	cases := loadCases(t)
	c := cases["CH-05-result-capture-promotion-mates"]
	g, err := GameFromMoves(position.Chess, "startpos", c.Moves)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Adjudicate(g, Options{}); err != nil || out.Verdict != (Verdict{position.WhiteWin, "checkmate"}) || out.Ply != 9 {
		t.Errorf("CH-05: %v %v", out, err)
	}
	var e struct {
		Table map[string]string `json:"table"`
	}
	if err := json.Unmarshal(cases["CH-11-result-same-coloured-bishops-dead-draw"].Expected, &e); err != nil || len(e.Table) != 4 {
		t.Fatalf("CH-11: %v", err)
	}
	for fen, want := range e.Table {
		p, err := chess.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		got := JudgeChess(p, Options{})
		if (want == "draw") != (got == Verdict{position.Draw, "insufficient material"}) {
			t.Errorf("CH-11 %s: %v, want %s", fen, got, want)
		}
	}
}

// TestXiangqiCases: the xiangqi result cases judged over the whole record.
// XQ-14 is disputed between engines; we follow the AXF rules (see
// position/xiangqi TestCasesRepetition): red's perpetual chase loses.
func TestXiangqiCases(t *testing.T) {
	cases := loadCases(t)
	for id, want := range map[string]Outcome{
		"XQ-07-result-stalemate-loses":               {Verdict{position.WhiteWin, "stalemate"}, 0},
		"XQ-08-result-cannon-perpetual-chase-loses":  {Verdict{position.BlackWin, "perpetual chase"}, 9},
		"XQ-09-result-mutual-perpetual-check-draw":   {Verdict{position.Draw, "mutual perpetual check"}, 8},
		"XQ-10-result-soldier-chase-is-allowed":      {Verdict{position.Draw, "threefold repetition"}, 9},
		"XQ-11-result-soldier-perpetual-check-loses": {Verdict{position.WhiteWin, "perpetual check"}, 8},
		"XQ-14-result-engines-disagree-on-chase":     {Verdict{position.BlackWin, "perpetual chase"}, 8},
	} {
		c, ok := cases[id]
		if !ok {
			t.Errorf("case %s missing", id)
			continue
		}
		g, err := GameFromMoves(position.Xiangqi, c.FEN, c.Moves)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		out, err := Adjudicate(g, Options{})
		if err != nil || out != want {
			t.Errorf("%s: %v %v, want %v", id, out, err, want)
		}
	}
}

// TestXiangqiMutualAndHeld: two repetition rulings judged over the whole
// record as play result judges them (the full tables are in package
// xiangqi, cases M01 and D39). A rook circling a horse that circles it back
// is a mutual perpetual chase: both break the rule in one cycle, a draw
// (Fairy-Stockfish agrees). A rook kept under attack while it stands on the
// leg of a horse aimed at its general is chased perpetually (AXF Rule 19,
// Diagram 39): red loses.
func TestXiangqiMutualAndHeld(t *testing.T) {
	circle := "b1b2 d2c0 b2c2 c0a1 c2c1 a1b3 c1b1 b3d2 "
	for _, c := range []struct {
		id, fen, moves string
		want           Outcome
	}{
		{"mutual chase", "5k3/9/9/9/9/9/9/3n5/1R7/3K5 w - - 0 1", circle + circle,
			Outcome{Verdict{position.Draw, "mutual perpetual chase"}, 16}},
		{"held rook", "3ak4/5rN2/9/9/5R3/9/9/9/9/3K5 w - - 0 1", "f5f3 d9e8 f3f5 e8d9 f5f3 d9e8 f3f5 e8d9",
			Outcome{Verdict{position.BlackWin, "perpetual chase"}, 8}},
	} {
		g, err := GameFromMoves(position.Xiangqi, c.fen, strings.Fields(c.moves))
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		out, err := Adjudicate(g, Options{})
		if err != nil || out != c.want {
			t.Errorf("%s: %v %v, want %v", c.id, out, err, c.want)
		}
	}
}

// TestXiangqiNaturalLimit: 120 plies without a capture draw; the limit is
// configurable; no legal move at the limit still loses.
func TestXiangqiNaturalLimit(t *testing.T) {
	g, _ := GameFromMoves(position.Xiangqi, "3k5/9/9/p8/9/9/9/9/9/4K4 w - - 119 80", []string{"e0f0"})
	if out, _ := Adjudicate(g, Options{}); out != (Outcome{Verdict{position.Draw, "natural-move limit"}, 1}) {
		t.Errorf("limit 120: %v", out)
	}
	if out, _ := Adjudicate(g, Options{Xiangqi: xiangqi.RuleOptions{NaturalLimitPlies: 200}}); out.Ply != -1 {
		t.Errorf("limit 200: %v", out)
	}
	g, _ = GameFromMoves(position.Xiangqi, "3k5/2P6/9/9/9/4R4/9/9/9/4K4 b - - 120 80", nil)
	if out, _ := Adjudicate(g, Options{}); out != (Outcome{Verdict{position.WhiteWin, "stalemate"}, 0}) {
		t.Errorf("no move at the limit: %v", out)
	}
}

// TestIllegalMoveErrors: the error names the move number, side, ply and move.
func TestIllegalMoveErrors(t *testing.T) {
	_, err := GameFromMoves(position.Chess, "startpos", strings.Fields("e2e4 e7e5 g1f3 b8c6 f3g5 d8h4"))
	if err == nil || !strings.Contains(err.Error(), `move 3 (black, ply 6) "d8h4"`) {
		t.Errorf("chess: %v", err)
	}
	_, err = GameFromMoves(position.Xiangqi, "startpos", strings.Fields("h2e2 h9g7 e2e9"))
	if err == nil || !strings.Contains(err.Error(), `move 2 (red, ply 3) "e2e9"`) {
		t.Errorf("xiangqi: %v", err)
	}
	_, err = GameFromMoves(position.Xiangqi, "startpos", []string{"z9z9"})
	if err == nil || !strings.Contains(err.Error(), `move 1 (red, ply 1) "z9z9"`) {
		t.Errorf("xiangqi garbage: %v", err)
	}
	if _, err := GameFromMoves(position.Chess, "8/8/8 w", nil); err == nil {
		t.Error("bad FEN accepted")
	}
}

// judge is the JSON line `play result` prints for the game of variant
// ("chess", "chess960" or "xiangqi") from fen with moves, or the error
// for which it exits 1.
func judge(variant, fen, moves string) (string, error) {
	v, c960, err := notation.ParseVariant(variant)
	if err != nil {
		return "", err
	}
	var g *notation.Game
	if c960 {
		g, err = GameFromMoves960(fen, strings.Fields(moves))
	} else {
		g, err = GameFromMoves(v, fen, strings.Fields(moves))
	}
	if err != nil {
		return "", err
	}
	return judgeGames([]*notation.Game{g})
}

// judgePGN is judge for the games of a PGN text.
func judgePGN(pgn string) (string, error) {
	games, err := notation.ReadPGN(strings.NewReader(pgn))
	if err != nil {
		return "", err
	}
	return judgeGames(games)
}

func judgeGames(games []*notation.Game) (string, error) {
	var out bytes.Buffer
	for _, g := range games {
		o, err := Adjudicate(g, Options{})
		if err != nil {
			return "", err
		}
		if err := json.NewEncoder(&out).Encode(o.Verdict); err != nil {
			return "", err
		}
	}
	return out.String(), nil
}

// loadCases reads the repository's testdata/cases/cases.jsonl.
func loadCases(t *testing.T) map[string]struct {
	FEN      string          `json:"fen"`
	Moves    []string        `json:"moves"`
	Expected json.RawMessage `json:"expected"`
} {
	t.Helper()
	type rec = struct {
		FEN      string          `json:"fen"`
		Moves    []string        `json:"moves"`
		Expected json.RawMessage `json:"expected"`
	}
	f, err := os.Open(filepath.Join(sharedtest.Dir(t), "cases", "cases.jsonl"))
	if err != nil {
		t.Fatalf("test data: %v", err)
	}
	defer f.Close()
	out := map[string]rec{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r struct {
			ID string `json:"id"`
			rec
		}
		if len(sc.Bytes()) == 0 {
			continue
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out[r.ID] = r.rec
	}
	return out
}

// TestCH28StandardCastlingRights: `play result` (flags and PGN) refuses a
// standard-chess FEN whose castling rights do not fit a king and rook on
// their standard squares (an error: exit 1) and judges the same
// FEN as Chess960 with -game chess960 or a Chess960 Variant tag, where
// e8g8 is the black king taking its g8 rook.
func TestCH28StandardCastlingRights(t *testing.T) {
	const fen = "2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b kq - 0 1"
	if out, err := judge("chess", fen, ""); err == nil || !strings.Contains(err.Error(), "impossible in standard chess") {
		t.Errorf("standard: %q %v", out, err)
	}
	if _, err := GameFromMoves(position.Chess, fen, nil); err == nil {
		t.Error("GameFromMoves accepted the rights in standard chess")
	}
	out, err := judge("chess960", fen, "e8g8")
	if err != nil || out != `{"result":"*","reason":"ongoing"}`+"\n" {
		t.Errorf("chess960: %q %v", out, err)
	}
	g, err := GameFromMoves960(fen, []string{"e8g8"})
	if err != nil || !g.Chess960 || chess.Kind(g.Moves[0]) != chess.KindCastling {
		t.Errorf("GameFromMoves960: %+v %v", g, err)
	}
	pgn := "[Event \"a\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n1... Kd8 *\n"
	if out, err := judgePGN(pgn); err == nil || !strings.Contains(err.Error(), "impossible in standard chess") {
		t.Errorf("standard PGN: %q %v", out, err)
	}
	if out, err := judgePGN("[Variant \"Chess960\"]\n" + pgn); err != nil || out != `{"result":"*","reason":"ongoing"}`+"\n" {
		t.Errorf("Chess960 PGN: %q %v", out, err)
	}
}

// TestXiangqiDeadPositions: XQ-26 as play result judges it. A position
// with no rook, horse, cannon or pawn on the board is drawn at once (as
// Fairy-Stockfish and Pikafish rule), also when a capture creates it; a
// cannon or a pawn keeps the game going.
func TestXiangqiDeadPositions(t *testing.T) {
	dead := `{"result":"1/2-1/2","reason":"insufficient material"}` + "\n"
	ongoing := `{"result":"*","reason":"ongoing"}` + "\n"
	for _, c := range []struct{ fen, moves, want string }{
		{"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "", dead},
		{"2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1", "", dead},
		{"3k5/4a4/9/9/9/9/9/9/9/2C1K4 w - - 0 1", "", ongoing},
		{"3k5/9/9/9/9/9/9/9/4p4/4K4 w - - 0 1", "", ongoing},
		{"3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1", "d0e1", dead},
	} {
		if out, err := judge("xiangqi", c.fen, c.moves); err != nil || out != c.want {
			t.Errorf("%s %s: %q %v, want %q", c.fen, c.moves, out, err, c.want)
		}
	}
	g, err := GameFromMoves(position.Xiangqi, "3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1", []string{"d0e1", "d9d8"})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Adjudicate(g, Options{}); err != nil || out != (Outcome{Verdict{position.Draw, "insufficient material"}, 1}) {
		t.Errorf("capture into a dead position: %v %v, want a draw after ply 1", out, err)
	}
}

// TestXQ27CheckChase: "one check, one chase" (XQ-27) as play result judges
// it: a draw by default (AXF, as Fairy-Stockfish and Pikafish rule), red's
// perpetual chase with -check-chase-loses (WXF/Chinese reading,
// Options.Xiangqi.CheckChaseIsChase). The contrast line without checks loses
// either way.
func TestXQ27CheckChase(t *testing.T) {
	c, ok := loadCases(t)["XQ-27-result-one-check-one-chase-is-disputed"]
	if !ok {
		t.Fatal("case XQ-27 missing")
	}
	moves := strings.Join(c.Moves, " ")
	out, err := judge("xiangqi", c.FEN, moves)
	if err != nil || out != `{"result":"1/2-1/2","reason":"threefold repetition"}`+"\n" {
		t.Errorf("default: %q %v", out, err)
	}
	g, err := GameFromMoves(position.Xiangqi, c.FEN, c.Moves)
	if err != nil {
		t.Fatal(err)
	}
	// What -check-chase-loses sets.
	if o, err := Adjudicate(g, Options{Xiangqi: xiangqi.RuleOptions{CheckChaseIsChase: true}}); err != nil || o.Verdict != (Verdict{position.BlackWin, "perpetual chase"}) {
		t.Errorf("-check-chase-loses: %+v %v", o, err)
	}
	g, err = GameFromMoves(position.Xiangqi, c.FEN, c.Moves[:15])
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Adjudicate(g, Options{}); err != nil || out.Ply != -1 {
		t.Errorf("decided before ply 16: %v %v", out, err)
	}
	contrast := "i6i7 c7c6 i7i6 c6c7 i6i7 c7c6 i7i6 c6c7"
	out, err = judge("xiangqi", c.FEN, contrast)
	if err != nil || out != `{"result":"0-1","reason":"perpetual chase"}`+"\n" {
		t.Errorf("contrast: %q %v", out, err)
	}
}

// Issue 24: "play result -moves" takes SAN in chess and WXF in xiangqi,
// also mixed with coordinates; an unreadable move's error is the
// notation's when it is not shaped as a coordinate move.
func TestGameFromMovesNotation(t *testing.T) {
	for _, tc := range []struct {
		v            position.Variant
		moves, coord string
	}{
		{position.Chess, "f3 e5 g4 Qh4#", "f2f3 e7e5 g2g4 d8h4"},
		{position.Chess, "e4 e7e5 Nf3 Nc6 Bc4 Nf6 O-O", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1"},
		{position.Xiangqi, "C2=5 h9g7 H2+3", "h2e2 h9g7 h0g2"},
	} {
		g, err := GameFromMoves(tc.v, "startpos", strings.Fields(tc.moves))
		if err != nil {
			t.Errorf("%s: %v", tc.moves, err)
			continue
		}
		want, _ := GameFromMoves(tc.v, "startpos", strings.Fields(tc.coord))
		if !reflect.DeepEqual(g.Moves, want.Moves) {
			t.Errorf("%s: moves %v, want those of %s (%v)", tc.moves, g.Moves, tc.coord, want.Moves)
		}
	}
	_, err := GameFromMoves(position.Chess, "startpos", strings.Fields("e4 e5 Nf6"))
	if err == nil || !strings.HasPrefix(err.Error(), `move 2 (white, ply 3) "Nf6": SAN "Nf6": `) {
		t.Errorf("bad SAN: %v", err)
	}
	_, err = GameFromMoves(position.Xiangqi, "startpos", strings.Fields("C2=5 R1+3"))
	if err == nil || !strings.HasPrefix(err.Error(), `move 1 (black, ply 2) "R1+3": `) {
		t.Errorf("bad WXF: %v", err)
	}
}

// PGN tests: write -> read round trips, cases, and bad input.
package notation

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// randomChessGame plays up to plies random legal moves from fen.
func randomChessGame(t testing.TB, fen string, plies int, rng *rand.Rand) *Game {
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	states := make([]position.State, plies)
	g := &Game{Variant: position.Chess}
	if fen != chess.StartFEN {
		g.FEN = fen
	}
	for i := 0; i < plies; i++ {
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			if p.InCheck() {
				g.Result = position.Win(p.SideToMove().Flip())
			} else {
				g.Result = position.Draw
			}
			break
		}
		m := list.Moves[rng.IntN(list.Len)]
		g.Moves = append(g.Moves, m)
		p.DoMove(m, &states[i])
	}
	return g
}

func randomXiangqiGame(t testing.TB, fen string, plies int, rng *rand.Rand) *Game {
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	states := make([]position.State, plies)
	g := &Game{Variant: position.Xiangqi, FEN: fen}
	for i := 0; i < plies; i++ {
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			g.Result = position.Win(p.SideToMove().Flip())
			break
		}
		m := list.Moves[rng.IntN(list.Len)]
		g.Moves = append(g.Moves, m)
		p.DoMove(m, &states[i])
	}
	return g
}

func sameGame(a, b *Game) bool {
	if a.Variant != b.Variant || a.StartFEN() != b.StartFEN() || a.Result != b.Result || len(a.Moves) != len(b.Moves) {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] || a.MoveComment(i) != b.MoveComment(i) {
			return false
		}
	}
	return a.Comment == b.Comment
}

// TestPGNRoundTrip: 200 random chess games (from the start and from the
// perft suite's positions) and 200 random xiangqi games (in WXF, ICCS and
// engine coordinates with either rank numbering)
// written and read back give the same variant, start, moves, result and
// tags.
func TestPGNRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	td := testdataDir(t)
	chessFENs := []string{chess.StartFEN}
	for _, r := range readJSONL[perftRecord](t, filepath.Join(td, "perft", "chess.jsonl"))[:99] {
		chessFENs = append(chessFENs, r.FEN)
	}
	xqFENs := []string{xiangqi.StartFEN}
	for _, r := range readJSONL[perftRecord](t, filepath.Join(td, "perft", "xiangqi.jsonl"))[:99] {
		xqFENs = append(xqFENs, r.FEN)
	}
	var all bytes.Buffer
	var games []*Game
	for i := 0; i < 200; i++ {
		var g *Game
		opt := WriteOptions{}
		if i%2 == 0 {
			g = randomChessGame(t, chessFENs[i/2%len(chessFENs)], 20+rng.IntN(200), rng)
		} else {
			g = randomXiangqiGame(t, xqFENs[i/2%len(xqFENs)], 20+rng.IntN(200), rng)
			switch i % 8 {
			case 1, 5:
				opt.Xiangqi = FormatICCS
			case 3:
				opt.Xiangqi = FormatCoordinates
			case 7:
				opt.Xiangqi = FormatCoordinatesRanks1
			}
		}
		g.SetTag("Event", `round "trip" \ test`)
		g.SetTag("Annotator", "dualnnue")
		if i%3 == 0 && len(g.Moves) > 0 { // engine comments on some moves, one of them long
			g.Comments = make([]string, len(g.Moves))
			for k := range g.Comments {
				switch k % 4 {
				case 0:
					g.Comments[k] = fmt.Sprintf("+0.%02d/%d 0.5s", k%100, k%30)
				case 3:
					g.Comments[k] = "book"
				}
			}
			g.Comments[len(g.Comments)/2] = strings.Repeat("a long comment ", 8)[:76]
			g.Comment = "game comment"
		}
		var buf bytes.Buffer
		if err := WritePGN(&buf, g, opt); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		back, err := ParsePGN(buf.String())
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, buf.String())
		}
		if !sameGame(g, back) || back.Tag("Event") != g.Tag("Event") || back.Tag("Annotator") != "dualnnue" {
			t.Fatalf("game %d differs after the round trip:\n%s", i, buf.String())
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if len(line) > 79 && !strings.HasPrefix(line, "[") {
				t.Fatalf("game %d: line of %d characters", i, len(line))
			}
		}
		all.Write(buf.Bytes())
		games = append(games, g)
	}
	// The whole file reads back as 200 games.
	back, err := ReadPGN(&all)
	if err != nil || len(back) != len(games) {
		t.Fatalf("multi-game file: %d games, %v", len(back), err)
	}
	for i := range games {
		if !sameGame(games[i], back[i]) {
			t.Fatalf("multi-game file: game %d differs", i)
		}
	}
}

// TestReadPGNWild reads a chess game as other tools write it: comments,
// a nested variation, NAGs, annotations, a "%" escape line, "0-0", a
// missing capture mark and an en passant "e.p.".
func TestReadPGNWild(t *testing.T) {
	pgn := `% exported by some tool
[Event "Casual"]
[Site "?"]
[Result "1-0"]

1. e4 {best by test} e5 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) Nc6 $1 3. Bb5!? a6
4. Ba4 Nf6 5. 0-0 Be7 ; a comment to the end of the line
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 1-0
`
	g, err := ParsePGN(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 17 || g.Result != position.WhiteWin || g.Variant != position.Chess {
		t.Fatalf("%d moves, result %s", len(g.Moves), g.Result)
	}
	ep := "[FEN \"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\"]\n[SetUp \"1\"]\n\n3. exf6 e.p. Nxf6 *"
	g, err = ParsePGN(ep)
	if err != nil || len(g.Moves) != 2 || chess.Kind(g.Moves[0]) != chess.KindEnPassant {
		t.Fatalf("en passant game: %v, %v", g, err)
	}
}

// TestReadPGNXiangqi reads xiangqi records in both move formats.
func TestReadPGNXiangqi(t *testing.T) {
	for _, pgn := range []string{
		"[Variant \"xiangqi\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 *\n",
		"[Variant \"Xiangqi\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 *\n",
		"[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 2. H2+3 i9h9 3. R1=2 B9-C7 *\n",
	} {
		g, err := ParsePGN(pgn)
		if err != nil {
			t.Fatalf("%v\n%s", err, pgn)
		}
		var got []string
		for _, m := range g.Moves {
			got = append(got, xiangqi.MoveString(m))
		}
		if strings.Join(got, " ") != "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" {
			t.Errorf("moves %v\n%s", got, pgn)
		}
	}
}

// TestPGNBadInput: each malformed record gets an error mentioning the
// problem, and nothing panics.
func TestPGNBadInput(t *testing.T) {
	for _, c := range []struct{ pgn, want string }{
		{"[Event \"x\"]\n\n1. e4 e5 2. Nf3", "without a result"},
		{"[Event \"x\"]\n\n1. e4 e5 2.", "without a result"},
		{"[Event \"x", "never closed"},
		{"[Event \"x\"\n\n1. e4 *", "missing closing"},
		{"[Event x]\n\n1. e4 *", "malformed tag"},
		{"1. e4 {unfinished comment *", "comment"},
		{"1. e4 (1. d4 d5 *", "variation"},
		{"1. e4 ) *", "without a variation"},
		{"[Variant \"shogi\"]\n\n1. e4 *", "unsupported variant"},
		{"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", "FEN"},
		{"[SetUp \"1\"]\n\n1. e4 *", "without a FEN"},
		{"[Result \"1-0\"]\n\n1. e4 0-1", "disagrees"},
		{"[Result \"win\"]\n\n1. e4 *", "Result tag"},
		{"1. e4 e5 2. Ke3 *", "no legal king move"},
		{"1. e4 e5 2. Xf3 *", "unknown piece letter"},
		{"1. Nc3 Nc6 2. e4 e5 3. Ne2 *", "ambiguous"},
		{"1. e4 e5 2. Nf3 Nc6 3. x *", "move 3"},
		{"[Event \"a\"]\n1. e4 [Event \"b\"]\n1. d4 *", "inside the movetext"},
		{"[Variant \"xiangqi\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1\"]\n\n1. H8+7 *", "ambiguous"},
		{"[Variant \"xiangqi\"]\n\n1. X2.5 *", "unknown piece letter"},
		{"[Variant \"xiangqi\"]\n\n1. h2h8 *", "not legal"},
		{"[Variant \"xiangqi\"]\n[FEN \"rnbakabnr/9/1c5c1 w\"]\n\n*", "FEN"},
	} {
		_, err := ParsePGN(c.pgn)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.pgn, err, c.want)
		}
	}
	if _, err := ParsePGN("  \n% only an escape line\n"); err != ErrNoGame {
		t.Errorf("empty input: %v, want ErrNoGame", err)
	}
}

// TestWritePGNExact pins the export format of a short game.
func TestWritePGNExact(t *testing.T) {
	g, err := ParsePGN("[White \"A\"]\n[Black \"B\"]\n\n1. d4 e5 2. dxe5 d6 3. exd6 Qd7 4. dxc7 Qd8 5. cxd8=Q# 1-0")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WritePGN(&b, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. d4 e5 2. dxe5 d6 3. exd6 Qd7 4. dxc7 Qd8 5. cxd8=Q# 1-0

`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	x := &Game{Variant: position.Xiangqi}
	p, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	m, _ := p.ParseMove("h2e2")
	x.Moves = []position.Move{m}
	b.Reset()
	if err := WritePGN(&b, x, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "[Variant \"xiangqi\"]\n[FEN \""+xiangqi.StartFEN+"\"]\n[Format \"WXF\"]\n") ||
		!strings.HasSuffix(b.String(), "\n1. C2=5 *\n\n") {
		t.Errorf("xiangqi record:\n%s", b.String())
	}
}

// TestPGNComments: comments are kept with the move they follow (several
// joined by a space, those inside variations dropped), the game comment
// before the first move, and they are written back in braces.
func TestPGNComments(t *testing.T) {
	g, err := ParsePGN(`[Event "c"]
{before the tags: dropped}
[Result "1-0"]
{ game comment }
1. e4 { +0.35/12 0.5s } e5 $1 {book} {second}
2. Nf3 (2. f4 {in a variation}) ; to the end of the line
Nc6 {a comment
over two lines} 1-0 {after the result: dropped}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"+0.35/12 0.5s", "book second", "", "a comment\nover two lines"}
	if g.Comment != "game comment" || fmt.Sprintf("%q", g.Comments) != fmt.Sprintf("%q", want) {
		t.Fatalf("comment %q, move comments %q", g.Comment, g.Comments)
	}
	var b bytes.Buffer
	if err := WritePGN(&b, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	movetext := "{game comment} 1. e4 {+0.35/12 0.5s} e5 {book second} 2. Nf3 Nc6 {a comment\nover two lines} 1-0\n\n"
	if !strings.HasSuffix(b.String(), "\n\n"+movetext) {
		t.Errorf("written as\n%s", b.String())
	}
	back, err := ParsePGN(b.String())
	if err != nil || !sameGame(g, back) {
		t.Errorf("read back: %v", err)
	}
	g.Comments[1] = "a } b"
	if err := WritePGN(&b, g, WriteOptions{}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("comment with '}': %v", err)
	}
}

// TestPGNCastlingRightsNeedChess960: CH-28's kind in PGN input. A standard
// game whose FEN tag holds castling rights without a king and rook on their
// standard squares is a bad FEN; the same FEN under [Variant "Chess960"]
// is read as Chess960, and its castling is written in SAN and read back.
func TestPGNCastlingRightsNeedChess960(t *testing.T) {
	const fen = "2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b kq - 0 1"
	std := "[Event \"x\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n1... Qxb7 *\n"
	if _, err := ReadPGN(strings.NewReader(std)); err == nil || !strings.Contains(err.Error(), "impossible in standard chess") {
		t.Errorf("standard PGN with kq and rooks on c8/g8: error %v", err)
	}
	c960 := "[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n1... O-O *\n"
	games, err := ReadPGN(strings.NewReader(c960))
	if err != nil {
		t.Fatalf("Chess960 PGN: %v", err)
	}
	g := games[0]
	if !g.Chess960 || len(g.Moves) != 1 || chess.Kind(g.Moves[0]) != chess.KindCastling {
		t.Fatalf("Chess960 PGN read as %+v", g)
	}
	var b bytes.Buffer
	if err := WritePGN(&b, g, WriteOptions{}); err != nil || !strings.Contains(b.String(), "O-O") {
		t.Errorf("Chess960 PGN written as %q (%v)", b.String(), err)
	}
	// A Game marked standard with that FEN is refused on output too.
	g.Chess960 = false
	if err := WritePGN(&b, g, WriteOptions{}); err == nil {
		t.Errorf("standard game with kq and rooks on c8/g8 written")
	}
}

// TestReaderGoesOn: Next returns a game it cannot read with its error and
// what was read of it, skips the rest of it, and reads the games after it.
func TestReaderGoesOn(t *testing.T) {
	text := `[Event "1 good"]

1. e4 {+0.1/1} e5 1-0

[Event "2 illegal move"]

1. e4 {+0.1/1} Ke7 {-0.1/1} 2. Nf3 0-1

[Event "3 unknown variant"]
[Variant "shogi"]

1. e4 *

[Event "4 broken tag
[Result "1-0"]

1. d4 1-0

[Event "5 no result"]

1. e4 ) e5

[Event "6 good"]
[Variant "xiangqi"]

1. h2e2+ {+0.2/3} h9g7 *
`
	rd := NewReader(strings.NewReader(text))
	type got struct {
		event string
		moves int
		line  int
		err   string
	}
	want := []got{
		{"1 good", 2, 1, ""},
		{"2 illegal move", 1, 5, `move 1 (black) "Ke7"`},
		{"3 unknown variant", 0, 9, "unsupported variant"},
		{"", 0, 14, "never closed"},
		{"5 no result", 1, 19, "without a variation"},
		{"6 good", 2, 23, ""},
	}
	for i, w := range want {
		g, err := rd.Next()
		if g == nil {
			t.Fatalf("game %d: nil game, %v", i+1, err)
		}
		e := g.Tag("Event")
		if (err == nil) != (w.err == "") || err != nil && !strings.Contains(err.Error(), w.err) ||
			e != w.event || len(g.Moves) != w.moves || rd.GameLine() != w.line {
			t.Errorf("game %d: %q, %d moves, line %d, error %v; want %+v", i+1, e, len(g.Moves), rd.GameLine(), err, w)
		}
	}
	if g, err := rd.Next(); g != nil || err != io.EOF {
		t.Errorf("after the last game: %v %v", g, err)
	}
	if rd.Line() != strings.Count(text, "\n") {
		t.Errorf("%d lines read, want %d", rd.Line(), strings.Count(text, "\n"))
	}
	// An error of the underlying reader ends the reading.
	rd = NewReader(io.MultiReader(strings.NewReader("1. e4 e5 "), iotest.ErrReader(errors.New("disk"))))
	if g, err := rd.Next(); g != nil || err == nil || err.Error() != "disk" {
		t.Errorf("read error: %v %v", g, err)
	}
}

// TestReadPGNCoordinates: chess moves in engine coordinates, as some tools
// write them into PGN, read as the SAN moves; marks after xiangqi
// coordinates are dropped.
func TestReadPGNCoordinates(t *testing.T) {
	g, err := ParsePGN("1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 f8c5+ *")
	if err != nil {
		t.Fatal(err)
	}
	san, err := ParsePGN("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 *")
	if err != nil || !sameGame(g, san) {
		t.Errorf("coordinates read as %v, SAN as %v (%v)", g.Moves, san.Moves, err)
	}
	x, err := ParsePGN("[Variant \"xiangqi\"]\n\n1. h2e2+ h9g7! 2. H0-G2?! *")
	if err != nil || len(x.Moves) != 3 {
		t.Errorf("xiangqi coordinates with marks: %v", err)
	}
}

package datasets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
)

// TestImportRescore: ImportFilesWith's Rescore sees each scored position as
// it was when the score was given (PGN after the book plies, text lines
// each in their own position) and its result is what the file holds;
// unscored positions and the generator note are as documented.
func TestImportRescore(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "g.pgn")
	os.WriteFile(pgn, []byte(`[Event "t"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12} Nc6 {-0.20/11} 3. Bb5 {+0.41/13} a6 4. Ba4 {+0.40/12} Nf6 {-0.10/12} 1-0
`), 0o644)
	// Black to move adds 1000, and every score adds the move-count counter.
	f := func(v position.Value, pos position.Game) position.Value {
		return v + 1000*position.Value(pos.SideToMove()) + position.Value(pos.State().Rule50)
	}
	out := filepath.Join(dir, "g.dnds")
	st, err := ImportFilesWith(out, position.Chess, []string{pgn}, ImportOptions{Rescore: f, Note: "test"})
	if err != nil || st.Games != 1 || st.Unscored != 1 {
		t.Fatalf("%+v %v", st, err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games, probs := readGames(t, data)
	if len(probs) != 0 || len(games) != 1 {
		t.Fatal(len(games), probs)
	}
	// Counters before each scored move: Nf3 0, Nc6 1, Bb5 2, a6 3 (unscored), Ba4 0, Nf6 1.
	want := []position.Value{35, -20 + 1001, 41 + 2, position.ValueNone, 40, -10 + 1001}
	for i, p := range games[0].Plies {
		if p.Score != want[i] {
			t.Errorf("ply %d: score %d, want %d", i, p.Score, want[i])
		}
	}
	info, err := Inspect(out)
	if err != nil {
		t.Fatal(err)
	}
	if info.Header.Generator.Extra["rescored"] != "test" {
		t.Errorf("generator extra %v, want rescored=test", info.Header.Generator.Extra)
	}

	// Text: White's-view scores; these two lines do not follow by a move,
	// so each is a chain of its own and keeps its FEN's counter (inside a
	// chain the counter is the replayed one, as the dataset stores it).
	txt := filepath.Join(dir, "t.txt")
	os.WriteFile(txt, []byte("4k3/8/8/8/8/8/8/4K2R w K - 7 40 | 500 | 1-0\n4k3/8/8/8/8/8/8/4K2R b K - 9 40 | 480 | 1-0\n"), 0o644)
	out2 := filepath.Join(dir, "t.dnds")
	if _, err := ImportFilesWith(out2, position.Chess, []string{txt}, ImportOptions{Rescore: f}); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(out2)
	games, probs = readGames(t, data)
	var got []position.Value
	for _, g := range games {
		for _, p := range g.Plies {
			got = append(got, p.Score)
		}
	}
	if len(probs) != 0 || len(got) != 2 || got[0] != 500+7 || got[1] != -480+1000+9 {
		t.Errorf("text scores %v (%v), want [507 529]", got, probs)
	}
}

// newBaseGame is a game of engine new-1 (White) against base-2 whose
// first two moves are book moves.
const newBaseGame = `[White "new-1"]
[Black "base-2"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12} Nc6 {-0.20/11} 1-0
`

// plusPerEngine is a RescorePlayer: new-1's scores gain 1000, base-2's
// 2000, any other engine is an error.
func plusPerEngine(name string) (RescoreFunc, error) {
	switch name {
	case "new-1":
		return func(v position.Value, _ position.Game) position.Value { return v + 1000 }, nil
	case "base-2":
		return func(v position.Value, _ position.Game) position.Value { return v + 2000 }, nil
	}
	return nil, fmt.Errorf("no settings for %q", name)
}

// TestImportRescorePlayer: RescorePlayer rescores each engine's moves by
// its own function, whichever colour it had; an engine it refuses stops
// the import with the game named and no output left; text input is
// refused.
func TestImportRescorePlayer(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "m.pgn")
	os.WriteFile(pgn, []byte(newBaseGame+`
[White "base-2"]
[Black "new-1"]
[Result "0-1"]

1. d4 {book} d5 {book} 2. c4 {+0.10/12} e6 {-0.05/11} 0-1
`), 0o644)
	byPlayer := plusPerEngine
	out := filepath.Join(dir, "m.dnds")
	st, err := ImportFilesWith(out, position.Chess, []string{pgn}, ImportOptions{RescorePlayer: byPlayer, Note: "n"})
	if err != nil || st.Games != 2 {
		t.Fatalf("%+v %v", st, err)
	}
	data, _ := os.ReadFile(out)
	games, probs := readGames(t, data)
	if len(probs) != 0 || len(games) != 2 {
		t.Fatal(len(games), probs)
	}
	want := [][]position.Value{{35 + 1000, -20 + 2000}, {10 + 2000, -5 + 1000}}
	for g := range games {
		for i, p := range games[g].Plies {
			if p.Score != want[g][i] {
				t.Errorf("game %d ply %d: score %d, want %d", g, i, p.Score, want[g][i])
			}
		}
	}

	// An engine without settings: the import stops, naming the game's line.
	bad := filepath.Join(dir, "b.pgn")
	os.WriteFile(bad, []byte(strings.Replace(string(mustRead(t, pgn)), `[Black "new-1"]`, `[Black "other"]`, 1)), 0o644)
	out2 := filepath.Join(dir, "b.dnds")
	if _, err := ImportFilesWith(out2, position.Chess, []string{bad}, ImportOptions{RescorePlayer: byPlayer}); err == nil ||
		!strings.Contains(err.Error(), `game at line 7: no settings for "other"`) {
		t.Errorf("unknown engine: %v", err)
	}
	if _, err := os.Stat(out2); !os.IsNotExist(err) {
		t.Errorf("output left after a refused engine: %v", err)
	}
	txt := filepath.Join(dir, "t.txt")
	os.WriteFile(txt, []byte("4k3/8/8/8/8/8/8/4K2R w K - 7 40 | 500 | 1-0\n"), 0o644)
	if _, err := ImportFilesWith(out2, position.Chess, []string{txt}, ImportOptions{RescorePlayer: byPlayer}); err == nil ||
		!strings.Contains(err.Error(), "needs PGN games") {
		t.Errorf("text with per-engine rescoring: %v", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportRescorePlayerSides: the engine whose moves a score is rescored
// by is the side to move of the position the score belongs to, not the
// ply's parity: games from a FEN with Black to move, in chess and in
// xiangqi (whose Red is the White tag), give Black's engine the first
// score.
func TestImportRescorePlayerSides(t *testing.T) {
	byPlayer := plusPerEngine
	for _, c := range []struct {
		game position.Variant
		pgn  string
		want []position.Value
	}{
		{position.Chess, `[White "new-1"]
[Black "base-2"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[Result "1-0"]

1... e5 {-0.10/10} 2. Nf3 {+0.20/10} Nc6 {-0.30/10} 1-0
`, []position.Value{-10 + 2000, 20 + 1000, -30 + 2000}},
		{position.Xiangqi, `[White "new-1"]
[Black "base-2"]
[Variant "xiangqi"]
[Result "1-0"]

1. h2e2 {+0.20/10} h9g7 {-0.15/10} 1-0
`, []position.Value{20 + 1000, -15 + 2000}},
		{position.Xiangqi, `[White "base-2"]
[Black "new-1"]
[Variant "xiangqi"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"]
[Result "0-1"]

1... h9g7 {-0.15/10} 2. h0g2 {+0.25/10} 0-1
`, []position.Value{-15 + 1000, 25 + 2000}},
	} {
		dir := t.TempDir()
		pgn := filepath.Join(dir, "m.pgn")
		os.WriteFile(pgn, []byte(c.pgn), 0o644)
		out := filepath.Join(dir, "m.dnds")
		if st, err := ImportFilesWith(out, c.game, []string{pgn}, ImportOptions{RescorePlayer: byPlayer}); err != nil || st.Games != 1 {
			t.Fatalf("%v: %+v %v", c.game, st, err)
		}
		games, probs := readGames(t, mustRead(t, out))
		if len(probs) != 0 || len(games) != 1 {
			t.Fatal(len(games), probs)
		}
		var got []position.Value
		for _, p := range games[0].Plies {
			got = append(got, p.Score)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%v %q: scores %v, want %v", c.game, c.pgn[:30], got, c.want)
		}
	}
}

// TestImportRescorePlayerNil: an engine RescorePlayer gives no function
// for (and no error) has its moves rescored by Rescore, or kept as they
// are without it, instead of a nil function being called.
func TestImportRescorePlayerNil(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "m.pgn")
	os.WriteFile(pgn, []byte(newBaseGame), 0o644)
	byPlayer := func(name string) (RescoreFunc, error) {
		if name == "new-1" {
			return func(v position.Value, _ position.Game) position.Value { return v + 1000 }, nil
		}
		return nil, nil
	}
	fallback := func(v position.Value, _ position.Game) position.Value { return v + 3000 }
	for i, c := range []struct {
		rescore RescoreFunc
		want    []position.Value
	}{
		{fallback, []position.Value{35 + 1000, -20 + 3000}},
		{nil, []position.Value{35 + 1000, -20}},
	} {
		out := filepath.Join(dir, fmt.Sprintf("m%d.dnds", i))
		if st, err := ImportFilesWith(out, position.Chess, []string{pgn}, ImportOptions{Rescore: c.rescore, RescorePlayer: byPlayer}); err != nil || st.Games != 1 {
			t.Fatalf("%d: %+v %v", i, st, err)
		}
		games, probs := readGames(t, mustRead(t, out))
		if len(probs) != 0 || len(games) != 1 {
			t.Fatal(len(games), probs)
		}
		for j, p := range games[0].Plies {
			if p.Score != c.want[j] {
				t.Errorf("%d: ply %d: score %d, want %d", i, j, p.Score, c.want[j])
			}
		}
	}
}

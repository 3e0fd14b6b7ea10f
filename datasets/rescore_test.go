package datasets

import (
	"os"
	"path/filepath"
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

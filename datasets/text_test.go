// Text and PGN import/export tests, of single streams and of whole files.
package datasets

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/setup"
)

func exportAll(t *testing.T, data []byte) string {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if _, err := ExportText(&sb, r); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

func TestTextRoundTrip(t *testing.T) {
	for _, g := range bothGames {
		games := randomGames(t, g, 60, 21+uint64(g), fullGen)
		text := exportAll(t, writeGames(t, g, games, nil))
		var buf bytes.Buffer
		w, err := NewWriter(&buf, g, GeneratorInfo{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var warn bytes.Buffer
		st, err := ImportText(strings.NewReader(text), w, &warn)
		if err != nil || warn.Len() != 0 {
			t.Fatalf("import: %v %s", err, warn.String())
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		lines := int64(strings.Count(text, "\n"))
		if st.Positions != lines || st.Games != int64(len(games)) || st.Skipped != 0 {
			t.Fatalf("%v: imported %+v from %d lines of %d games", g, st, lines, len(games))
		}
		if again := exportAll(t, buf.Bytes()); again != text {
			t.Fatalf("%v: export of the import differs", g)
		}
		// Lines in reverse order form no chains: one chain per line.
		ls := strings.Split(strings.TrimSpace(text), "\n")
		for i, j := 0, len(ls)-1; i < j; i, j = i+1, j-1 {
			ls[i], ls[j] = ls[j], ls[i]
		}
		var buf2 bytes.Buffer
		w2, _ := NewWriter(&buf2, g, GeneratorInfo{}, nil)
		st, err = ImportText(strings.NewReader(strings.Join(ls, "\n")+"\nnot a line\n"), w2, &warn)
		w2.Close()
		if err != nil || st.Games != lines || st.Positions != lines || st.Skipped != 1 || !strings.Contains(warn.String(), "line") {
			t.Fatalf("%v: reversed import %+v %v %q", g, st, err, warn.String())
		}
	}
}

func TestTextFormat(t *testing.T) {
	// A black-to-move chess position scored +50 for Black is -50 from White's view.
	g := GameRecord{Plies: []Ply{{Move: mustMove(t, position.Chess, "", "e2e4"), Score: 30}, {Score: 50}}, Result: position.BlackWin}
	text := exportAll(t, writeGames(t, position.Chess, []GameRecord{g}, nil))
	want := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 30 | 0.0\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -50 | 0.0\n"
	if text != want {
		t.Fatalf("export:\n%s\nwant\n%s", text, want)
	}
}

func mustMove(t *testing.T, g position.Variant, fen, s string) position.Move {
	t.Helper()
	p, err := setup.New(g, fen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// movesFrom turns UCI moves played in sequence from fen into Moves.
func movesFrom(t *testing.T, g position.Variant, fen string, uci ...string) []position.Move {
	t.Helper()
	rp, err := newReplayer(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.reset(fen); err != nil {
		t.Fatal(err)
	}
	var out []position.Move
	for _, s := range uci {
		m, err := rp.pos.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out = append(out, m)
		rp.do(m)
	}
	return out
}

func importPGN(t *testing.T, g position.Variant, pgn string) ([]GameRecord, ImportStats, string) {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, g, GeneratorInfo{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	st, err := ImportPGN(strings.NewReader(pgn), w, &warn)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	games, probs := readGames(t, buf.Bytes())
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	return games, st, warn.String()
}

func TestImportPGNChess(t *testing.T) {
	pgn := `[Event "cutechess-cli test"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12 0.5s} Nc6 {-0.20/11 0.4s} 3. Bb5 {+0.41/13 0.6s}
a6 {-0.30/12, 0.3s} 4. Ba4 $1 {+0.40/12 0.2s} (4. Bxc6 dxc6 {+1.0/3}) Nf6 {-M5/20 0.1s}
5. O-O {+M3/15 0.1s} 1-0

[Event "promotion"]
[FEN "8/P7/8/8/8/8/7k/K7 w - - 0 1"]
[SetUp "1"]
[Result "1/2-1/2"]

1. a8=Q {+9.50/10 0.1s} Kg3 {-9.40/10 0.1s} 2. Qa7 {+9.60/9} 1/2-1/2

[Event "bad"]
[Result "0-1"]

1. e4 {+0.1/1} Ke7 {-0.1/1} 0-1
`
	games, st, warn := importPGN(t, position.Chess, pgn)
	if st.Games != 2 || st.Skipped != 1 || !strings.Contains(warn, "Ke7") {
		t.Fatalf("stats %+v warn %q", st, warn)
	}
	mv := movesFrom(t, position.Chess, "", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1")
	want := GameRecord{Book: mv[:2], Result: position.WhiteWin, Plies: []Ply{
		{Move: mv[2], Score: 35}, {Move: mv[3], Score: -20}, {Move: mv[4], Score: 41}, {Move: mv[5], Score: -30},
		{Move: mv[6], Score: 40}, {Move: mv[7], Score: position.MatedIn(10)}, {Move: mv[8], Score: position.MateIn(5)},
	}}
	if fmt.Sprint(games[0]) != fmt.Sprint(normalized(want)) {
		t.Fatalf("game 1:\n got %+v\nwant %+v", games[0], want)
	}
	fen := "8/P7/8/8/8/8/7k/K7 w - - 0 1"
	mv = movesFrom(t, position.Chess, fen, "a7a8q", "h2g3", "a8a7")
	want = GameRecord{StartFEN: fen, Result: position.Draw, Plies: []Ply{{Move: mv[0], Score: 950}, {Move: mv[1], Score: -940}, {Move: mv[2], Score: 960}}}
	if fmt.Sprint(games[1]) != fmt.Sprint(normalized(want)) {
		t.Fatalf("game 2:\n got %+v\nwant %+v", games[1], want)
	}
}

func TestImportPGNXiangqi(t *testing.T) {
	pgn := `[Event "fastchess xiangqi"]
[Variant "xiangqi"]
[Result "0-1"]

1. h2e2 {+0.20/10 0.1s} h9g7 {-0.15/10 0.1s} 2. H0-G2 {+0.25/10 0.1s} c6c5 {book} 0-1

[Event "not xiangqi"]
[Result "0-1"]

1. h2e2 {+0.20/10 0.1s} 0-1
`
	games, st, warn := importPGN(t, position.Xiangqi, pgn)
	if st.Games != 1 || st.Skipped != 1 || !strings.Contains(warn, "Variant") {
		t.Fatalf("stats %+v warn %q", st, warn)
	}
	mv := movesFrom(t, position.Xiangqi, "", "h2e2", "h9g7", "h0g2", "c6c5")
	want := GameRecord{Result: position.BlackWin, Plies: []Ply{{Move: mv[0], Score: 20}, {Move: mv[1], Score: -15}, {Move: mv[2], Score: 25}, {Move: mv[3], Score: position.ValueNone}}}
	if fmt.Sprint(games[0]) != fmt.Sprint(normalized(want)) {
		t.Fatalf("got %+v\nwant %+v", games[0], want)
	}
}

// TestImportPGNXiangqiRanks1: a game Fairy-Stockfish's tools wrote (ranks
// 1–10, tagged [XiangqiRanks "1-10"]) imports as the same game as its ICCS
// twin; an unknown tag value skips the game with a warning.
func TestImportPGNXiangqiRanks1(t *testing.T) {
	pgn := `[Variant "xiangqi"]
[XiangqiRanks "1-10"]
[Result "0-1"]

1. h3e3 {+0.20/10 0.1s} h10g8 {-0.15/10 0.1s} 2. h1g3 {+0.25/10 0.1s} c7c6 {book} 0-1

[Variant "xiangqi"]
[XiangqiRanks "2-11"]
[Result "0-1"]

1. h3e3 {+0.20/10 0.1s} 0-1
`
	games, st, warn := importPGN(t, position.Xiangqi, pgn)
	if st.Games != 1 || st.Skipped != 1 || !strings.Contains(warn, `XiangqiRanks tag "2-11"`) {
		t.Fatalf("stats %+v warn %q", st, warn)
	}
	mv := movesFrom(t, position.Xiangqi, "", "h2e2", "h9g7", "h0g2", "c6c5")
	want := GameRecord{Result: position.BlackWin, Plies: []Ply{{Move: mv[0], Score: 20}, {Move: mv[1], Score: -15}, {Move: mv[2], Score: 25}, {Move: mv[3], Score: position.ValueNone}}}
	if fmt.Sprint(games[0]) != fmt.Sprint(normalized(want)) {
		t.Fatalf("got %+v\nwant %+v", games[0], want)
	}
}

func TestParseEvalComment(t *testing.T) {
	cases := map[string]position.Value{
		"+0.35/12 0.5s": 35, "-1.07/20 1.2s": -107, "0.00/5 0.1s": 0, "+M1/3 0.1s": position.MateIn(1),
		"-M5/20 0.2s": position.MatedIn(10), "+M3": position.MateIn(5), "12.5/1": 1250,
	}
	for c, want := range cases {
		if got, ok := ParseEvalComment(c); !ok || got != want {
			t.Errorf("%q: got %v %v, want %v", c, got, ok, want)
		}
	}
	for _, c := range []string{"book", "", "+/3", "M/1", "nan/2", "+1e9/3"} {
		if v, ok := ParseEvalComment(c); ok {
			t.Errorf("%q parsed as %v", c, v)
		}
	}
}

func FuzzImportText(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 30 | 0.0\nx | y | z\n")
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		w, _ := NewWriter(&buf, position.Chess, GeneratorInfo{}, nil)
		ImportText(strings.NewReader(s), w, nil)
		w.Close()
	})
}

func FuzzImportPGN(f *testing.F) {
	f.Add("[Result \"1-0\"]\n\n1. e4 {+0.35/12 0.5s} e5 {-M3/4} 2. Nf3 (2. Nc3) $2 1-0\n")
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		w, _ := NewWriter(&buf, position.Chess, GeneratorInfo{}, nil)
		ImportPGN(strings.NewReader(s), w, nil)
		w.Close()
	})
}

// TestExportImportFiles: the files' positions exported as text, one line
// each, import back to as many positions; bad formats and missing inputs
// are errors that leave no output. (The tools' command lines are tested in
// cmd/selfplay.)
func TestExportImportFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.dnds")
	w, err := Create(a, position.Chess, GeneratorInfo{Engine: "dualnnue"}, &WriterOptions{BlockSize: 4 << 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range randomGames(t, position.Chess, 25, 1, fullGen) {
		if err := w.WriteGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var as Stats
	if err := as.Add(a); err != nil {
		t.Fatal(err)
	}
	var text, warn bytes.Buffer
	n, damaged, err := ExportFiles(&text, []string{a, a}, &Filter{}, &warn)
	if err != nil || damaged != 0 || n != 2*as.Positions || warn.Len() != 0 || int64(strings.Count(text.String(), "\n")) != n {
		t.Fatalf("export: %d positions (want %d), %d damaged, %v, warnings %q", n, 2*as.Positions, damaged, err, warn.String())
	}
	txt, imp := filepath.Join(dir, "a.txt"), filepath.Join(dir, "i.dnds")
	if err := os.WriteFile(txt, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := ImportFiles(imp, position.Chess, []string{txt}, "", &warn)
	if err != nil || st.Positions != 2*as.Positions || warn.Len() != 0 {
		t.Fatalf("import: %+v %v, warnings %q", st, err, warn.String())
	}
	var is Stats
	if err := is.Add(imp); err != nil || is.Positions != 2*as.Positions {
		t.Fatalf("imported file: %d positions, %v", is.Positions, err)
	}
	fi, err := Inspect(imp)
	if err != nil || fi.Header.Generator.Extra["imported_from"] != "a.txt" {
		t.Fatalf("imported file's generator: %+v %v", fi.Header.Generator, err)
	}
	bad := filepath.Join(dir, "bad.dnds")
	for _, c := range []struct{ format, path, want string }{
		{"csv", txt, txt + `: unknown format "csv" (want text or pgn)`},
		{"", filepath.Join(dir, "missing.txt"), "open " + filepath.Join(dir, "missing.txt") + ": no such file or directory"},
	} {
		if _, err := ImportFiles(bad, position.Chess, []string{c.path}, c.format, nil); err == nil || err.Error() != c.want {
			t.Errorf("import %q as %q: %v, want %s", c.path, c.format, err, c.want)
		}
		if _, err := os.Stat(bad); !os.IsNotExist(err) {
			t.Errorf("a failed import left %s: %v", bad, err)
		}
	}
	if _, _, err := ExportFiles(io.Discard, []string{filepath.Join(dir, "missing")}, nil, nil); err == nil {
		t.Error("export of a missing file succeeded")
	}
}

package notation

import (
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/xiangqi"
)

// TestWXFTandemPawnForms reads every form the WXF notation page gives for
// tandem pawns (3 on a file, 4, 5, and pawns in tandem on two files, where
// a digit takes the piece letter's place), for Red and for Black, and the
// numbered form Fairy-Stockfish writes for the same moves; each must give
// exactly the move named (ICCS). Every legal move of these positions also
// reads back from what WXF writes.
func TestWXFTandemPawnForms(t *testing.T) {
	cases := []struct {
		name, fen string
		forms     map[string]string // WXF text -> ICCS move
	}{
		{"3 on a file (WXF I)", "5k3/9/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1", map[string]string{
			"P+.4": "g7f7", "P3.4": "g6f6", "P-.4": "g5f5", "p3=4": "g6f6",
			"13=4": "g7f7", "23=4": "g6f6", "33=4": "g5f5", "33.4": "g5f5",
			"+P.4": "g7f7", "-P.4": "g5f5", "++.4": "g7f7", "--.4": "g5f5",
		}},
		{"5 on a file (WXF II)", "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1", map[string]string{
			"++.4": "g9f9", "P+.4": "g8f8", "P3.4": "g7f7", "P-.4": "g6f6", "--.4": "g5f5",
			"13=4": "g9f9", "23=4": "g8f8", "33=4": "g7f7", "43=4": "g6f6", "53=4": "g5f5",
			"++=2": "g9h9", "--=2": "g5h5",
		}},
		{"4 on a file (WXF III)", "3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1", map[string]string{
			"++.4": "g9f9", "P+.4": "g8f8", "P-.4": "g7f7", "--.4": "g6f6",
			"13=4": "g9f9", "23=4": "g8f8", "33=4": "g7f7", "43=4": "g6f6",
		}},
		{"3 and 2 on two files (WXF IV)", "5k3/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1", map[string]string{
			"3+.4": "g7f7", "33.4": "g6f6", "3-.4": "g5f5", "7+.6": "c6d6", "7-.6": "c5d5",
			"3+=4": "g7f7", "3++1": "g7g8", "7-=8": "c5b5",
			"13=4": "g7f7", "23=4": "g6f6", "33=4": "g5f5", "17=6": "c6d6", "27=6": "c5d5",
		}},
		{"3 and 2 on two files, Black (WXF IV)", "3k5/9/9/9/9/2p3p2/2p3p2/2p6/9/5K3 b - - 0 1", map[string]string{
			"3+.4": "c2d2", "33.4": "c3d3", "3-.4": "c4d4", "7+.6": "g3f3", "7-.6": "g4f4",
			"13=4": "c2d2", "23=4": "c3d3", "33=4": "c4d4", "17=6": "g3f3", "27=6": "g4f4",
		}},
		{"2 on each of two files", "5k3/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1", map[string]string{
			"3+.4": "g6f6", "3-.4": "g5f5", "7+.6": "c6d6", "7-.6": "c5d5",
			"13=4": "g6f6", "23=4": "g5f5", "17=6": "c6d6", "27=6": "c5d5",
		}},
	}
	for _, c := range cases {
		p, err := xiangqi.NewFromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for text, want := range c.forms {
			m, err := ParseWXF(p, text)
			if err != nil {
				t.Errorf("%s: %q: %v", c.name, text, err)
				continue
			}
			if got := xiangqi.MoveString(m); got != want {
				t.Errorf("%s: %q read as %s, want %s", c.name, text, got, want)
			}
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		for _, m := range list.Slice() {
			if back, err := ParseWXF(p, WXF(p, m)); err != nil || back != m {
				t.Errorf("%s: %s written %q, read back as %v (%v)", c.name, xiangqi.MoveString(m), WXF(p, m), back, err)
			}
		}
	}
}

// TestPGNWXFTandemPawns reads the older WXF tandem-pawn forms in PGN
// movetext, where "33.4" must stay a move and not become move number 33.
func TestPGNWXFTandemPawns(t *testing.T) {
	const fen = "5k3/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"
	pgn := "[Event \"x\"]\n[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" +
		"1. 33.4 K6=5 2. 3+.4 K5=6 3. 7-.6 *\n"
	g, err := ParsePGN(pgn)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := xiangqi.NewFromFEN(fen)
	var h position.History
	var got []string
	for _, m := range g.Moves {
		got = append(got, xiangqi.MoveString(m))
		h.Do(p, m)
	}
	if want := "g6f6 f9e9 g7f7 e9f9 c5d5"; strings.Join(got, " ") != want {
		t.Errorf("moves %q, want %q", strings.Join(got, " "), want)
	}
}

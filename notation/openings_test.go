// Opening list tests: the EPD/FEN forms, PGN openings, and the fuzzed reader.
// An external test package: the openings are checked with package rules,
// which reads notation's records.
package notation_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/setup"
	"dualnnue/rules"
)

func TestParseOpeningsForms(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	good := []struct{ line, fen string }{
		{start, start},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", start},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start;pos\";", start},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 7; fmvn 12;", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 1"},
		// The en passant square is written only when a capture is possible.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 # after 1. e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	}
	for _, c := range good {
		ops, err := notation.ParseOpenings(strings.NewReader("# a comment\n\n"+c.line+"\n"), position.Chess, rules.Undecided)
		if err != nil || len(ops) != 1 || ops[0].FEN != c.fen {
			t.Errorf("%q: %+v %v, want %q", c.line, ops, err, c.fen)
		}
	}
	bad := []struct{ text, want string }{
		{"", "no openings"},
		{"# only a comment\n\n", "no openings"},
		{"garbage\n", "line 1"},
		{start + "\nnot a fen at all\n", "line 2"},
		{start + " extra words\n", "text after the FEN"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc x;\n", "EPD operation"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - fmvn 0;\n", "EPD operation"},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n", "ends the game"}, // checkmate
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n", "ends the game"}, // stalemate
		{"\x00\xff\n", "line 1"},
		// CH-28's kind: castling rights off the standard squares, and
		// Shredder letters, exist only in Chess960, which matches do not play.
		{"2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b kq - 0 1\n", "impossible in standard chess"},
		{"r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1\n", "impossible in standard chess"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\n", "Shredder-FEN"},
	}
	for _, c := range bad {
		if _, err := notation.ParseOpenings(strings.NewReader(c.text), position.Chess, rules.Undecided); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.text, err, c.want)
		}
	}
	// Xiangqi: "board side" alone is a FEN the core completes.
	ops, err := notation.ParseOpenings(strings.NewReader("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n"), position.Xiangqi, rules.Undecided)
	if err != nil || ops[0].FEN != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" {
		t.Errorf("xiangqi short FEN: %+v %v", ops, err)
	}
}

// FuzzParseOpenings: no panic; every accepted opening is a position the
// core takes back and that is not decided.
func FuzzParseOpenings(f *testing.F) {
	seeds := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 7; fmvn 12;\n",
		"r1bqkbnr/ppp1p2p/2np2p1/4Pp2/8/P7/1PPPBPPP/RNBQK1NR w KQkq - 0 5\n# c\n\n",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n",
		"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n", "garbage", "", ";;;\"", "8/8/8/8/8/8/8/8 w - - 0 1",
	}
	for _, s := range seeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, xq bool) {
		v := position.Chess
		if xq {
			v = position.Xiangqi
		}
		ops, err := notation.ParseOpenings(strings.NewReader(text), v, rules.Undecided)
		if err != nil {
			return
		}
		pos, _ := setup.New(v, "")
		for _, op := range ops {
			err := pos.SetFEN(op.FEN)
			if err == nil {
				err = rules.Undecided(pos)
			}
			if err != nil || pos.FEN() != op.FEN {
				t.Fatalf("%q: opening %q does not set up again: %q %v", text, op.FEN, pos.FEN(), err)
			}
		}
	})
}

// TestPGNOpeningsStandardCastlingOnly: CH-28's kind in PGN openings. A
// standard game whose FEN holds castling rights off the standard squares is
// a bad opening; a Chess960 game is refused by name (matches and self-play
// play standard chess; the engines are not told UCI_Chess960).
func TestPGNOpeningsStandardCastlingOnly(t *testing.T) {
	const fen = "2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b kq - 0 1"
	pgn := "[Event \"a\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n1... Kd8 *\n"
	if _, err := notation.ReadPGNOpenings(strings.NewReader(pgn), position.Chess); err == nil || !strings.Contains(err.Error(), "impossible in standard chess") {
		t.Errorf("standard PGN opening with kq and rooks on c8/g8: %v", err)
	}
	if _, err := notation.ReadPGNOpenings(strings.NewReader("[Variant \"Chess960\"]\n"+pgn), position.Chess); err == nil || !strings.Contains(err.Error(), "Chess960 game") {
		t.Errorf("Chess960 PGN opening: %v", err)
	}
}

// TestReadOpeningsFile: the file's name says its format; EPD errors name
// the file, and the project's opening sets read.
func TestReadOpeningsFile(t *testing.T) {
	for _, v := range position.Variants {
		ops, err := notation.ReadOpenings(filepath.Join("..", "configs", "openings", v.String()+".epd"), v, rules.Undecided)
		if err != nil || len(ops) != 100 {
			t.Errorf("%v opening set: %d openings, %v", v, len(ops), err)
		}
		// The SPRT sets: 5,000 openings, none twice and none of the 100
		// above (each a different starting position).
		big, err := notation.ReadOpenings(filepath.Join("..", "configs", "openings", v.String()+"-5000.epd"), v, rules.Undecided)
		if err != nil || len(big) != 5000 {
			t.Errorf("%v SPRT opening set: %d openings, %v", v, len(big), err)
		}
		key := func(fen string) string { // the position without the move counters
			f := strings.Fields(fen)
			return strings.Join(f[:min(4, len(f))], " ")
		}
		seen := map[string]bool{}
		for _, op := range ops {
			seen[key(op.FEN)] = true
		}
		for i, op := range big {
			if seen[key(op.FEN)] || len(op.Moves) != 0 {
				t.Errorf("%v SPRT opening %d (%s, moves %v): twice, or one of the 100", v, i+1, op.FEN, op.Moves)
			}
			seen[key(op.FEN)] = true
		}
	}
	dir := t.TempDir()
	pgn, epd := filepath.Join(dir, "a.PGN"), filepath.Join(dir, "b.epd")
	os.WriteFile(pgn, []byte("1. e4 e5 2. Nf3 *\n"), 0o644)
	os.WriteFile(epd, []byte("garbage\n"), 0o644)
	if ops, err := notation.ReadOpenings(pgn, position.Chess, nil); err != nil || len(ops) != 1 || strings.Join(ops[0].Moves, " ") != "e2e4 e7e5 g1f3" {
		t.Errorf("PGN openings: %+v %v", ops, err)
	}
	if _, err := notation.ReadOpenings(epd, position.Chess, nil); err == nil || !strings.Contains(err.Error(), "b.epd: line 1") {
		t.Errorf("bad EPD: %v", err)
	}
}

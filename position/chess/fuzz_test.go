// Fuzz targets for the FEN reader and the UCI move parser.
package chess

import (
	"strings"
	"testing"

	"dualnnue/position"
)

var fuzzFENSeeds = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1",
	"5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"rnbqkbnr/ppp2ppp/3p4/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq d3 1 3",
	"8/pp5p/kqp5/2P1Br2/5Pb1/P1NQ4/1P4PP/2K2BbR w - - 0 1",
	"3P3k/8/8/8/8/8/8/3K4 w - - 0 1",
	"position fen startpos",
	"r3k1rr/8/8/8/8/8/8/RR2K2R w BHga - 0 1",
	"", "8/8/8/8/8/8/8/8 w - -", "k7/8/8/8/8/8/8/K7 b - - 99999999 1",
}

// FuzzFEN: SetFEN never panics, in either mode; an accepted FEN gives a
// consistent position whose FEN reads back (in the same mode) to the same
// position, and move generation and perft work on it. A FEN accepted in
// standard mode holds only standard castling rights.
func FuzzFEN(f *testing.F) {
	for _, s := range fuzzFENSeeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, fen string, chess960 bool) {
		parse := NewFromFEN
		if chess960 {
			parse = NewFromFEN960
		}
		p, err := parse(fen)
		if err != nil {
			if p != nil || err.Error() == "" {
				t.Fatalf("error %v with position", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%q accepted but invalid: %v", fen, err)
		}
		if p.Chess960 != chess960 || !chess960 && p.NeedsChess960() {
			t.Fatalf("%q (Chess960 %v): mode %v, needs Chess960 %v", fen, chess960, p.Chess960, p.NeedsChess960())
		}
		out := p.FEN()
		q, err := parse(out)
		if err != nil {
			t.Fatalf("%q written as %q which does not parse: %v", fen, out, err)
		}
		if q.Key() != p.Key() || q.FEN() != out {
			t.Fatalf("%q: round trip %q -> %q", fen, out, q.FEN())
		}
		var l position.MoveList
		p.GenerateLegal(&l)
		if n := p.countLegal(); n != l.Len {
			t.Fatalf("%q: countLegal %d, GenerateLegal %d", fen, n, l.Len)
		}
		var st position.State
		for _, m := range l.Slice() {
			p.DoMove(m, &st)
			if err := p.Validate(); err != nil {
				t.Fatalf("%q after %s: %v", fen, p.MoveString(m), err)
			}
			p.UndoMove(m)
		}
		Perft(p, 2)
	})
}

// FuzzParseMove: ParseMove never panics; an accepted move is legal and
// prints back as the input (promotion letter in lower case).
func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"e2e4", "e7e8q", "e1g1", "e1h1", "e8h8", "b7b8N", "a1a1", "0000", "", "e2e4e5", "h7h8", "zz", "d5e6"} {
		f.Add(uint8(i), s, i%3 == 0)
	}
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/1P6/8/8/8/8/8/4K2R w K - 0 1",
		"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
	}
	positions := make([]*Position, len(fens))
	for i, fen := range fens {
		p, err := anyFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions[i] = p
	}
	f.Fuzz(func(t *testing.T, which uint8, s string, chess960 bool) {
		p := positions[int(which)%len(positions)]
		saved := p.Chess960
		p.Chess960 = p.Chess960 || chess960
		defer func() { p.Chess960 = saved }()
		m, err := p.ParseMove(s)
		if err != nil {
			if m != position.MoveNone {
				t.Fatalf("%q: error %v with move %v", s, err, m)
			}
			return
		}
		if !p.PseudoLegal(m) || !p.Legal(m) {
			t.Fatalf("%q parsed to an illegal move", s)
		}
		if got := p.MoveString(m); got != strings.ToLower(s[:4])+strings.ToLower(s[4:]) {
			t.Fatalf("%q prints back as %q", s, got)
		}
	})
}

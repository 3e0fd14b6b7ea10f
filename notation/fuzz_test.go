// Fuzz tests for the SAN, WXF and PGN parsers: never panic, and whatever
// they accept is legal and writes back to the same thing.
package notation

import (
	"bytes"
	"io"
	"testing"

	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

var fuzzChessFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"k7/4P3/8/8/8/8/8/K7 w - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
}

var fuzzXiangqiFENs = []string{
	xiangqi.StartFEN,
	"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1",
	"4k4/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1",
	"3k5/9/9/9/9/2p1p4/2p1p4/9/9/4K4 b - - 0 1",
	"5k3/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1", // 3 and 2 tandem pawns (WXF's "33.4" form)
	"3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1", // 5 on a file ("++.4")
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "e8=Q+", "Raxb1", "Xe4", "Qh4#", "R1a3", "e7e8q", "Ng1-f3", ""} {
		for i := range fuzzChessFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p, err := chess.NewFromFEN(fuzzChessFENs[int(i)%len(fuzzChessFENs)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseSAN(p, s)
		if err != nil {
			return
		}
		back, err := ParseSAN(p, SAN(p, m))
		if err != nil || back != m {
			t.Fatalf("%q -> %s -> %q -> %v %v", s, p.MoveString(m), SAN(p, m), back, err)
		}
	})
}

func FuzzParseWXF(f *testing.F) {
	for _, s := range []string{"C2=5", "C2.5", "H8+7", "H++7", "+H+7", "15+1", "P-+1", "A6+5", "E7-5", "X2=5", "h2+3", "K5+1", "3+.4", "33.4", "33=4", "++.4", "--.4", "P3.4", "7-.6"} {
		for i := range fuzzXiangqiFENs {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p, err := xiangqi.NewFromFEN(fuzzXiangqiFENs[int(i)%len(fuzzXiangqiFENs)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseWXF(p, s)
		if err != nil {
			return
		}
		if !p.PseudoLegal(m) || !p.Legal(m) {
			t.Fatalf("%q accepted as illegal %s", s, xiangqi.MoveString(m))
		}
		back, err := ParseWXF(p, WXF(p, m))
		if err != nil || back != m {
			t.Fatalf("%q -> %s -> %q -> %v %v", s, xiangqi.MoveString(m), WXF(p, m), back, err)
		}
	})
}

func FuzzReadPGN(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4) Nc6 $1 1-0\n",
		"1. d4 e5 2. dxe5 d6 3. exd6 Qd7 4. dxc7 Qd8 5. cxd8=Q# 1-0",
		"[Variant \"xiangqi\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 *\n",
		"[Variant \"xiangqi\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 *\n",
		"[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q# 1-0",
		"{x} [Event \"y\"]\n{z}\n1. e4 {a} {b} e5 (1... d5 {v}) {c\nd} * {after}\n",
		"[Event \"x", "1. e4 {", "1. e4 (", "%x\n*", "[Result \"1-0\"]\n\n0-1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Every game read writes and reads back the same; Next goes on
		// after a game it cannot read and always advances.
		rd := NewReader(bytes.NewReader([]byte(s)))
		for n := 0; ; n++ {
			g, err := rd.Next()
			if err == io.EOF {
				break
			}
			if g == nil || n > len(s) {
				t.Fatalf("game %d: %v, %v", n+1, g, err)
			}
			if err != nil {
				continue
			}
			var b bytes.Buffer
			if err := WritePGN(&b, g, WriteOptions{}); err != nil {
				t.Fatalf("read game does not write: %v", err)
			}
			back, err := ParsePGN(b.String())
			if err != nil || !sameGame(g, back) {
				t.Fatalf("write/read differs: %v\n%s", err, b.String())
			}
		}
	})
}

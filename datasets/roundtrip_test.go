// Round trips: random games written and read back give the same games,
// positions, scores and results, for both games.
package datasets

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
	"time"

	"dualnnue/position"
	"dualnnue/position/setup"
)

var bothGames = []position.Variant{position.Chess, position.Xiangqi}

func writeGames(tb testing.TB, g position.Variant, games []GameRecord, opt *WriterOptions) []byte {
	tb.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, g, GeneratorInfo{Engine: "test", Seed: 7, Created: "2026-11-29T00:00:00Z"}, opt)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range games {
		if err := w.WriteGame(&games[i]); err != nil {
			tb.Fatalf("game %d: %v", i, err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func readGames(tb testing.TB, data []byte) ([]GameRecord, []Problem) {
	tb.Helper()
	r, err := NewReader(bytes.NewReader(data), nil)
	if err != nil {
		tb.Fatal(err)
	}
	var out []GameRecord
	var g GameRecord
	for r.NextGame(&g) {
		out = append(out, normalized(g))
	}
	if err := r.Err(); err != nil {
		tb.Fatal(err)
	}
	return out, r.Problems()
}

func TestRoundTripGames(t *testing.T) {
	for _, g := range bothGames {
		t.Run(g.String(), func(t *testing.T) {
			games := randomGames(t, g, 300, uint64(g)*1000+1, fullGen)
			data := writeGames(t, g, games, &WriterOptions{BlockSize: 8 << 10})
			got, probs := readGames(t, data)
			if len(probs) != 0 {
				t.Fatalf("problems on a clean file: %v", probs)
			}
			if len(got) != len(games) {
				t.Fatalf("read %d games, wrote %d", len(got), len(games))
			}
			for i := range games {
				if want := normalized(games[i]); !reflect.DeepEqual(got[i], want) {
					t.Fatalf("game %d differs:\n got %+v\nwant %+v", i, got[i], want)
				}
			}
		})
	}
}

// expectedRecords replays games and lists, per scored position, its FEN
// and record fields as a reader must return them.
func expectedRecords(tb testing.TB, g position.Variant, games []GameRecord) []string {
	rp, err := newReplayer(g)
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, gr := range games {
		fen := gr.StartFEN
		if fen == setup.StartFEN(g) {
			fen = ""
		}
		if err := rp.reset(fen); err != nil {
			tb.Fatal(err)
		}
		for _, m := range gr.Book {
			rp.do(m)
		}
		for i, p := range gr.Plies {
			best := p.Best
			if best == position.MoveNone {
				best = p.Move
			}
			out = append(out, fmt.Sprintf("%s|%d|%d|%d|%d|%d|%v", rp.pos.FEN(), p.Score, p.Move, best, gr.Result, len(gr.Book)+i, rp.pos.State().InCheck))
			if p.Move != position.MoveNone {
				rp.do(p.Move)
			}
		}
	}
	return out
}

func TestRoundTripPositions(t *testing.T) {
	for _, g := range bothGames {
		t.Run(g.String(), func(t *testing.T) {
			games := randomGames(t, g, 120, uint64(g)*77, fullGen)
			want := expectedRecords(t, g, games)
			data := writeGames(t, g, games, &WriterOptions{BlockSize: 4 << 10})
			r, err := NewReader(bytes.NewReader(data), nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for r.Next() {
				p, rec := r.Position(), r.Record()
				got = append(got, fmt.Sprintf("%s|%d|%d|%d|%d|%d|%v", p.FEN(), rec.Score, rec.Move, rec.Best, rec.Result, rec.Ply, p.State().InCheck))
			}
			if len(r.Problems()) != 0 || r.Err() != nil {
				t.Fatalf("problems %v err %v", r.Problems(), r.Err())
			}
			if len(got) != len(want) {
				t.Fatalf("read %d positions, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("position %d:\n got %s\nwant %s", i, got[i], want[i])
				}
			}
			ended, recs, ngames := r.Scanner().Ended()
			if !ended || recs != uint64(len(want)) || ngames != uint64(len(games)) {
				t.Fatalf("end marker: %v %d records %d games, want %d %d", ended, recs, ngames, len(want), len(games))
			}
		})
	}
}

// TestBoardMirror checks the replayer's mirror board against the position
// after every move of random games.
func TestBoardMirror(t *testing.T) {
	for _, g := range bothGames {
		rp, err := newReplayer(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, gr := range randomGames(t, g, 40, 11, fullGen) {
			if err := rp.reset(gr.StartFEN); err != nil {
				t.Fatal(err)
			}
			moves := append([]position.Move(nil), gr.Book...)
			for _, p := range gr.Plies {
				if p.Move != position.MoveNone {
					moves = append(moves, p.Move)
				}
			}
			for i, m := range moves {
				var all position.MoveList
				rp.pos.GenerateLegal(&all)
				for _, x := range all.Slice() {
					f, to, err := rp.encode(x)
					if err != nil {
						t.Fatalf("%v ply %d: %v", g, i, err)
					}
					if d, ok := rp.decode(f, to, false); !ok || d != x {
						t.Fatalf("%v ply %d: move %s coded (%d,%d) decodes to %d %v", g, i, rp.pos.MoveString(x), f, to, d, ok)
					}
				}
				f, to, err := rp.encode(m)
				if err != nil {
					t.Fatalf("%v ply %d: %v", g, i, err)
				}
				if d, ok := rp.decode(f, to, false); !ok || d != m {
					t.Fatalf("%v ply %d: move %s coded (%d,%d) decodes to %d %v", g, i, rp.pos.MoveString(m), f, to, d, ok)
				}
				rp.do(m)
				for sq := 0; sq < g.Squares(); sq++ {
					if rp.board.pc[sq] != rp.pos.PieceOn(position.Square(sq)) {
						t.Fatalf("%v ply %d: mirror has %d on %d, position %d", g, i, rp.board.pc[sq], sq, rp.pos.PieceOn(position.Square(sq)))
					}
				}
			}
		}
	}
}

func TestSelectBit(t *testing.T) {
	rng := testRNG(8)
	for i := 0; i < 2000; i++ {
		w := rng.next() & rng.next()
		k := 0
		for b := 0; b < 64; b++ {
			if w>>b&1 != 0 {
				if got := selectBit(w, k); got != b {
					t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, k, got, b)
				}
				k++
			}
		}
	}
}

// TestSourceDateEpoch: with SOURCE_DATE_EPOCH set, a file's Created stamp is
// that time, so two writes of the same games are the same bytes.
func TestSourceDateEpoch(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1764633600")
	games := randomGames(t, position.Chess, 5, 11, fullGen)
	write := func() []byte {
		var buf bytes.Buffer
		w, err := NewWriter(&buf, position.Chess, GeneratorInfo{Engine: "test", Seed: 7}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			if err := w.WriteGame(&games[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b := write(), write()
	if !bytes.Equal(a, b) {
		t.Fatal("two writes with SOURCE_DATE_EPOCH set differ")
	}
	r, err := NewReader(bytes.NewReader(a), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Header().Generator.Created; got != "2025-12-02T00:00:00Z" {
		t.Fatalf("Created = %q, want 2025-12-02T00:00:00Z", got)
	}
	t.Setenv("SOURCE_DATE_EPOCH", "not a number")
	if c := createdTime(); time.Since(c) > time.Minute {
		t.Fatalf("unreadable SOURCE_DATE_EPOCH gave %v, want now", c)
	}
}

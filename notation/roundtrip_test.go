// Round trips: SAN and WXF of every legal move of the perft suites parse back to the move.
package notation

import (
	"path/filepath"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

func TestSANRoundTripPerft(t *testing.T) {
	recs := readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "chess.jsonl"))
	moves := 0
	for _, r := range recs {
		p, err := chess.NewFromFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		seen := map[string]bool{}
		for _, m := range list.Slice() {
			s := SAN(p, m)
			if seen[s] {
				t.Errorf("%s: SAN %q written for two moves", r.FEN, s)
			}
			seen[s] = true
			got, err := ParseSAN(p, s)
			if err != nil || got != m {
				t.Errorf("%s: %s -> %q -> %v, %v", r.FEN, p.MoveString(m), s, got, err)
			}
			moves++
		}
		if p.FEN() != r.FEN && len(r.Moves) > 0 {
			// SAN must leave the position unchanged (FEN may normalise the
			// input's fields, so compare against a fresh parse).
			q, _ := chess.NewFromFEN(r.FEN)
			if p.FEN() != q.FEN() {
				t.Errorf("position changed: %s -> %s", q.FEN(), p.FEN())
			}
		}
	}
	if moves != 4284 {
		t.Errorf("checked %d moves", moves)
	}
}

func TestWXFRoundTripPerft(t *testing.T) {
	recs := readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "xiangqi.jsonl"))
	moves := 0
	for _, r := range recs {
		p, err := xiangqi.NewFromFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len != len(r.Moves) {
			t.Fatalf("%s: %d legal moves, suite lists %d", r.FEN, list.Len, len(r.Moves))
		}
		seen := map[string]bool{}
		for _, m := range list.Slice() {
			s := WXF(p, m)
			if seen[s] {
				t.Errorf("%s: WXF %q written for two moves", r.FEN, s)
			}
			seen[s] = true
			got, err := ParseWXF(p, s)
			if err != nil || got != m {
				t.Errorf("%s: %s -> %q -> %v, %v", r.FEN, xiangqi.MoveString(m), s, got, err)
			}
			moves++
		}
	}
	if moves != 5089 {
		t.Errorf("checked %d moves", moves)
	}
}

// TestWXFAgainstFSF compares our WXF with Fairy-Stockfish's (stored in
// testdata/wxf_fsf.jsonl by testdata/fsf/wxf.js) for every legal move of
// positions with tandem pieces: two horses or pawns on a file (front/rear
// markers), three pawns on a file and pawn pairs on two files (numbered
// pawns), for both colours.
func TestWXFAgainstFSF(t *testing.T) {
	type rec struct {
		FEN string            `json:"fen"`
		WXF map[string]string `json:"wxf"`
	}
	n := 0
	for _, r := range readJSONL[rec](t, filepath.Join("testdata", "wxf_fsf.jsonl")) {
		p, err := xiangqi.NewFromFEN(r.FEN)
		if err != nil {
			t.Fatal(err)
		}
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len != len(r.WXF) {
			t.Fatalf("%s: %d legal moves, Fairy-Stockfish %d", r.FEN, list.Len, len(r.WXF))
		}
		for iccs, want := range r.WXF {
			m, err := p.ParseMove(iccs)
			if err != nil {
				t.Fatal(err)
			}
			if got := WXF(p, m); got != want {
				t.Errorf("%s %s: WXF %q, Fairy-Stockfish %q", r.FEN, iccs, got, want)
			}
			if back, err := ParseWXF(p, want); err != nil || back != m {
				t.Errorf("%s: ParseWXF(%q) = %v, %v; want %s", r.FEN, want, back, err, iccs)
			}
			n++
		}
	}
	if n != 173 {
		t.Errorf("compared %d moves", n)
	}
}

package craftdata

import (
	"path/filepath"
	"testing"

	"dualnnue/datasets"
	"dualnnue/position"
)

// TestWriteShuffles: the file reads back as exactly games·plies records,
// every one the shuffle's knight move for its ply scored 10 cp in a drawn
// game, and no damage.
func TestWriteShuffles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.dnds")
	n, err := WriteShuffles(path, 3, 10)
	if err != nil || n != 30 {
		t.Fatalf("WriteShuffles = %d, %v; want 30, nil", n, err)
	}
	r, err := datasets.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	moves := 0
	for r.Next() {
		rec := r.Record()
		if rec.Result != position.Draw {
			t.Fatalf("result %v, want a draw", rec.Result)
		}
		if rec.Score != 10 || r.Position().MoveString(rec.Move) != KnightShuffle[rec.Ply%4] {
			t.Fatalf("ply %d: move %s score %d, want %s and 10", rec.Ply, r.Position().MoveString(rec.Move), rec.Score, KnightShuffle[rec.Ply%4])
		}
		moves++
	}
	if err := r.Err(); err != nil || len(r.Problems()) != 0 {
		t.Fatalf("read: %v, problems %v", err, r.Problems())
	}
	if moves != 30 {
		t.Fatalf("%d records, want 30", moves)
	}
}

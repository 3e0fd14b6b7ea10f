// Move picker tests (internal): the order of sortQuiets.
package search

import (
	"testing"

	"dualnnue/position"
)

// TestSortQuietsStable: sortQuiets orders [cur, end) by descending score,
// equal scores in their generated order, negative scores included, and
// leaves the moves before cur alone.
func TestSortQuietsStable(t *testing.T) {
	var mp picker
	var keys [position.MaxMoves]uint64
	scores := []int32{5, -3, 5, 0, 1 << 20, -3, -1 << 20, 5, 0}
	mp.list.Moves[0], mp.scores[0] = 999, 1<<30 // before cur: untouched
	for i, s := range scores {
		mp.list.Moves[i+1] = position.Move(100 + i)
		mp.scores[i+1] = s
	}
	mp.cur, mp.end = 1, 1+len(scores)
	mp.sortQuiets(&keys)
	want := []position.Move{104, 100, 102, 107, 103, 108, 101, 105, 106}
	wantScores := []int32{1 << 20, 5, 5, 5, 0, 0, -3, -3, -1 << 20}
	for i := range want {
		if mp.list.Moves[i+1] != want[i] || mp.scores[i+1] != wantScores[i] {
			t.Fatalf("position %d: move %d score %d, want %d %d", i, mp.list.Moves[i+1], mp.scores[i+1], want[i], wantScores[i])
		}
	}
	if mp.list.Moves[0] != 999 || mp.scores[0] != 1<<30 {
		t.Error("the move before cur changed")
	}
}

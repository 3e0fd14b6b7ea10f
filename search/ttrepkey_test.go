// Params.TTRepKey: the table entries of positions that occurred before are kept apart.
package search_test

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// TestTTRepKey searches, in each game, the start position, then plays a
// shuffle of two pieces back to it and searches it again with the same
// table, Params.TTRepKey off and on. Off, the second search reads the
// first one's entries for the positions near the root; on, those positions
// have occurred before in the game, so they read and write entries of their
// own and the second search's tree changes. The mate suites still prove
// their mates with it.
func TestTTRepKey(t *testing.T) {
	nodes := func(t *testing.T, v int) (chessNodes, xiangqiNodes uint64) {
		t.Helper()
		cs, xs := searchersWith(t, "TTRepKey", v)
		cp := chessPos(chess.StartFEN)
		cs.Search(cp, search.Limits{Depth: 9}, nil)
		var cst [4]position.State
		search.PlayMoves(t, cp, cst[:], []string{"g1f3", "g8f6", "f3g1", "f6g8"})
		xp := xiangqiPos(xiangqi.StartFEN)
		xs.Search(xp, search.Limits{Depth: 7}, nil)
		var xst [4]position.State
		search.PlayMoves(t, xp, xst[:], []string{"h0g2", "h9g7", "g2h0", "g7h9"})
		if !cp.Repeated() || !xp.Repeated() {
			t.Fatal("the shuffled roots do not repeat")
		}
		return cs.Search(cp, search.Limits{Depth: 9}, nil).Nodes, xs.Search(xp, search.Limits{Depth: 7}, nil).Nodes
	}
	offC, offX := nodes(t, 0)
	onC, onX := nodes(t, 1)
	t.Logf("second search's nodes off → on: chess %d → %d, xiangqi %d → %d", offC, onC, offX, onX)
	if onC == offC || onX == offX {
		t.Errorf("TTRepKey = 1 searches the same tree from a repeated root (chess %d → %d, xiangqi %d → %d): not wired",
			offC, onC, offX, onX)
	}
	checkMatesWith(t, "TTRepKey", 1)
}

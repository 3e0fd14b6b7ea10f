//go:build dualnnue_debug

package xiangqi

import (
	"strings"
	"testing"

	"dualnnue/position"
)

// TestDebugBuildValidates: in the debug build a DoMove on a position whose
// mailbox disagrees with its bitboards panics, naming the move.
func TestDebugBuildValidates(t *testing.T) {
	p, err := NewFromFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("h2e2")
	if err != nil {
		t.Fatal(err)
	}
	p.board[0] = position.NoPiece // a0.s rook vanishes from the mailbox only
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "after DoMove h2e2") {
			t.Fatalf("recovered %v", r)
		}
	}()
	var st position.State
	p.DoMove(m, &st)
}

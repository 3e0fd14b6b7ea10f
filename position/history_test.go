// Tests of History: States stay put across blocks, Undo restores, Replay's errors, no allocation once warm.
package position_test

import (
	"errors"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// shuffleLine is a line of 2·n moves in which both sides move a knight
// (horse) out and back, so it repeats every 4 plies and never ends.
func shuffleLine(n int, out1, out2, back1, back2 string) []string {
	var l []string
	for i := 0; i < n; i += 2 {
		l = append(l, out1, out2, back1, back2)
	}
	return l[:2*n]
}

func TestHistoryStatesNeverMove(t *testing.T) {
	p, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	start := p.FEN()
	// 3 blocks and a bit: the first State must stay where it was.
	moves := shuffleLine(200, "g1f3", "g8f6", "f3g1", "f6g8")
	var h position.History
	h.Do(p, mustParse(t, p, moves[0]))
	first := h.State(0)
	if err := h.Replay(p, moves[1:]); err != nil {
		t.Fatal(err)
	}
	if h.Len() != 400 || h.State(0) != first || p.State() != h.State(399) {
		t.Fatalf("len %d, State(0) moved %v, current %p want %p", h.Len(), h.State(0) != first, p.State(), h.State(399))
	}
	for i := 1; i < h.Len(); i++ {
		if h.State(i).Prev != h.State(i-1) {
			t.Fatalf("State(%d).Prev is not State(%d)", i, i-1)
		}
	}
	// The repetition rules walk those links: the start position stands
	// for the third time after 8 plies, and the line goes on repeating.
	if v, ok := p.RuleVerdict(0); !ok || v != position.ValueDraw {
		t.Errorf("after 400 plies of shuffling: %v %v, want a draw by repetition", v, ok)
	}
	for h.Len() > 0 {
		h.Undo(p)
	}
	if p.FEN() != start {
		t.Errorf("undone: %s, want %s", p.FEN(), start)
	}
}

func TestHistoryReplayError(t *testing.T) {
	p, err := xiangqi.NewFromFEN(xiangqi.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var h position.History
	err = h.Replay(p, []string{"h2e2", "h9g7", "e2e9", "zz"})
	var me *position.MoveError
	if !errors.As(err, &me) || me.Index != 3 || me.Move != "e2e9" || h.Len() != 2 {
		t.Fatalf("error %v (%+v), %d moves played; want move #3 refused, 2 played", err, me, h.Len())
	}
	if want := `move #3 "e2e9": ` + me.Err.Error(); err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
}

func TestHistoryNoAllocsWhenWarm(t *testing.T) {
	p, err := xiangqi.NewFromFEN(xiangqi.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var h position.History
	if err := h.Replay(p, shuffleLine(300, "h0g2", "h9g7", "g2h0", "g7h9")); err != nil {
		t.Fatal(err)
	}
	line := append([]position.Move(nil), h.Moves()...)
	allocs := testing.AllocsPerRun(20, func() {
		for h.Len() > 0 {
			h.Undo(p)
		}
		h.Reset()
		for _, m := range line {
			h.Do(p, m)
		}
	})
	if allocs != 0 || h.Len() != 600 || !strings.HasPrefix(p.FEN(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 600 ") {
		t.Errorf("a warm History allocates %v times per game (%d moves, %s)", allocs, h.Len(), p.FEN())
	}
}

func mustParse(t *testing.T, p position.Game, s string) position.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

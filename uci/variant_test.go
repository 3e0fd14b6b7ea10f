// Issue 14, "never answer for a position the GUI did not send": the game
// chosen by the FEN, and go after a rejected position.
package uci

import (
	"strings"
	"testing"
	"time"

	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

const chessAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

// A plain UCI chess GUI sends no UCI_Variant: its chess FEN selects chess
// (it was rejected with "FEN board has 8 ranks (10 required)" and go then
// played a xiangqi move of the old position), and a xiangqi FEN selects
// xiangqi back. A FEN of neither game changes nothing.
func TestPositionFENSelectsGame(t *testing.T) {
	c := startClient(t, Config{}, nil)
	c.send("uci")
	c.expect("uciok", 5*time.Second)
	c.send("ucinewgame", "position fen "+chess.StartFEN+" moves e2e4")
	got := c.sync()
	if len(got) != 1 || got[0] != "info string position fen: a chess FEN, so UCI_Variant is now chess" {
		t.Fatalf("chess FEN in xiangqi: %q", got)
	}
	if f := c.fen(); f != chessAfterE4 {
		t.Fatalf("position %s, want %s", f, chessAfterE4)
	}
	c.send("go depth 3")
	m, _ := c.bestmove(10 * time.Second)
	chessLegal(t, chessAfterE4, m)
	// Further chess positions: no note; startpos is chess now.
	c.send("position startpos moves e2e4")
	if got := c.sync(); len(got) != 0 || c.fen() != chessAfterE4 {
		t.Fatalf("position startpos after the switch: %q", got)
	}
	// An 8-rank FEN that is not valid chess: the chess error, no switch
	// back, and go refuses.
	c.send("setoption name UCI_Variant value xiangqi", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1")
	got = c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: as a chess FEN: ") || !strings.HasSuffix(got[0], "; position unchanged") {
		t.Fatalf("bad 8-rank FEN: %q", got)
	}
	if f := c.fen(); f != xiangqi.StartFEN {
		t.Fatalf("bad 8-rank FEN changed the position to %s", f)
	}
	// A chess FEN whose moves are illegal: rejected as a whole.
	c.send("position fen " + chess.StartFEN + " moves e2e5")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: as a chess FEN: move #1 'e2e5'") {
		t.Fatalf("chess FEN with a bad move: %q", got)
	}
	if v := c.sess.opts.get(optVariant); v != "xiangqi" {
		t.Fatalf("variant %s after rejected chess commands", v)
	}
	// A xiangqi FEN while in chess selects xiangqi.
	c.send("setoption name UCI_Variant value chess", "position fen "+xiangqi.StartFEN+" moves h2e2")
	if got := c.sync(); len(got) != 1 || got[0] != "info string position fen: a xiangqi FEN, so UCI_Variant is now xiangqi" {
		t.Fatalf("xiangqi FEN in chess: %q", got)
	}
	c.send("go depth 3")
	m, _ = c.bestmove(10 * time.Second)
	xiangqiLegal(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", m)
	// UCCI is xiangqi only: a chess FEN is an error there.
	c.send("ucci")
	c.expect("ucciok", 5*time.Second)
	c.send("position fen " + chess.StartFEN)
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: ") {
		t.Fatalf("chess FEN in UCCI: %q", got)
	}
}

// A chess FEN sent during a xiangqi search switches the game: the search is
// stopped first (it cannot go on once its engine is gone).
func TestPositionFENSwitchDuringSearch(t *testing.T) {
	c := startClient(t, Config{}, nil)
	c.send("go infinite")
	c.expect("info depth 1 ", 5*time.Second)
	c.send("position fen " + chess.StartFEN)
	l, before := c.expect("bestmove", 5*time.Second)
	if !hasPrefix(before, "info string 'position' during search: stopping it first") {
		t.Fatalf("switch during search: %q then %q", before, l)
	}
	got := c.sync()
	if len(got) != 1 || got[0] != "info string position fen: a chess FEN, so UCI_Variant is now chess" {
		t.Fatalf("after the switch: %q", got)
	}
}

// After a rejected position, go answers a note and "bestmove 0000" (for
// infinite and ponder only after stop or ponderhit), go perft is an error;
// a valid position or ucinewgame ends that. Before, go searched the
// position kept from before, which the GUI no longer meant.
func TestGoAfterRejectedPosition(t *testing.T) {
	c := fakeClient(t)
	c.send("position startpos moves a0a1", "position fen bad")
	if got := c.sync(); len(got) != 1 || got[0] != "info string error: position: bad FEN; position unchanged" {
		t.Fatalf("bad FEN: %q", got)
	}
	const note = "info string no search: the last position command was rejected (position: bad FEN); send a valid position"
	c.send("go depth 3")
	if l, before := c.expect("bestmove", 2*time.Second); l != "bestmove 0000" || len(before) != 1 || before[0] != note {
		t.Fatalf("go: %q then %q", before, l)
	}
	c.send("go infinite")
	if got := c.quiet("bestmove", 200*time.Millisecond); len(got) != 1 || got[0] != note {
		t.Fatalf("go infinite: %q", got)
	}
	c.send("stop")
	c.expect("bestmove 0000", 2*time.Second)
	c.send("go ponder")
	c.quiet("bestmove", 100*time.Millisecond)
	c.send("ponderhit")
	c.expect("bestmove 0000", 2*time.Second)
	c.send("go perft 2")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: go perft: the last position command was rejected") {
		t.Fatalf("go perft: %q", got)
	}
	if f := c.sess.eng.(*fakeEngine); f.fenStr != "start" || len(f.moves) != 1 {
		t.Fatalf("kept position %q %q", f.fenStr, f.moves)
	}
	// Every kind of rejection refuses; a valid position ends it.
	for _, bad := range []string{"position", "position fen", "position foo", "position startpos a0a1", "position startpos moves zz99"} {
		c.send(bad, "go depth 1")
		if l, before := c.expect("bestmove", 2*time.Second); l != "bestmove 0000" || len(before) != 2 ||
			!strings.HasPrefix(before[1], "info string no search: the last position command was rejected (") {
			t.Errorf("%s then go: %q then %q", bad, before, l)
		}
	}
	c.send("position startpos", "go depth 1")
	c.expect("bestmove a0a1", 2*time.Second)
	c.send("position fen bad", "ucinewgame", "go depth 1")
	c.expect("bestmove a0a1", 2*time.Second)
	// UCCI: nobestmove.
	c.send("ucci", "position fen bad", "go depth 1")
	if l, before := c.expect("nobestmove", 2*time.Second); l != "nobestmove" || before[len(before)-1] != note {
		t.Fatalf("UCCI: %q then %q", before, l)
	}
}

// Issue 14, "never answer for a position the GUI did not send": the game
// chosen by the FEN, and go after a rejected position.
package uci

import (
	"strings"
	"testing"
	"time"

	"dualnnue/position"
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

// Issue 24: a plain chess GUI sends no UCI_Variant and "position startpos"
// carries no FEN; its first move list tells. A start position whose moves
// are illegal in the current game and legal in the other switches games
// with a note, in both directions.
func TestPositionStartposSelectsGame(t *testing.T) {
	const toChess = `info string position startpos: the moves are not legal in xiangqi but are in chess, so UCI_Variant is now chess ` +
		`(for chess send "setoption name UCI_Variant value chess" or start the engine with -variant chess)`
	const toXiangqi = `info string position startpos: the moves are not legal in chess but are in xiangqi, so UCI_Variant is now xiangqi ` +
		`(for xiangqi send "setoption name UCI_Variant value xiangqi" or start the engine with -variant xiangqi)`
	const xqAfterH2E2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

	c := startClient(t, Config{}, nil)
	c.send("uci")
	c.expect("uciok", 5*time.Second)
	c.send("ucinewgame", "position startpos moves e2e4")
	if got := c.sync(); len(got) != 1 || got[0] != toChess {
		t.Fatalf("e2e4 in xiangqi: %q", got)
	}
	if v, f := c.sess.opts.get(optVariant), c.fen(); v != "chess" || f != chessAfterE4 {
		t.Fatalf("after e2e4: %s %s, want chess %s", v, f, chessAfterE4)
	}
	c.send("go depth 3")
	m, _ := c.bestmove(10 * time.Second)
	chessLegal(t, chessAfterE4, m)

	// And back: a xiangqi move list while in chess.
	c.send("position startpos moves h2e2")
	if got := c.sync(); len(got) != 1 || got[0] != toXiangqi {
		t.Fatalf("h2e2 in chess: %q", got)
	}
	if v, f := c.sess.opts.get(optVariant), c.fen(); v != "xiangqi" || f != xqAfterH2E2 {
		t.Fatalf("after h2e2: %s %s", v, f)
	}
	c.send("go depth 3")
	m, _ = c.bestmove(10 * time.Second)
	xiangqiLegal(t, xqAfterH2E2, m)
}

// The other direction from a chess default (play -variant chess), and the
// refusals: moves legal in both games keep the current game, moves legal in
// neither are an error that names UCI_Variant and -variant, a list that
// continues the current game never switches (only a new game does), and
// UCCI is xiangqi only.
func TestPositionStartposSwitchRefusals(t *testing.T) {
	const hintXQ = `; the game is xiangqi (UCI_Variant): for chess send "setoption name UCI_Variant value chess" or start the engine with -variant chess; position unchanged`
	const hintCH = `; the game is chess (UCI_Variant): for xiangqi send "setoption name UCI_Variant value xiangqi" or start the engine with -variant xiangqi; position unchanged`
	const chessAfterH3 = "rnbqkbnr/pppppppp/8/8/8/7P/PPPPPPP1/RNBQKBNR b KQkq - 0 1"
	const xqAfterH3 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1PCP/1C7/9/RNBAKABNR b - - 1 1"

	c := startClient(t, Config{DefaultVariant: position.Chess}, nil)
	// h2h3 is a pawn move in chess and a cannon move in xiangqi.
	c.send("position startpos moves h2h3")
	if got := c.sync(); len(got) != 0 || c.fen() != chessAfterH3 {
		t.Fatalf("h2h3 in chess: %q", got)
	}
	// Legal in neither: an error naming both ways to choose the game.
	c.send("position startpos moves e2e5")
	got := c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #1 'e2e5': ") || !strings.HasSuffix(got[0], hintCH) {
		t.Fatalf("e2e5 in chess: %q", got)
	}
	if v, f := c.sess.opts.get(optVariant), c.fen(); v != "chess" || f != chessAfterH3 {
		t.Fatalf("after a refused list: %s %s", v, f)
	}
	// h2h3 accepted in chess; h2h3 h9g7 is xiangqi only but continues the
	// chess game: refused, then accepted after ucinewgame.
	c.send("position startpos moves h2h3", "position startpos moves h2h3 h9g7")
	got = c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #2 'h9g7': ") || !strings.HasSuffix(got[0], hintCH) {
		t.Fatalf("h2h3 h9g7 continuing a chess game: %q", got)
	}
	c.send("ucinewgame", "position startpos moves h2h3 h9g7")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string position startpos: the moves are not legal in chess but are in xiangqi") {
		t.Fatalf("h2h3 h9g7 after ucinewgame: %q", got)
	}
	if v := c.sess.opts.get(optVariant); v != "xiangqi" {
		t.Fatalf("variant %s, want xiangqi", v)
	}
	// In xiangqi now: h2h3 stays xiangqi; a bad move names chess.
	c.send("position startpos moves h2h3")
	if got := c.sync(); len(got) != 0 || c.fen() != xqAfterH3 {
		t.Fatalf("h2h3 in xiangqi: %q", got)
	}
	c.send("position startpos moves e7e8q")
	got = c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #1 'e7e8q': ") || !strings.HasSuffix(got[0], hintXQ) {
		t.Fatalf("e7e8q in xiangqi: %q", got)
	}
	// go after the refusal repeats why, hint included.
	c.send("go depth 1")
	if l, before := c.expect("bestmove", 5*time.Second); l != "bestmove 0000" || len(before) != 1 || !strings.Contains(before[0], "-variant chess") {
		t.Fatalf("go after the refusal: %q then %q", before, l)
	}
	// A "position fen" never switches on its moves, only on its board.
	c.send("position fen " + xiangqi.StartFEN + " moves e2e4")
	if got := c.sync(); len(got) != 1 || !strings.HasSuffix(got[0], hintXQ) || c.sess.opts.get(optVariant) != "xiangqi" {
		t.Fatalf("xiangqi FEN with chess moves: %q", got)
	}
	// UCCI is xiangqi only: no switch, no UCI hint.
	c.send("ucci")
	c.expect("ucciok", 5*time.Second)
	c.send("position startpos moves e2e4")
	got = c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #1 'e2e4': ") || strings.Contains(got[0], "UCI_Variant") {
		t.Fatalf("e2e4 in UCCI: %q", got)
	}
	if v := c.sess.opts.get(optVariant); v != "xiangqi" {
		t.Fatalf("UCCI switched to %s", v)
	}
}

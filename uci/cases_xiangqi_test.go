// The xiangqi protocol cases (XQ-15, XQ-17, XQ-18) as scripted sessions.
package uci

import (
	"strings"
	"testing"
	"time"

	"dualnnue/position/xiangqi"
)

func xiangqiLegal(t *testing.T, fen, move string) {
	t.Helper()
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	if _, err := p.ParseMove(move); err != nil {
		t.Fatalf("bestmove %s is not legal in %s: %v", move, fen, err)
	}
}

// XQ-15: fullmove 0 is accepted; after f0f1 black mates in one (g9f9).
func TestCaseXQ15FullmoveZeroMateInOne(t *testing.T) {
	tc := loadCase(t, "XQ-15")
	var exp struct {
		Transcript []string `json:"transcript_pikafish"`
		Best       string   `json:"bestmove_pikafish"`
		Score      string   `json:"score"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "xiangqi")
	c.send(exp.Transcript[0])
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("%s: %q", exp.Transcript[0], got)
	}
	start := time.Now()
	c.send(exp.Transcript[1])
	m, before := c.bestmove(5 * time.Second)
	if m != exp.Best {
		t.Fatalf("bestmove %s, want %s", m, exp.Best)
	}
	last := before[len(before)-1]
	if !strings.Contains(last, " score "+exp.Score+" ") || !strings.HasSuffix(last, " pv "+exp.Best) {
		t.Fatalf("last info %q, want score %s pv %s", last, exp.Score, exp.Best)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a mate in one took %v of a 3 s movetime", d)
	}
}

// XQ-17: ranks 0–9 in UCI and UCCI; the Fairy-Stockfish 1–10 list is an
// illegal move here (reported, position kept), not silently dropped.
func TestCaseXQ17RankNumbering(t *testing.T) {
	tc := loadCase(t, "XQ-17")
	var exp struct {
		FENAfter string `json:"fen_after"`
	}
	tc.expected(t, &exp)
	var fsf struct {
		MovesFSF []string `json:"moves_fsf"`
	}
	loadRaw(t, "XQ-17", &fsf)
	for _, proto := range []string{"uci", "ucci"} {
		c := startClient(t, Config{}, nil)
		c.send(proto)
		c.expect(proto+"ok", 5*time.Second)
		c.send(tc.positionCmd())
		if got := c.sync(); len(got) != 0 {
			t.Fatalf("%s %s: %q", proto, tc.positionCmd(), got)
		}
		if f := c.fen(); f != exp.FENAfter {
			t.Fatalf("%s: fen %s want %s", proto, f, exp.FENAfter)
		}
		c.send("position startpos moves " + strings.Join(fsf.MovesFSF, " "))
		got := c.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #1 'h3e3': ") {
			t.Fatalf("%s: 1-10 ranks: %q", proto, got)
		}
		if f := c.fen(); f != exp.FENAfter {
			t.Fatalf("%s: rejected command changed the position to %s", proto, f)
		}
		// The case asks for a search of the kept position; issue 14 says
		// otherwise: go answers for no position the client did not send.
		c.send("go depth 4")
		c.expectRefused(proto == "ucci")
		c.send(tc.positionCmd(), "go depth 4")
		m, _ := c.bestmove(10 * time.Second)
		xiangqiLegal(t, exp.FENAfter, m)
	}
}

// XQ-18: "fen foobar" is an unknown command, "position fen foobar" an
// error that keeps the previous position (for "d"); go then answers
// "bestmove 0000" with a note rather than search it (issue 14 replaces the
// case's "go must search the previous valid position").
func TestCaseXQ18GarbageFEN(t *testing.T) {
	tc := loadCase(t, "XQ-18")
	var exp struct {
		Transcript []string `json:"transcript"`
	}
	tc.expected(t, &exp)
	c := startClient(t, Config{}, nil)
	c.send(exp.Transcript[0])
	c.expect("uciok", 5*time.Second)
	c.send(exp.Transcript[1])
	if got := c.sync(); len(got) != 1 || got[0] != "info string unknown command 'fen' ignored" {
		t.Fatalf("%s: %q", exp.Transcript[1], got)
	}
	c.send(exp.Transcript[2])
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") || !strings.HasSuffix(got[0], "; position unchanged") {
		t.Fatalf("%s: %q", exp.Transcript[2], got)
	}
	if f := c.fen(); f != xiangqi.StartFEN {
		t.Fatalf("position %s after a rejected FEN", f)
	}
	c.send(exp.Transcript[3])
	c.expect("readyok", 5*time.Second)
	c.send(exp.Transcript[4])
	c.expectRefused(false)
	c.send("position startpos", exp.Transcript[4])
	m, _ := c.bestmove(10 * time.Second)
	xiangqiLegal(t, xiangqi.StartFEN, m)
}

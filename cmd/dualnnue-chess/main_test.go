package main

import (
	"bytes"
	"strings"
	"testing"

	"dualnnue/internal/cli/clitest"
	"dualnnue/position/chess"
)

func TestCommandLineRules(t *testing.T) {
	clitest.CheckTree(t, root)
}

// With no arguments the game is chess: "position startpos" and "go" answer
// a legal chess move (a xiangqi move such as h2e2 forfeited the game in a
// chess GUI).
func TestStartsInChess(t *testing.T) {
	var out, errb bytes.Buffer
	in := "uci\nposition startpos\ngo depth 2\nposition startpos moves e2e4\nd\n"
	if code := root.Main(nil, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var best string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "option name UCI_Variant ") && !strings.Contains(l, " default chess ") {
			t.Errorf("handshake: %s", l)
		}
		if strings.HasPrefix(l, "info string") {
			t.Errorf("unexpected note: %s", l)
		}
		if strings.HasPrefix(l, "bestmove ") {
			best = strings.Fields(l)[1]
		}
	}
	p, _ := chess.NewFromFEN(chess.StartFEN)
	if _, err := p.ParseMove(best); err != nil {
		t.Errorf("bestmove %q is not a legal chess move: %v\n%s", best, err, out.String())
	}
	if want := "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"; !strings.Contains(out.String(), want+"\n") {
		t.Errorf("no %q in\n%s", want, out.String())
	}
	// -variant xiangqi still selects xiangqi; a bad value is a usage error.
	out.Reset()
	if code := root.Main([]string{"-variant", "xiangqi"}, strings.NewReader("uci\n"), &out, &errb); code != 0 ||
		!strings.Contains(out.String(), "option name UCI_Variant type combo default xiangqi ") {
		t.Errorf("-variant xiangqi: exit %d\n%s", code, out.String())
	}
	errb.Reset()
	if code := root.Main([]string{"-variant", "shogi"}, strings.NewReader(""), &out, &errb); code != 2 ||
		!strings.HasPrefix(errb.String(), `dualnnue-chess: -variant must be xiangqi or chess, not "shogi"`) {
		t.Errorf("-variant shogi: exit %d, %q", code, errb.String())
	}
}

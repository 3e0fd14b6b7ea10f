package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReport: three games of the engine (a win, a draw after +2.40, a loss
// after +1.20 and a mate against it) and one of two other engines; the
// table counts them by result and lead, and the list names the draw.
func TestReport(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := run([]string{"testdata/three.pgn"}, &out, &errb); rc != 0 {
		t.Fatalf("rc %d: %s", rc, errb.String())
	}
	want := `dualnnue: 3 games; its own best score at some move, in pawns
result  games   led ≥ +1   led ≥ +2   no score
win         1          1          1          0
draw        1          1          1          0
loss        1          1          0          0
draws and losses after a lead of +2 or more:
  1.2     draw black  +2.40  adjudication: draw               r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if rc := run([]string{"-lead", "1", "testdata/three.pgn"}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "  2.1     loss white  +1.20  adjudication: resign") {
		t.Errorf("-lead 1: rc %d, the loss after +1.20 not listed:\n%s", rc, out.String())
	}
}

// TestBadInput: usage errors exit 2, unreadable or illegal PGN and a file
// without the engine's games exit 1, each with a message naming the cause.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	illegal := filepath.Join(dir, "illegal.pgn")
	os.WriteFile(illegal, []byte("[White \"dualnnue\"]\n[Black \"x\"]\n[Result \"1-0\"]\n\n1. e5 1-0\n"), 0o644)
	for _, c := range []struct {
		args []string
		rc   int
		msg  string
	}{
		{nil, 2, "usage: leads"},
		{[]string{"-lead", "0", "testdata/three.pgn"}, 2, "usage: leads"},
		{[]string{"-engine", "", "testdata/three.pgn"}, 2, "usage: leads"},
		{[]string{filepath.Join(dir, "missing.pgn")}, 1, "no such file"},
		{[]string{illegal}, 1, "illegal.pgn"},
		{[]string{"-engine", "stockfish", "testdata/three.pgn"}, 1, `no finished game of an engine named "stockfish"`},
	} {
		var out, errb bytes.Buffer
		rc := run(c.args, &out, &errb)
		if rc != c.rc || !strings.Contains(errb.String(), c.msg) {
			t.Errorf("%v: rc %d, stderr %q; want rc %d and %q", c.args, rc, errb.String(), c.rc, c.msg)
		}
	}
}

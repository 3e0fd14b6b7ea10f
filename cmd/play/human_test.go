package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/position"
)

// TestHumanEval: play human takes the evaluator choice as -eval, the
// spelling of bench and selfplay (hand, embedded or a net file); the UCI
// options' spelling, -hce and -evalfile, stays as deprecated aliases that
// say so. The engine's first move at depth 4 from one thread tells the
// evaluators apart: the hand-written evaluation plays Nc3 in 402 nodes, the
// embedded chess net (cr18l75) d4 in 415 (cr17n: g3 in 579; cr14n: e4 in 540; cr11s: d4 in
// 373; cr10s: d4 in 360; cr5f: d4 in 309; 385 and 281 before the deeper/shallower LMR
// re-search).
func TestHumanEval(t *testing.T) {
	const (
		hand = "engine plays Nc3 (b1c3)   [depth 4, white +0.11, 402 nodes, "
		net  = "engine plays d4 (d2d4)   [depth 4, white +0.11, 415 nodes, "
	)
	dir := t.TempDir()
	file, missing := filepath.Join(dir, "chess.nnue"), filepath.Join(dir, "missing.nnue")
	if err := os.WriteFile(file, nn.DefaultFile(position.Chess), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args       []string
		play, warn string
	}{
		{nil, net, ""},
		{[]string{"-eval", "embedded"}, net, ""},
		{[]string{"-eval", "hand"}, hand, ""},
		{[]string{"-eval", file}, net, ""},
		{[]string{"-hce"}, hand, "play human: -hce is deprecated: use -eval hand\n"},
		{[]string{"-hce=false"}, net, "play human: -hce is deprecated: use -eval hand\n"},
		{[]string{"-evalfile", file}, net, "play human: -evalfile is deprecated: use -eval FILE\n"},
		{[]string{"-evalfile", file, "-hce"}, hand, "play human: -evalfile is deprecated: use -eval FILE\nplay human: -hce is deprecated: use -eval hand\n"},
	} {
		args := append([]string{"human", "-game", "chess", "-color", "black", "-depth", "4", "-movetime", "0"}, c.args...)
		out, errOut, code := playIn("quit\n", args...)
		if code != 0 || !strings.Contains(out, c.play) || errOut != c.warn {
			t.Errorf("%q: exit %d, stderr %q, stdout\n%s\nwant %q", c.args, code, errOut, out, c.play)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-eval", ""}, "play human: -eval: bad evaluator choice: empty (want hand, embedded or the path of a net file)\nusage: play human"},
		{[]string{"-eval", "hand", "-hce"}, "play human: -hce is deprecated: use -eval hand\nplay human: -eval with the deprecated -hce or -evalfile: give -eval only\nusage: play human"},
		{[]string{"-eval", missing}, "play human: open " + missing + ": no such file or directory\n"},
	} {
		args := append([]string{"human", "-game", "chess"}, c.args...)
		out, errOut, code := playIn("quit\n", args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 with %q", c.args, code, out, errOut, c.want)
		}
	}
}

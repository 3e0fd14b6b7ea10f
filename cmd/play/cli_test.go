// The command line of play: the shared rules for every command, and
// `play result` (moved here from package rules with its flag handling).
package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/cli/clitest"
)

func TestCommandLineRules(t *testing.T) {
	clitest.CheckTree(t, root)
}

// playIn runs the command line in this process with stdin.
func playIn(stdin string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := root.Main(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// TestBinaryHelp: the built binary's -h exits 0 with the help on stdout,
// a stray word exits 2 naming it on stderr (os.Exit passes the codes).
func TestBinaryHelp(t *testing.T) {
	want, _, _ := playIn("", "result", "-h")
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(binary, "result", "-h")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != want || stderr.Len() != 0 {
		t.Errorf("play result -h: %v, stderr %q, stdout\n%s", err, stderr.String(), stdout.String())
	}
	stdout.Reset()
	cmd = exec.Command(binary, "bench", "-depth", "1", "stray")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || stdout.Len() != 0 ||
		!strings.HasPrefix(stderr.String(), "play bench: unexpected argument \"stray\"\n") {
		t.Errorf("play bench stray: %v, stdout %q, stderr %q", err, stdout.String(), stderr.String())
	}
}

// TestResultCommand: `play result` prints exactly one JSON line per game;
// bad games exit 1, bad flags 2; the game is xiangqi unless -game says
// otherwise (it was chess, unlike every other command).
func TestResultCommand(t *testing.T) {
	out, _, code := playIn("", "result", "-game", "xiangqi", "-fen", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
		"-moves", "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2")
	if code != 0 || out != `{"result":"0-1","reason":"perpetual chase"}`+"\n" {
		t.Errorf("xiangqi: %q %d", out, code)
	}
	out, _, code = playIn("", "result", "-game", "chess", "-moves", "f2f3 e7e5 g2g4 d8h4")
	if code != 0 || out != `{"result":"0-1","reason":"checkmate"}`+"\n" {
		t.Errorf("chess: %q %d", out, code)
	}
	out, _, code = playIn("", "result", "-game", "chess")
	if code != 0 || out != `{"result":"*","reason":"ongoing"}`+"\n" {
		t.Errorf("start: %q %d", out, code)
	}
	// The default game is xiangqi: its start position, its moves.
	out, _, code = playIn("", "result", "-moves", "h2e2 h9g7 e2e6")
	if code != 0 || out != `{"result":"*","reason":"ongoing"}`+"\n" {
		t.Errorf("default game: %q %d", out, code)
	}
	out, errs, code := playIn("", "result", "-moves", "e2e4")
	if code != 1 || out != "" || errs != "play result: move 1 (red, ply 1) \"e2e4\": xiangqi: move \"e2e4\": no red piece on e2 (these moves are chess: add -game chess)\n" {
		t.Errorf("a chess move in the default game: %q %q %d", out, errs, code)
	}
	// SAN (issue 24), and a xiangqi list in chess names -game xiangqi.
	out, _, code = playIn("", "result", "-game", "chess", "-moves", "f3 e5 g4 Qh4#")
	if code != 0 || out != `{"result":"0-1","reason":"checkmate"}`+"\n" {
		t.Errorf("chess SAN: %q %d", out, code)
	}
	_, errs, code = playIn("", "result", "-game", "chess", "-moves", "h2e2 h9g7")
	if code != 1 || !strings.HasSuffix(errs, " (these moves are xiangqi: add -game xiangqi)\n") {
		t.Errorf("a xiangqi list in chess: %q %d", errs, code)
	}
	_, errs, code = playIn("", "result", "-game", "chess", "-moves", "e2e4 e2e4")
	if code != 1 || !strings.HasPrefix(errs, `play result: move 1 (black, ply 2) "e2e4"`) {
		t.Errorf("illegal: %q %d", errs, code)
	}
	if _, errs, code = playIn("", "result", "-game", "go"); code != 2 || !strings.HasPrefix(errs, "play result: -game \"go\": want xiangqi, chess or chess960\nusage: play result ") {
		t.Errorf("bad game: exit %d, %q", code, errs)
	}
	if _, errs, code = playIn("", "result", "-natural-limit", "0"); code != 2 || !strings.HasPrefix(errs, "play result: -natural-limit must be positive\n") {
		t.Errorf("bad limit: exit %d, %q", code, errs)
	}
	if _, errs, code = playIn("", "result", "-game", "chess", "e2e4"); code != 2 || !strings.HasPrefix(errs, "play result: unexpected argument \"e2e4\"\n") {
		t.Errorf("a move as a stray word: exit %d, %q", code, errs)
	}
	out, _, code = playIn("", "result", "-game", "xiangqi", "-fen", "3k5/9/9/p8/9/9/9/9/9/4K4 w - - 150 80", "-natural-limit", "200")
	if code != 0 || out != `{"result":"*","reason":"ongoing"}`+"\n" {
		t.Errorf("limit flag: %q %d", out, code)
	}

	// A PGN file of two games: one line each; "-" reads standard input.
	pgn := "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n[Variant \"xiangqi\"]\n\n1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 *\n"
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `{"result":"0-1","reason":"checkmate"}` + "\n" + `{"result":"1/2-1/2","reason":"threefold repetition"}` + "\n"
	if out, _, code = playIn("", "result", "-pgn", path); code != 0 || out != want {
		t.Errorf("pgn: %q %d", out, code)
	}
	if out, _, code = playIn(pgn, "result", "-pgn", "-"); code != 0 || out != want {
		t.Errorf("pgn on stdin: %q %d", out, code)
	}
	if out, errs, code = playIn("", "result", "-pgn", "-"); code != 1 || out != "" || errs != "play result: no game in the PGN input\n" {
		t.Errorf("empty stdin: %q %q %d", out, errs, code)
	}
	if err := os.WriteFile(path, []byte("1. e4 e5 2. Nf3"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := playIn("", "result", "-pgn", path); code != 1 || !strings.Contains(errs, "truncated") {
		t.Errorf("truncated pgn: %q %d", errs, code)
	}
}

// TestResultCheckChase: -check-chase-loses turns "one check, one chase"
// (case XQ-27 of testdata/cases) from a draw into red's perpetual chase,
// for that command only.
func TestResultCheckChase(t *testing.T) {
	const fen = "4k4/9/2c6/8R/9/9/9/9/9/5K3 w - - 0 1"
	const moves = "i6i9 e9e8 i9i7 c7c6 i7i8 e8e9 i8i6 c6c7 i6i9 e9e8 i9i7 c7c6 i7i8 e8e9 i8i6 c6c7"
	out, _, code := playIn("", "result", "-fen", fen, "-moves", moves)
	if code != 0 || out != `{"result":"1/2-1/2","reason":"threefold repetition"}`+"\n" {
		t.Errorf("default: %q exit %d", out, code)
	}
	out, _, code = playIn("", "result", "-fen", fen, "-moves", moves, "-check-chase-loses")
	if code != 0 || out != `{"result":"0-1","reason":"perpetual chase"}`+"\n" {
		t.Errorf("-check-chase-loses: %q exit %d", out, code)
	}
}

// TestBadGame: every subcommand with a -game flag refuses an unknown game
// the same way: exit 2, "CMD: -game: unknown game ..." and the usage line.
func TestBadGame(t *testing.T) {
	for _, args := range [][]string{
		{"match", "-game", "shogi", "-engine", "cmd=self", "-engine", "cmd=self"},
		{"openings", "-game", "shogi"},
		{"human", "-game", "shogi"},
		{"pipeline", "-game", "shogi"},
	} {
		out, errOut, code := playIn("", args...)
		want := "play " + args[0] + `: -game: unknown game "shogi" (want xiangqi or chess)` + "\nusage: play " + args[0]
		if code != 2 || out != "" || !strings.HasPrefix(errOut, want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// Issue 24 N8: play pipeline -generations outside [1, 1000] is a usage
// error (-generations -1 was ignored and the config's count ran), before
// anything is written.
func TestPipelineGenerationsRange(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, n := range []string{"-1", "0", "1001"} {
		out, errOut, code := playIn("", "pipeline", "-generations", n, "-quiet")
		want := "play pipeline: -generations " + n + " out of range [1, 1000]\nusage: play pipeline"
		if code != 2 || out != "" || !strings.HasPrefix(errOut, want) {
			t.Errorf("-generations %s: exit %d, stdout %q, stderr %q", n, code, out, errOut)
		}
	}
	if e, _ := os.ReadDir("."); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
}

// TestPipelineConfigGame: with -config, -game names the config's game and
// must agree with it, as in selfplay and train (it was ignored); a bad
// config exits 2 too. Nothing is written.
func TestPipelineConfigGame(t *testing.T) {
	cfg, err := filepath.Abs(filepath.Join("..", "..", "configs", "pipeline-xiangqi.toml"))
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("game = \"chess\"\nbogus_key = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "chess", "-config", cfg}, "play pipeline: -game chess contradicts the config's game xiangqi\n"},
		// An agreeing -game passes: the next check stops the run.
		{[]string{"-game", "xiangqi", "-config", cfg, "-generations", "0"}, "play pipeline: -generations 0 out of range [1, 1000]\nusage: play pipeline"},
		{[]string{"-config", bad}, "play pipeline: pipeline config: unknown keys: bogus_key\n"},
	} {
		out, errOut, code := playIn("", append([]string{"pipeline", "-quiet"}, c.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", c.args, code, out, errOut)
		}
	}
	if e, _ := os.ReadDir("."); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
}

// TestBenchBadEval: play bench refuses a bad -eval with the evaluator
// choice's message, as play human and selfplay do.
func TestBenchBadEval(t *testing.T) {
	for _, c := range []struct{ eval, want string }{
		{"", "play bench: -eval: bad evaluator choice: empty (want hand, embedded or the path of a net file)\nusage: play bench [-game xiangqi|chess|both] [-depth N] [-threads N] [-hash MiB] [-eval embedded|hand|NET] [-cpuprofile FILE]\n"},
		{"a\tb", `play bench: -eval: bad evaluator choice: "a\tb" has a control character (want hand, embedded or the path of a net file)` + "\n"},
		{"net.nnue", "play bench: -eval \"net.nnue\" (a net file) needs -game xiangqi or -game chess\n"},
	} {
		out, errOut, code := playIn("", "bench", "-eval", c.eval)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("-eval %q: exit %d, stdout %q, stderr %q; want exit 2 with %q", c.eval, code, out, errOut, c.want)
		}
	}
}

// TestBenchCPUProfile: -cpuprofile writes a profile pprof can read (a gzip
// stream, the format's first bytes) beside the usual bench output, and a
// path that cannot be created fails before any search with the path named.
func TestBenchCPUProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "bench.prof")
	out, errOut, code := playIn("", "bench", "-game", "chess", "-depth", "3", "-cpuprofile", prof)
	if code != 0 || !strings.Contains(out, "Nodes searched: ") || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	b, err := os.ReadFile(prof)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("profile %s: %d bytes, %v; want a gzip stream", prof, len(b), err)
	}
	bad := filepath.Join(dir, "missing", "bench.prof")
	out, errOut, code = playIn("", "bench", "-game", "chess", "-depth", "3", "-cpuprofile", bad)
	if code != 1 || out != "" || !strings.HasPrefix(errOut, "play bench: -cpuprofile: open "+bad+": ") {
		t.Errorf("unwritable profile: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// The command line of selfplay: the shared rules for every command, help
// that runs nothing, stray words, -print-config's TOML round trip.
package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/configs"
	"dualnnue/internal/cli/clitest"
	"dualnnue/selfplay"
)

func TestCommandLineRules(t *testing.T) {
	clitest.CheckTree(t, root)
}

// runIn runs the command line in a fresh working directory and returns
// the exit code, stdout, stderr and the directory.
func runIn(t *testing.T, args ...string) (int, string, string, string) {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String(), dir
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestHelpRunsNothing: "selfplay help" used to play the 64 games of the
// default config; now it prints the help, like -h, and writes nothing.
func TestHelpRunsNothing(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"-game", "chess", "-games", "1", "-h"}} {
		code, stdout, stderr, dir := runIn(t, args...)
		const head = "selfplay: play self-play games and write them as training data (flags override the config's keys)\n\n" +
			"usage: selfplay [flags]\n       selfplay data COMMAND [flags] FILE...\n"
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, head) || !strings.Contains(stdout, "\n  -print-config\n") {
			t.Errorf("%q: exit %d, stderr %q, stdout\n%s", args, code, stderr, stdout)
		}
		if e := entries(t, dir); len(e) != 0 {
			t.Errorf("%q wrote %v", args, e)
		}
	}
}

// TestStrayWord: a word among the flags used to end the flag parsing, so
// "-output X" after it was ignored and the games went to the config's
// directory; now it is an error and nothing runs.
func TestStrayWord(t *testing.T) {
	code, stdout, stderr, dir := runIn(t, "-game", "chess", "-games", "1", "foo", "-out", "X")
	want := "selfplay: unexpected argument \"foo\"\nusage: selfplay [flags]\n       selfplay data COMMAND [flags] FILE...\nrun 'selfplay -h' for help\n"
	if code != 2 || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr\n%s\nwant\n%s", code, stdout, stderr, want)
	}
	if e := entries(t, dir); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
}

// TestPrintConfig: -print-config prints TOML that -config loads back to
// the same config: the shipped configs, and flags applied to the embedded
// default; the printed text is a fixed point. A seed that TOML cannot hold
// is an error, not a file that fails later.
func TestPrintConfig(t *testing.T) {
	load := func(data []byte) selfplay.Config {
		t.Helper()
		cfg, err := selfplay.ParseConfig(data)
		if err != nil {
			t.Fatalf("%v in\n%s", err, data)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%v in\n%s", err, data)
		}
		return cfg
	}
	printed := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append(args, "-print-config"), &stdout, &stderr); code != 0 || stderr.Len() != 0 {
			t.Fatalf("%q: exit %d\n%s", args, code, stderr.String())
		}
		return stdout.String()
	}
	embedded, err := configs.Read("selfplay-chess.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := load(embedded)
	want.Seed, want.Games, want.Output, want.Search.Depth, want.CheckChaseLoses = 5, 9, "out dir", 3, true
	out := printed("-game", "chess", "-seed", "5", "-games", "9", "-out", "out dir", "-depth", "3", "-check-chase-loses")
	if got := load([]byte(out)); !reflect.DeepEqual(got, want) {
		t.Errorf("flags on the embedded config: loaded back\n%+v\nwant\n%+v\nfrom\n%s", got, want, out)
	}
	if !strings.HasPrefix(out, "game = \"chess\"\ngames = 9\n") || !strings.Contains(out, "\n[search]\n") {
		t.Errorf("not the TOML of a config file:\n%s", out)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "configs", "selfplay-*.toml"))
	if len(files) < 6 {
		t.Fatalf("configs: %v", files)
	}
	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out := printed("-config", f)
		if got, want := load([]byte(out)), load(data); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: loaded back\n%+v\nwant\n%+v", f, got, want)
		}
		p := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if again := printed("-config", p); again != out {
			t.Errorf("%s: printed config printed again differs:\n%s\nthen\n%s", f, out, again)
		}
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-seed", "18446744073709551615", "-print-config"}, &stdout, &stderr)
	if code != 1 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "selfplay: -print-config: the config does not load back from TOML: ") {
		t.Errorf("seed 2^64-1: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestBadGame: an unknown -game is a usage error (exit 2) that names it,
// as in every command, and nothing is written.
func TestBadGame(t *testing.T) {
	code, out, errOut, dir := runIn(t, "-game", "shogi", "-games", "1", "-out", "o")
	if code != 2 || out != "" || !strings.HasPrefix(errOut, `selfplay: -game: unknown game "shogi" (want xiangqi or chess)`+"\nusage: selfplay") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if e := entries(t, dir); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
}

// Issue 24: the help showed "(0: use nodes) (default -1)" for -depth, a
// sentinel the user cannot pass. The config file gives the defaults; the
// help says so and shows no negative default.
func TestHelpShowsConfigDefaults(t *testing.T) {
	code, out, _, _ := runIn(t, "-h")
	if code != 0 || strings.Contains(out, "(default -1)") ||
		!strings.Contains(out, "fixed depth per move, 1 to 60 (default: the config's search.depth; 0: search by -nodes instead)\n") {
		t.Errorf("selfplay -h: exit %d\n%s", code, out)
	}
}

// TestConfigGameAndBadConfig: with -config, -game names the config's game
// and must agree with it (exit 2 and the message every command gives); a
// bad config exits 2 too. Nothing is written.
func TestConfigGameAndBadConfig(t *testing.T) {
	cfg, err := filepath.Abs(filepath.Join("..", "..", "configs", "selfplay-xiangqi.toml"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut, dir := runIn(t, "-game", "chess", "-config", cfg, "-print-config")
	if code != 2 || out != "" || errOut != "selfplay: -game chess contradicts the config's game xiangqi\n" {
		t.Errorf("-game chess with a xiangqi config: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if e := entries(t, dir); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
	if code, out, errOut, _ := runIn(t, "-game", "xiangqi", "-config", cfg, "-print-config"); code != 0 || !strings.HasPrefix(out, "game = \"xiangqi\"\n") || errOut != "" {
		t.Errorf("-game xiangqi with a xiangqi config: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("game = \"chess\"\nbogus_key = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut, _ := runIn(t, "-config", bad, "-print-config"); code != 2 || out != "" || errOut != "selfplay: selfplay config: unknown keys: bogus_key\n" {
		t.Errorf("bad config: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestBadEval: a bad evaluator choice, from -eval or the config's eval key,
// is a bad config (exit 2) with the evaluator choice's message.
func TestBadEval(t *testing.T) {
	code, out, errOut, dir := runIn(t, "-game", "chess", "-eval", "a\tb", "-print-config")
	if code != 2 || out != "" || errOut != `selfplay: config: eval: bad evaluator choice: "a\tb" has a control character (want hand, embedded or the path of a net file)`+"\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if e := entries(t, dir); len(e) != 0 {
		t.Errorf("wrote %v", e)
	}
}

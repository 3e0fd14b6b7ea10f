// The command line of train: the shared rules for every command.
package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/internal/cli/clitest"
	"dualnnue/position"
	"dualnnue/train"
)

func TestCommandLineRules(t *testing.T) {
	clitest.CheckTree(t, root)
}

// TestFlagsAfterFiles: train wdl takes its flag after the file names too;
// "help" runs nothing.
func TestFlagsAfterFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.dnds")
	writeDataset(t, path, 30, 1)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"wdl", path, "-game", "chess"}, &stdout, &stderr); code != 0 ||
		!strings.HasPrefix(stdout.String(), "// ") || !strings.Contains(stdout.String(), "\nWDLModel{A0: ") {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	t.Chdir(dir)
	stdout.Reset()
	if code := run([]string{"help"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 ||
		!strings.HasPrefix(stdout.String(), "train: fit an NNUE to self-play datasets") {
		t.Errorf("help: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if e, _ := os.ReadDir(dir); len(e) != 1 {
		t.Errorf("help wrote %v", e)
	}
}

// TestBadGame: an unknown -game is a usage error (exit 2) that names it,
// as in every command.
func TestBadGame(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-game", "shogi"}, &stdout, &stderr)
	if code != 2 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), `train: -game: unknown game "shogi" (want xiangqi or chess)`+"\nusage: train") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// Issue 24: train -print-config prints the effective config (defaults,
// file, flags) as TOML that loads back as the same config, writes nothing
// and trains nothing; a bad value is still refused.
func TestPrintConfig(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-game", "chess", "-epochs", "3", "-data", "a.dnds,b.dnds", "-print-config"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, err := train.ParseConfig(stdout.Bytes())
	if err != nil {
		t.Fatalf("output does not load: %v\n%s", err, stdout.String())
	}
	want := train.Defaults(position.Chess)
	want.Train.Epochs = 3
	want.Data.Train = []string{"a.dnds", "b.dnds"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("printed %+v\nwant    %+v", got, want)
	}
	if e, _ := os.ReadDir(dir); len(e) != 0 {
		t.Errorf("-print-config wrote %v", e)
	}
	stdout.Reset()
	if code := run([]string{"-epochs", "-1", "-print-config"}, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
		t.Errorf("-epochs -1: exit %d, stdout %q", code, stdout.String())
	}
}

// Issue 24 N4: -k outside [50, 5000] is a config error (exit 2) naming the
// range, before any data is read.
func TestKFlagRange(t *testing.T) {
	for _, k := range []string{"1e9", "-1", "NaN"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-k", k, "-data", "missing.dnds"}, &stdout, &stderr)
		want := "train: config: loss.k " + map[string]string{"1e9": "1e+09", "-1": "-1", "NaN": "NaN"}[k] + " out of range [50, 5000] (0: fitted to the data)\n"
		if code != 2 || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("-k %s: exit %d, stdout %q, stderr %q, want %q", k, code, stdout.String(), stderr.String(), want)
		}
	}
}

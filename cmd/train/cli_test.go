// The command line of train: the shared rules for every command.
package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/cli/clitest"
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

package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/cli/clitest"
)

func TestCommandLineRules(t *testing.T) {
	clitest.CheckTree(t, root)
}

// TestDefaultGame: without -game mknet folds the xiangqi net, as every
// command defaults to xiangqi (it was chess).
func TestDefaultGame(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := root.Main([]string{"-out", dir, "-hidden", "32"}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
		!strings.HasPrefix(stdout.String(), filepath.Join(dir, "xiangqi.nnue")+": ") || strings.Count(stdout.String(), "\n") != 1 {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

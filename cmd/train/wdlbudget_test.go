// Issue 24 N3: train wdl has a memory budget.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/craftdata"
)

// writeShuffles writes games of plies knight-shuffle plies to path
// (craftdata.WriteShuffles) and returns the positions written.
func writeShuffles(t *testing.T, path string, games, plies int) int {
	t.Helper()
	n, err := craftdata.WriteShuffles(path, games, plies)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestWDLMemoryBudget: a small dataset of 40,000 positions over a 1 MiB
// budget is an error naming the budget and what to do (exit 1); the same
// file fits the default budget; the flag's range is checked; and scored
// PGN moves over the budget are an error too.
func TestWDLMemoryBudget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shuffle.dnds")
	if n := writeShuffles(t, path, 40, 1000); n != 40000 {
		t.Fatal(n)
	}
	if fi, _ := os.Stat(path); fi.Size() > 8<<10 {
		t.Fatalf("the crafted file is %d bytes", fi.Size())
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"wdl", "-game", "chess", "-max-memory-mib", "1", path}, &stdout, &stderr)
	const want = "train: the training set needs more than the memory budget of 1 MiB (12416 positions read so far): raise -max-memory-mib or give fewer files (the fit samples at most 500,000 positions)\n"
	if code != 1 || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("1 MiB: exit %d, stdout %q, stderr %q, want %q", code, stdout.String(), stderr.String(), want)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"wdl", "-game", "chess", path}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "// 40000 positions of 40 games;") {
		t.Errorf("default budget: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	for _, v := range []string{"-1", "1048577"} {
		stderr.Reset()
		code := run([]string{"wdl", "-game", "chess", "-max-memory-mib", v, path}, &stdout, &stderr)
		if want := "train wdl: -max-memory-mib " + v + " out of range [0, 1048576] (0: no budget)\nusage: train wdl"; code != 2 || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("-max-memory-mib %s: exit %d, stderr %q", v, code, stderr.String())
		}
	}

	// PGN: 1 MiB holds 21,845 scored moves (48 bytes each with the
	// slice's growth); a game of 21,846 is one too many.
	var pgn strings.Builder
	pgn.WriteString("[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n")
	const moves = 21846
	for i := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&pgn, "%d. ", i/2+1)
		}
		fmt.Fprintf(&pgn, "%s {+0.10/5 0.01s} ", []string{"Nf3", "Nf6", "Ng1", "Ng8"}[i%4])
	}
	pgn.WriteString("1/2-1/2\n")
	pgnPath := filepath.Join(dir, "long.pgn")
	if err := os.WriteFile(pgnPath, []byte(pgn.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"wdl", "-game", "chess", "-max-memory-mib", "1", pgnPath}, &stdout, &stderr)
	if want := pgnPath + ": 21846 scored moves need more than the memory budget of 1 MiB: raise -max-memory-mib or give fewer games\n"; code != 1 || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("PGN over 1 MiB: exit %d, stdout %q, stderr %q, want %q", code, stdout.String(), stderr.String(), want)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"wdl", "-game", "chess", "-max-memory-mib", "2", pgnPath}, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "// 21846 scored moves of 1 games;") {
		t.Errorf("PGN within 2 MiB: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

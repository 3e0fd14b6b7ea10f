package sharedtest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod. It fails the test when there is none
// (a test binary run outside the module).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repository root (go.mod) not found above the working directory")
		}
		dir = parent
	}
}

// Dir returns the repository's testdata/ directory (perft/ and cases/; see
// testdata/README.md). It is part of the repository, so a missing directory
// fails the test instead of skipping it.
func Dir(t testing.TB) string {
	t.Helper()
	td := filepath.Join(Root(t), "testdata")
	if _, err := os.Stat(filepath.Join(td, "cases", "cases.jsonl")); err != nil {
		t.Fatalf("test data missing from the repository: %v (restore testdata/ with git checkout)", err)
	}
	return td
}

// ReadJSONL decodes every non-empty line of a JSON-lines file into a T; a
// missing file or a malformed line fails the test.
func ReadJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("test data: %v", err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

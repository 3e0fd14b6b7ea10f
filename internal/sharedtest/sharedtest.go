// Package sharedtest locates the shared test suites (../shared/testdata next
// to the repository root) and reads their JSON-lines files, for the tests of
// every package.
package sharedtest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Dir returns ../shared/testdata next to the repository root (found by
// walking up from the working directory to go.mod), or skips the test when
// it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			td := filepath.Join(dir, "..", "shared", "testdata")
			if _, err := os.Stat(td); err != nil {
				t.Skipf("shared test data not found at %s", td)
			}
			return td
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("repository root (go.mod) not found")
		}
		dir = parent
	}
}

// ReadJSONL decodes every non-empty line of a JSON-lines file into a T; a
// missing file skips the test, a malformed line fails it.
func ReadJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("test data: %v", err)
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

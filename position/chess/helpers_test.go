// Test helpers: locating the shared test data and reading JSON-lines files.
package chess

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"dualnnue/position"
)

// testdataDir returns ../shared/testdata next to the repository root (found
// by walking up to go.mod), or skips the test when it is absent.
func testdataDir(t testing.TB) string {
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

// readJSONL decodes every line of a JSON-lines file into a T.
func readJSONL[T any](t testing.TB, path string) []T {
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

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := NewFromFEN(fen)
	if err != nil {
		t.Fatalf("NewFromFEN(%q): %v", fen, err)
	}
	return p
}

// legalStrings returns the sorted UCI texts of the legal moves.
func legalStrings(p *Position) []string {
	var l position.MoveList
	p.GenerateLegal(&l)
	out := make([]string, 0, l.Len)
	for _, m := range l.Slice() {
		out = append(out, p.MoveString(m))
	}
	sort.Strings(out)
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

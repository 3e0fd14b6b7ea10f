// Test helpers: locating ../shared/testdata and reading its JSONL files.
package notation

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// testdataDir returns the shared test data directory beside the repository
// root, or skips the test when it is absent.
func testdataDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			td := filepath.Join(dir, "..", "shared", "testdata")
			if st, err := os.Stat(td); err == nil && st.IsDir() {
				return td
			}
			t.Skipf("shared test data not found at %s", td)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("repository root (go.mod) not found")
		}
		dir = parent
	}
}

// readJSONL decodes every non-empty line of path into a T.
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
	return out
}

type perftRecord struct {
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"`
}

type caseRecord struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Kind     string          `json:"kind"`
	FEN      string          `json:"fen"`
	Moves    []string        `json:"moves"`
	Expected json.RawMessage `json:"expected"`
}

func loadCases(t testing.TB) map[string]caseRecord {
	t.Helper()
	m := map[string]caseRecord{}
	for _, c := range readJSONL[caseRecord](t, filepath.Join(testdataDir(t), "cases", "cases.jsonl")) {
		m[c.ID] = c
	}
	return m
}

// Test helpers: locating the repository's testdata/ and reading its JSONL files.
package notation

import (
	"dualnnue/internal/sharedtest"
	"encoding/json"
	"path/filepath"
	"testing"
)

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

// testdataDir and readJSONL are the shared helpers of internal/sharedtest.
func testdataDir(t testing.TB) string { t.Helper(); return sharedtest.Dir(t) }

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	return sharedtest.ReadJSONL[T](t, path)
}

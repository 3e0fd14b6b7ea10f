// Test helpers: locating the repository's testdata/ and reading JSON-lines files.
package chess

import (
	"sort"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := NewFromFEN(fen)
	if err != nil {
		t.Fatalf("NewFromFEN(%q): %v", fen, err)
	}
	return p
}

// mustFEN960 parses fen in Chess960 mode or fails the test.
func mustFEN960(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := NewFromFEN960(fen)
	if err != nil {
		t.Fatalf("NewFromFEN960(%q): %v", fen, err)
	}
	return p
}

// anyFEN parses fen as standard chess, or in Chess960 mode when its
// castling rights need it (test position lists that mix both).
func anyFEN(fen string) (*Position, error) {
	if p, err := NewFromFEN(fen); err == nil {
		return p, nil
	}
	return NewFromFEN960(fen)
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

// testdataDir and readJSONL are the shared helpers of internal/sharedtest.
func testdataDir(t testing.TB) string { t.Helper(); return sharedtest.Dir(t) }

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	return sharedtest.ReadJSONL[T](t, path)
}

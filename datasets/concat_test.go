// Issue 24 N8: two datasets joined with cat are an error, never a warning
// that drops the second file's positions.
package datasets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"dualnnue/position"
)

// TestConcatenatedIsAnError: every reader of `cat a.dnds b.dnds` hands out
// a's positions and then stops with ErrConcatenated naming the offset
// where b starts (a's size); the loader refuses it when it starts.
func TestConcatenatedIsAnError(t *testing.T) {
	files := writeShards(t, position.Chess, 2, 10, fullGen)
	a, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	var sa Stats
	if err := sa.Add(files[0]); err != nil {
		t.Fatal(err)
	}
	joined := filepath.Join(t.TempDir(), "joined.dnds")
	if err := os.WriteFile(joined, append(append([]byte(nil), a...), b...), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("datasets: concatenated datasets: a second dataset starts at offset %d, after the end marker (files joined with cat?); its positions are not read: join datasets with 'selfplay data merge', or give the files one by one", len(a))

	r, err := Open(joined, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(0)
	for r.Next() {
		n++
	}
	if err := r.Err(); !errors.Is(err, ErrConcatenated) || err.Error() != want || n != sa.Positions {
		t.Errorf("Reader: %d positions (a holds %d), error %v", n, sa.Positions, err)
	}
	for _, p := range r.Problems() {
		t.Errorf("Reader: problem %v (want none: the error says it all)", p)
	}
	r.Close()

	kept := int64(0)
	_, err = ReadSamples([]string{joined}, position.Chess, &Filter{}, func(*Sample) error { kept++; return nil }, nil)
	if !errors.Is(err, ErrConcatenated) || err.Error() != joined+": "+want || kept != sa.Positions {
		t.Errorf("ReadSamples: %d positions, error %v", kept, err)
	}

	// The loader refuses it before starting (it reads the blocks' record
	// counts to size the shuffle buffer).
	if l, err := NewLoader(LoaderConfig{Files: []string{joined}, BatchSize: 64, Workers: 1}); !errors.Is(err, ErrConcatenated) || err.Error() != joined+": "+want {
		if l != nil {
			l.Close()
		}
		t.Errorf("NewLoader: %v", err)
	}

	// Plain garbage after the end marker stays a reported problem.
	junk := filepath.Join(t.TempDir(), "junk.dnds")
	if err := os.WriteFile(junk, append(append([]byte(nil), a...), make([]byte, 100)...), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err = Open(junk, nil)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
	}
	if err := r.Err(); err != nil || len(r.Problems()) != 1 || r.Problems()[0].Msg != "100+ bytes of garbage after the end marker ignored" {
		t.Errorf("garbage: error %v, problems %v", err, r.Problems())
	}
	r.Close()
}

// The repository's testdata/ against the project's shared copy it was taken from.
package sharedtest

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestInStepWithShared: where the shared test data the repository's copy
// was taken from is present (../shared/testdata beside the repository, or
// DUALNNUE_SHARED_TESTDATA), every data file there is in testdata/ with the
// same bytes. A fresh clone has no shared copy: the test then skips, and
// testdata/ is the reference. README.md differs on purpose (ours says where
// the copy came from).
func TestInStepWithShared(t *testing.T) {
	mine := Dir(t)
	shared := os.Getenv("DUALNNUE_SHARED_TESTDATA")
	if shared == "" {
		shared = filepath.Join(Root(t), "..", "shared", "testdata")
	}
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("no shared test data to compare with (%v); testdata/ is the reference", err)
	}
	n := 0
	err := filepath.WalkDir(shared, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(shared, path)
		if rel == "README.md" {
			return nil
		}
		want, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(filepath.Join(mine, rel))
		switch {
		case err != nil:
			t.Errorf("testdata/%s: %v (copy it: see testdata/README.md)", rel, err)
		case !bytes.Equal(got, want):
			t.Errorf("testdata/%s differs from %s (copy it: see testdata/README.md)", rel, path)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("no data files under %s", shared)
	}
}

// TestDirIsTheRepositoryCopy: Dir finds testdata/ at the repository root
// with the four suites every package's tests read.
func TestDirIsTheRepositoryCopy(t *testing.T) {
	td := Dir(t)
	if want := filepath.Join(Root(t), "testdata"); td != want {
		t.Fatalf("Dir = %s, want %s", td, want)
	}
	type rec struct {
		FEN string `json:"fen"`
	}
	for _, f := range []string{"cases/cases.jsonl", "perft/xiangqi.jsonl", "perft/chess.jsonl", "perft/published.jsonl"} {
		recs := ReadJSONL[rec](t, filepath.Join(td, f))
		if len(recs) < 10 {
			t.Errorf("%s: %d records", f, len(recs))
		} else if last := recs[len(recs)-1]; last.FEN == "" {
			t.Errorf("%s: the last record has no FEN", f)
		}
	}
}

// Write errors (a full disk): the tools leave nothing behind and can run again.
package datasets

import (
	"bytes"
	"dualnnue/position"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullDisk makes the files the Writers create fail with ENOSPC once budget
// bytes have been written to them in all, until the test ends.
func fullDisk(t *testing.T, budget int) {
	t.Helper()
	old := createTmp
	left := budget
	createTmp = func(name string) (tmpFile, error) {
		f, err := old(name)
		if err != nil {
			return nil, err
		}
		return &fullFile{tmpFile: f, name: name, left: &left}, nil
	}
	t.Cleanup(func() { createTmp = old })
}

type fullFile struct {
	tmpFile
	name string
	left *int
}

func (f *fullFile) Write(b []byte) (int, error) {
	if len(b) <= *f.left {
		*f.left -= len(b)
		return f.tmpFile.Write(b)
	}
	n, _ := f.tmpFile.Write(b[:*f.left])
	*f.left = 0
	return n, &os.PathError{Op: "write", Path: f.name, Err: syscall.ENOSPC}
}

// TestWriteErrorLeavesNothing: merge, split and import that fail on a
// full disk leave no file behind (no .tmp, no finished-looking shard), and
// the same command then succeeds.
func TestWriteErrorLeavesNothing(t *testing.T) {
	in := t.TempDir()
	path, data, _ := closedCorpus(t, in, position.Chess)
	txt := filepath.Join(in, "c.txt")
	var text bytes.Buffer
	if _, damaged, err := ExportFiles(&text, []string{path}, nil, nil); err != nil || damaged != 0 {
		t.Fatal(damaged, err)
	}
	if err := os.WriteFile(txt, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := []struct {
		name string
		run  func(dir string) error
		left []string // the files of a successful run
	}{
		{"merge", func(dir string) error {
			_, _, err := Merge(filepath.Join(dir, "m.dnds"), []string{path, path}, false, nil)
			return err
		}, []string{"m.dnds"}},
		{"split", func(dir string) error {
			_, err := Split([]string{path}, filepath.Join(dir, "s"), 3, false, nil)
			return err
		}, []string{"s-000.dnds", "s-001.dnds", "s-002.dnds"}},
		{"import", func(dir string) error {
			_, err := ImportFiles(filepath.Join(dir, "i.dnds"), position.Chess, []string{txt}, "", nil)
			return err
		}, []string{"i.dnds"}},
	}
	for _, r := range runs {
		for _, budget := range []int{10, len(data) / 2, len(data) * 3 / 4} {
			dir := t.TempDir()
			t.Run(fmt.Sprintf("%s-%d", r.name, budget), func(t *testing.T) {
				fullDisk(t, budget)
				if err := r.run(dir); err == nil || !strings.Contains(err.Error(), "no space left on device") {
					t.Fatalf("%s with %d bytes of disk: %v", r.name, budget, err)
				}
				assertFiles(t, dir)
			})
			if err := r.run(dir); err != nil {
				t.Fatalf("%s again: %v", r.name, err)
			}
			assertFiles(t, dir, r.left...)
		}
	}
}

// Write errors (a full disk): the trainer leaves no ".tmp" behind and the
// same run, tried again, finishes with the very net of an uninterrupted run.
package train

import (
	"context"
	"dualnnue/position"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// countingFile counts writeAtomic's files; the one numbered fail (0-based)
// takes half its bytes and then fails with ENOSPC, as on a full disk.
type countingFile struct {
	atomicFile
	name string
	fail bool
}

func (f *countingFile) Write(b []byte) (int, error) {
	if !f.fail {
		return f.atomicFile.Write(b)
	}
	n, _ := f.atomicFile.Write(b[:len(b)/2])
	return n, &os.PathError{Op: "write", Path: f.name, Err: syscall.ENOSPC}
}

// failWrite replaces createAtomic until the test ends: file number fail
// (counting from 0; -1: none) fails. It returns the count of files created.
func failWrite(t *testing.T, fail int) *int {
	t.Helper()
	old := createAtomic
	n := new(int)
	createAtomic = func(name string) (atomicFile, error) {
		f, err := old(name)
		if err != nil {
			return nil, err
		}
		*n++
		return &countingFile{atomicFile: f, name: name, fail: *n-1 == fail}, nil
	}
	t.Cleanup(func() { createAtomic = old })
	return n
}

// tmpFiles returns the ".tmp" files under dir.
func tmpFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.Contains(d.Name(), ".tmp") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWriteErrorRetry fails every file the trainer writes in turn (config,
// each epoch's net, checkpoints and metrics, the final net): the run
// reports the full disk, leaves no ".tmp" file, and the same command run
// again (-resume when a checkpoint was written) finishes with a net
// byte-identical to an uninterrupted run's and metrics of every epoch.
func TestWriteErrorRetry(t *testing.T) {
	data := syntheticMemory(position.Chess, 2000, 4)
	cfg := smallConfig(t, "chess")
	cfg.Train.Epochs = 2
	files := failWrite(t, -1)
	ref, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data})
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(ref.NetPath)
	if err != nil {
		t.Fatal(err)
	}
	total := *files
	// config + 2 × (epoch net, epoch checkpoint, last.ckpt, CSV, JSON, PNG) + final net
	if total != 14 {
		t.Fatalf("a run of 2 epochs wrote %d files, want 14", total)
	}
	for i := 0; i < total; i++ {
		cfg.OutDir = t.TempDir()
		failWrite(t, i)
		_, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data})
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("file %d fails: run error %v, want ENOSPC", i, err)
		}
		if left := tmpFiles(t, cfg.OutDir); len(left) > 0 {
			t.Fatalf("file %d fails: left %v", i, left)
		}
		failWrite(t, -1)
		_, statErr := os.Stat(filepath.Join(cfg.OutDir, "checkpoints", "last.ckpt"))
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data, Resume: statErr == nil})
		if err != nil {
			t.Fatalf("file %d failed, the retry (resume %v): %v", i, statErr == nil, err)
		}
		got, err := os.ReadFile(res.NetPath)
		if err != nil || string(got) != string(want) {
			t.Fatalf("file %d failed, the retry's net differs (%d vs %d bytes, %v)", i, len(got), len(want), err)
		}
		csv, err := os.ReadFile(filepath.Join(cfg.OutDir, "metrics.csv"))
		if err != nil || strings.Count(string(csv), "\n") != 3 {
			t.Fatalf("file %d failed, the retry's metrics.csv (%v):\n%s", i, err, csv)
		}
		if left := tmpFiles(t, cfg.OutDir); len(left) > 0 {
			t.Fatalf("file %d failed, the retry left %v", i, left)
		}
	}
}

// TestWriteAtomicStaleTmp: a ".tmp" left by a killed process (even a link
// elsewhere) is replaced, not written through.
func TestWriteAtomicStaleTmp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.nnue")
	other := filepath.Join(dir, "other")
	if err := os.WriteFile(other, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, path+".tmp"); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("path holds %q", b)
	}
	if b, _ := os.ReadFile(other); string(b) != "keep" {
		t.Fatalf("the link's target was written: %q", b)
	}
	if left := tmpFiles(t, dir); len(left) > 0 {
		t.Fatalf("left %v", left)
	}
}

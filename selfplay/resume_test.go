package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/datasets"
)

// killedPart leaves what a run killed after n games leaves: path+".tmp"
// with a header and (n > 0) one finished block, never closed.
func killedPart(t *testing.T, path string, games []datasets.GameRecord, n int) {
	t.Helper()
	w, err := datasets.Create(path, datasets.Chess, datasets.GeneratorInfo{Engine: "test", Seed: 7}, &datasets.WriterOptions{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := w.WriteGame(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

func someGames(t *testing.T) []datasets.GameRecord {
	t.Helper()
	games := readGames(t, runOK(t, smallConfig(t, "chess", 3)).Files)
	if len(games) != 3 {
		t.Fatalf("%d games", len(games))
	}
	return games
}

func glob(t *testing.T, dir string) []string {
	t.Helper()
	all, _ := filepath.Glob(filepath.Join(dir, "*"))
	for i := range all {
		all[i] = filepath.Base(all[i])
	}
	return all
}

// TestResumeEdgeCases: the states a killed run or a killed salvage can
// leave, and what the next resume must make of them.
func TestResumeEdgeCases(t *testing.T) {
	games := someGames(t)
	prefix := func(dir string) string { return filepath.Join(dir, filePrefix("chess", 0, 1)) }
	resume := func(t *testing.T, dir string) (int, int, []string) {
		t.Helper()
		n, next, files, err := resumeState(prefix(dir), datasets.Chess, true, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return n, next, files
	}

	t.Run("empty tmp", func(t *testing.T) {
		// Killed between creating the file and writing its header: the
		// resume used to fail on it forever.
		dir := t.TempDir()
		if err := os.WriteFile(prefix(dir)+"-p000.dnds.tmp", nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if n, next, files := resume(t, dir); n != 0 || next != 0 || len(files) != 0 || len(glob(t, dir)) != 0 {
			t.Fatalf("games %d next %d files %v, dir %v", n, next, files, glob(t, dir))
		}
	})
	t.Run("torn header", func(t *testing.T) {
		dir := t.TempDir()
		killedPart(t, prefix(dir)+"-p000.dnds", games, 0)
		data, _ := os.ReadFile(prefix(dir) + "-p000.dnds.tmp")
		_ = os.WriteFile(prefix(dir)+"-p000.dnds.tmp", data[:10], 0o644)
		if n, _, files := resume(t, dir); n != 0 || len(files) != 0 || len(glob(t, dir)) != 0 {
			t.Fatalf("games %d files %v, dir %v", n, files, glob(t, dir))
		}
	})
	t.Run("no finished block", func(t *testing.T) {
		// A header and nothing else: removed, not turned into an empty part.
		dir := t.TempDir()
		killedPart(t, prefix(dir)+"-p000.dnds", games, 0)
		if n, next, files := resume(t, dir); n != 0 || next != 0 || len(files) != 0 || len(glob(t, dir)) != 0 {
			t.Fatalf("games %d next %d files %v, dir %v", n, next, files, glob(t, dir))
		}
	})
	t.Run("killed after the copy was renamed", func(t *testing.T) {
		// The part is complete but its source still exists: the source
		// must not be salvaged a second time (the games were duplicated).
		dir := t.TempDir()
		killedPart(t, prefix(dir)+"-p000.dnds", games, 3)
		src := prefix(dir) + "-p000.dnds.tmp"
		data, _ := os.ReadFile(src)
		if n, _, _ := resume(t, dir); n != 3 {
			t.Fatalf("first resume: %d games", n)
		}
		_ = os.WriteFile(src, data, 0o644)
		n, next, files := resume(t, dir)
		if n != 3 || next != 1 || len(files) != 1 {
			t.Fatalf("games %d next %d files %v, want 3 games in one part", n, next, files)
		}
		if _, err := os.Stat(src); !os.IsNotExist(err) {
			t.Fatalf("the salvaged source is still there: %v", err)
		}
	})
	t.Run("killed during the copy", func(t *testing.T) {
		dir := t.TempDir()
		killedPart(t, prefix(dir)+"-p000.dnds", games, 3)
		_ = os.WriteFile(prefix(dir)+"-p000.dnds.salvaging", []byte("half a copy"), 0o644)
		n, next, files := resume(t, dir)
		if n != 3 || next != 1 || len(files) != 1 {
			t.Fatalf("games %d next %d files %v", n, next, files)
		}
		if got := glob(t, dir); len(got) != 1 || got[0] != "chess-s0of1-p000.dnds" {
			t.Fatalf("dir %v", got)
		}
		if got := readGames(t, files); len(got) != 3 {
			t.Fatalf("%d games readable", len(got))
		}
	})
	t.Run("legacy salvage killed during the copy", func(t *testing.T) {
		// An earlier version renamed the source to .tmp.salvage and wrote
		// its copy as .tmp: the copy was then taken for a source, renamed
		// over the real one (losing its games) and the resume failed.
		dir := t.TempDir()
		killedPart(t, prefix(dir)+"-p000.dnds", games, 3)
		if err := os.Rename(prefix(dir)+"-p000.dnds.tmp", prefix(dir)+"-p000.dnds.tmp.salvage"); err != nil {
			t.Fatal(err)
		}
		killedPart(t, prefix(dir)+"-p000.dnds", games, 1)
		n, _, files := resume(t, dir)
		if n != 3 || len(files) != 1 || len(readGames(t, files)) != 3 {
			t.Fatalf("games %d files %v", n, files)
		}
		if got := glob(t, dir); len(got) != 1 {
			t.Fatalf("dir %v", got)
		}
	})
}

// TestResumeRefusesAnotherRun: resuming with another seed, search budget,
// TT size or adjudication would mix two runs in one shard under game
// indices that no longer say which games they are.
func TestResumeRefusesAnotherRun(t *testing.T) {
	base := smallConfig(t, "chess", 2)
	runOK(t, base)
	for name, change := range map[string]func(*Config){
		"seed":   func(c *Config) { c.Seed++ },
		"nodes":  func(c *Config) { c.Search.SoftNodes++ },
		"hash":   func(c *Config) { c.HashMiB = 2 },
		"resign": func(c *Config) { c.Adjudication.ResignScore++ },
		"plies":  func(c *Config) { c.Opening.RandomPlies++ },
	} {
		c := base
		c.Games, c.Resume = 4, true
		change(&c)
		if _, err := Run(context.Background(), c, Options{}); err == nil || !strings.Contains(err.Error(), "resume only the same run") {
			t.Errorf("%s changed: %v", name, err)
		}
	}
	// More games, other threads: the same run, extended.
	c := base
	c.Games, c.Resume, c.Threads = 4, true, 1
	if sum := runOK(t, c); sum.Resumed != 2 || sum.Games != 2 {
		t.Fatalf("extended run: resumed %d played %d", sum.Resumed, sum.Games)
	}
}

package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"dualnnue/datasets"
	"dualnnue/position"
)

// killedPart leaves what a run killed after n games leaves: path+".tmp"
// with a header and (n > 0) one finished block, never closed.
func killedPart(t *testing.T, path string, games []datasets.GameRecord, n int) {
	t.Helper()
	w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "test", Seed: 7}, &datasets.WriterOptions{NoSync: true})
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
	games := readGames(t, runOK(t, smallConfig(t, position.Chess, 3)).Files)
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
	prefix := func(dir string) string {
		return filepath.Join(dir, filePrefix(position.VariantName(position.Chess), 0, 1))
	}
	resume := func(t *testing.T, dir string) (int, int, []string) {
		t.Helper()
		done, next, files, err := resumeState(prefix(dir), position.Chess, true, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r := done.normalize(); r != 0 {
			t.Fatalf("%d games found twice", r)
		}
		return done.count(1 << 30), next, files
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
	base := smallConfig(t, position.Chess, 2)
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

// TestResumeByGameIdentity: a part with a damaged block in the middle (a
// finished part, or a killed run's .tmp) loses that block's games; the
// resume plays exactly those again, never games already on disk, and
// every game of the run is then on disk once.
func TestResumeByGameIdentity(t *testing.T) {
	const total = 8
	ref := readGames(t, runOK(t, smallConfig(t, position.Chess, total)).Files)
	if len(ref) != total {
		t.Fatalf("%d reference games", len(ref))
	}
	key := func(g *datasets.GameRecord) string { return fmt.Sprint(*g) }
	for _, killed := range []bool{false, true} {
		cfg := smallConfig(t, position.Chess, total)
		part := runOK(t, cfg).Files[0]
		// Rewrite the part with one game per block, then damage block 2.
		r, err := datasets.Open(part, nil)
		if err != nil {
			t.Fatal(err)
		}
		info := r.Header().Generator
		r.Close()
		games := readGames(t, []string{part})
		os.Remove(part)
		w, err := datasets.Create(part, position.Chess, info, &datasets.WriterOptions{BlockSize: 1, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			if err := w.WriteGame(&games[i]); err != nil {
				t.Fatal(err)
			}
		}
		file := part
		if killed {
			file = part + ".tmp" // never closed
		} else if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		fi, err := datasets.Inspect(file)
		if err != nil || len(fi.Blocks) != total {
			t.Fatalf("%d blocks, %v", len(fi.Blocks), err)
		}
		data, _ := os.ReadFile(file)
		b := fi.Blocks[2]
		data[b.Offset+datasets.BlockHeaderSize+int64(b.Header.Size)/2] ^= 0x40
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}

		cfg.Resume = true
		sum := runOK(t, cfg)
		if sum.Resumed != total-1 || sum.Games != 1 || sum.Interrupts {
			t.Fatalf("killed %v: resumed %d, played %d, interrupted %v; want %d and 1", killed, sum.Resumed, sum.Games, sum.Interrupts, total-1)
		}
		seen := map[string]int{}
		for _, f := range sum.Files {
			r, err := datasets.Open(f, nil)
			if err != nil {
				t.Fatal(err)
			}
			var g datasets.GameRecord
			for r.NextGame(&g) {
				seen[key(&g)]++
			}
			r.Close()
		}
		for i := range ref {
			if n := seen[key(&ref[i])]; n != 1 {
				t.Fatalf("killed %v: game %d is on disk %d times", killed, i, n)
			}
		}
		if len(seen) != total {
			t.Fatalf("killed %v: %d distinct games on disk, want %d", killed, len(seen), total)
		}
		// The part that replayed game 2 says so; a further resume plays nothing.
		r, err = datasets.Open(sum.Files[len(sum.Files)-1], nil)
		if err != nil {
			t.Fatal(err)
		}
		if x := r.Header().Generator.Extra; x["first_game"] != "2" || x["games"] != "2" {
			t.Fatalf("killed %v: new part's header %v", killed, x)
		}
		r.Close()
		if !killed {
			// The damaged part was moved aside after its intact games were
			// copied; a run killed between the copy and the move (the part
			// back under its name) only moves it aside again, no second copy.
			if _, err := os.Stat(part); !os.IsNotExist(err) {
				t.Fatalf("the damaged part is still there: %v", err)
			}
			if err := os.Rename(part+DamagedSuffix, part); err != nil {
				t.Fatal(err)
			}
		}
		if sum := runOK(t, cfg); sum.Resumed != total || sum.Games != 0 || len(sum.Files) != 2 {
			t.Fatalf("killed %v: second resume: resumed %d, played %d, files %v", killed, sum.Resumed, sum.Games, sum.Files)
		}
		if !killed {
			if _, err := os.Stat(part + DamagedSuffix); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(part); !os.IsNotExist(err) {
				t.Fatalf("the damaged part is still there: %v", err)
			}
		}
	}
}

// TestGameSets: the games lists of part headers and the set arithmetic of
// a resume.
func TestGameSets(t *testing.T) {
	var s gameSet
	for _, k := range []int{5, 6, 7, 0, 1, 9, 6, 12} {
		s.add(k)
	}
	if r := s.normalize(); r != 1 {
		t.Fatalf("%d repeats, want 1", r)
	}
	if got := formatSpans(s.spans); got != "0-1,5-7,9,12" {
		t.Fatalf("set %s", got)
	}
	if got, n := formatSpans(s.missing(11)), s.count(11); got != "2-4,8,10" || n != 6 {
		t.Fatalf("missing of 11: %s, count %d", got, n)
	}
	if got := s.missing(2); got != nil {
		t.Fatalf("missing of 2: %v", got)
	}
	p, err := parsePlan(map[string]string{"first_game": "2", "games": "2-4,8,10"})
	if err != nil {
		t.Fatal(err)
	}
	var ks []int
	for i := uint64(0); ; i++ {
		k, ok := p.game(i)
		if !ok {
			break
		}
		ks = append(ks, k)
	}
	if fmt.Sprint(ks) != "[2 3 4 8 10]" {
		t.Fatalf("plan %v", ks)
	}
	for _, bad := range []string{"", "3-1", "1,1", "x", "4,2", "-1"} {
		if _, err := parsePlan(map[string]string{"games": bad}); err == nil {
			t.Errorf("games %q accepted", bad)
		}
	}
	if p, err := parsePlan(map[string]string{"first_game": "4"}); err != nil || p.first != 4 || p.spans != nil {
		t.Fatalf("first_game 4: %+v %v", p, err)
	}
}

// TestSameRun: a file on disk belongs to the run only when every runField
// matches; the play-config fingerprint may be missing (older files), and an
// unreadable header is left to the damage report.
func TestSameRun(t *testing.T) {
	cfg := Config{Seed: 5, Eval: "classic", Search: SearchConfig{SoftNodes: 1000, HardNodes: 8000}, Opening: OpeningConfig{RandomPlies: 8}}
	info := generatorInfo(&cfg, "v", "classic", "0/1")
	same := sameRun(&info)
	if err := same("f", info); err != nil {
		t.Fatalf("identical header refused: %v", err)
	}
	if err := same("f", datasets.GeneratorInfo{}); err != nil {
		t.Fatalf("unreadable header refused: %v", err)
	}
	old := info
	old.Extra = map[string]string{"random_plies": "8", "shard": "0/1"}
	if err := same("f", old); err != nil {
		t.Fatalf("file without the fingerprint refused: %v", err)
	}
	for _, c := range []struct {
		edit func(h *datasets.GeneratorInfo)
		want string
	}{
		{func(h *datasets.GeneratorInfo) { h.Seed = 6 }, `selfplay: f was made with seed "6", this run has "5"`},
		{func(h *datasets.GeneratorInfo) { h.SearchLimits = "nodes=1" }, `with search "nodes=1"`},
		{func(h *datasets.GeneratorInfo) { h.NetHash = "sha256:00" }, `with net "sha256:00", this run has "classic"`},
		{func(h *datasets.GeneratorInfo) { h.Extra["random_plies"] = "9" }, `with random_plies "9", this run has "8"`},
		{func(h *datasets.GeneratorInfo) { h.Extra["shard"] = "1/2" }, `with shard "1/2", this run has "0/1"`},
		{func(h *datasets.GeneratorInfo) { h.Extra["play_config"] = "x" }, `with search, opening and adjudication settings "x"`},
	} {
		h := info
		h.Extra = map[string]string{}
		for k, v := range info.Extra {
			h.Extra[k] = v
		}
		c.edit(&h)
		err := same("f", h)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
}

// cancelAfter is a progress writer that cancels the run once a line counts
// games games.
type cancelAfter struct {
	mu     sync.Mutex
	lines  []string
	games  string
	cancel context.CancelFunc
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for l := range strings.SplitSeq(strings.TrimSpace(string(p)), "\n") {
		c.lines = append(c.lines, l)
		if strings.Contains(l, ": "+c.games+" games,") {
			c.cancel()
		}
	}
	return len(p), nil
}

// TestUntilStopped (issue 24): games = -1 plays until stopped; the progress
// lines give the count and the rate, never a total or a time left; a
// resume continues with the next games; -2 is an error naming -1.
func TestUntilStopped(t *testing.T) {
	cfg := smallConfig(t, position.Chess, UntilStopped)
	cfg.Threads = 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelAfter{games: "3", cancel: cancel}
	sum, err := Run(ctx, cfg, Options{Progress: w, ProgressEvery: time.Nanosecond})
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if sum.Games != 3 || !sum.Interrupts {
		t.Fatalf("played %d, interrupted %v; want 3 games and a stop", sum.Games, sum.Interrupts)
	}
	line := regexp.MustCompile(`^selfplay chess: \d+ positions, \d+ pos/s: [123] games, [0-9.]+ games/s, [0-9hms.]+ elapsed$`)
	if len(w.lines) < 3 {
		t.Fatalf("progress lines %q", w.lines)
	}
	for _, l := range w.lines {
		if !line.MatchString(l) {
			t.Errorf("progress line %q: want the count and the rate only", l)
		}
	}
	cfg.Resume = true
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	sum, err = Run(ctx2, cfg, Options{Progress: &cancelAfter{games: "2", cancel: cancel2}, ProgressEvery: time.Nanosecond})
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if sum.Resumed != 3 || sum.Games != 2 {
		t.Fatalf("resume: resumed %d, played %d; want 3 and 2", sum.Resumed, sum.Games)
	}
	if games := readGames(t, sum.Files); len(games) != 5 {
		t.Fatalf("%d games on disk, want 5", len(games))
	}
	cfg.Games = -2
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "games must be > 0, or -1 to play until stopped, got -2") {
		t.Fatalf("games -2: %v", err)
	}
}

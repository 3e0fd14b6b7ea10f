package selfplay

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/position"
)

// TestMergeShards: shards, one of them killed after its first games and
// resumed into a second part, merge into one file holding every game once,
// shard after shard in index order: the same file as the merge of shards
// that were never interrupted. A game held twice, a missing game and a
// damaged part are refused, naming them.
func TestMergeShards(t *testing.T) {
	cfg := smallConfig(t, position.Chess, 7)
	cfg.Threads = 1
	cfg.Shards = 3
	clean := cfg
	clean.Output = t.TempDir()
	for i := 0; i < 3; i++ {
		c := clean
		c.Shard = i
		runOK(t, c)
	}
	// Shard 1 killed after its first game: the first part holds it, the
	// resumed run writes the rest into a second part.
	for i := 0; i < 3; i++ {
		c := cfg
		c.Shard = i
		if i == 1 {
			// Stopped after its first game (as TestResumeDoesNotDuplicate
			// stops a run): the resume writes a second part.
			c.Games = 4
			runOK(t, c)
			c.Games, c.Resume = 7, true
		}
		runOK(t, c)
	}
	parts, _ := filepath.Glob(filepath.Join(cfg.Output, "chess-s1of3-p*.dnds"))
	if len(parts) < 2 {
		t.Fatalf("the killed shard has %d parts, want 2 to test the merge of parts", len(parts))
	}
	out := filepath.Join(t.TempDir(), "all.dnds")
	games, positions, err := MergeShards(cfg, out)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(t.TempDir(), "clean.dnds")
	if _, _, err := MergeShards(clean, want); err != nil {
		t.Fatal(err)
	}
	got, exp := readGames(t, []string{out}), readGames(t, []string{want})
	if games != 7 || len(got) != 7 || positions == 0 || !reflect.DeepEqual(got, exp) {
		t.Fatalf("merged %d games (%d read), want the 7 of the clean run in the same order", games, len(got))
	}

	// A part copied under another name: its games twice.
	first := parts[0]
	dup := strings.Replace(first, "-p000", "-p009", 1)
	data, _ := os.ReadFile(first)
	os.WriteFile(dup, data, 0o644)
	if _, _, err := MergeShards(cfg, out); err == nil || !strings.Contains(err.Error(), "chess-s1of3-p009.dnds") {
		t.Fatalf("duplicated games: %v", err)
	}
	os.Remove(dup)
	// A part lost: its games are missing.
	os.Remove(first)
	if _, _, err := MergeShards(cfg, out); err == nil || !strings.Contains(err.Error(), "shard 1/3") {
		t.Fatalf("missing games: %v", err)
	}
	os.WriteFile(first, data[:len(data)-40], 0o644)
	if _, _, err := MergeShards(cfg, out); err == nil {
		t.Fatal("a damaged part was merged")
	}
}

// Validation split: whole games are held out, whatever files hold them.
package train

import (
	"path/filepath"
	"slices"
	"testing"

	"dualnnue/datasets"
	"dualnnue/position"
)

// scoresOf returns the scores of d's positions in order.
func scoresOf(d *Memory) []float32 {
	out := make([]float32, d.Len())
	for i := range out {
		_, _, out[i], _ = d.Position(i)
	}
	return out
}

// TestSplitHoldsOutWholeGames: 400 games in two files, every position of
// game k scored k; LoadDatasets with a 10 % held-out share puts every game
// entirely on one side, holds out near 10 % of the games, and gives the
// same split for the same games merged into one file or split into four
// (a split by file layout would change the net after a kill or a merge).
func TestSplitHoldsOutWholeGames(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.dnds"), filepath.Join(dir, "b.dnds")
	n := writeNumberedGames(t, a, 200, 0, 1) + writeNumberedGames(t, b, 200, 200, 2)
	merged := filepath.Join(dir, "merged.dnds")
	if _, _, err := datasets.Merge(merged, []string{a, b}, false, nil); err != nil {
		t.Fatal(err)
	}
	shards, err := datasets.Split([]string{merged}, filepath.Join(dir, "shard"), 4, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	load := func(files []string, seed uint64) (*Memory, *Memory) {
		train, valid, st, err := LoadDatasets(Load{Files: files, Game: position.Chess, ValidFrac: 0.1, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if train.Len()+valid.Len() != n || st.Positions != train.Len() || st.Held != valid.Len() || st.Games != 400 {
			t.Fatalf("%v: %d + %d positions of %d games, want %d of 400", files, train.Len(), valid.Len(), st.Games, n)
		}
		return train, valid
	}
	train, valid := load([]string{a, b}, 7)
	side := map[float32]int{} // game -> 1 train, 2 valid
	for i, m := range []*Memory{train, valid} {
		for _, g := range scoresOf(m) {
			if side[g] != 0 && side[g] != i+1 {
				t.Fatalf("game %v split across train and validation", g)
			}
			side[g] = i + 1
		}
	}
	held := 0
	for _, s := range side {
		if s == 2 {
			held++
		}
	}
	if held < 25 || held > 55 {
		t.Fatalf("held out %d of 400 games, want about 40", held)
	}
	heldOf := func(m *Memory) []float32 {
		s := scoresOf(m)
		slices.Sort(s)
		return slices.Compact(s)
	}
	want := heldOf(valid)
	for _, files := range [][]string{{merged}, shards, {b, a}} {
		_, v := load(files, 7)
		if got := heldOf(v); !slices.Equal(got, want) {
			t.Fatalf("%d files: held out games %v, with two files %v", len(files), got, want)
		}
	}
	if _, v := load([]string{a, b}, 8); slices.Equal(heldOf(v), want) {
		t.Fatal("another seed held out the same games")
	}
	// In-memory positions (no games) split by position, reproducibly.
	tr1, va1 := train.Split(0.2, 3)
	tr2, va2 := train.Split(0.2, 3)
	if tr1.Len()+va1.Len() != train.Len() || !slices.Equal(scoresOf(va1), scoresOf(va2)) || !slices.Equal(scoresOf(tr1), scoresOf(tr2)) {
		t.Fatal("Split by position is not a pure function of the seed")
	}
}

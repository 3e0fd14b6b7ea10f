// LoadDatasets: compact memory, limits, the memory budget.
package train

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// writeNumberedGames writes games of random legal chess moves to path; every
// position of game k is scored first+k, so a loaded position names its game.
func writeNumberedGames(t *testing.T, path string, games, first int, seed uint64) int {
	t.Helper()
	w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "load test", Seed: seed}, &datasets.WriterOptions{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	pos, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var sts [40]position.State
	var list position.MoveList
	n := 0
	for k := range games {
		if err := pos.SetFEN(chess.StartFEN); err != nil {
			t.Fatal(err)
		}
		g := datasets.GameRecord{Result: position.Draw}
		for ply := 0; ply < 10+rng.IntN(20); ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			g.Plies = append(g.Plies, datasets.Ply{Move: m, Score: position.Value(first + k)})
			pos.DoMove(m, &sts[ply])
			n++
		}
		if err := w.WriteGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestLoadDatasetsCompact: positions load as piece lists of at most 70
// bytes each (the bound for 50 M positions in 8 GB is 160), the
// limit counts training positions, and a memory budget smaller than the
// data is a clear error naming stream mode.
func TestLoadDatasetsCompact(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.dnds")
	n := writeNumberedGames(t, a, 300, 0, 1)
	train, valid, st, err := LoadDatasets(Load{Files: []string{a}, Game: position.Chess})
	if err != nil {
		t.Fatal(err)
	}
	if train.Len() != n || valid.Len() != 0 || st.Decoded != int64(n) {
		t.Fatalf("%d positions (%d decoded), want %d", train.Len(), st.Decoded, n)
	}
	// Random openings keep 16–32 pieces: 8 + 2·32 + 3 = 75 bytes at most
	// for exact slices; append growth may add a quarter.
	if per := float64(train.Bytes()) / float64(n); per > 95 {
		t.Fatalf("%.1f bytes per position", per)
	}
	for i := 0; i < train.Len(); i++ {
		pieces, _, _, r := train.Position(i)
		if len(pieces) < 16 || len(pieces) > 32 || r != 0.5 {
			t.Fatalf("position %d: %d pieces, result %v", i, len(pieces), r)
		}
	}
	lim, _, _, err := LoadDatasets(Load{Files: []string{a}, Game: position.Chess, Limit: 100})
	if err != nil || lim.Len() != 100 {
		t.Fatalf("limit 100: %d positions, %v", lim.Len(), err)
	}
	if _, _, _, err := LoadDatasets(Load{Files: []string{a}, Game: position.Chess, MaxBytes: 64 << 10}); err == nil ||
		!strings.Contains(err.Error(), "memory budget") || !strings.Contains(err.Error(), "data.stream") {
		t.Fatalf("64 KiB budget: %v", err)
	}
	if _, _, _, err := LoadDatasets(Load{Files: []string{a}, Game: position.Xiangqi}); err == nil || !strings.Contains(err.Error(), "chess") {
		t.Fatalf("a chess file read as xiangqi: %v", err)
	}
}

// Issue 24 N8: training on two datasets joined with cat is an error naming
// the join (it used to drop the second file's positions with one warning).
func TestLoadConcatenated(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.dnds"), filepath.Join(dir, "b.dnds")
	writeNumberedGames(t, a, 20, 0, 1)
	writeNumberedGames(t, b, 20, 100, 2)
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	joined := filepath.Join(dir, "joined.dnds")
	if err := os.WriteFile(joined, append(da, db...), 0o644); err != nil {
		t.Fatal(err)
	}
	var warn strings.Builder
	_, _, _, err := LoadDatasets(Load{Files: []string{joined}, Game: position.Chess, Warn: &warn})
	want := fmt.Sprintf("train: %s: datasets: concatenated datasets: a second dataset starts at offset %d, after the end marker (files joined with cat?); its positions are not read: join datasets with 'selfplay data merge', or give the files one by one", joined, len(da))
	if !errors.Is(err, datasets.ErrConcatenated) || err.Error() != want || warn.Len() != 0 {
		t.Errorf("error %v\nwant  %s\nwarnings %q", err, want, warn.String())
	}
}

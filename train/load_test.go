// LoadDatasets: positions carry the ordinal of their game, across files.
package train

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"dualnnue/datasets"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// writeNumberedGames writes games of random legal chess moves to path; every
// position of game k is scored first+k, so a loaded position names its game.
func writeNumberedGames(t *testing.T, path string, games, first int, seed uint64) int {
	t.Helper()
	w, err := datasets.Create(path, datasets.Chess, datasets.GeneratorInfo{Engine: "load test", Seed: seed}, &datasets.WriterOptions{NoSync: true})
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
		g := datasets.GameRecord{Result: datasets.Draw}
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

// TestLoadDatasetsGameIndex: two files of 30 and 25 games; every position
// gets the ordinal of its game, the same for all its positions and
// different for every other game, in either file.
func TestLoadDatasetsGameIndex(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.dnds"), filepath.Join(dir, "b.dnds")
	na := writeNumberedGames(t, a, 30, 0, 1)
	nb := writeNumberedGames(t, b, 25, 30, 2)
	d, st, err := LoadDatasets([]string{a, b}, features.Default(features.Chess), &datasets.Filter{}, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != na+nb || st.Positions != na+nb || len(d.GameIndex) != d.Len() {
		t.Fatalf("loaded %d positions (%d game ordinals), want %d", d.Len(), len(d.GameIndex), na+nb)
	}
	ordinal := map[int]int64{} // game (score) -> ordinal
	owner := map[int64]int{}   // ordinal -> game
	for i := 0; i < d.Len(); i++ {
		_, _, s, _ := d.Position(i)
		game, g := int(s), d.GameIndex[i]
		if o, ok := ordinal[game]; ok && o != g {
			t.Fatalf("game %d has ordinals %d and %d", game, o, g)
		}
		if w, ok := owner[g]; ok && w != game {
			t.Fatalf("ordinal %d shared by games %d and %d", g, w, game)
		}
		ordinal[game], owner[g] = g, game
	}
	if len(ordinal) != 55 {
		t.Fatalf("%d games seen, want 55", len(ordinal))
	}
}

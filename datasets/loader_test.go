// Loader tests: one pass delivers every filtered position exactly once with
// the right features, score and result; batches are shuffled; no
// per-position allocation.
package datasets

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"dualnnue/nn/features"
	"dualnnue/position"
)

func writeShards(t *testing.T, g position.Variant, n, gamesPer int, o genOptions) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := 0; i < n; i++ {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.dnds", i))
		w, err := Create(path, g, GeneratorInfo{Engine: "test"}, &WriterOptions{BlockSize: 4 << 10, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, gr := range randomGames(t, g, gamesPer, uint64(100*i+int(g)), o) {
			if err := w.WriteGame(&gr); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

func sampleKey(stm, nstm []uint16, score, result float32) string {
	a, b := slices.Clone(stm), slices.Clone(nstm)
	slices.Sort(a)
	slices.Sort(b)
	return fmt.Sprint(a, b, score, result)
}

func TestLoaderOnePass(t *testing.T) {
	for _, g := range bothGames {
		t.Run(g.String(), func(t *testing.T) {
			files := writeShards(t, g, 3, 30, fullGen)
			filter := Filter{SkipInCheck: true, MaxAbsScore: 2500}
			set := features.Default(g)
			want := map[string]int{}
			var order []string
			var white, black [features.MaxActive]uint16
			for _, f := range files {
				r, err := Open(f, &filter)
				if err != nil {
					t.Fatal(err)
				}
				for r.Next() {
					pos, rec := r.Position(), r.Record()
					n := set.Active(pos, white[:], black[:])
					stm, nstm := white[:n], black[:n]
					if pos.SideToMove() == position.Black {
						stm, nstm = nstm, stm
					}
					k := sampleKey(stm, nstm, float32(rec.Score), rec.Result.Score(pos.SideToMove()))
					want[k]++
					order = append(order, k)
				}
				r.Close()
			}
			l, err := NewLoader(LoaderConfig{Files: files, BatchSize: 97, ShuffleBuffer: 700, Workers: 2, Filter: filter, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			got := map[string]int{}
			var gotOrder []string
			for {
				b, ok := l.Next()
				if !ok {
					break
				}
				if b.Len > 97 || len(b.Offsets) != b.Len+1 || len(b.Score) != b.Len {
					t.Fatalf("bad batch shape: len %d offsets %d scores %d", b.Len, len(b.Offsets), len(b.Score))
				}
				for i := 0; i < b.Len; i++ {
					lo, hi := b.Offsets[i], b.Offsets[i+1]
					k := sampleKey(b.Stm[lo:hi], b.Nstm[lo:hi], b.Score[i], b.Result[i])
					got[k]++
					gotOrder = append(gotOrder, k)
				}
			}
			if err := l.Err(); err != nil {
				t.Fatal(err)
			}
			if len(gotOrder) != len(order) {
				t.Fatalf("loader gave %d positions, reader %d", len(gotOrder), len(order))
			}
			for k, n := range want {
				if got[k] != n {
					t.Fatalf("position %s: loader gave it %d times, want %d", k, got[k], n)
				}
			}
			same := 0
			for i := range order {
				if order[i] == gotOrder[i] {
					same++
				}
			}
			if same > len(order)/10 {
				t.Fatalf("%d of %d positions in file order: not shuffled", same, len(order))
			}
		})
	}
}

func TestLoaderNoAllocs(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("short mode or race detector (which allocates)")
	}
	for _, g := range bothGames {
		// Self-play games start from the standard position (+ book plies);
		// FEN starts cost a SetFEN per game.
		o := fullGen
		o.fenStarts = false
		files := writeShards(t, g, 2, 250, o)
		l, err := NewLoader(LoaderConfig{Files: files, BatchSize: 1024, ShuffleBuffer: 4096, Workers: 2, Loop: true, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			if _, ok := l.Next(); !ok {
				t.Fatal("loader ended")
			}
		}
		allocs := testing.AllocsPerRun(100, func() {
			if _, ok := l.Next(); !ok {
				t.Fatal("loader ended")
			}
		})
		l.Close()
		// Each epoch reopens the files (a few allocations per file); the
		// per-position path allocates nothing.
		t.Logf("%v: %.2f allocations per batch of 1024 positions", g, allocs)
		if allocs >= 1 {
			t.Fatalf("%v: %.2f allocations per batch of 1024 positions", g, allocs)
		}
	}
}

// Issue 24 N2: the memory budget of memory mode counts the real bytes.
package train

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"testing"

	"dualnnue/internal/craftdata"
	"dualnnue/position"
)

// allocated returns the bytes the Go heap handed out while f ran
// (runtime.MemStats.TotalAlloc: every allocation, garbage included).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMemoryBytesAreReal: Memory.Bytes is what the heap gave the
// positions, within the chunk lists' small garbage, and Growth predicts
// every allocation before it happens (0 when a position fits).
func TestMemoryBytesAreReal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var pieces [32]uint16
	for i := range pieces {
		pieces[i] = uint16(i)
	}
	d := NewMemory()
	const n = 200_000
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = 2 + rng.IntN(31)
	}
	a := allocated(func() {
		for _, k := range sizes {
			before, g := d.Bytes(), d.Growth(k)
			if err := d.Add(pieces[:k], position.White, 10, 0.5); err != nil {
				panic(err)
			}
			if got := d.Bytes() - before; got > g || (g == 0) != (got == 0) {
				panic(fmt.Sprintf("position %d: Growth %d, grew %d", d.Len(), g, got))
			}
		}
	})
	if d.Len() != n {
		t.Fatalf("%d positions", d.Len())
	}
	if b := uint64(d.Bytes()); a < b || a > b+64<<10 {
		t.Errorf("Bytes %d, the heap handed out %d", b, a)
	}
	for i, k := range sizes[:1000] {
		if p, _, s, r := d.Position(i); len(p) != k || p[k-1] != uint16(k-1) || s != 10 || r != 0.5 {
			t.Fatalf("position %d: %v %v %v", i, p, s, r)
		}
	}
}

// writeShuffles writes games of plies knight-shuffle plies to path
// (craftdata.WriteShuffles): a file of a few KB that decodes into
// games·plies positions, as the crafted file of the issue did (256 MiB
// stopped at 1.07 GB).
func writeShuffles(t *testing.T, path string, games, plies int) {
	t.Helper()
	if _, err := craftdata.WriteShuffles(path, games, plies); err != nil {
		t.Fatal(err)
	}
}

// TestLoadBudgetBound: reading a crafted file of 400,000 positions under a
// budget of 8 MiB stops with the budget's error when the next position
// would pass it (104,064 positions of 32 pieces: 76 bytes each in the
// Memory and 4 of shuffle order, 8,325,120 bytes plus the chunks' ends), and everything LoadDatasets allocated (TotalAlloc, an
// upper bound of what it can add to the process's RSS) stays within the
// budget plus the decoder's fixed buffers; a tenth of the positions loads
// within the budget, Bytes and the shuffle order included.
//
// The bound is tested on the heap's allocation count rather than on the
// process's RSS: RSS depends on when the collector runs and returns pages
// and on the other tests of the process, so a bound on it is either loose
// or flaky; TotalAlloc counts every byte handed out, garbage included,
// deterministically.
func TestLoadBudgetBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shuffle.dnds")
	writeShuffles(t, path, 400, 1000)
	const budget = 8 << 20
	var err error
	a := allocated(func() {
		_, _, _, err = LoadDatasets(Load{Files: []string{path}, Game: position.Chess, MaxBytes: budget})
	})
	const want = "train: the training set needs more than the memory budget of 8 MiB (104064 positions read so far): train in stream mode (data.stream = true) or raise data.max_memory_mib"
	if fmt.Sprint(err) != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	if a > budget+4<<20 {
		t.Errorf("LoadDatasets allocated %d bytes under a budget of %d", a, budget)
	}
	var d *Memory
	a = allocated(func() {
		d, _, _, err = LoadDatasets(Load{Files: []string{path}, Game: position.Chess, MaxBytes: budget, Limit: 40_000})
	})
	if err != nil || d.Len() != 40_000 {
		t.Fatalf("40,000 positions: %v", err)
	}
	if used := d.Bytes() + ShuffleOrderBytes*int64(d.Len()); used > budget {
		t.Errorf("40,000 positions hold %d bytes", used)
	}
	if a > uint64(d.Bytes())+4<<20 {
		t.Errorf("40,000 positions of %d bytes: %d allocated", d.Bytes(), a)
	}
}

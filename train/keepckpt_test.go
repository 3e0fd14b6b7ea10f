package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dualnnue/position"
)

// keep_checkpoints N leaves the per-epoch checkpoints and nets of the last
// N epochs and of the best epoch; 0 leaves every epoch; last.ckpt always
// stays (issue 24 item 6: 43 files for a 50 KB net).
func TestKeepCheckpoints(t *testing.T) {
	data := syntheticMemory(position.Chess, 3000, 1)
	for _, keep := range []int{1, 2, 0} {
		cfg := smallConfig(t, "chess")
		cfg.Train.KeepCheckpoints = keep
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data})
		if err != nil {
			t.Fatal(err)
		}
		best := BestEpoch(res.Metrics)
		var want []int
		for e := 1; e <= 4; e++ {
			if keep == 0 || e > 4-keep || e == best {
				want = append(want, e)
			}
		}
		for _, kind := range []struct{ dir, ext string }{{"checkpoints", "ckpt"}, {"nets", "nnue"}} {
			var got []int
			files, _ := filepath.Glob(filepath.Join(cfg.OutDir, kind.dir, "epoch-*."+kind.ext))
			for _, f := range files {
				var e int
				fmt.Sscanf(filepath.Base(f), "epoch-%d."+kind.ext, &e)
				got = append(got, e)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("keep_checkpoints %d (best epoch %d): %s epochs %v, want %v", keep, best, kind.dir, got, want)
			}
		}
		if _, err := os.Stat(filepath.Join(cfg.OutDir, "checkpoints", "last.ckpt")); err != nil {
			t.Errorf("keep_checkpoints %d: %v", keep, err)
		}
	}
	for _, bad := range []int{-1, 1_000_001} {
		cfg := smallConfig(t, "chess")
		cfg.Train.KeepCheckpoints = bad
		if _, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data}); err == nil ||
			!strings.Contains(err.Error(), fmt.Sprintf("keep_checkpoints %d out of range [0, 1000000] (0 keeps every epoch)", bad)) {
			t.Errorf("keep_checkpoints %d: %v", bad, err)
		}
	}
	cfg, err := ParseConfig([]byte("game = \"chess\"\n[train]\nkeep_checkpoints = 3\n"))
	if err != nil || cfg.Train.KeepCheckpoints != 3 {
		t.Fatalf("parse: %v %d", err, cfg.Train.KeepCheckpoints)
	}
	if cfg, _ := ParseConfig([]byte("game = \"chess\"\n")); cfg.Train.KeepCheckpoints != 1 {
		t.Fatalf("default keep_checkpoints %d, want 1", cfg.Train.KeepCheckpoints)
	}
}

// Tests of the final-net choice (keep = best/last) and the over-fitting warning.
package train

import (
	"bytes"
	"context"
	"dualnnue/position"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func rows(train, valid []float64) []EpochMetrics {
	var out []EpochMetrics
	for i := range train {
		r := EpochMetrics{Epoch: i + 1, TrainLoss: train[i]}
		if valid != nil {
			v := valid[i]
			r.ValidLoss = &v
		}
		out = append(out, r)
	}
	return out
}

func TestBestEpoch(t *testing.T) {
	for _, c := range []struct {
		valid []float64
		want  int
	}{
		{[]float64{5, 4, 3, 3.5}, 3},
		{[]float64{5, 4, 4, 4}, 2}, // ties go to the earlier epoch
		{[]float64{1, 2, 3}, 1},
		{nil, 0},
	} {
		n := 4
		if c.valid != nil {
			n = len(c.valid)
		}
		if got := BestEpoch(rows(make([]float64, n), c.valid)); got != c.want {
			t.Errorf("BestEpoch(%v) = %d, want %d", c.valid, got, c.want)
		}
	}
	// Rows that do not number epochs 1, 2, … give 0 (nothing to trust).
	r := rows([]float64{1, 1}, []float64{2, 1})
	r[1].Epoch = 5
	if got := BestEpoch(r); got != 0 {
		t.Errorf("BestEpoch of misnumbered rows = %d, want 0", got)
	}
}

func TestOverfitWarning(t *testing.T) {
	// Held-out loss best at epoch 2, then 3 epochs ≥ 0.5 % above it while
	// the training loss falls: warn, naming both epochs.
	// Over a window of 3, epoch 3 (0.25 % above the best) is noise: no warning.
	w := OverfitWarning(rows([]float64{10, 9, 8, 7, 6}, []float64{5, 4, 4.01, 4.1, 4.2}), 3)
	if w != "" {
		t.Errorf("window 3 with epoch 3 within 0.5 %%: got %q", w)
	}
	w = OverfitWarning(rows([]float64{10, 9, 8, 7, 6}, []float64{5, 4, 4.03, 4.1, 4.2}), 2)
	if !strings.Contains(w, "rose from 4.000000 (epoch 2) to 4.200000 (epoch 5)") || !strings.Contains(w, "from 9.000000 to 6.000000") {
		t.Errorf("warning %q", w)
	}
	for _, c := range []struct {
		train, valid []float64
	}{
		{[]float64{10, 9, 8, 7}, []float64{5, 4, 4.01, 4.1}},    // 0.25 % above: noise
		{[]float64{10, 9, 9.5, 9.6}, []float64{5, 4, 4.1, 4.2}}, // training loss rose too: not over-fitting
		{[]float64{10, 9, 8, 7}, []float64{5, 4, 3, 2}},         // still improving
		{[]float64{10, 9, 8, 7}, nil},                           // no held-out data
	} {
		if w := OverfitWarning(rows(c.train, c.valid), 2); w != "" {
			t.Errorf("train %v valid %v: unexpected warning %q", c.train, c.valid, w)
		}
	}
}

// TestKeepBest trains on one labelling and holds out the opposite one, so
// the held-out loss is lowest after the first epoch: keep = "best" writes
// that epoch's net as the final one, keep = "last" the last epoch's.
func TestKeepBest(t *testing.T) {
	train := syntheticMemory(position.Chess, 2000, 7)
	valid := NewMemory()
	for i := 0; i < 500; i++ {
		pieces, side, s, r := train.Position(i)
		_ = valid.Add(pieces, side, -s, 1-r)
	}
	for _, keep := range []string{"best", "last"} {
		cfg := smallConfig(t, "chess")
		cfg.Train.Keep = keep
		var log bytes.Buffer
		res, err := Run(context.Background(), cfg, Options{Quiet: true, Log: &log, TrainData: train, ValidData: valid})
		if err != nil {
			t.Fatal(err)
		}
		best := BestEpoch(res.Metrics)
		if best != 1 {
			t.Fatalf("held-out loss %v: best epoch %d, want 1", res.Metrics, best)
		}
		final, err := os.ReadFile(res.NetPath)
		if err != nil {
			t.Fatal(err)
		}
		epoch1, err := os.ReadFile(filepath.Join(cfg.OutDir, "nets", "epoch-0001.nnue"))
		if err != nil {
			t.Fatal(err)
		}
		kept := bytes.Equal(final, epoch1)
		if (keep == "best") != kept {
			t.Errorf("keep=%s: final net is epoch 1's: %v", keep, kept)
		}
		if want := map[string]int{"best": 1, "last": 4}[keep]; res.Epoch != want {
			t.Errorf("keep=%s: Result.Epoch %d, want %d", keep, res.Epoch, want)
		}
		if keep == "last" && !strings.Contains(log.String(), `train: kept epoch 4 of 4 (the last: keep = "last")`+"\n") {
			t.Errorf("keep=last log:\n%s", log.String())
		}
		if keep == "best" && !strings.Contains(log.String(), "kept epoch 1 of 4") {
			t.Errorf("keep=best log:\n%s", log.String())
		}
		if keep == "best" && !strings.Contains(res.Net.Description, "epoch 1 of 4") {
			t.Errorf("kept net's description %q", res.Net.Description)
		}
	}
}

package train

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
)

// TestFitK recovers the K that generated the results: positions with
// scores spread over ±1,500 cp and results drawn win/loss with probability
// σ(score/K) for K = 250 and K = 900.
func TestFitK(t *testing.T) {
	for _, k := range []float64{250, 900} {
		d := NewMemory()
		rng := rand.New(rand.NewPCG(uint64(k), 1))
		for range 200_000 {
			s := math.Round(rng.Float64()*3000 - 1500)
			r := float32(0)
			if rng.Float64() < sigmoid(s/k) {
				r = 1
			}
			_ = d.Add(nil, position.White, float32(s), r)
		}
		if got := FitK(d); math.Abs(got-k) > 0.05*k {
			t.Errorf("FitK = %v, want %v ± 5 %%", got, k)
		}
	}
	if got := FitK(NewMemory()); got != 0 {
		t.Errorf("FitK of no data = %v", got)
	}
}

// TestRunOnePassFittedK: positions_per_epoch 0 makes an epoch one pass over
// the training set (whole batches), k 0 fits K and writes it into the
// net's description; stream mode refuses both.
func TestRunOnePassFittedK(t *testing.T) {
	cfg := smallConfig(t, "chess")
	cfg.Train.PositionsPerEpoch = 0
	cfg.Loss.K = 0
	cfg.Data.ValidSplit = 0
	data := labelledMemory(t, position.Chess, 3000, 9)
	var log bytes.Buffer
	res, err := Run(context.Background(), cfg, Options{Quiet: true, Log: &log, TrainData: data})
	if err != nil {
		t.Fatal(err)
	}
	k := FitK(data)
	if want := int64(3000 / 256 * 256); res.Metrics[0].Positions != want || res.Metrics[3].Positions != 4*want {
		t.Fatalf("epoch positions %d, want one pass of %d", res.Metrics[0].Positions, want)
	}
	if k < 50 || !strings.Contains(log.String(), fmt.Sprintf("K fitted to the data: %g cp", k)) ||
		!strings.Contains(res.Net.Description, fmt.Sprintf("K %g,", k)) {
		t.Fatalf("K %v; log:\n%s\ndescription %q", k, log.String(), res.Net.Description)
	}
	// The run directory's config.toml keeps the values as given (0, 0), so
	// it resumes: its fingerprint is the checkpoints'.
	saved, err := LoadConfig(filepath.Join(cfg.OutDir, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, meta, err := LoadCheckpoint(filepath.Join(cfg.OutDir, "checkpoints", "last.ckpt"))
	if err != nil {
		t.Fatal(err)
	}
	if saved.Train.PositionsPerEpoch != 0 || saved.Loss.K != 0 || saved.fingerprint() != meta.Fingerprint {
		t.Fatalf("config.toml: positions_per_epoch %d, k %v; fingerprint %s, checkpoint's %s",
			saved.Train.PositionsPerEpoch, saved.Loss.K, saved.fingerprint(), meta.Fingerprint)
	}
	cfg.Data.Stream = true
	if err := cfg.Validate(); err == nil {
		t.Fatal("stream mode with one-pass epochs accepted")
	}
}

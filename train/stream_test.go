// Stream mode: a resumed run seeks the loader to its checkpoint's state and
// reaches the very weights of an uninterrupted run.
package train

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// writeStreamShards writes n chess dataset files of games random legal
// moves with small blocks (many per file), every position scored.
func writeStreamShards(t *testing.T, n, games int) []string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(9, 9))
	pos, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var sts [60]position.State
	var list position.MoveList
	var files []string
	for i := range n {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.dnds", i))
		w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "stream test"}, &datasets.WriterOptions{BlockSize: 2 << 10, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		for range games {
			if err := pos.SetFEN(chess.StartFEN); err != nil {
				t.Fatal(err)
			}
			g := datasets.GameRecord{Result: position.Result(rng.IntN(3))}
			for ply := 0; ply < 20+rng.IntN(40); ply++ {
				list.Clear()
				pos.GenerateLegal(&list)
				if list.Len == 0 {
					break
				}
				m := list.Moves[rng.IntN(list.Len)]
				g.Plies = append(g.Plies, datasets.Ply{Move: m, Score: position.Value(rng.IntN(600) - 300)})
				pos.DoMove(m, &sts[ply])
			}
			if err := w.WriteGame(&g); err != nil {
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

// TestResumeExactStream is TestResumeExact in stream mode (loader_workers =
// 1): interrupted after epoch 14 of 16 and resumed, the run reaches
// bit-identical weights, metrics and net, and its loader decodes fewer
// records than the positions trained before the interruption (it starts at
// the checkpoint's loader state instead of reading through them). A
// checkpoint without a loader state (older versions) still resumes
// exactly, by reading forward.
func TestResumeExactStream(t *testing.T) {
	files := writeStreamShards(t, 3, 40)
	cfg := smallConfig(t, "chess")
	cfg.Data.Stream = true
	cfg.Data.Train = files
	cfg.Data.LoaderWorkers = 1
	cfg.Data.ShuffleBuffer = 512
	cfg.Data.RandomSkip = 0.2
	cfg.Train.Workers = 2
	cfg.Train.Epochs = 16
	cfg.Train.PositionsPerEpoch = 256 * 8
	const before = 14 * 256 * 8 // positions trained before the interruption

	full, err := runQuiet(t, context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if full.Decoded < 16*256*8 {
		t.Fatalf("the uninterrupted run decoded %d records for %d positions", full.Decoded, 16*256*8)
	}

	cfg.OutDir = t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err = runQuiet(t, ctx, cfg, Options{OnEpoch: func(m EpochMetrics) {
		if m.Epoch == 14 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	ckpt := filepath.Join(cfg.OutDir, "checkpoints", "last.ckpt")
	_, _, meta, err := LoadCheckpoint(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if meta.Epoch != 14 || meta.Loader == nil || meta.Loader.Path == "" {
		t.Fatalf("checkpoint of epoch %d, loader state %+v", meta.Epoch, meta.Loader)
	}
	// Keep a copy of the checkpoint with its loader state removed.
	m, opt, _, err := LoadCheckpoint(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	old := *meta
	old.Loader = nil
	oldCkpt := filepath.Join(t.TempDir(), "old.ckpt")
	if err := SaveCheckpoint(oldCkpt, m, opt, old); err != nil {
		t.Fatal(err)
	}

	check := func(what string, res *Result) {
		t.Helper()
		sameParams(t, full.Model, res.Model, what)
		if len(res.Metrics) != 16 || res.Metrics[13].TrainLoss != full.Metrics[13].TrainLoss ||
			res.Metrics[15].TrainLoss != full.Metrics[15].TrainLoss {
			t.Fatalf("%s: metrics differ:\n%+v\n%+v", what, res.Metrics, full.Metrics)
		}
		a, _ := os.ReadFile(full.NetPath)
		b, _ := os.ReadFile(res.NetPath)
		if len(a) == 0 || string(a) != string(b) {
			t.Fatalf("%s: exported nets differ (%d vs %d bytes)", what, len(a), len(b))
		}
	}
	resumed, err := runQuiet(t, context.Background(), cfg, Options{Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	check("resumed vs uninterrupted", resumed)
	t.Logf("decoded records: uninterrupted %d, resumed at its loader state %d (%d positions trained before)", full.Decoded, resumed.Decoded, before)
	if resumed.Decoded >= before {
		t.Fatalf("the resumed run decoded %d records, as many as the %d positions trained before: it read through them", resumed.Decoded, before)
	}

	cfg.OutDir = t.TempDir()
	forward, err := runQuiet(t, context.Background(), cfg, Options{ResumeFrom: oldCkpt})
	if err != nil {
		t.Fatal(err)
	}
	check("resumed by reading forward", forward)
	t.Logf("resumed without a loader state: %d records decoded", forward.Decoded)
	if forward.Decoded < before {
		t.Fatalf("resumed without a loader state, the run decoded %d records < the %d positions it had to skip", forward.Decoded, before)
	}
}

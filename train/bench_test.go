// Training throughput benchmarks: full steps (forward, loss, backward, AdamW) at batch 16384.
package train

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// benchBatch returns a batch like the PyTorch reference's
// (../shared/bench/torch_reference_trainer.py): 32 random active features
// per perspective, scores N(0, 300²), random results.
func benchBatch(a nn.Arch, n int, seed uint64) *Batch {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := &Batch{}
	b.Reset()
	var stm, nstm [32]uint16
	set, _ := features.Lookup(a.Set)
	for range n {
		// A king- or balance-bucketed perspective's features all lie in
		// its input bucket's block, as in real positions.
		bs, bn := 0, 0
		block := a.Inputs
		if set != nil && set.Buckets() > 1 {
			bs, bn = set.BaseSize*rng.IntN(set.Buckets()), set.BaseSize*rng.IntN(set.Buckets())
			block = set.BaseSize
		}
		for j := range stm {
			stm[j] = uint16(bs + rng.IntN(block))
			nstm[j] = uint16(bn + rng.IntN(block))
		}
		b.Add(stm[:], nstm[:], float32(rng.NormFloat64()*300), float32(rng.IntN(3))/2, 0)
	}
	return b
}

// benchDataFile is the self-play data of the gen0 rows:
// $TRAIN_BENCH_DATA, else ../shared/data/gen0-chess.dnds beside the
// repository (see its README.md).
func benchDataFile() string {
	if f := os.Getenv("TRAIN_BENCH_DATA"); f != "" {
		return f
	}
	return "../../shared/data/gen0-chess.dnds"
}

// dataBatches returns four batches of n positions for a drawn from the
// first 8n positions of the chess self-play file (every position, no
// filter; a seeded shuffle), or skips b when the file is missing. Unlike
// benchBatch's random kings, a real game's kings stand in few buckets.
func dataBatches(b *testing.B, a nn.Arch, n int) []*Batch {
	f := benchDataFile()
	if _, err := os.Stat(f); err != nil {
		b.Skipf("no self-play data: %v (set TRAIN_BENCH_DATA)", err)
	}
	d, _, _, err := LoadDatasets(Load{Files: []string{f}, Game: position.Chess, Limit: 8 * n})
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewStream(d, 1)
	if err != nil {
		b.Fatal(err)
	}
	var out []*Batch
	for range 4 {
		bt := &Batch{}
		if err := s.Next(bt, n, a); err != nil {
			b.Fatal(err)
		}
		out = append(out, bt)
	}
	return out
}

// BenchmarkTrainStep measures training positions per second for the
// (768→256)×2→1 chess and (1260→256)×2→1 xiangqi SCReLU nets, and the
// wider and king-bucketed shapes beside them (kb<B> rows: B king buckets
// of the base set, e.g. chess-kb16-768→512 is (768·16→512)×2→1; kb6-d3: 6
// palace × 3 defence buckets), and the
// hidden layer stacks (…-16-32 rows: (F→N)×2→16→32→1, hidden CReLU;
// pairwise rows: a CReLU first layer whose halves are multiplied; -gen0
// rows: batches of real self-play positions, see dataBatches), at batch
// 16384 on all cores (GOMAXPROCS), like the reference trainer's loop.
func BenchmarkTrainStep(b *testing.B) {
	type shape struct {
		set    features.SetID
		hidden int
		name   string
		layers [nn.MaxLayers]int
		pw     bool
		data   bool // real positions (dataBatches) instead of benchBatch's
	}
	shapes := []shape{
		{set: features.ChessPS768, hidden: 256}, {set: features.XiangqiPS1260, hidden: 256},
		{features.ChessPS768HM, 256, "chess-hm-768→256", [2]int{}, false, false},
		{features.ChessPS768HM, 512, "chess-hm-768→512", [2]int{}, false, false},
		{features.ChessPS768HM, 1024, "chess-hm-768→1024", [2]int{}, false, false},
		{features.ChessKB16HM, 512, "chess-kb16-768→512", [2]int{}, false, false},
		{features.ChessKB4HM, 512, "chess-kb4-768→512", [2]int{}, false, false},
		{features.XiangqiKB6HM, 256, "xiangqi-kb6-1260→256", [2]int{}, false, false},
		{features.XiangqiKB6D3HM, 256, "xiangqi-kb6-d3-1260→256", [2]int{}, false, false},
		{features.ChessPS768, 256, "chess-768→256-16-32", [2]int{16, 32}, false, false},
		{features.ChessPS768, 256, "chess-768→256-pairwise-16-32", [2]int{16, 32}, true, false},
		{features.XiangqiPS1260, 256, "xiangqi-1260→256-16-32", [2]int{16, 32}, false, false},
		{features.ChessKB16HM, 512, "chess-kb16-768→512-16-32", [2]int{16, 32}, false, false},
		{features.ChessKB16HM, 512, "chess-kb16-768→512-16-32-gen0", [2]int{16, 32}, false, true},
	}
	for _, sh := range shapes {
		set, _ := features.Lookup(sh.set)
		g := set.Game
		a := nn.Arch{Game: g, Set: set.ID, Inputs: set.Size, Hidden: sh.hidden, Buckets: 1, Activation: nn.SCReLU, Layers: sh.layers}
		if a.NumLayers() > 0 {
			a.HiddenActivation = nn.CReLU
		}
		if sh.pw {
			a.Activation, a.Pairwise = nn.CReLU, true
		}
		workers := runtime.GOMAXPROCS(0)
		name := fmt.Sprintf("%v-%d→256", g, set.Size)
		if sh.name != "" {
			name = sh.name
		}
		b.Run(fmt.Sprintf("%s-w%d", name, workers), func(b *testing.B) {
			m, err := NewModel(a)
			if err != nil {
				b.Fatal(err)
			}
			m.Init(rand.New(rand.NewPCG(1, 2)))
			s, err := NewStepper(m, Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2}, workers)
			if err != nil {
				b.Fatal(err)
			}
			opt := NewAdamW(len(m.Params), 0.01, ClipRanges(m, DefaultWeightClip))
			const bs = 16384
			var batches []*Batch
			if sh.data {
				batches = dataBatches(b, a, bs)
			} else {
				batches = []*Batch{benchBatch(a, bs, 1), benchBatch(a, bs, 2), benchBatch(a, bs, 3), benchBatch(a, bs, 4)}
			}
			for i := range 3 {
				s.Gradient(batches[i])
				opt.Step(m.Params, s.Grad, 1e-3, workers)
			}
			var ru0, ru1 syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
			for i := 0; b.Loop(); i++ {
				s.Gradient(batches[i%4])
				opt.Step(m.Params, s.Grad, 1e-3, workers)
			}
			syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
			b.ReportMetric(float64(b.N*bs)/b.Elapsed().Seconds(), "pos/s")
			// Positions per CPU-second times the workers: what the wall-clock
			// figure would be on otherwise idle cores (other processes only
			// inflate it through shared caches).
			cpu := time.Duration(ru1.Utime.Nano() - ru0.Utime.Nano() + ru1.Stime.Nano() - ru0.Stime.Nano())
			b.ReportMetric(float64(b.N*bs)/cpu.Seconds()*float64(workers), "cpu-pos/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// Training throughput benchmarks: full steps (forward, loss, backward, AdamW) at batch 16384.
package train

import (
	"fmt"
	"math/rand/v2"
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
	for range n {
		for j := range stm {
			stm[j] = uint16(rng.IntN(a.Inputs))
			nstm[j] = uint16(rng.IntN(a.Inputs))
		}
		b.Add(stm[:], nstm[:], float32(rng.NormFloat64()*300), float32(rng.IntN(3))/2, 0)
	}
	return b
}

// BenchmarkTrainStep measures training positions per second for the
// (768→256)×2→1 chess and (1260→256)×2→1 xiangqi SCReLU nets at batch
// 16384 on all cores (GOMAXPROCS), like the reference trainer's loop.
func BenchmarkTrainStep(b *testing.B) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		set := features.Default(g)
		a := nn.Arch{Game: g, Set: set.ID, Inputs: set.Size, Hidden: 256, Buckets: 1, Activation: nn.SCReLU}
		workers := runtime.GOMAXPROCS(0)
		b.Run(fmt.Sprintf("%v-%d→256-w%d", g, set.Size, workers), func(b *testing.B) {
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
			batches := []*Batch{benchBatch(a, bs, 1), benchBatch(a, bs, 2), benchBatch(a, bs, 3), benchBatch(a, bs, 4)}
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

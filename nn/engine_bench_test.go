// Engine-level benchmarks: the bench positions through engine.Engine with the network at N=256.
package nn_test

import (
	"strings"
	"testing"
	"time"

	"dualnnue/engine"
	"dualnnue/internal/pstnet"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// BenchmarkEngine runs engine.Bench (one thread, 16 MiB) over the game's
// bench positions at depth 10 with the table net of N=256 ("nnue") and with
// the hand-written evaluation ("pst"), reporting nodes per second.
func BenchmarkEngine(b *testing.B) {
	for _, evName := range []string{"nnue", "pst"} {
		b.Run("chess/"+evName, func(b *testing.B) { benchEngine(b, variants.Chess, evName) })
		b.Run("xiangqi/"+evName, func(b *testing.B) { benchEngine(b, variants.Xiangqi, evName) })
	}
}

// benchEngine is BenchmarkEngine for one game and evaluator: the engine
// the tools use, configured with the N=256 table net or the hand-written
// evaluation.
func benchEngine[T any, P search.GamePtr[T]](b *testing.B, def *variants.Def[T, P], evName string) {
	const depth = 10
	ev, err := def.Evaluator(variants.Hand)
	if err != nil {
		b.Fatal(err)
	}
	if evName == "nnue" {
		net, err := pstnet.Build(def.Variant, 256)
		if err != nil {
			b.Fatal(err)
		}
		ev = variants.Evaluator[P]{Choice: variants.NetFile("pstnet-256"), Net: net, ID: "pstnet-256",
			New: func() position.Evaluator[P] { return nn.NewEvaluator[P](net) }}
	}
	e, err := engine.New(def)
	if err != nil {
		b.Fatal(err)
	}
	if err := e.Configure(engine.Options[P]{Eval: ev, Search: search.Options{Threads: 1, HashMiB: 16, MultiPV: 1}}); err != nil {
		b.Fatal(err)
	}
	failed := false
	say := func(line string) {
		if strings.HasPrefix(line, "info string error:") {
			failed = true
			b.Error(line)
		}
	}
	var nodes uint64
	var secs float64
	c0 := processCPU()
	for b.Loop() {
		n, elapsed, _ := e.Bench(depth, say, nil)
		if failed {
			b.FailNow()
		}
		nodes, secs = nodes+n, secs+elapsed.Seconds()
	}
	reportNPS(b, nodes, secs, processCPU()-c0)
}

// reportNPS reports nodes per wall second and per process CPU second.
func reportNPS(b *testing.B, nodes uint64, secs float64, cpu time.Duration) {
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(nodes)/secs, "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
}

// BenchmarkKingBucketNPS measures what king buckets cost the engine on the
// same search tree: the N=256 table net read as the mirrored set, then
// the same weights copied into every input bucket of each king-bucketed
// set (and balance bucket of xiangqi-kb6-d3-hm). Every net evaluates every
// position alike, so the searches visit the same nodes (checked) and the
// nodes per CPU-second differ only by the bucketed sets' accumulator work:
// refreshes through the cache when a king changes bucket, and the bigger
// first layer's cache misses (each bucket's rows are distinct memory).
// Each iteration runs engine.Bench (depth 10, one thread, 16 MiB) over the
// bench positions with every set, the sets taking turns position by
// position so that a busy machine's changing load falls on all alike; it
// reports each set's process CPU-ns per node and its nodes per CPU-second
// as a fraction of the mirrored set's (nps-ratio).
//
//	go test ./nn -run '^$' -bench KingBucketNPS/chess -benchtime 10x
func BenchmarkKingBucketNPS(b *testing.B) {
	b.Run("chess", func(b *testing.B) {
		benchBucketsNPS(b, variants.Chess, features.ChessPS768HM, features.ChessKB4HM, features.ChessKB16HM)
	})
	b.Run("xiangqi", func(b *testing.B) {
		benchBucketsNPS(b, variants.Xiangqi, features.XiangqiPS1260HM, features.XiangqiKB6HM, features.XiangqiKB6D3HM)
	})
}

// benchBucketsNPS is BenchmarkKingBucketNPS for one game: ids[0] is the
// mirrored set the others are compared with.
func benchBucketsNPS[T any, P search.GamePtr[T]](b *testing.B, def *variants.Def[T, P], ids ...features.SetID) {
	const depth = 10
	base, err := pstnet.Build(def.Variant, 256)
	if err != nil {
		b.Fatal(err)
	}
	// One engine per set, each on its own copy of the bundle whose bench
	// list is set to one position at a time: the sets take turns position
	// by position (each search some milliseconds), the first of each turn
	// rotating, so that load changes and cold caches fall on all alike.
	defs := make([]variants.Def[T, P], len(ids))
	engines := make([]*engine.Engine[T, P], len(ids))
	names := make([]string, len(ids))
	for i, id := range ids {
		net := replicateBuckets(b, base, id)
		names[i] = net.FeatureSet().Name
		ev := variants.Evaluator[P]{Choice: variants.NetFile(names[i]), Net: net, ID: names[i],
			New: func() position.Evaluator[P] { return nn.NewEvaluator[P](net) }}
		defs[i] = *def
		if engines[i], err = engine.New(&defs[i]); err != nil {
			b.Fatal(err)
		}
		if err := engines[i].Configure(engine.Options[P]{Eval: ev, Search: search.Options{Threads: 1, HashMiB: 16, MultiPV: 1}}); err != nil {
			b.Fatal(err)
		}
	}
	say := func(line string) {
		if strings.HasPrefix(line, "info string error:") {
			b.Fatal(line)
		}
	}
	nodes := make([]uint64, len(ids))
	cpu := make([]time.Duration, len(ids))
	turn := 0
	for b.Loop() {
		for j := range def.BenchFENs {
			for k := range ids {
				i := (k + turn) % len(ids)
				defs[i].BenchFENs = def.BenchFENs[j : j+1]
				c0 := processCPU()
				n, _, _ := engines[i].Bench(depth, say, nil)
				cpu[i] += processCPU() - c0
				nodes[i] += n
			}
			turn++
		}
	}
	for i, name := range names {
		if nodes[i] != nodes[0] {
			b.Fatalf("%s searched %d nodes, %s %d: the trees differ", name, nodes[i], names[0], nodes[0])
		}
		b.ReportMetric(float64(cpu[i].Nanoseconds())/float64(nodes[i]), "cpu-ns/node:"+name)
		if i > 0 {
			b.ReportMetric(float64(cpu[0])/float64(cpu[i]), "nps-ratio:"+name)
		}
	}
	b.ReportMetric(float64(nodes[0])/float64(b.N), "nodes")
}

// replicateBuckets returns base's weights under feature set id: base's
// feature-transformer rows (its set's index space, the unmirrored one) in
// every input bucket's block, its bias and output layer unchanged.
func replicateBuckets(tb testing.TB, base *nn.Net, id features.SetID) *nn.Net {
	set, err := features.Lookup(id)
	if err != nil {
		tb.Fatal(err)
	}
	a := base.Arch
	a.Set, a.Inputs = id, set.Size
	net, err := nn.NewNet(a, "replicated "+set.Name)
	if err != nil {
		tb.Fatal(err)
	}
	if set.BaseSize != base.Inputs {
		tb.Fatalf("%s: blocks of %d inputs, base net has %d", set.Name, set.BaseSize, base.Inputs)
	}
	for o := 0; o < len(net.FTWeights); o += len(base.FTWeights) {
		copy(net.FTWeights[o:], base.FTWeights)
	}
	net.QA, net.QB, net.Scale = base.QA, base.QB, base.Scale
	copy(net.FTBias, base.FTBias)
	copy(net.OutWeights, base.OutWeights)
	copy(net.OutBias, base.OutBias)
	return net
}

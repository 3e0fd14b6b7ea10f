// Benchmarks: bytes per position and decode + feature extraction speed.
package datasets

import (
	"bytes"
	"dualnnue/position"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var benchData struct {
	once sync.Once
	data map[position.Variant][]byte
	recs map[position.Variant]int
}

// benchDataset returns a dataset of random greedy games (see randomGames;
// not real self-play: moves are random, so move ranks compress worse than
// an engine's) and its number of records.
func benchDataset(b *testing.B, g position.Variant) ([]byte, int) {
	benchData.once.Do(func() {
		benchData.data = map[position.Variant][]byte{}
		benchData.recs = map[position.Variant]int{}
		opt := genOptions{maxPlies: 200, greedy: true, scoreNoise: 25, book: true}
		for _, gm := range bothGames {
			games := randomGames(b, gm, 1500, 99, opt)
			n := 0
			for _, gr := range games {
				n += len(gr.Plies)
			}
			benchData.data[gm] = writeGames(b, gm, games, nil)
			benchData.recs[gm] = n
		}
	})
	return benchData.data[g], benchData.recs[g]
}

func BenchmarkWrite(b *testing.B) {
	for _, g := range bothGames {
		b.Run(g.String(), func(b *testing.B) {
			games := randomGames(b, g, 200, 5, genOptions{maxPlies: 200, greedy: true, scoreNoise: 25})
			n := 0
			for _, gr := range games {
				n += len(gr.Plies)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				writeGames(b, g, games, nil)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "pos/s")
		})
	}
}

// BenchmarkDecodeFeatures measures one core decoding blocks (zstd, chain
// replay: move decode, PseudoLegal+Legal check, DoMove) and extracting both
// perspectives' feature indices, as a loader worker does, on random greedy
// games (see benchDataset).
func BenchmarkDecodeFeatures(b *testing.B) {
	for _, g := range bothGames {
		b.Run(g.String(), func(b *testing.B) {
			data, recs := benchDataset(b, g)
			benchDecode(b, g, data, recs, false)
		})
	}
}

// BenchmarkDecodeFeaturesTrusted is BenchmarkDecodeFeatures as the loader
// runs from its second epoch on: blocks already checked are replayed
// without the PseudoLegal/Legal check of each move.
func BenchmarkDecodeFeaturesTrusted(b *testing.B) {
	for _, g := range bothGames {
		b.Run(g.String(), func(b *testing.B) {
			data, recs := benchDataset(b, g)
			benchDecode(b, g, data, recs, true)
		})
	}
}

// BenchmarkDataFiles does the same on every dataset in ../data
// (git-ignored; skipped when empty): the engine games TestEngineGames
// writes (Stockfish / Fairy-Stockfish at a fixed node count with 8 random
// opening plies) and cmd/selfplay output copied there.
func BenchmarkDataFiles(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "data", "*.dnds"))
	if len(files) == 0 {
		b.Skip("no ../data/*.dnds (make engine games with TestEngineGames)")
	}
	for _, path := range files {
		b.Run(strings.TrimSuffix(filepath.Base(path), ".dnds"), func(b *testing.B) {
			data, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			r, err := NewReader(bytes.NewReader(data), nil)
			if err != nil {
				b.Fatal(err)
			}
			recs := 0
			for r.Next() {
				recs++
			}
			g := r.Header().Game
			b.Run("checked", func(b *testing.B) { benchDecode(b, g, data, recs, false) })
			b.Run("trusted", func(b *testing.B) { benchDecode(b, g, data, recs, true) })
		})
	}
}

func benchDecode(b *testing.B, g position.Variant, data []byte, recs int, trusted bool) {
	type blk struct {
		h BlockHeader
		p []byte
	}
	var blocks []blk
	sc, err := NewBlockScanner(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	for {
		p, ok := sc.Next()
		if !ok {
			break
		}
		h, _, _ := sc.Block()
		blocks = append(blocks, blk{*h, append([]byte(nil), p...)})
	}
	d, err := newBlockDecoder(g, &Filter{})
	if err != nil {
		b.Fatal(err)
	}
	var s Sample
	sum := 0
	emit := func(s *Sample) { sum += int(s.N) }
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0 := threadCPU()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, bl := range blocks {
			k, err := d.decode(&bl.h, bl.p, 1, trusted, &s, emit)
			if err != nil {
				b.Fatal(err)
			}
			n += k
		}
	}
	cpu := threadCPU() - cpu0
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pos/s")
	b.ReportMetric(float64(n)/cpu.Seconds(), "pos/cpu-s")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/pos")
	b.ReportMetric(float64(len(data))/float64(recs), "B/pos")
}

// threadCPU returns the CPU time the calling OS thread has used (the
// benchmark locks its goroutine to the thread): per-core throughput stays
// measurable on a machine shared with other jobs, where wall time is not.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD (Linux)
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLoader measures the whole loader (feeder, decoding workers,
// shuffle buffer, batch filling) in wall time; one op is one batch of
// 16384 positions.
func BenchmarkLoader(b *testing.B) {
	for _, g := range bothGames {
		b.Run(g.String(), func(b *testing.B) {
			data, _ := benchDataset(b, g)
			path := filepath.Join(b.TempDir(), "bench.dnds")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				b.Fatal(err)
			}
			l, err := NewLoader(LoaderConfig{Files: []string{path}, BatchSize: 16384, ShuffleBuffer: 1 << 18, Loop: true, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			defer l.Close()
			for i := 0; i < 20; i++ { // fill the shuffle buffer
				l.Next()
			}
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				bt, ok := l.Next()
				if !ok {
					b.Fatal("loader ended")
				}
				n += bt.Len
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pos/s")
		})
	}
}

// "play bench": the fixed bench of one or both games.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"dualnnue/internal/cli"
	"dualnnue/position"
	"dualnnue/uci"
	"dualnnue/variants"
)

func runBench(c *cli.Call) int {
	fs := c.Flags
	game := fs.String("game", "both", "xiangqi, chess or both")
	depth := fs.Int("depth", 0, "search depth per position (0: 12 for xiangqi, 13 for chess)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 16, "transposition table size in MiB")
	evalText := fs.String("eval", "embedded", "embedded (the embedded net, as the engine; also nnue), hand (the hand-written evaluation) or the path of a net file (with one -game)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to this file (go tool pprof reads it)")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	games := position.Variants[:]
	if *game != "both" {
		g, err := position.ParseVariant(*game)
		if err != nil {
			return c.UsageError("-game must be xiangqi, chess or both, not %q", *game)
		}
		games = []position.Variant{g}
	}
	ev, err := variants.ParseEvalChoice(*evalText)
	if err != nil {
		return c.UsageError("-eval: %v", err)
	}
	if ev.Kind == variants.EvalFile && len(games) != 1 {
		return c.UsageError("-eval %q (a net file) needs -game xiangqi or -game chess", *evalText)
	}
	if *depth < 0 || *threads < 1 || *hash < 1 {
		return c.UsageError("-depth must be >= 0, -threads and -hash >= 1")
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return c.Fail(fmt.Errorf("-cpuprofile: %w", err))
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return c.Fail(fmt.Errorf("-cpuprofile: %w", err))
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				fmt.Fprintf(c.Stderr, "%s: -cpuprofile: %v\n", c.Path, err)
			}
		}()
	}
	var total uint64
	var elapsed time.Duration
	for _, g := range games {
		fmt.Fprintf(c.Stdout, "Game: %s\n", g)
		n, d, err := uci.Bench(c.Stdout, uci.BenchOptions{Variant: g, Depth: *depth, Threads: *threads, HashMiB: *hash, Eval: ev})
		if err != nil {
			return c.Fail(err)
		}
		total += n
		elapsed += d
		fmt.Fprintln(c.Stdout)
	}
	if len(games) > 1 {
		fmt.Fprintln(c.Stdout, "Both games:")
		uci.PrintBenchSummary(func(s string) { fmt.Fprintln(c.Stdout, s) }, total, elapsed)
	}
	return 0
}

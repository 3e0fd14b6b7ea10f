// "play bench": the fixed bench of one or both games.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"dualnnue/uci"
)

func init() {
	register("bench", "search the bench positions; print Nodes searched and Nodes/second", runBench)
}

func runBench(args []string) int {
	fs := flag.NewFlagSet("play bench", flag.ContinueOnError)
	game := fs.String("game", "both", "xiangqi, chess or both")
	depth := fs.Int("depth", 0, "search depth per position (0: 12 for xiangqi, 13 for chess)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 16, "transposition table size in MiB")
	evalKind := fs.String("eval", "nnue", "nnue (the embedded net, as the engine), hand (the hand-written evaluation) or the path of a net file (with one -game)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "play bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var games []string
	switch *game {
	case "both":
		games = []string{"xiangqi", "chess"}
	case "xiangqi", "chess":
		games = []string{*game}
	default:
		fmt.Fprintf(os.Stderr, "play bench: -game must be xiangqi, chess or both, not %q\n", *game)
		return 2
	}
	evalFile := ""
	if *evalKind != "nnue" && *evalKind != "hand" {
		if len(games) != 1 {
			fmt.Fprintf(os.Stderr, "play bench: -eval %q (a net file) needs -game xiangqi or -game chess\n", *evalKind)
			return 2
		}
		evalFile = *evalKind
	}
	if *depth < 0 || *threads < 1 || *hash < 1 {
		fmt.Fprintln(os.Stderr, "play bench: -depth must be >= 0, -threads and -hash >= 1")
		return 2
	}
	var total uint64
	var elapsed time.Duration
	for _, g := range games {
		fmt.Printf("Game: %s\n", g)
		n, d, err := uci.Bench(os.Stdout, uci.BenchOptions{Variant: g, Depth: *depth, Threads: *threads, HashMiB: *hash, HandWritten: *evalKind == "hand", EvalFile: evalFile})
		if err != nil {
			fmt.Fprintln(os.Stderr, "play bench:", err)
			return 1
		}
		total += n
		elapsed += d
		fmt.Println()
	}
	if len(games) > 1 {
		fmt.Println("Both games:")
		uci.PrintBenchSummary(func(s string) { fmt.Println(s) }, total, elapsed)
	}
	return 0
}

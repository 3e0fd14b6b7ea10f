// The `play openings` subcommand: make a balanced opening set.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"dualnnue/match"
)

func init() {
	register("openings", "make a balanced opening set (random plies kept when a short search scores them near 0)", runOpenings)
}

func runOpenings(args []string) int {
	fs := flag.NewFlagSet("play openings", flag.ContinueOnError)
	var spec match.OpeningSpec
	fs.StringVar(&spec.Game, "game", "xiangqi", "xiangqi|chess")
	fs.IntVar(&spec.N, "n", 100, "number of openings")
	fs.IntVar(&spec.Plies, "plies", 6, "random plies from the start position")
	fs.Uint64Var(&spec.Nodes, "nodes", 20000, "nodes of the checking search (hand-written evaluation)")
	fs.IntVar(&spec.MaxScore, "max-score", 60, "keep openings scored within ± this many centipawns")
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed")
	out := fs.String("o", "", "output file (default stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	w := bufio.NewWriter(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "play openings:", err)
			return 1
		}
		defer f.Close()
		w = bufio.NewWriter(f)
	}
	if err := match.GenerateOpenings(w, spec); err != nil {
		fmt.Fprintln(os.Stderr, "play openings:", err)
		return 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "play openings:", err)
		return 1
	}
	return 0
}

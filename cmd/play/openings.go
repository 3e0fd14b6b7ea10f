// The `play openings` subcommand: make a balanced opening set.
package main

import (
	"bufio"
	"os"

	"dualnnue/internal/cli"
	"dualnnue/match"
)

func runOpenings(c *cli.Call) int {
	fs := c.Flags
	var spec match.OpeningSpec
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	fs.IntVar(&spec.N, "n", 100, "number of openings")
	fs.IntVar(&spec.Plies, "plies", 6, "random plies from the start position")
	fs.Uint64Var(&spec.Nodes, "nodes", 20000, "nodes of the checking search (hand-written evaluation)")
	fs.IntVar(&spec.MaxScore, "max-score", 60, "keep openings scored within ± this many centipawns")
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed")
	out := c.Out("", "output `file` (default stdout)", "o")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	spec.Game = g
	w := bufio.NewWriter(c.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return c.Fail(err)
		}
		defer f.Close()
		w = bufio.NewWriter(f)
	}
	if err := match.GenerateOpenings(w, spec); err != nil {
		return c.Fail(err)
	}
	if err := w.Flush(); err != nil {
		return c.Fail(err)
	}
	return 0
}

// The `play openings` subcommand: make a balanced opening set.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"dualnnue/internal/cli"
	"dualnnue/match"
	"dualnnue/notation"
	"dualnnue/tune"
	"dualnnue/variants"
)

func runOpenings(c *cli.Call) int {
	fs := c.Flags
	var spec match.OpeningSpec
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	fs.IntVar(&spec.N, "n", 100, "number of openings")
	fs.IntVar(&spec.Plies, "plies", 6, "random plies from the start position")
	fs.Uint64Var(&spec.Nodes, "nodes", 20000, "nodes of the checking search")
	evalName := fs.String("eval", "hand", "the checking search's evaluator: hand, embedded or a net `file`")
	fs.IntVar(&spec.MaxScore, "max-score", 60, "keep openings scored within ± this many centipawns")
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed")
	exclude := fs.String("exclude", "", "an opening `file` whose positions the new set must not hold")
	out := c.Out("", "output `file` (default stdout)", "o")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	var err error
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	spec.Game = g
	if spec.Eval, err = variants.ParseEvalChoice(*evalName); err != nil {
		return c.Fail(err)
	}
	if *exclude != "" {
		ops, err := notation.ReadOpenings(*exclude, g, nil)
		if err != nil {
			return c.Fail(err)
		}
		for _, op := range ops {
			if len(op.Moves) > 0 {
				return c.Fail(fmt.Errorf("%s: opening %s has moves after its FEN; -exclude takes positions", *exclude, op.FEN))
			}
			spec.Exclude = append(spec.Exclude, op.FEN)
		}
	}
	if *out == "" {
		w := bufio.NewWriter(c.Stdout)
		if err := match.GenerateOpenings(w, spec); err != nil {
			return c.Fail(err)
		}
		if err := w.Flush(); err != nil {
			return c.Fail(err)
		}
		return 0
	}
	// A file is written whole or not at all: an error or a kill leaves no
	// part of a set that a match would take for the whole. Where it cannot
	// be written is said before the generation, which can take hours.
	probe, err := os.CreateTemp(filepath.Dir(*out), "."+filepath.Base(*out)+".probe*")
	if err != nil {
		return c.Fail(fmt.Errorf("cannot write %s: %w", *out, err))
	}
	probe.Close()
	os.Remove(probe.Name())
	var buf bytes.Buffer
	if err := match.GenerateOpenings(&buf, spec); err != nil {
		return c.Fail(err)
	}
	if err := tune.WriteFileAtomic(*out, buf.Bytes()); err != nil {
		return c.Fail(err)
	}
	return 0
}

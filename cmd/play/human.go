// The `play human` subcommand: a person plays the engine in the terminal (package human).
package main

import (
	"os"

	"dualnnue/human"
	"dualnnue/internal/cli"
	"dualnnue/variants"
)

func runHuman(c *cli.Call) int {
	fs := c.Flags
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	side := fs.String("color", "red", "your side: red|white (moves first) or black (the engine moves first)")
	fen := fs.String("fen", "", "start position (default: the game's start)")
	moveTime := fs.String("movetime", "2", "the engine's time per move: a duration (500ms, 2s, 1m) or seconds below 100 (2, 0.5); 0 for none with -depth or -nodes")
	depth := fs.Int("depth", 0, "also stop the engine's search at this depth (0: no limit)")
	nodes := fs.Uint64("nodes", 0, "also stop the engine's search after this many nodes (0: no limit)")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "transposition table size in MiB")
	evalFile := fs.String("evalfile", "", "NNUE net file (default: the embedded net of the game)")
	hce := fs.Bool("hce", false, "use the hand-written evaluation instead of the net")
	chinese := fs.Bool("chinese", false, "xiangqi pieces as Chinese characters")
	figurines := fs.Bool("figurines", false, "chess pieces as Unicode figurines")
	ansi := fs.String("ansi", "auto", "colours: auto (when stdout is a terminal and NO_COLOR is unset), always or never")
	flip := fs.Bool("flip", false, "draw the board with your side at the top")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	fail := func(err error) int { return c.Errorf(2, "%v", err) }
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	var err error
	cfg := human.Config{Game: g, FEN: *fen, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash,
		Eval: variants.UCIEvalChoice(!*hce, *evalFile), Chinese: *chinese, Figurines: *figurines, Flip: *flip}
	if cfg.Human, err = human.ParseSide(*side); err != nil {
		return fail(err)
	}
	if *moveTime != "0" { // 0: no time limit when -depth or -nodes is given
		if cfg.MoveTime, err = human.ParseMoveTime(*moveTime); err != nil {
			return fail(err)
		}
	}
	if f, ok := c.Stdout.(*os.File); ok {
		cfg.ANSI, err = human.AutoColor(*ansi, f)
	} else {
		cfg.ANSI, err = human.ColorMode(*ansi, false, os.Getenv)
	}
	if err != nil {
		return fail(err)
	}
	if err := human.Play(c.Stdin, c.Stdout, cfg); err != nil {
		return fail(err)
	}
	return 0
}

// The `play human` subcommand: a person plays the engine in the terminal (package human).
package main

import (
	"flag"
	"fmt"
	"os"

	"dualnnue/human"
	"dualnnue/nn"
	"dualnnue/position"
)

func init() {
	register("human", "play against the engine in the terminal (xiangqi or chess)", runHuman)
}

func runHuman(args []string) int {
	fs := flag.NewFlagSet("play human", flag.ContinueOnError)
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	side := fs.String("color", "red", "your side: red|white (moves first) or black (the engine moves first)")
	fen := fs.String("fen", "", "start position (default: the game's start)")
	moveTime := fs.String("movetime", "2", "the engine's time per move: seconds (2, 0.5) or a duration (500ms); 0 for none with -depth or -nodes")
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
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, "play human:", err)
		return 2
	}
	if fs.NArg() > 0 {
		return fail(fmt.Errorf("unexpected arguments %q", fs.Args()))
	}
	cfg := human.Config{Game: *game, FEN: *fen, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash,
		HCE: *hce, Chinese: *chinese, Figurines: *figurines, Flip: *flip}
	var err error
	if cfg.Human, err = human.ParseSide(*side); err != nil {
		return fail(err)
	}
	if *moveTime != "0" { // 0: no time limit when -depth or -nodes is given
		if cfg.MoveTime, err = human.ParseMoveTime(*moveTime); err != nil {
			return fail(err)
		}
	}
	if cfg.ANSI, err = human.AutoColor(*ansi, os.Stdout); err != nil {
		return fail(err)
	}
	if *evalFile != "" && !*hce {
		g := position.Xiangqi
		if *game == "chess" {
			g = position.Chess
		}
		if cfg.Net, err = nn.Load(*evalFile, g); err != nil {
			return fail(err)
		}
	}
	if err := human.Play(os.Stdin, os.Stdout, cfg); err != nil {
		return fail(err)
	}
	return 0
}

// The `play human` subcommand: a person plays the engine in the terminal (package human).
package main

import (
	"fmt"
	"os"
	"strconv"

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
	evalText := fs.String("eval", "embedded", "embedded (the game's embedded net), hand (the hand-written evaluation) or the path of a net file")
	// -evalfile FILE and -hce, the UCI options' spelling, stay as
	// deprecated aliases of -eval FILE and -eval hand.
	var evalFile string
	var hce bool
	deprecated := func(name, use string) {
		fmt.Fprintf(c.Stderr, "%s: -%s is deprecated: use %s\n", c.Path, name, use)
	}
	fs.Func("evalfile", "deprecated: the same as -eval FILE", func(s string) error {
		deprecated("evalfile", "-eval FILE")
		evalFile = s
		return nil
	})
	fs.BoolFunc("hce", "deprecated: the same as -eval hand", func(s string) error {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		deprecated("hce", "-eval hand")
		hce = b
		return nil
	})
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
	var ev variants.EvalChoice
	var err error
	switch set := cli.SetFlags(fs); {
	case set["eval"] && (set["hce"] || set["evalfile"]):
		return c.UsageError("-eval with the deprecated -hce or -evalfile: give -eval only")
	case set["hce"] || set["evalfile"]:
		ev = variants.UCIEvalChoice(!hce, evalFile)
	default:
		if ev, err = variants.ParseEvalChoice(*evalText); err != nil {
			return c.UsageError("-eval: %v", err)
		}
	}
	cfg := human.Config{Game: g, FEN: *fen, Depth: *depth, Nodes: *nodes, Threads: *threads, HashMiB: *hash,
		Eval: ev, Chinese: *chinese, Figurines: *figurines, Flip: *flip}
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

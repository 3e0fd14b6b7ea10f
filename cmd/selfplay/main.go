package main

import (
	"bytes"
	"context"
	"dualnnue/internal/version"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/BurntSushi/toml"

	"dualnnue/configs"
	"dualnnue/internal/cli"
	"dualnnue/internal/shard"
	"dualnnue/selfplay"
)

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// root is the command tree of the binary.
var root = &cli.Command{
	Name:     "selfplay",
	Version:  version.String,
	Synopsis: "play self-play games and write them as training data (flags override the config's keys)",
	Usage:    "[flags]\ndata COMMAND [flags] FILE...",
	Example: `selfplay -game chess -games 100 -out data/selfplay/chess
		selfplay -config configs/selfplay-xiangqi.toml -print-config`,
	Run: runSelfplay,
	Sub: []*cli.Command{dataCmd},
}

func run(args []string, stdout, stderr io.Writer) int {
	return root.Main(args, os.Stdin, stdout, stderr)
}

// runSelfplay plays the games of a config.
func runSelfplay(c *cli.Call) int {
	fs, stdout, stderr := c.Flags, c.Stdout, c.Stderr
	var (
		configPath  = fs.String("config", "", "TOML config `file` (default: the embedded configs/selfplay-<game>.toml)")
		game        = fs.String("game", "xiangqi", "xiangqi|chess: picks the embedded default config; with -config it must agree with the config's game")
		games       = fs.Int("games", 0, "number of games in the whole run (all shards); -1: until stopped (default: the config's games)")
		threads     = fs.Int("threads", 0, "games played in parallel (default: the config's threads; 0: all cores)")
		seed        = fs.Uint64("seed", 0, "random seed of the run (default: the config's seed)")
		output      = c.Out("", "output `directory`", "output")
		evalName    = fs.String("eval", "", "hand (also classic) | embedded (also default) | path to a .nnue net (default: the config's eval)")
		softNodes   = fs.Uint64("nodes", 0, "soft nodes per move: the iteration in progress ends once this many are used (default: the config's search.soft_nodes)")
		hardNodes   = fs.Uint64("hard-nodes", 0, "hard node cap per move, 0 for none (default: the config's search.hard_nodes)")
		depth       = fs.Int("depth", 0, "fixed depth per move, 1 to 60 (default: the config's search.depth; 0: search by -nodes instead)")
		randomPlies = fs.Int("random-plies", 0, "random plies at the start of each game (default: the config's opening.random_plies)")
		book        = fs.String("book", "", "EPD/FEN opening `file`")
		maxPlies    = fs.Int("max-plies", 0, "maximum plies per game (default: the config's adjudication.max_plies)")
		shardFlag   = fs.String("shard", "", "play shard `i/n`, i of n (default: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, else 0/1)")
		shards      = fs.Int("shards", 0, "number of shards when the index comes from JOB_COMPLETION_INDEX")
		resume      = fs.Bool("resume", false, "continue an earlier run of this shard (idempotent)")
		quiet       = fs.Bool("quiet", false, "no progress bar: structured log lines (log/slog) on stderr")
		flushSecs   = fs.Float64("flush-seconds", 0, "close the dataset block in progress after this many seconds")
		printConfig = fs.Bool("print-config", false, "print the effective config as TOML (a -config file) and exit")
		checkChase  = fs.Bool("check-chase-loses", false, "xiangqi: \"one check, one chase\" loses (WXF/Chinese rules); default: a draw (AXF)")
	)
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	var data []byte
	var err error
	if *configPath != "" {
		data, err = os.ReadFile(*configPath)
	} else {
		data, err = configs.Read("selfplay-" + *game + ".toml")
	}
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 2
	}
	cfg, err := selfplay.ParseConfig(data)
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 2
	}
	cli.Overlay(fs, map[string]func(){
		"games":             func() { cfg.Games = *games },
		"threads":           func() { cfg.Threads = *threads },
		"seed":              func() { cfg.Seed = *seed },
		"out":               func() { cfg.Output = *output },
		"output":            func() { cfg.Output = *output },
		"eval":              func() { cfg.Eval = *evalName },
		"nodes":             func() { cfg.Search.SoftNodes = *softNodes },
		"hard-nodes":        func() { cfg.Search.HardNodes = *hardNodes },
		"depth":             func() { cfg.Search.Depth = *depth },
		"random-plies":      func() { cfg.Opening.RandomPlies = *randomPlies },
		"book":              func() { cfg.Opening.Book = *book },
		"flush-seconds":     func() { cfg.FlushSeconds = *flushSecs },
		"max-plies":         func() { cfg.Adjudication.MaxPlies = *maxPlies },
		"check-chase-loses": func() { cfg.CheckChaseLoses = *checkChase },
	})
	if *configPath != "" {
		if code, ok := c.ConfigGame(g, cfg.Game.Variant()); !ok {
			return code
		}
	}
	cfg.Resume = *resume
	cfg.Shard, cfg.Shards, err = shard.Select(*shardFlag, *shards, "SELFPLAY_SHARDS")
	if err != nil {
		fmt.Fprintln(stderr, "selfplay:", err)
		return 2
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(stderr, "selfplay: config:", err)
		return 2
	}
	if *printConfig {
		return printTOML(c, cfg)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := selfplay.Options{Version: version.String()}
	if *quiet {
		opt.Log = slog.New(slog.NewTextHandler(stderr, nil))
		opt.LogEvery = 10 * time.Second
	} else {
		opt.Progress = stderr
	}
	sum, err := selfplay.Run(ctx, cfg, opt)
	if err != nil {
		// Never "done": say what was written before the failure.
		if opt.Log != nil {
			opt.Log.Error("selfplay failed", "game", sum.Game, "shard", sum.Shard, "games", sum.Games, "resumed", sum.Resumed,
				"positions", sum.Positions, "files", strings.Join(sum.Files, ","), "error", err.Error())
		}
		fmt.Fprintln(stderr, "selfplay:", err)
		return 1
	}
	if opt.Log != nil {
		opt.Log.Info("selfplay done", "game", sum.Game, "shard", sum.Shard, "games", sum.Games, "resumed", sum.Resumed,
			"positions", sum.Positions, "nodes", sum.Nodes, "seconds", sum.Elapsed.Seconds(), "files", strings.Join(sum.Files, ","), "interrupted", sum.Interrupts)
	} else {
		fmt.Fprintln(stdout, sum.String())
	}
	if ctx.Err() != nil {
		return c.Stopped("finished games are kept; rerun the same command with -resume to continue")
	}
	return 0
}

// printTOML writes cfg as a TOML config file that -config reads back to
// the same config; a config that TOML cannot hold (a seed above 2^63-1) is
// an error.
func printTOML(c *cli.Call, cfg selfplay.Config) int {
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(cfg); err != nil {
		return c.Fail(err)
	}
	if _, err := selfplay.ParseConfig(b.Bytes()); err != nil {
		return c.Fail(fmt.Errorf("-print-config: the config does not load back from TOML: %w", err))
	}
	c.Stdout.Write(b.Bytes())
	return 0
}

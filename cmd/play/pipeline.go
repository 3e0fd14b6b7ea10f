// The `play pipeline` subcommand: generations of self-play → train → match (package pipeline).
package main

import (
	"context"
	"dualnnue/internal/version"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"dualnnue/internal/cli"
	"dualnnue/pipeline"
)

func runPipeline(c *cli.Call) int {
	fs := c.Flags
	game := fs.String("game", "xiangqi", "xiangqi|chess: picks the embedded configs/pipeline-<game>.toml; with -config it must agree with the config's game")
	configPath := fs.String("config", "", "pipeline TOML file")
	generations := fs.Int("generations", 0, "the number of generations, in [1, 1000] (default: the config's)")
	runDir := c.Out("", "run `directory` (default runs/<game>-<time>)", "run-dir")
	quiet := fs.Bool("quiet", false, "no progress bars; structured log lines only")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	var cfg pipeline.Config
	var err error
	if *configPath != "" {
		var data []byte
		if data, err = os.ReadFile(*configPath); err == nil {
			cfg, err = pipeline.ParseConfig(data)
		}
	} else {
		cfg, err = pipeline.Default(g)
	}
	if err != nil {
		return c.Errorf(2, "%v", err)
	}
	if *configPath != "" {
		if code, ok := c.ConfigGame(g, cfg.Game.Variant()); !ok {
			return code
		}
	}
	if cli.SetFlags(fs)["generations"] && (*generations < 1 || *generations > pipeline.MaxGenerations) {
		// Given, it must be a generation count (-generations -1 used to be
		// ignored silently, running the config's count).
		return c.UsageError("-generations %d out of range [1, %d]", *generations, pipeline.MaxGenerations)
	}
	// An empty -out keeps the config's run directory, as before.
	setRunDir := func() {
		if *runDir != "" {
			cfg.RunDir = *runDir
		}
	}
	cli.Overlay(fs, map[string]func(){
		"generations": func() { cfg.Generations = *generations },
		"out":         setRunDir,
		"run-dir":     setRunDir,
	})
	exe, err := os.Executable()
	if err != nil {
		return c.Fail(err)
	}
	opt := pipeline.Options{EngineCmd: exe, Version: version.String(), Log: slog.New(slog.NewTextHandler(c.Stderr, nil))}
	if !*quiet {
		opt.Progress = c.Stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := pipeline.Run(ctx, cfg, opt)
	if rep != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(c.Stdout, "run directory: %s\n", rep.RunDir)
		} else {
			fmt.Fprintf(c.Stdout, "run directory: %s (report.md, elo.png, elo-positions.png, generations.json)\n", rep.RunDir)
		}
		for _, g := range rep.Generations {
			fmt.Fprintf(c.Stdout, "generation %d: %d positions, valid loss %.5f → %.5f, vs %s: +%d =%d -%d, Elo %s, kept %v\n",
				g.Index, g.Positions, g.ValidLoss0, g.ValidLoss, g.Opponent, g.Match.W, g.Match.D, g.Match.L, g.EloText(), g.Accepted)
		}
	}
	if ctx.Err() != nil {
		return c.Stopped(stoppedHow(cfg.RunDir, rep))
	}
	if err != nil {
		return c.Fail(err)
	}
	return 0
}

// stoppedHow tells a user whose pipeline was stopped how to continue it.
// runDir is the directory the run was given (-out or the config's run_dir;
// "" when the run named its own), rep what the run returned (nil when it
// stopped before making its directory). A run without a given directory
// names a new one, runs/<game>-<time>, every time it starts: the same
// command would start over, so the way back names the directory.
func stoppedHow(runDir string, rep *pipeline.Report) string {
	switch {
	case runDir != "":
		return "rerun the same command to continue (finished stages are kept)"
	case rep == nil || rep.RunDir == "":
		return "rerun the same command to start the run"
	default:
		return "to continue, rerun it with -out " + rep.RunDir +
			" (finished stages are kept; without -out a new run starts in a new directory)"
	}
}

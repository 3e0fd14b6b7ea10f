// The `play pipeline` subcommand: generations of self-play → train → match (package pipeline).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"dualnnue/pipeline"
)

func init() {
	register("pipeline", "run generations of self-play → train → match → keep (default: the embedded small config)", runPipeline)
}

func runPipeline(args []string) int {
	fs := flag.NewFlagSet("play pipeline", flag.ContinueOnError)
	game := fs.String("game", "xiangqi", "xiangqi|chess: picks the embedded configs/pipeline-<game>.toml when -config is not given")
	configPath := fs.String("config", "", "pipeline TOML file")
	generations := fs.Int("generations", 0, "override the number of generations")
	runDir := fs.String("run-dir", "", "run directory (default runs/<game>-<time>)")
	quiet := fs.Bool("quiet", false, "no progress bars; structured log lines only")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var cfg pipeline.Config
	var err error
	if *configPath != "" {
		var data []byte
		if data, err = os.ReadFile(*configPath); err == nil {
			cfg, err = pipeline.ParseConfig(data)
		}
	} else {
		cfg, err = pipeline.Default(*game)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "play pipeline:", err)
		return 2
	}
	if *generations > 0 {
		cfg.Generations = *generations
	}
	if *runDir != "" {
		cfg.RunDir = *runDir
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "play pipeline:", err)
		return 1
	}
	opt := pipeline.Options{EngineCmd: exe, Version: version, Log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	if !*quiet {
		opt.Progress = os.Stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := pipeline.Run(ctx, cfg, opt)
	if rep != nil {
		fmt.Printf("run directory: %s (report.md, elo.png, generations.json)\n", rep.RunDir)
		for _, g := range rep.Generations {
			fmt.Printf("generation %d: %d positions, valid loss %.5f → %.5f, vs %s: +%d =%d -%d, Elo %s, kept %v\n",
				g.Index, g.Positions, g.ValidLoss0, g.ValidLoss, g.Opponent, g.Match.W, g.Match.D, g.Match.L, g.EloText(), g.Accepted)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "play pipeline:", err)
		return 1
	}
	return 0
}

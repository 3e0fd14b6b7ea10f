// The `play tune` subcommand: SPSA tuning of the engine's search constants (package tune).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"

	"dualnnue/internal/cli"
	"dualnnue/match"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/tune"
)

// defaultTuneEngine is this binary in its tuning mode, which lists every
// search constant as a spin option with the defaults of its -variant.
const defaultTuneEngine = "cmd=self arg=-tune arg=-variant arg=GAME"

func runTune(c *cli.Call) int {
	fs := c.Flags
	engineSpec := fs.String("engine", defaultTuneEngine, `the engine tuned (two copies play each other), as in play match: "cmd=PATH [arg=A]... [option.NAME=VALUE]..."; cmd=self is this binary, GAME in an arg= the -game`)
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	paramsPath := fs.String("params", "", "parameter file, one a line: NAME, int, START, MIN, MAX, C_END, R_END (OpenBench's SPSA input; -list-params writes one)")
	listParams := fs.Bool("list-params", false, "print the engine's tunable options as a parameter file (c_end = (max-min)/20, r_end = 0.002) and exit")
	iterations := fs.Int("iterations", 1000, "SPSA iterations N (the schedule depends on it)")
	pairs := fs.Int("pairs", 1, "game pairs per iteration, on successive openings, colours reversed within a pair (when not given: -concurrency)")
	concurrency := fs.Int("concurrency", 1, "game pairs played at once (of one iteration: at most -pairs)")
	tcText := fs.String("tc", "1+0.01", "time control: a clock x+y in seconds, nodes=N, depth=N or movetime=MS")
	openings := fs.String("openings", "", "EPD/FEN (or PGN) opening file, used in order; default: the start position")
	out := fs.String("out", "tuned.toml", `result file: "NAME = VALUE" lines under a [GAME] header (TOML, as search/params.toml), written atomically after the last iteration`)
	statePath := fs.String("state", "", "state file, rewritten atomically after every iteration; the same command resumes from it (default: the -out file + .state)")
	seed := fs.Uint64("seed", 1, "seed of the random flips and roundings")
	adjFlags := addAdjudicationFlags(fs)
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	eng, err := match.ParseEngine(*engineSpec)
	if err != nil {
		return c.UsageError("%v", err)
	}
	for i, a := range eng.Args {
		if a == "GAME" {
			eng.Args[i] = *game
		}
	}
	if eng.Cmd == "self" {
		if eng.Cmd, err = os.Executable(); err != nil {
			return c.Fail(err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *listParams {
		return listTuneParams(ctx, c, eng, g)
	}
	if *paramsPath == "" {
		return c.UsageError("-params FILE is required (play tune -list-params writes one from the engine's options)")
	}
	tc, adj, err := adjFlags.read(*tcText)
	if err != nil {
		return c.UsageError("%v", err)
	}
	data, err := os.ReadFile(*paramsPath)
	if err != nil {
		return c.Errorf(2, "params file: %v", err)
	}
	params, err := tune.ParseParams(data)
	if err != nil {
		return c.Errorf(2, "%s: %v", *paramsPath, err)
	}
	pairsGiven := false
	fs.Visit(func(f *flag.Flag) { pairsGiven = pairsGiven || f.Name == "pairs" })
	if !pairsGiven {
		*pairs = *concurrency
	}
	cfg := tune.Config{Game: g, Engine: eng, Params: params, ParamsSHA256: tune.SHA256(data), Iterations: *iterations,
		Pairs: *pairs, Concurrency: *concurrency, TC: tc, Adjudication: adj, Seed: *seed,
		OutPath: *out, StatePath: *statePath, Section: *game, Progress: c.Stderr}
	if cfg.StatePath == "" {
		cfg.StatePath = *out + ".state"
	}
	if *openings != "" {
		if cfg.Openings, err = notation.ReadOpenings(*openings, g, rules.Undecided); err != nil {
			return c.Errorf(2, "%v", err)
		}
	}
	res, err := tune.Run(ctx, cfg)
	var bad *tune.InputError
	switch {
	case errors.As(err, &bad):
		return c.Errorf(2, "%v", err)
	case errors.Is(err, tune.ErrInterrupted):
		return c.Errorf(1, "interrupted: the state of iteration %d is in %s; run the same command to resume", res.Saved, cfg.StatePath)
	case err != nil && res.Tuner != nil:
		return c.Errorf(1, "%v (the state of iteration %d is in %s; the same command resumes)", err, res.Saved, cfg.StatePath)
	case err != nil:
		return c.Fail(err)
	}
	printTuneResult(c, &cfg, &res)
	return 0
}

// printTuneResult prints the final values beside the start values and
// ranges, and where the result file is.
func printTuneResult(c *cli.Call, cfg *tune.Config, res *tune.Result) {
	t := res.Tuner
	if res.Resumed > 0 {
		fmt.Fprintf(c.Stdout, "resumed at iteration %d; ", res.Resumed)
	}
	fmt.Fprintf(c.Stdout, "%d iterations of %d game pairs: W-D-L %d-%d-%d for the plus side", t.K, cfg.Pairs, res.W, res.D, res.L)
	if res.Faults > 0 {
		fmt.Fprintf(c.Stdout, ", %d games lost by a fault", res.Faults)
	}
	fmt.Fprintln(c.Stdout)
	tw := tabwriter.NewWriter(c.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "name\tstart\tvalue\tθ\tmin\tmax\t")
	for i, p := range t.Params {
		fmt.Fprintf(tw, "%s\t%g\t%g\t%.4f\t%g\t%g\t\n", p.Name, p.Start, t.Value(i), t.Theta[i], p.Min, p.Max)
	}
	tw.Flush()
	fmt.Fprintf(c.Stdout, "values written to %s\n", cfg.OutPath)
}

// listTuneParams prints the engine's tunables as a parameter file.
func listTuneParams(ctx context.Context, c *cli.Call, eng match.EngineConfig, game position.Variant) int {
	id, lines, err := tune.EngineOptions(ctx, eng, game)
	if err != nil {
		return c.Fail(fmt.Errorf("engine: %w", err))
	}
	params := tune.ListParams(lines)
	if len(params) == 0 {
		return c.Fail(fmt.Errorf("%s lists no tunable spin options (was it started in its tuning mode, e.g. arg=-tune?)", id))
	}
	fmt.Fprintf(c.Stdout, "# %s (%s): NAME, int, START, MIN, MAX, C_END, R_END\n", id, game)
	for _, p := range params {
		fmt.Fprintln(c.Stdout, p.Line())
	}
	return 0
}

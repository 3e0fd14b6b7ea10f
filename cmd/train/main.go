// Flags and config file → train.Config, then train.Run; the export subcommand.
package main

import (
	"context"
	"dualnnue/internal/version"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
	"strings"
	"syscall"

	"dualnnue/internal/cli"
	"dualnnue/train"
)

// root is the command tree of the binary.
var root = &cli.Command{
	Name:     "train",
	Version:  version.String,
	Synopsis: "fit an NNUE to self-play datasets and export it as a net file (flags override the config's keys)",
	Usage:    "[-config FILE.toml] [flags]\nexport -checkpoint FILE.ckpt -out NET.nnue\nwdl -game chess|xiangqi FILE... (datasets, or PGN files with scores in the move comments)",
	Example: `train -config configs/train-xiangqi.toml -data 'data/selfplay/xiangqi/*.dnds' -out runs/xq1
		train -game chess -data data/selfplay/chess/a.dnds,data/selfplay/chess/b.dnds -epochs 20 -out runs/c1
		train -config configs/train-xiangqi.toml -out runs/xq1 -resume
		train -game chess -epochs 20 -print-config`,
	Run: runTrain,
	Sub: []*cli.Command{
		{
			Name: "export", Synopsis: "quantize a checkpoint's float weights into a net file",
			Usage:   "-checkpoint FILE.ckpt -out NET.nnue [-description TEXT]",
			Example: "train export -checkpoint runs/xq1/checkpoints/epoch-0003.ckpt -out xq1-e3.nnue",
			Run:     runExport,
		},
		{
			Name: "wdl", Synopsis: "fit the win/draw/loss model (eval.WDLModel) of the files' search scores and results; print it as Go",
			Usage:   "-game chess|xiangqi FILE...",
			Example: "train wdl -game chess ../shared/data/gen0-chess.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: runWDL,
		},
	},
}

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its arguments and streams, returning the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return root.Main(args, os.Stdin, stdout, stderr)
}

// runTrain turns the config and the flags into a train.Config and runs it.
func runTrain(c *cli.Call) int {
	fs, stdout, stderr := c.Flags, c.Stdout, c.Stderr
	var (
		config     = fs.String("config", "", "TOML configuration `file` (default: the built-in defaults of -game)")
		game       = fs.String("game", "xiangqi", "xiangqi|chess: picks the default config; with -config it must agree with the config's game")
		name       = fs.String("name", "", "run name")
		out        = fs.String("out", "", "run `directory`")
		data       = fs.String("data", "", "training dataset files or globs, comma-separated")
		valid      = fs.String("valid", "", "held-out dataset files or globs, comma-separated")
		stream     = fs.Bool("stream", false, "stream through datasets.Loader instead of loading into memory")
		maxPos     = fs.Int("max-positions", 0, "read at most this many positions (memory mode; 0 = all)")
		hidden     = fs.Int("hidden", 0, "accumulator width N")
		buckets    = fs.Int("buckets", 0, "output buckets")
		initNet    = fs.String("init", "", "net `file` to fine-tune")
		grow       = fs.Int("grow-hidden", 0, "widen the -init net's first layer to `N` units per perspective (its units kept, the new ones with zero output weights)")
		growB      = fs.Int("grow-buckets", 0, "give the -init net, which has one output bucket, `B` material output buckets, each a copy of its output layer")
		epochs     = fs.Int("epochs", 0, "epochs (superbatches)")
		positions  = fs.Int64("positions", 0, "positions per epoch")
		batch      = fs.Int("batch", 0, "batch size")
		lr         = fs.Float64("lr", 0, "peak learning rate")
		schedule   = fs.String("schedule", "", "learning-rate schedule: constant, step or cosine")
		workers    = fs.Int("workers", 0, "goroutines (0 = all cores)")
		seed       = fs.Uint64("seed", 0, "random seed")
		lambda     = fs.Float64("lambda", 0, "λ: weight of the score in the target (bullet's wdl = 1−λ)")
		k          = fs.Float64("k", 0, "sigmoid scale K in centipawns, in [50, 5000] (0: fitted to the data)")
		power      = fs.Float64("power", 0, "loss exponent (2 = MSE, 2.5 = nnue-pytorch)")
		resume     = fs.Bool("resume", false, "continue from <out>/checkpoints/last.ckpt")
		checkpoint = fs.String("checkpoint", "", "continue from this checkpoint `file` (implies -resume)")
		quiet      = fs.Bool("quiet", false, "no progress bar")
		printCfg   = fs.Bool("print-config", false, "print the effective config (defaults, -config file and flags) as TOML, a -config file, and exit without training")
	)
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}

	var cfg train.Config
	if *config != "" {
		var err error
		if cfg, err = train.LoadConfig(*config); err != nil {
			return configError(stderr, err) // a bad config exits 2 in every command, as bad flags do
		}
		if code, ok := c.ConfigGame(g, cfg.Game.Variant()); !ok {
			return code
		}
	} else {
		cfg = train.Defaults(g)
	}
	list := func(s string) []string {
		var out []string
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	cli.Overlay(fs, map[string]func(){
		"name":          func() { cfg.Name = *name },
		"out":           func() { cfg.OutDir = *out },
		"data":          func() { cfg.Data.Train = list(*data) },
		"valid":         func() { cfg.Data.Valid = list(*valid) },
		"stream":        func() { cfg.Data.Stream = *stream },
		"max-positions": func() { cfg.Data.MaxPositions = *maxPos },
		"hidden":        func() { cfg.Net.Hidden = *hidden },
		"buckets":       func() { cfg.Net.Buckets = *buckets },
		"init":          func() { cfg.Net.Init = *initNet },
		"grow-hidden":   func() { cfg.Net.GrowHidden = *grow },
		"grow-buckets":  func() { cfg.Net.GrowBuckets = *growB },
		"epochs":        func() { cfg.Train.Epochs = *epochs },
		"positions":     func() { cfg.Train.PositionsPerEpoch = *positions },
		"batch":         func() { cfg.Train.BatchSize = *batch },
		"lr":            func() { cfg.Train.LR = *lr },
		"schedule":      func() { cfg.Train.Schedule = *schedule },
		"workers":       func() { cfg.Train.Workers = *workers },
		"seed":          func() { cfg.Train.Seed = *seed },
		"lambda":        func() { cfg.Loss.Lambda = *lambda },
		"k":             func() { cfg.Loss.K = *k },
		"power":         func() { cfg.Loss.Power = *power },
	})

	if err := cfg.Validate(); err != nil {
		return configError(stderr, err)
	}
	if *printCfg {
		b := cfg.TOML()
		if back, err := train.ParseConfig(b); err != nil || !reflect.DeepEqual(back, cfg) {
			return c.Errorf(1, "-print-config: the config does not load back from TOML (%v)", err)
		}
		stdout.Write(b)
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := train.Run(ctx, cfg, train.Options{Resume: *resume, ResumeFrom: *checkpoint, Quiet: *quiet,
		Log: stdout, Progress: stderr})
	if ctx.Err() != nil {
		return c.Stopped("rerun the same command with -resume to continue from the last checkpoint")
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "net: %s\nmetrics: %s/metrics.csv, %s/loss.png\n", res.NetPath, res.Dir, res.Dir)
	return 0
}

// configError prints a bad config's error as "train: config: ..." (the
// package's own "train: config: " or "train: " said once) and returns 2.
func configError(stderr io.Writer, err error) int {
	msg := err.Error()
	if m, ok := strings.CutPrefix(msg, "train: config: "); ok {
		msg = m
	} else {
		msg = strings.TrimPrefix(msg, "train: ")
	}
	fmt.Fprintf(stderr, "train: config: %s\n", msg)
	return 2
}

// runExport quantizes a checkpoint's float weights into a net file.
func runExport(c *cli.Call) int {
	stdout, stderr := c.Stdout, c.Stderr
	ckpt := c.Flags.String("checkpoint", "", "checkpoint `file` (required)")
	out := c.Out("", "net `file` to write (required)", "o")
	desc := c.Flags.String("description", "", "description for the net header (default: from the checkpoint)")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	if *ckpt == "" || *out == "" {
		return c.UsageError("-checkpoint and -out are required")
	}
	m, _, meta, err := train.LoadCheckpoint(*ckpt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	d := *desc
	if d == "" {
		d = fmt.Sprintf("dualnnue trainer: exported from checkpoint %s (%v, epoch %d, step %d, seed %d)",
			*ckpt, m.Arch, meta.Epoch, meta.Step, meta.Seed)
	}
	if _, err := train.Export(m, d, *out); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%v)\n", *out, m.Arch)
	return 0
}

// runWDL fits eval.WDLModel to dataset files and prints it as Go.
func runWDL(c *cli.Call) int {
	stdout, stderr := c.Stdout, c.Stderr
	game := c.Flags.String("game", "", "game of the files: xiangqi or chess (required)")
	maxMiB := c.Flags.Int("max-memory-mib", defaultWDLMemoryMiB, "memory budget of the positions or scored moves read, in [0, 1048576] MiB (0: none)")
	args, code, ok := c.Parse()
	if !ok {
		return code
	}
	if *game == "" {
		return c.UsageError("-game chess|xiangqi is required")
	}
	if *maxMiB < 0 || *maxMiB > maxWDLMemoryMiB {
		return c.UsageError("-max-memory-mib %d out of range [0, %d] (0: no budget)", *maxMiB, maxWDLMemoryMiB)
	}
	budget := int64(*maxMiB) << 20
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	var pgns, sets []string
	for _, a := range args {
		if strings.HasSuffix(strings.ToLower(a), ".pgn") {
			pgns = append(pgns, a)
		} else {
			sets = append(sets, a)
		}
	}
	if len(pgns) > 0 && len(sets) > 0 {
		return c.UsageError("give either PGN files or datasets, not both")
	}
	if len(pgns) > 0 {
		var obs []train.WDLObs
		games := 0
		for _, name := range pgns {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			o, n, err := wdlObsFromPGN(f, g, budget, len(obs))
			f.Close()
			if err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", name, err)
				return 1
			}
			obs, games = append(obs, o...), games+n
		}
		if len(obs) == 0 {
			fmt.Fprintf(stderr, "no scored %s moves in %s (move comments like {+0.08/7 0.013s} are needed)\n", g, strings.Join(pgns, ", "))
			return 1
		}
		m, nll := train.FitWDLObs(obs)
		fmt.Fprintf(stdout, "// %d scored moves of %d games; mean negative log-likelihood %.4f\n", len(obs), games, nll)
		fmt.Fprintf(stdout, "WDLModel{A0: %.1f, A1: %.1f, B0: %.1f, B1: %.1f}\n", m.A0, m.A1, m.B0, m.B1)
		printWDLCheck(stdout, m, obs)
		return 0
	}
	files, err := train.ExpandPaths(sets)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	d, _, st, err := train.LoadDatasets(train.Load{Files: files, Game: g, Warn: stderr, MaxBytes: budget,
		OverBudget: "raise -max-memory-mib or give fewer files (the fit samples at most 500,000 positions)"})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	m, nll := train.FitWDL(d)
	fmt.Fprintf(stdout, "// %d positions of %d games; mean negative log-likelihood %.4f\n", d.Len(), st.Games, nll)
	fmt.Fprintf(stdout, "WDLModel{A0: %.1f, A1: %.1f, B0: %.1f, B1: %.1f}\n", m.A0, m.A1, m.B0, m.B1)
	return 0
}

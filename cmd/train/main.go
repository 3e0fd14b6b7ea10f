// Flags and config file → train.Config, then train.Run; the export subcommand.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"dualnnue/position"
	"dualnnue/train"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main with its arguments and streams, returning the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "export" {
		return runExport(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "wdl" {
		return runWDL(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		config     = fs.String("config", "", "TOML configuration file")
		game       = fs.String("game", "xiangqi", "game: xiangqi or chess")
		name       = fs.String("name", "", "run name")
		out        = fs.String("out", "", "run directory")
		data       = fs.String("data", "", "training dataset files or globs, comma-separated")
		valid      = fs.String("valid", "", "held-out dataset files or globs, comma-separated")
		stream     = fs.Bool("stream", false, "stream through datasets.Loader instead of loading into memory")
		maxPos     = fs.Int("max-positions", 0, "read at most this many positions (memory mode; 0 = all)")
		hidden     = fs.Int("hidden", 0, "accumulator width N")
		buckets    = fs.Int("buckets", 0, "output buckets")
		initNet    = fs.String("init", "", "net file to fine-tune")
		epochs     = fs.Int("epochs", 0, "epochs (superbatches)")
		positions  = fs.Int64("positions", 0, "positions per epoch")
		batch      = fs.Int("batch", 0, "batch size")
		lr         = fs.Float64("lr", 0, "peak learning rate")
		schedule   = fs.String("schedule", "", "learning-rate schedule: constant, step or cosine")
		workers    = fs.Int("workers", 0, "goroutines (0 = all cores)")
		seed       = fs.Uint64("seed", 0, "random seed")
		lambda     = fs.Float64("lambda", 0, "λ: weight of the score in the target (bullet's wdl = 1−λ)")
		k          = fs.Float64("k", 0, "sigmoid scale K in centipawns")
		power      = fs.Float64("power", 0, "loss exponent (2 = MSE, 2.5 = nnue-pytorch)")
		resume     = fs.Bool("resume", false, "continue from <out>/checkpoints/last.ckpt")
		checkpoint = fs.String("checkpoint", "", "continue from this checkpoint (implies -resume)")
		quiet      = fs.Bool("quiet", false, "no progress bar")
	)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: train [-config file.toml] [flags]\n       train export -checkpoint file.ckpt -o net.nnue\n       train wdl -game chess|xiangqi FILE...   (fit the win/draw/loss model of UCI_ShowWDL)\nflags override the config:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "train: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var cfg train.Config
	if *config != "" {
		var err error
		if cfg, err = train.LoadConfig(*config); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if set["game"] && *game != cfg.Game {
			fmt.Fprintf(stderr, "train: -game %s contradicts the config's game %s\n", *game, cfg.Game)
			return 2
		}
	} else {
		cfg = train.Defaults(*game)
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
	for f := range set {
		switch f {
		case "name":
			cfg.Name = *name
		case "out":
			cfg.OutDir = *out
		case "data":
			cfg.Data.Train = list(*data)
		case "valid":
			cfg.Data.Valid = list(*valid)
		case "stream":
			cfg.Data.Stream = *stream
		case "max-positions":
			cfg.Data.MaxPositions = *maxPos
		case "hidden":
			cfg.Net.Hidden = *hidden
		case "buckets":
			cfg.Net.Buckets = *buckets
		case "init":
			cfg.Net.Init = *initNet
		case "epochs":
			cfg.Train.Epochs = *epochs
		case "positions":
			cfg.Train.PositionsPerEpoch = *positions
		case "batch":
			cfg.Train.BatchSize = *batch
		case "lr":
			cfg.Train.LR = *lr
		case "schedule":
			cfg.Train.Schedule = *schedule
		case "workers":
			cfg.Train.Workers = *workers
		case "seed":
			cfg.Train.Seed = *seed
		case "lambda":
			cfg.Loss.Lambda = *lambda
		case "k":
			cfg.Loss.K = *k
		case "power":
			cfg.Loss.Power = *power
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := train.Run(ctx, cfg, train.Options{Resume: *resume, ResumeFrom: *checkpoint, Quiet: *quiet,
		Log: stdout, Progress: stderr})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "net: %s\nmetrics: %s/metrics.csv, %s/loss.png\n", res.NetPath, res.Dir, res.Dir)
	return 0
}

// runExport quantizes a checkpoint's float weights into a net file.
func runExport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ckpt := fs.String("checkpoint", "", "checkpoint file (required)")
	out := fs.String("o", "", "net file to write (required)")
	desc := fs.String("description", "", "description for the net header (default: from the checkpoint)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *ckpt == "" || *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: train export -checkpoint file.ckpt -o net.nnue [-description text]")
		return 2
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
func runWDL(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train wdl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game of the files: xiangqi or chess")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: train wdl -game chess|xiangqi FILE...\nfits the win/draw/loss model (eval.WDLModel) of the files' search scores and results\nexample: train wdl -game chess ../shared/data/gen0-chess.dnds")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	g, err := position.ParseVariant(*game)
	if err != nil || fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	files, err := train.ExpandPaths(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	d, _, st, err := train.LoadDatasets(train.Load{Files: files, Game: g, Warn: stderr})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	m, nll := train.FitWDL(d)
	fmt.Fprintf(stdout, "// %d positions of %d games; mean negative log-likelihood %.4f\n", d.Len(), st.Games, nll)
	fmt.Fprintf(stdout, "WDLModel{A0: %.1f, A1: %.1f, B0: %.1f, B1: %.1f}\n", m.A0, m.A1, m.B0, m.B1)
	return 0
}

// Run: the training loop (epochs, validation, metrics, checkpoints, export) and its data plumbing.
package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"dualnnue/datasets"
	"dualnnue/internal/progress"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Options are the run-time settings that do not change the trained weights.
type Options struct {
	// Resume continues from the checkpoint ResumeFrom, or from the run
	// directory's checkpoints/last.ckpt when ResumeFrom is empty.
	Resume     bool
	ResumeFrom string
	// Quiet hides the progress bar.
	Quiet bool
	// Log receives one line per epoch and notices (nil: discarded).
	Log io.Writer
	// Progress receives the progress bar when it is a terminal, and a
	// plain progress line every ProgressEvery (0: 15 s) otherwise (nil:
	// os.Stderr).
	Progress      io.Writer
	ProgressEvery time.Duration
	// OnEpoch, when set, is called after each epoch's checkpoint and
	// metrics are written.
	OnEpoch func(EpochMetrics)
	// TrainData and ValidData, when set, replace the dataset files of the
	// configuration (tests and callers that build positions in memory).
	TrainData, ValidData *Memory
}

// Result is what a finished run produced.
type Result struct {
	Dir        string         // the run directory
	NetPath    string         // the final exported net (Dir/<name>.nnue)
	Net        *nn.Net        // that net as the engine's reader loaded it
	Model      *Model         // the final float model
	Checkpoint string         // the last checkpoint written
	Metrics    []EpochMetrics // one row per epoch (resumed runs include the earlier ones)
	Positions  int            // training positions (memory mode; 0 in stream mode)
	K          float64        // the loss's sigmoid scale (fitted when the config said 0)
	// Decoded is the number of dataset records the stream-mode loader
	// decoded (0 in memory mode): a resumed run decodes from its
	// checkpoint's loader state on, not the positions trained before.
	Decoded int64
}

// Run trains a net as cfg describes and exports it for the engine. Every
// epoch it validates, writes metrics (CSV, JSON, loss-curve PNG), a
// checkpoint (float weights, AdamW state, step, RNG state) and the epoch's
// quantized net. A run resumed from the checkpoint of epoch e reaches
// bit-identical weights to an uninterrupted run, given the same data, worker
// count and (in stream mode) loader_workers = 1. Cancelling ctx stops
// between batches; the last checkpoint is then the resume point.
func Run(ctx context.Context, cfg Config, opt Options) (*Result, error) {
	log := opt.Log
	if log == nil {
		log = io.Discard
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	// asGiven is written to the run directory: the values filled in from
	// the data below (one-pass epochs, a fitted K) are logged and recorded in
	// the net's description, while the file keeps what the checkpoints'
	// fingerprint was taken of, so -resume with it works.
	asGiven := cfg
	game, _ := position.ParseVariant(cfg.Game)
	set, err := cfg.featureSet()
	if err != nil {
		return nil, err
	}
	workers := cfg.workers()
	batchSize := cfg.Train.BatchSize

	// 1. The model and the optimiser: from a checkpoint, a net, or random.
	var (
		m     *Model
		optim *AdamW
		meta  *CheckpointMeta
		rng   *rand.Rand
		pcg   = rand.NewPCG(cfg.Train.Seed, 0x1417)
	)
	rng = rand.New(pcg)
	ckptDir := filepath.Join(cfg.OutDir, "checkpoints")
	if opt.Resume || opt.ResumeFrom != "" {
		path := opt.ResumeFrom
		if path == "" {
			path = filepath.Join(ckptDir, "last.ckpt")
		}
		m, optim, meta, err = LoadCheckpoint(path)
		if err != nil {
			return nil, err
		}
		if meta.Fingerprint != cfg.fingerprint() {
			return nil, fmt.Errorf("train: %s was written with other settings (data, architecture, batch, schedule, loss or seed differ); start a new run or restore them", path)
		}
		if m.Game != game {
			return nil, fmt.Errorf("train: %s holds a %v net, the run is %v", path, m.Game, game)
		}
		if err := pcg.UnmarshalBinary(meta.RNG); err != nil {
			return nil, fmt.Errorf("train: %s: RNG state: %w", path, err)
		}
		if meta.Epoch >= cfg.Train.Epochs {
			fmt.Fprintf(log, "train: %s already finished epoch %d of %d; exporting only\n", path, meta.Epoch, cfg.Train.Epochs)
		}
		fmt.Fprintf(log, "train: resuming %v from %s at epoch %d, step %d\n", m.Arch, path, meta.Epoch, meta.Step)
	} else {
		m, err = newRunModel(&cfg, game, set)
		if err != nil {
			return nil, err
		}
		if cfg.Net.Init == "" {
			m.Init(rng)
		}
		clip := ClipRanges(m, cfg.Train.WeightClip)
		widenClip(clip, m.Params)
		optim = NewAdamW(len(m.Params), cfg.Train.WeightDecay, clip)
		meta = &CheckpointMeta{Seed: cfg.Train.Seed, Fingerprint: cfg.fingerprint()}
	}
	if err := optim.Validate(len(m.Params)); err != nil {
		return nil, err
	}
	a := m.Arch

	// 2. The data.
	src, train, valid, info, closeSrc, err := openData(&cfg, opt, a, meta, log)
	if err != nil {
		return nil, err
	}
	defer closeSrc()
	// Settings that depend on the data: an epoch of one pass, K fitted.
	if cfg.Train.PositionsPerEpoch == 0 {
		cfg.Train.PositionsPerEpoch = int64(max(train.Len()/batchSize, 1) * batchSize)
		fmt.Fprintf(log, "train: an epoch is one pass: %d positions\n", cfg.Train.PositionsPerEpoch)
	}
	if cfg.Loss.K == 0 {
		cfg.Loss.K = FitK(train)
		if cfg.Loss.K == 0 {
			return nil, errors.New("train: cannot fit K: no scored training position")
		}
		fmt.Fprintf(log, "train: K fitted to the data: %g cp (σ(score/K) predicts the results best)\n", cfg.Loss.K)
	}
	steps := cfg.stepsPerEpoch()
	var validBatches []*Batch
	if valid != nil && valid.Len() > 0 {
		if validBatches, err = valid.Batches(batchSize, a); err != nil {
			return nil, err
		}
	}

	// 3. The run directory.
	for _, d := range []string{cfg.OutDir, ckptDir, filepath.Join(cfg.OutDir, "nets")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("train: %w", err)
		}
	}
	if err := writeAtomic(filepath.Join(cfg.OutDir, "config.toml"), asGiven.TOML()); err != nil {
		return nil, err
	}
	stepper, err := NewStepper(m, cfg.loss(), workers)
	if err != nil {
		return nil, err
	}
	sched := cfg.schedule()
	run := RunInfo{Name: cfg.Name, Game: cfg.Game, Arch: a.String(), Data: info.Files, Positions: info.Positions,
		BatchSize: batchSize, Epochs: cfg.Train.Epochs, EpochSize: steps * int64(batchSize), Workers: workers, Kernels: kernelPath}
	if valid != nil {
		run.Validation = valid.Len()
	}
	if train != nil {
		fmt.Fprintf(log, "train: %v, %d training positions, %d validation, %d workers, kernels %s\n",
			a, train.Len(), run.Validation, workers, kernelPath)
	}

	// 4. The epochs.
	var bar *progress.Bar
	if !opt.Quiet {
		out := opt.Progress
		if out == nil {
			out = os.Stderr
		}
		left := int64(max(cfg.Train.Epochs-meta.Epoch, 0)) * steps * int64(batchSize)
		bar = progress.NewBar(out, left, progress.BarOptions{Description: cfg.Name, Unit: "pos", Every: opt.ProgressEvery})
	}
	res := &Result{Dir: cfg.OutDir, Model: m, Metrics: meta.Metrics, K: cfg.Loss.K}
	if train != nil {
		res.Positions = train.Len()
	}
	b := &Batch{}
	describe := func(e int, validLoss *float64, trainLoss float64) string {
		v := "none"
		if validLoss != nil {
			v = fmt.Sprintf("%.6f", *validLoss)
		}
		d := fmt.Sprintf("dualnnue trainer, run %q: %v; data %s (%d positions, %d held out); epoch %d of %d × %d positions, batch %d, AdamW lr %g %s (warm-up %d, final %g), weight decay %g, λ %g, K %g, power %g, seed %d; train loss %.6f, valid loss %s",
			cfg.Name, a, strings.Join(info.Files, ","), info.Positions, run.Validation, e, cfg.Train.Epochs,
			steps*int64(batchSize), batchSize, cfg.Train.LR, cfg.Train.Schedule, cfg.Train.Warmup, cfg.Train.FinalLR,
			cfg.Train.WeightDecay, cfg.Loss.Lambda, cfg.Loss.K, cfg.Loss.Power, cfg.Train.Seed, trainLoss, v)
		if len(d) > nn.MaxDescription {
			d = d[:nn.MaxDescription-3] + "..."
		}
		return d
	}
	if total := int64(cfg.Train.Epochs) * steps; cfg.Train.Warmup > total/4 {
		fmt.Fprintf(log, "train: warning: warm-up of %d steps is more than a quarter of the run's %d steps\n", cfg.Train.Warmup, total)
	}
	if train != nil && train.Len() > 0 {
		if passes := float64(int64(cfg.Train.Epochs)*steps*int64(batchSize)) / float64(train.Len()); passes > 100 {
			fmt.Fprintf(log, "train: warning: %d epochs × %d positions are %.0f passes over %d training positions; a net this size will memorise them (more data, or fewer or smaller epochs)\n",
				cfg.Train.Epochs, steps*int64(batchSize), passes, train.Len())
		}
	}
	lastLoss, warned := "", false
	startEpoch := meta.Epoch
	for e := meta.Epoch; e < cfg.Train.Epochs; e++ {
		start := time.Now()
		if bar != nil {
			bar.Describe(fmt.Sprintf("%s epoch %d/%d%s", cfg.Name, e+1, cfg.Train.Epochs, lastLoss))
		}
		if err := src.SetPosition(int64(e) * steps * int64(batchSize)); err != nil {
			return nil, err
		}
		sum := 0.0
		for s := int64(0); s < steps; s++ {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("train: stopped in epoch %d (resume from the last checkpoint): %w", e+1, err)
			}
			if err := src.Next(b, batchSize, a); err != nil {
				return nil, err
			}
			if opt.TrainData == nil || cfg.Data.Stream {
				if err := ValidateBatch(b, a); err != nil {
					return nil, err
				}
			}
			loss := stepper.Gradient(b)
			if math.IsNaN(loss) || math.IsInf(loss, 0) {
				return nil, fmt.Errorf("train: loss is %v at step %d: training diverged (lower the learning rate)", loss, optim.T)
			}
			sum += loss
			optim.Step(m.Params, stepper.Grad, sched.At(optim.T), workers)
			bar.Add(int64(b.Len))
		}
		trainTime := time.Since(start).Seconds()
		row := EpochMetrics{Epoch: e + 1, Step: optim.T, Positions: optim.T * int64(batchSize),
			TrainLoss: sum / float64(steps), LR: sched.At(optim.T - 1), PosPerSec: float64(steps*int64(batchSize)) / trainTime}
		if len(validBatches) > 0 {
			v := validate(stepper, validBatches)
			row.ValidLoss = &v
		}
		row.Seconds = time.Since(start).Seconds()
		res.Metrics = append(res.Metrics, row)
		lastLoss = fmt.Sprintf(" (loss %.5f)", row.TrainLoss)
		if err := m.CheckFinite(); err != nil {
			return nil, err
		}

		// Net, checkpoint, metrics.
		epochNet := filepath.Join(cfg.OutDir, "nets", fmt.Sprintf("epoch-%04d.nnue", e+1))
		run.Description = describe(e+1, row.ValidLoss, row.TrainLoss)
		if _, err := Export(m, run.Description, epochNet); err != nil {
			return nil, err
		}
		st, err := pcg.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("train: RNG state: %w", err)
		}
		meta.Epoch, meta.RNG, meta.Metrics = e+1, st, res.Metrics
		if ls, ok := src.(*LoaderSource); ok {
			meta.Loader = nil
			if st, ok := ls.L.State(); ok {
				meta.Loader = &st
			}
		}
		ck := filepath.Join(ckptDir, fmt.Sprintf("epoch-%04d.ckpt", e+1))
		if err := SaveCheckpoint(ck, m, optim, *meta); err != nil {
			return nil, err
		}
		if err := SaveCheckpoint(filepath.Join(ckptDir, "last.ckpt"), m, optim, *meta); err != nil {
			return nil, err
		}
		res.Checkpoint = ck
		if err := pruneEpochs(cfg.OutDir, ckptDir, e+1, BestEpoch(res.Metrics), cfg.Train.KeepCheckpoints); err != nil {
			return nil, err
		}
		if err := WriteMetrics(cfg.OutDir, run, res.Metrics); err != nil {
			return nil, err
		}
		v := "-"
		if row.ValidLoss != nil {
			v = fmt.Sprintf("%.6f", *row.ValidLoss)
		}
		if opt.OnEpoch != nil {
			opt.OnEpoch(row)
		}
		fmt.Fprintf(log, "epoch %d/%d: train loss %.6f, valid loss %s, lr %.3g, %.0f pos/s, %.1f s\n",
			e+1, cfg.Train.Epochs, row.TrainLoss, v, row.LR, row.PosPerSec, row.Seconds)
		if w := OverfitWarning(res.Metrics, 3); w != "" && !warned {
			fmt.Fprintln(log, w)
			warned = true
		}
	}
	if bar != nil {
		bar.Finish()
	}
	if startEpoch >= cfg.Train.Epochs && len(res.Metrics) > 0 {
		// Resumed after the last epoch, whose metrics may be missing (a
		// write failed after its checkpoint): write them again.
		last := res.Metrics[len(res.Metrics)-1]
		run.Description = describe(meta.Epoch, last.ValidLoss, last.TrainLoss)
		if err := WriteMetrics(cfg.OutDir, run, res.Metrics); err != nil {
			return nil, err
		}
	}

	// 5. The final net: the epoch with the lowest held-out loss (keep =
	// "best"), else the last.
	final := filepath.Join(cfg.OutDir, cfg.Name+".nnue")
	var net *nn.Net
	if best := BestEpoch(res.Metrics); cfg.Train.Keep != "last" && best > 0 && best < meta.Epoch {
		src := filepath.Join(cfg.OutDir, "nets", fmt.Sprintf("epoch-%04d.nnue", best))
		data, err := os.ReadFile(src)
		if err == nil {
			net, err = nn.ParseFor(data, game)
		}
		if err != nil {
			return nil, fmt.Errorf("train: the best epoch's net: %w", err)
		}
		if err := writeAtomic(final, data); err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "train: kept epoch %d of %d (lowest held-out loss %.6f; last %.6f)\n", best, meta.Epoch,
			*res.Metrics[best-1].ValidLoss, *res.Metrics[len(res.Metrics)-1].ValidLoss)
	} else {
		var trainLoss float64
		var validLoss *float64
		if n := len(res.Metrics); n > 0 {
			trainLoss, validLoss = res.Metrics[n-1].TrainLoss, res.Metrics[n-1].ValidLoss
		}
		var err error
		if net, err = Export(m, describe(meta.Epoch, validLoss, trainLoss), final); err != nil {
			return nil, err
		}
	}
	res.NetPath, res.Net = final, net
	if ls, ok := src.(*LoaderSource); ok {
		res.Decoded = ls.L.Decoded()
	}
	fmt.Fprintf(log, "train: wrote %s (%v)\n", final, a)
	return res, nil
}

// BestEpoch returns the epoch (1-based) with the lowest held-out loss among
// rows whose Epoch numbers run 1, 2, … in order, or 0 when no row has one.
// Ties go to the earlier epoch.
func BestEpoch(rows []EpochMetrics) int {
	best, bestLoss := 0, math.Inf(1)
	for i, r := range rows {
		if r.Epoch != i+1 {
			return 0
		}
		if r.ValidLoss != nil && *r.ValidLoss < bestLoss {
			best, bestLoss = r.Epoch, *r.ValidLoss
		}
	}
	return best
}

// OverfitWarning returns a warning when the held-out loss of the last
// epochs rose while the training loss fell: the last `window` epochs all
// have a held-out loss at least 0.5 % above the best one so far, which came
// `window` or more epochs earlier, and the training loss is lower than at
// the best epoch. Empty when there is nothing to say.
func OverfitWarning(rows []EpochMetrics, window int) string {
	best := BestEpoch(rows)
	n := len(rows)
	if best == 0 || n-best < window {
		return ""
	}
	b := rows[best-1]
	for _, r := range rows[n-window:] {
		if r.ValidLoss == nil || *r.ValidLoss < *b.ValidLoss*1.005 {
			return ""
		}
	}
	last := rows[n-1]
	if last.TrainLoss >= b.TrainLoss {
		return ""
	}
	return fmt.Sprintf("train: warning: the held-out loss rose from %.6f (epoch %d) to %.6f (epoch %d) while the training loss fell from %.6f to %.6f: the net is over-fitting its data (more positions, a smaller net or fewer passes)",
		*b.ValidLoss, best, *last.ValidLoss, last.Epoch, b.TrainLoss, last.TrainLoss)
}

// newRunModel builds the untrained model of cfg, or the fine-tuning start
// from cfg.Net.Init.
func newRunModel(cfg *Config, game position.Variant, set *features.Set) (*Model, error) {
	if cfg.Net.Init != "" {
		net, err := nn.Load(cfg.Net.Init, game)
		if err != nil {
			return nil, err
		}
		return FromReference(net.Model())
	}
	act, err := ParseActivation(cfg.Net.Activation)
	if err != nil {
		return nil, err
	}
	return NewModel(nn.Arch{Game: game, Set: set.ID, Inputs: set.Size, Hidden: cfg.Net.Hidden,
		Buckets: max(cfg.Net.Buckets, 1), Activation: act})
}

// validate returns the mean loss over the validation batches.
func validate(s *Stepper, batches []*Batch) float64 {
	sum, n := 0.0, 0
	for _, b := range batches {
		sum += s.Evaluate(b, nil) * float64(b.Len)
		n += b.Len
	}
	return sum / float64(n)
}

// openData returns the training source, the in-memory training set (nil in
// stream mode), the validation set (possibly nil) and what was read, for a
// net of shape a (whose feature set the batches use). In stream mode a
// resumed run's loader starts at the checkpoint's loader state (meta).
func openData(cfg *Config, opt Options, a nn.Arch, meta *CheckpointMeta, log io.Writer) (Source, *Memory, *Memory, LoadStats, func(), error) {
	nop := func() {}
	seed := cfg.Train.Seed
	if opt.TrainData != nil {
		train, valid := opt.TrainData, opt.ValidData
		if valid == nil && cfg.Data.ValidSplit > 0 {
			train, valid = train.Split(cfg.Data.ValidSplit, seed)
		}
		src, err := NewStream(train, seed)
		if err != nil {
			return nil, nil, nil, LoadStats{}, nop, err
		}
		return src, train, limitMemory(valid, cfg.Data.ValidMax), LoadStats{Files: []string{"(in memory)"}, Positions: train.Len()}, nop, nil
	}
	if len(cfg.Data.Train) == 0 {
		return nil, nil, nil, LoadStats{}, nop, errors.New("train: no training data (data.train)")
	}
	files, err := ExpandPaths(cfg.Data.Train)
	if err != nil {
		return nil, nil, nil, LoadStats{}, nop, err
	}
	filter := cfg.filter()
	budget := int64(cfg.Data.MaxMemoryMiB) << 20
	var valid *Memory
	if len(cfg.Data.Valid) > 0 {
		vf, err := ExpandPaths(cfg.Data.Valid)
		if err != nil {
			return nil, nil, nil, LoadStats{}, nop, err
		}
		vfilter := filter
		vfilter.RandomSkip = 0
		valid, _, _, err = LoadDatasets(Load{Files: vf, Game: a.Game, Filter: vfilter, Limit: cfg.Data.ValidMax, MaxBytes: budget, Warn: log})
		if err != nil {
			return nil, nil, nil, LoadStats{}, nop, err
		}
	}
	if cfg.Data.Stream {
		if valid == nil {
			fmt.Fprintln(log, "train: stream mode without data.valid files: no validation")
		}
		format, err := formatOf(a)
		if err != nil {
			return nil, nil, nil, LoadStats{}, nop, err
		}
		var pos int64
		if meta.Loader != nil {
			pos = meta.Step * int64(cfg.Train.BatchSize)
			fmt.Fprintf(log, "train: the loader resumes in pass %d at block %d of %s (shuffle window %d), without reading the %d positions trained before\n",
				meta.Loader.Pass+1, meta.Loader.Block, meta.Loader.Path, meta.Loader.Window, pos)
		}
		l, err := datasets.NewLoader(datasets.LoaderConfig{Files: files, Features: format.Set, Bucket: format.Bucket, BatchSize: cfg.Train.BatchSize,
			ShuffleBuffer: cfg.Data.ShuffleBuffer, Workers: cfg.Data.LoaderWorkers, Filter: filter, Seed: seed, Loop: true, Start: meta.Loader,
			OnProblem: func(file string, p datasets.Problem) { fmt.Fprintf(log, "train: %s: %v (skipped)\n", file, p) }})
		if err != nil {
			return nil, nil, nil, LoadStats{}, nop, fmt.Errorf("train: %w", err)
		}
		return &LoaderSource{L: l, pos: pos}, nil, valid, LoadStats{Files: files}, l.Close, nil
	}
	frac := cfg.Data.ValidSplit
	if valid != nil {
		frac = 0 // held-out files given
	}
	train, held, st, err := LoadDatasets(Load{Files: files, Game: a.Game, Filter: filter, ValidFrac: frac, Seed: seed,
		Limit: cfg.Data.MaxPositions, ValidLimit: cfg.Data.ValidMax, MaxBytes: budget, Warn: log})
	if err != nil {
		return nil, nil, nil, st, nop, err
	}
	if valid == nil {
		valid = held
	}
	if st.Bytes > 0 && train.Len()+held.Len() > 0 {
		fmt.Fprintf(log, "train: %d positions of %d games in memory, %.0f MiB (%.0f bytes per position)\n",
			train.Len()+held.Len(), st.Games, float64(st.Bytes)/(1<<20), float64(st.Bytes)/float64(train.Len()+held.Len()))
	}
	src, err := NewStream(train, seed)
	if err != nil {
		return nil, nil, nil, st, nop, err
	}
	return src, train, valid, st, nop, nil
}

// limitMemory returns the first max positions of d (all when max is 0).
func limitMemory(d *Memory, limit int) *Memory {
	if d == nil || limit <= 0 || d.Len() <= limit {
		return d
	}
	out := NewMemory()
	for i := 0; i < limit; i++ {
		out.copyFrom(d, i)
	}
	return out
}

// LoaderSource adapts a looping datasets.Loader to Source. The loader's
// batches are aliased, not copied. With one loader worker the stream is
// deterministic: a resumed run's loader starts at the state its checkpoint
// recorded (datasets.LoaderConfig.Start), and SetPosition skips forward by
// reading only for checkpoints without one, so resumed runs are exact;
// with more workers the order depends on scheduling.
type LoaderSource struct {
	L   *datasets.Loader
	pos int64
}

// SetPosition implements Source: it reads forward to position g. Going
// back is an error.
func (s *LoaderSource) SetPosition(g int64) error {
	for s.pos < g {
		lb, ok := s.L.Next()
		if !ok {
			return s.end()
		}
		s.pos += int64(lb.Len)
	}
	if s.pos != g {
		return fmt.Errorf("train: loader is at position %d, cannot go back to %d", s.pos, g)
	}
	return nil
}

// Next implements Source; n must equal the loader's batch size. The
// loader's batch (features and buckets of the run's net) is copied into b.
func (s *LoaderSource) Next(b *Batch, n int, a nn.Arch) error {
	lb, ok := s.L.Next()
	if !ok {
		return s.end()
	}
	if lb.Len != n {
		return fmt.Errorf("train: loader batch of %d positions, want %d", lb.Len, n)
	}
	s.pos += int64(lb.Len)
	*b = *lb
	return nil
}

func (s *LoaderSource) end() error {
	if err := s.L.Err(); err != nil {
		return fmt.Errorf("train: %w", err)
	}
	return errors.New("train: the data loader ended (no positions pass the filters?)")
}

// pruneEpochs deletes the per-epoch checkpoints and nets of the epochs
// before the latest keep (epoch is the one just saved), except the best
// epoch's; keep 0 deletes nothing. Files already gone are not an error.
func pruneEpochs(outDir, ckptDir string, epoch, best, keep int) error {
	if keep <= 0 {
		return nil
	}
	for j := 1; j <= epoch-keep; j++ {
		if j == best {
			continue
		}
		for _, p := range []string{
			filepath.Join(ckptDir, fmt.Sprintf("epoch-%04d.ckpt", j)),
			filepath.Join(outDir, "nets", fmt.Sprintf("epoch-%04d.nnue", j)),
		} {
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("train: keep_checkpoints: %w", err)
			}
		}
	}
	return nil
}

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
	Dir        string  // the run directory
	NetPath    string  // the final exported net (Dir/<name>.nnue)
	Net        *nn.Net // that net as the engine's reader loaded it
	Model      *Model  // the final float model
	Checkpoint string  // the last checkpoint written
	// Epoch is the epoch (1-based) whose weights the final net holds: the
	// one with the lowest held-out loss (keep = "best"), else the last.
	Epoch     int
	Metrics   []EpochMetrics // one row per epoch (resumed runs include the earlier ones)
	Positions int            // training positions (memory mode; 0 in stream mode)
	K         float64        // the loss's sigmoid scale (fitted when the config said 0)
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
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r := newTrainRun(cfg, opt)
	// 1. The model and the optimiser: from a checkpoint, a net, or random.
	if err := r.model(); err != nil {
		return nil, err
	}
	// 2. The data, and the settings it fills in.
	closeSrc, err := r.data()
	if err != nil {
		return nil, err
	}
	defer closeSrc()
	// 3. The run directory, the stepper and the run's description.
	if err := r.prepare(); err != nil {
		return nil, err
	}
	// 4. The epochs, each trained, validated and saved (net, checkpoint,
	// metrics).
	r.startEpochs()
	for e := r.meta.Epoch; e < r.cfg.Train.Epochs; e++ {
		row, err := r.epoch(ctx, e)
		if err != nil {
			return nil, err
		}
		if err := r.saveEpoch(e, row); err != nil {
			return nil, err
		}
	}
	if err := r.finishEpochs(); err != nil {
		return nil, err
	}
	// 5. The final net.
	return r.finish()
}

// trainRun is the state Run's steps share.
type trainRun struct {
	cfg Config // with the values filled in from the data
	// asGiven is written to the run directory: the values filled in from
	// the data (one-pass epochs, a fitted K) are logged and recorded in the
	// net's description, while the file keeps what the checkpoints'
	// fingerprint was taken of, so -resume with it works.
	asGiven            Config
	opt                Options
	log                io.Writer
	game               position.Variant
	workers, batchSize int
	ckptDir            string

	m     *Model
	optim *AdamW
	meta  *CheckpointMeta
	pcg   *rand.PCG
	rng   *rand.Rand

	src          Source
	train, valid *Memory
	info         LoadStats
	validBatches []*Batch
	steps        int64

	stepper    *Stepper
	sched      Schedule
	run        RunInfo
	res        *Result
	bar        *progress.Bar
	b          *Batch
	startEpoch int
	lastLoss   string
	warned     bool
}

func newTrainRun(cfg Config, opt Options) *trainRun {
	log := opt.Log
	if log == nil {
		log = io.Discard
	}
	game := cfg.Game.Variant()
	pcg := rand.NewPCG(cfg.Train.Seed, 0x1417)
	return &trainRun{
		cfg: cfg, asGiven: cfg, opt: opt, log: log, game: game,
		workers: cfg.workers(), batchSize: cfg.Train.BatchSize,
		ckptDir: filepath.Join(cfg.OutDir, "checkpoints"),
		pcg:     pcg, rng: rand.New(pcg),
	}
}

// model loads the checkpoint to resume from, or makes the model (from
// Net.Init or random) and a fresh optimiser.
func (r *trainRun) model() error {
	cfg, opt, log := &r.cfg, r.opt, r.log
	set, err := cfg.featureSet()
	if err != nil {
		return err
	}
	if opt.Resume || opt.ResumeFrom != "" {
		path := opt.ResumeFrom
		if path == "" {
			path = filepath.Join(r.ckptDir, "last.ckpt")
		}
		m, optim, meta, err := LoadCheckpoint(path)
		if err != nil {
			return err
		}
		if meta.Fingerprint != cfg.fingerprint() {
			return fmt.Errorf("train: %s was written with other settings (data, architecture, batch, schedule, loss or seed differ); start a new run or restore them", path)
		}
		if m.Game != r.game {
			return fmt.Errorf("train: %s holds a %v net, the run is %v", path, m.Game, r.game)
		}
		if err := r.pcg.UnmarshalBinary(meta.RNG); err != nil {
			return fmt.Errorf("train: %s: RNG state: %w", path, err)
		}
		if meta.Epoch >= cfg.Train.Epochs {
			fmt.Fprintf(log, "train: %s already finished epoch %d of %d; exporting only\n", path, meta.Epoch, cfg.Train.Epochs)
		}
		fmt.Fprintf(log, "train: resuming %v from %s at epoch %d, step %d\n", m.Arch, path, meta.Epoch, meta.Step)
		r.m, r.optim, r.meta = m, optim, meta
	} else {
		m, err := newRunModel(cfg, r.game, set, r.rng)
		if err != nil {
			return err
		}
		if cfg.Net.Init == "" {
			m.Init(r.rng)
		}
		clip := ClipRanges(m, cfg.Train.WeightClip)
		widenClip(clip, m.Params)
		r.m = m
		r.optim = NewAdamW(len(m.Params), cfg.Train.WeightDecay, clip)
		r.meta = &CheckpointMeta{Seed: cfg.Train.Seed, Fingerprint: cfg.fingerprint()}
	}
	return r.optim.Validate(len(r.m.Params))
}

// data opens the training and validation data and fills in the settings
// that depend on it: an epoch of one pass, K fitted. The function it
// returns closes the data.
func (r *trainRun) data() (func(), error) {
	cfg, log, batchSize := &r.cfg, r.log, r.batchSize
	a := r.m.Arch
	src, train, valid, info, closeSrc, err := openData(cfg, r.opt, a, r.meta, log)
	if err != nil {
		return nil, err
	}
	r.src, r.train, r.valid, r.info = src, train, valid, info
	if cfg.Train.PositionsPerEpoch == 0 {
		var note string
		cfg.Train.PositionsPerEpoch, note = onePass(train.Len(), batchSize)
		fmt.Fprintf(log, "train: %s\n", note)
	}
	if cfg.Loss.K == 0 {
		cfg.Loss.K = FitK(train)
		if cfg.Loss.K == 0 {
			closeSrc()
			return nil, errors.New("train: cannot fit K: no scored training position")
		}
		fmt.Fprintf(log, "train: K fitted to the data: %g cp (σ(score/K) predicts the results best)\n", cfg.Loss.K)
	}
	r.steps = cfg.stepsPerEpoch()
	if valid != nil && valid.Len() > 0 {
		if r.validBatches, err = valid.Batches(batchSize, a); err != nil {
			closeSrc()
			return nil, err
		}
	}
	return closeSrc, nil
}

// onePass is the epoch of positions_per_epoch = 0, one pass over n
// training positions in whole batches of batch, and a note that says what
// it is: n rounded down to a whole number of batches (the rest start the
// next epoch, as the stream wraps around), or one batch when n is smaller
// than a batch (then an epoch passes over the positions more than once).
func onePass(n, batch int) (int64, string) {
	k := max(n/batch, 1)
	size := int64(k * batch)
	switch {
	case n <= 0:
		return size, fmt.Sprintf("an epoch is one batch of %d positions (no training position)", batch)
	case n < batch:
		return size, fmt.Sprintf("an epoch is one batch of %d positions, %.1f passes over the %d training positions (fewer than a batch; batch_size %d would make it one pass)",
			batch, float64(batch)/float64(n), n, n)
	case int(size) == n && k == 1:
		return size, fmt.Sprintf("an epoch is one pass: %d positions, one batch", size)
	case int(size) == n:
		return size, fmt.Sprintf("an epoch is one pass: %d positions, %d batches of %d", size, k, batch)
	default:
		return size, fmt.Sprintf("an epoch is %s of %d = %d positions, one pass over the %d training positions but the %d that fill no batch (they start the next epoch)",
			batches(k), batch, size, n, n-int(size))
	}
}

// batches is "1 batch" or "k batches".
func batches(k int) string {
	if k == 1 {
		return "1 batch"
	}
	return fmt.Sprintf("%d batches", k)
}

// prepare makes the run directory with the config as given, the stepper
// and the schedule, and the run's description for the metrics.
func (r *trainRun) prepare() error {
	cfg, a := &r.cfg, r.m.Arch
	for _, d := range []string{cfg.OutDir, r.ckptDir, filepath.Join(cfg.OutDir, "nets")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	if err := writeAtomic(filepath.Join(cfg.OutDir, "config.toml"), r.asGiven.TOML()); err != nil {
		return err
	}
	stepper, err := NewStepper(r.m, cfg.loss(), r.workers)
	if err != nil {
		return err
	}
	r.stepper, r.sched = stepper, cfg.schedule()
	r.run = RunInfo{Name: cfg.Name, Game: cfg.Game, Arch: a.String(), Data: r.info.Files, Positions: r.info.Positions,
		BatchSize: r.batchSize, Epochs: cfg.Train.Epochs, EpochSize: r.steps * int64(r.batchSize), Workers: r.workers, Kernels: kernelPath}
	if r.valid != nil {
		r.run.Validation = r.valid.Len()
	}
	if r.train != nil {
		fmt.Fprintf(r.log, "train: %v, %d training positions, %d validation, %d workers, kernels %s\n",
			a, r.train.Len(), r.run.Validation, r.workers, kernelPath)
	}
	return nil
}

// startEpochs starts the progress bar and the result, and warns of a
// warm-up or a number of passes out of proportion to the run.
func (r *trainRun) startEpochs() {
	cfg, log, steps, batchSize := &r.cfg, r.log, r.steps, r.batchSize
	if !r.opt.Quiet {
		out := r.opt.Progress
		if out == nil {
			out = os.Stderr
		}
		left := int64(max(cfg.Train.Epochs-r.meta.Epoch, 0)) * steps * int64(batchSize)
		r.bar = progress.NewBar(out, left, progress.BarOptions{Description: cfg.Name, Unit: "pos", Every: r.opt.ProgressEvery})
	}
	r.res = &Result{Dir: cfg.OutDir, Model: r.m, Metrics: r.meta.Metrics, K: cfg.Loss.K}
	if r.train != nil {
		r.res.Positions = r.train.Len()
	}
	r.b = &Batch{}
	if total := int64(cfg.Train.Epochs) * steps; cfg.Train.Warmup > total/4 {
		fmt.Fprintf(log, "train: warning: warm-up of %d steps is more than a quarter of the run's %d steps\n", cfg.Train.Warmup, total)
	}
	if r.train != nil && r.train.Len() > 0 {
		if passes := float64(int64(cfg.Train.Epochs)*steps*int64(batchSize)) / float64(r.train.Len()); passes > 100 {
			fmt.Fprintf(log, "train: warning: %d epochs × %d positions are %.0f passes over %d training positions; a net this size will memorise them (more data, or fewer or smaller epochs)\n",
				cfg.Train.Epochs, steps*int64(batchSize), passes, r.train.Len())
		}
	}
	r.startEpoch = r.meta.Epoch
}

// describe is the description of the net of epoch e (1-based) written into
// its file.
func (r *trainRun) describe(e int, validLoss *float64, trainLoss float64) string {
	cfg := &r.cfg
	v := "none"
	if validLoss != nil {
		v = fmt.Sprintf("%.6f", *validLoss)
	}
	d := fmt.Sprintf("dualnnue trainer, run %q: %v; data %s (%d positions, %d held out); epoch %d of %d × %d positions, batch %d, AdamW lr %g %s (warm-up %d, final %g), weight decay %g, λ %g, K %g, power %g, seed %d; train loss %.6f, valid loss %s",
		cfg.Name, r.m.Arch, strings.Join(r.info.Files, ","), r.info.Positions, r.run.Validation, e, cfg.Train.Epochs,
		r.steps*int64(r.batchSize), r.batchSize, cfg.Train.LR, cfg.Train.Schedule, cfg.Train.Warmup, cfg.Train.FinalLR,
		cfg.Train.WeightDecay, cfg.Loss.Lambda, cfg.Loss.K, cfg.Loss.Power, cfg.Train.Seed, trainLoss, v)
	if len(d) > nn.MaxDescription {
		d = d[:nn.MaxDescription-3] + "..."
	}
	return d
}

// epoch trains epoch e (0-based) and validates it.
func (r *trainRun) epoch(ctx context.Context, e int) (EpochMetrics, error) {
	cfg, steps, batchSize, a, b := &r.cfg, r.steps, r.batchSize, r.m.Arch, r.b
	start := time.Now()
	if r.bar != nil {
		r.bar.Describe(fmt.Sprintf("%s epoch %d/%d%s", cfg.Name, e+1, cfg.Train.Epochs, r.lastLoss))
	}
	if err := r.src.SetPosition(int64(e) * steps * int64(batchSize)); err != nil {
		return EpochMetrics{}, err
	}
	sum := 0.0
	for s := int64(0); s < steps; s++ {
		if err := ctx.Err(); err != nil {
			return EpochMetrics{}, fmt.Errorf("train: stopped in epoch %d (resume from the last checkpoint): %w", e+1, err)
		}
		if err := r.src.Next(b, batchSize, a); err != nil {
			return EpochMetrics{}, err
		}
		if r.opt.TrainData == nil || cfg.Data.Stream {
			if err := ValidateBatch(b, a); err != nil {
				return EpochMetrics{}, err
			}
		}
		loss := r.stepper.Gradient(b)
		if math.IsNaN(loss) || math.IsInf(loss, 0) {
			return EpochMetrics{}, fmt.Errorf("train: loss is %v at step %d: training diverged (lower the learning rate)", loss, r.optim.T)
		}
		sum += loss
		r.optim.Step(r.m.Params, r.stepper.Grad, r.sched.At(r.optim.T), r.workers)
		r.bar.Add(int64(b.Len))
	}
	trainTime := time.Since(start).Seconds()
	row := EpochMetrics{Epoch: e + 1, Step: r.optim.T, Positions: r.optim.T * int64(batchSize),
		TrainLoss: sum / float64(steps), LR: r.sched.At(r.optim.T - 1), PosPerSec: float64(steps*int64(batchSize)) / trainTime}
	if len(r.validBatches) > 0 {
		v := validate(r.stepper, r.validBatches)
		row.ValidLoss = &v
	}
	row.Seconds = time.Since(start).Seconds()
	r.res.Metrics = append(r.res.Metrics, row)
	r.lastLoss = fmt.Sprintf(" (loss %.5f)", row.TrainLoss)
	return row, r.m.CheckFinite()
}

// saveEpoch writes epoch e's net, checkpoint and metrics, prunes the old
// epochs' files and reports the epoch.
func (r *trainRun) saveEpoch(e int, row EpochMetrics) error {
	cfg, m, meta, res := &r.cfg, r.m, r.meta, r.res
	epochNet := filepath.Join(cfg.OutDir, "nets", fmt.Sprintf("epoch-%04d.nnue", e+1))
	r.run.Description = r.describe(e+1, row.ValidLoss, row.TrainLoss)
	if _, err := Export(m, r.run.Description, epochNet); err != nil {
		return err
	}
	st, err := r.pcg.MarshalBinary()
	if err != nil {
		return fmt.Errorf("train: RNG state: %w", err)
	}
	meta.Epoch, meta.RNG, meta.Metrics = e+1, st, res.Metrics
	if ls, ok := r.src.(*LoaderSource); ok {
		meta.Loader = nil
		if st, ok := ls.L.State(); ok {
			meta.Loader = &st
		}
	}
	ck := filepath.Join(r.ckptDir, fmt.Sprintf("epoch-%04d.ckpt", e+1))
	if err := SaveCheckpoint(ck, m, r.optim, *meta); err != nil {
		return err
	}
	if err := SaveCheckpoint(filepath.Join(r.ckptDir, "last.ckpt"), m, r.optim, *meta); err != nil {
		return err
	}
	res.Checkpoint = ck
	if err := pruneEpochs(cfg.OutDir, r.ckptDir, e+1, BestEpoch(res.Metrics), cfg.Train.KeepCheckpoints); err != nil {
		return err
	}
	if err := WriteMetrics(cfg.OutDir, r.run, res.Metrics); err != nil {
		return err
	}
	v := "-"
	if row.ValidLoss != nil {
		v = fmt.Sprintf("%.6f", *row.ValidLoss)
	}
	if r.opt.OnEpoch != nil {
		r.opt.OnEpoch(row)
	}
	fmt.Fprintf(r.log, "epoch %d/%d: train loss %.6f, valid loss %s, lr %.3g, %.0f pos/s, %.1f s\n",
		e+1, cfg.Train.Epochs, row.TrainLoss, v, row.LR, row.PosPerSec, row.Seconds)
	if w := OverfitWarning(res.Metrics, 3); w != "" && !r.warned {
		fmt.Fprintln(r.log, w)
		r.warned = true
	}
	return nil
}

// finishEpochs ends the progress bar and, for a run resumed after its last
// epoch, writes the metrics again (a write may have failed after the last
// checkpoint).
func (r *trainRun) finishEpochs() error {
	if r.bar != nil {
		r.bar.Finish()
	}
	if r.startEpoch >= r.cfg.Train.Epochs && len(r.res.Metrics) > 0 {
		last := r.res.Metrics[len(r.res.Metrics)-1]
		r.run.Description = r.describe(r.meta.Epoch, last.ValidLoss, last.TrainLoss)
		if err := WriteMetrics(r.cfg.OutDir, r.run, r.res.Metrics); err != nil {
			return err
		}
	}
	return nil
}

// finish writes the final net: the epoch with the lowest held-out loss
// (keep = "best"), else the last.
func (r *trainRun) finish() (*Result, error) {
	cfg, res, meta := &r.cfg, r.res, r.meta
	final := filepath.Join(cfg.OutDir, cfg.Name+".nnue")
	var net *nn.Net
	if best := BestEpoch(res.Metrics); cfg.Train.Keep != "last" && best > 0 && best < meta.Epoch {
		src := filepath.Join(cfg.OutDir, "nets", fmt.Sprintf("epoch-%04d.nnue", best))
		data, err := os.ReadFile(src)
		if err == nil {
			net, err = nn.ParseFor(data, r.game)
		}
		if err != nil {
			return nil, fmt.Errorf("train: the best epoch's net: %w", err)
		}
		if err := writeAtomic(final, data); err != nil {
			return nil, err
		}
		fmt.Fprintf(r.log, "train: kept epoch %d of %d (lowest held-out loss %.6f; last %.6f)\n", best, meta.Epoch,
			*res.Metrics[best-1].ValidLoss, *res.Metrics[len(res.Metrics)-1].ValidLoss)
		res.Epoch = best
	} else {
		res.Epoch = meta.Epoch
		var trainLoss float64
		var validLoss *float64
		if n := len(res.Metrics); n > 0 {
			trainLoss, validLoss = res.Metrics[n-1].TrainLoss, res.Metrics[n-1].ValidLoss
		}
		var err error
		if net, err = Export(r.m, r.describe(meta.Epoch, validLoss, trainLoss), final); err != nil {
			return nil, err
		}
		// Say which epoch the net is in every case, not only when an
		// earlier one was kept.
		why := "the last; no held-out loss to choose by"
		switch {
		case cfg.Train.Keep == "last":
			why = `the last: keep = "last"`
		case validLoss != nil && BestEpoch(res.Metrics) == meta.Epoch:
			why = fmt.Sprintf("the last, with the lowest held-out loss %.6f", *validLoss)
		case validLoss != nil:
			why = "the last; the epochs' held-out losses are not numbered 1, 2, ... to choose by"
		}
		if meta.Epoch > 0 {
			fmt.Fprintf(r.log, "train: kept epoch %d of %d (%s)\n", meta.Epoch, meta.Epoch, why)
		}
	}
	res.NetPath, res.Net = final, net
	if ls, ok := r.src.(*LoaderSource); ok {
		res.Decoded = ls.L.Decoded()
	}
	fmt.Fprintf(r.log, "train: wrote %s (%v)\n", final, r.m.Arch)
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
// from cfg.Net.Init (widened to cfg.Net.GrowHidden units with weights from
// rng when that is set, and given cfg.Net.GrowBuckets output buckets).
func newRunModel(cfg *Config, game position.Variant, set *features.Set, rng *rand.Rand) (*Model, error) {
	if cfg.Net.Init != "" {
		net, err := nn.Load(cfg.Net.Init, game)
		if err != nil {
			return nil, err
		}
		ref := net.Model()
		if cfg.Net.Features != "" && set.ID != ref.Set {
			// A bucketed set that buckets the init net's own starts as copies
			// of it; any other set cannot start from it.
			from, _ := features.Lookup(ref.Set)
			if ref, err = ref.WithInputBuckets(set.ID); err != nil {
				return nil, fmt.Errorf("train: net.features %s cannot start from net.init %s, whose set is %s: %w", set.Name, cfg.Net.Init, from.Name, err)
			}
		}
		if g := cfg.Net.GrowHidden; g != 0 {
			if ref, err = ref.WithHidden(g, rng, ftInitScale); err != nil {
				return nil, fmt.Errorf("train: net.grow_hidden %d from net.init %s: %w", g, cfg.Net.Init, err)
			}
		}
		if b := cfg.Net.GrowBuckets; b != 0 {
			if ref, err = ref.WithOutputBuckets(b); err != nil {
				return nil, fmt.Errorf("train: net.grow_buckets %d from net.init %s: %w", b, cfg.Net.Init, err)
			}
		}
		return FromReference(ref)
	}
	act, err := ParseActivation(cfg.Net.Activation)
	if err != nil {
		return nil, err
	}
	a, err := cfg.stack()
	if err != nil {
		return nil, err
	}
	a.Game, a.Set, a.Inputs, a.Hidden, a.Buckets, a.Activation = game, set.ID, set.Size, cfg.Net.Hidden, max(cfg.Net.Buckets, 1), act
	return NewModel(a)
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
		return nil, nil, nil, LoadStats{}, nop, fmt.Errorf("train: no training data: [data] train is empty; name dataset files or globs there or with -data (self-play writes data/selfplay/%s/*.dnds)", cfg.Game)
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
	if budget > 0 && valid != nil {
		budget = max(budget-valid.Bytes(), 1) // the held-out files share the budget
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

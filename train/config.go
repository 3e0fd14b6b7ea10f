// The trainer's configuration: TOML file layout, defaults and validation.
package train

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/BurntSushi/toml"

	"dualnnue/datasets"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Config is a training run. It is read from TOML (see configs/train-*.toml);
// zero fields take the defaults of Defaults.
type Config struct {
	Name   string               `toml:"name"`    // run name (metrics, plot title, net description)
	Game   position.VariantName `toml:"game"`    // "xiangqi" or "chess" in the file
	OutDir string               `toml:"out_dir"` // run directory: checkpoints, nets, metrics
	Data   DataConfig           `toml:"data"`
	Net    NetConfig            `toml:"net"`
	Train  TrainConfig          `toml:"train"`
	Loss   LossConfig           `toml:"loss"`
}

// DataConfig says where positions come from and which are kept.
type DataConfig struct {
	Train        []string `toml:"train"`         // dataset files or glob patterns
	Valid        []string `toml:"valid"`         // held-out dataset files (optional)
	ValidSplit   float64  `toml:"valid_split"`   // without Valid: fraction of Train held out (memory mode)
	ValidMax     int      `toml:"valid_max"`     // at most this many validation positions (0 = all)
	MaxPositions int      `toml:"max_positions"` // memory mode: read at most this many (0 = all)
	// Stream trains from a datasets.Loader (parallel decoding, shuffle
	// buffer) instead of loading every position into memory first.
	Stream        bool `toml:"stream"`
	LoaderWorkers int  `toml:"loader_workers"` // stream mode: decoding goroutines, in [0, 256] (1 = deterministic, 0 = one per core)
	// ShuffleBuffer is stream mode's count of positions held for
	// shuffling, in [1, 2^27], datasets.SampleBytes (80) bytes each; the
	// loader holds no more than the data's positions.
	ShuffleBuffer int `toml:"shuffle_buffer"`
	// MaxMemoryMiB is the budget of the training data in memory (0: none).
	// Memory mode: the positions (about 60–70 bytes each); a larger
	// training set is an error that names stream mode, found while
	// reading, before the memory is spent. Stream mode: the shuffle buffer,
	// checked before anything is read.
	MaxMemoryMiB int `toml:"max_memory_mib"`

	// Filters (nnue-pytorch/bullet's usual ones, see datasets.Filter).
	SkipInCheck      bool    `toml:"skip_in_check"`
	SkipCaptures     bool    `toml:"skip_captures"`
	SkipBestCaptures bool    `toml:"skip_best_captures"`
	MinPly           int     `toml:"min_ply"`
	MaxAbsScore      int     `toml:"max_abs_score"`
	RandomSkip       float64 `toml:"random_skip"`
}

// NetConfig is the architecture, or the net to fine-tune.
type NetConfig struct {
	// Features names the feature set (e.g. "chess-ps768-hm",
	// "xiangqi-compact692-hm"; see nn/features); empty: the game's plain
	// piece-square set. The architecture chooses it, not the game.
	Features   string `toml:"features"`
	Hidden     int    `toml:"hidden"`     // N
	Buckets    int    `toml:"buckets"`    // output buckets by material (1 = none)
	Activation string `toml:"activation"` // "screlu" or "crelu"
	// Layers are the hidden layers between the first layer and the output
	// (issue 21): [16, 32] makes (F→N)×2→16→32→1, [16] (F→N)×2→16→1;
	// each a multiple of 16 in [16, 256], at most two. Empty (the
	// default): no hidden layers, (F→N)×2→1.
	Layers []int `toml:"layers,omitempty"`
	// HiddenActivation follows each hidden layer: "crelu" (the default)
	// or "screlu". Only with Layers.
	HiddenActivation string `toml:"hidden_activation,omitempty"`
	// Pairwise multiplies the two halves of each perspective's clipped
	// first-layer output elementwise (N/2 per perspective); it needs
	// activation = "crelu".
	Pairwise bool `toml:"pairwise,omitempty"`
	// Stacks gives every output bucket its own hidden layers (Stockfish's
	// layer stacks); only with Layers.
	Stacks bool `toml:"stacks,omitempty"`
	// Init is a net file to start from (fine-tuning); its architecture then
	// replaces Hidden, Buckets, Activation and the hidden layer keys
	// (Layers, HiddenActivation, Pairwise, Stacks), which must still be
	// valid. Features, when given, must be the init net's set or an
	// input-bucketed set of it (chess-kb4-hm from chess-ps768-hm,
	// xiangqi-compact692-kb6-hm from xiangqi-compact692-hm, ...): every
	// bucket then starts as a copy of the init net's first layer
	// (nn.Model.WithInputBuckets), so the run starts at its strength.
	Init string `toml:"init"`
	// GrowHidden, with Init, widens the init net's first layer to this many
	// units per perspective (a multiple of 16, above the init net's width,
	// at most 2048; only for a flat init net): the init net's units are
	// kept, the new ones start with small random first-layer weights and
	// zero output weights (nn.Model.WithHidden), so the run starts exactly
	// at the init net's strength with room to learn more. 0 (the default):
	// the init net's width.
	GrowHidden int `toml:"grow_hidden,omitzero"`
	// GrowBuckets, with Init, gives a net with one output bucket this many
	// material output buckets (2 to 32; bullet's MaterialCount, as
	// Buckets), each a copy of its output row (and, with layer stacks, of
	// its hidden layers: nn.Model.WithOutputBuckets), so the run starts
	// exactly at the init net's strength and each bucket can learn its own
	// share of the material range. 0 (the default): the init net's buckets.
	GrowBuckets int `toml:"grow_buckets,omitzero"`
}

// TrainConfig is the optimisation.
type TrainConfig struct {
	Epochs            int     `toml:"epochs"`
	PositionsPerEpoch int64   `toml:"positions_per_epoch"` // bullet's superbatch, rounded down to whole batches; 0: one pass over the training set (memory mode)
	BatchSize         int     `toml:"batch_size"`
	LR                float64 `toml:"lr"`
	Schedule          string  `toml:"schedule"` // "constant", "step" or "cosine"
	Warmup            int64   `toml:"warmup"`   // warm-up steps (batches)
	StepEpochs        int     `toml:"step_epochs"`
	Gamma             float64 `toml:"gamma"`
	FinalLR           float64 `toml:"final_lr"`
	WeightDecay       float64 `toml:"weight_decay"`
	WeightClip        float64 `toml:"weight_clip"` // first-layer clip in float units (≤ the quantization bound)
	Workers           int     `toml:"workers"`     // goroutines (0 = all cores)
	Seed              uint64  `toml:"seed"`
	// Keep picks the final net: "best" (default) the epoch with the lowest
	// held-out loss (the last epoch when there is no held-out data), "last"
	// the last epoch.
	Keep string `toml:"keep"`
	// KeepCheckpoints is how many of the latest epochs keep their
	// checkpoint (checkpoints/epoch-NNNN.ckpt) and net (nets/epoch-NNNN.nnue)
	// on disk; the best epoch's (lowest held-out loss so far) and
	// checkpoints/last.ckpt always stay, so resuming and keep = "best" work
	// as before. 0 keeps every epoch. Default 1: the last and the best.
	KeepCheckpoints int `toml:"keep_checkpoints"`
}

// LossConfig is the loss (see Loss).
type LossConfig struct {
	Lambda float64 `toml:"lambda"` // nnue-pytorch's λ; bullet's wdl = 1 − λ
	K      float64 `toml:"k"`      // sigmoid scale in centipawns, in [MinK, MaxK] = [50, 5000]; 0: fitted to the training data (FitK)
	Power  float64 `toml:"power"`  // 2 = MSE, 2.5 = nnue-pytorch
}

// Defaults returns the default configuration of game: (F→256)×2→1 SCReLU,
// batch 16384, 10 epochs of 10 M positions, AdamW lr 1e-3 with a cosine
// schedule to 1e-5 after 200 warm-up steps, weight decay 0.01, λ = 1,
// K = 400, power 2.5.
func Defaults(game position.Variant) Config {
	return Config{
		Name:   game.String(),
		Game:   position.VariantName(game),
		OutDir: "runs/train-" + game.String(),
		Data:   DataConfig{ValidSplit: 0.02, ValidMax: 200_000, LoaderWorkers: 1, ShuffleBuffer: 1 << 20, MaxAbsScore: 10000, MaxMemoryMiB: 8192},
		Net:    NetConfig{Hidden: 256, Buckets: 1, Activation: "screlu"},
		Train: TrainConfig{Epochs: 10, PositionsPerEpoch: 10_000_000, BatchSize: 16384, LR: 1e-3,
			Schedule: "cosine", Warmup: 200, StepEpochs: 4, Gamma: 0.3, FinalLR: 1e-5,
			WeightDecay: 0.01, WeightClip: DefaultWeightClip, Seed: 1, KeepCheckpoints: 1},
		Loss: LossConfig{Lambda: 1, K: nn.DefaultScale, Power: 2.5},
	}
}

// LoadConfig reads a TOML file over the defaults of the game it names
// (xiangqi when it names none). Unknown keys are an error, so a typo never
// silently falls back to a default; so is a game other than "xiangqi" or
// "chess" (the decoder's error, naming the key's line).
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("train: %w", err)
	}
	return ParseConfig(data)
}

// ParseConfig is LoadConfig from memory.
func ParseConfig(data []byte) (Config, error) {
	var probe struct {
		Game position.VariantName `toml:"game"`
	}
	if _, err := toml.Decode(string(data), &probe); err != nil {
		return Config{}, fmt.Errorf("train: config: %w", err)
	}
	if probe.Game == 0 {
		probe.Game = position.VariantName(position.Xiangqi)
	}
	cfg := Defaults(probe.Game.Variant())
	md, err := toml.Decode(string(data), &cfg)
	if err != nil {
		return Config{}, fmt.Errorf("train: config: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return Config{}, fmt.Errorf("train: config: unknown key %q", und[0].String())
	}
	return cfg, nil
}

// TOML renders the configuration as TOML (written into the run directory).
func (c Config) TOML() []byte {
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(c); err != nil {
		return []byte(fmt.Sprintf("# cannot encode: %v\n", err))
	}
	return b.Bytes()
}

// Validate checks every field, naming the first bad one.
func (c *Config) Validate() error {
	if err := c.Game.Check(); err != nil {
		return err
	}
	if err := checkName(c.Name); err != nil {
		return err
	}
	t := c.Train
	switch {
	case c.OutDir == "":
		return fmt.Errorf("train: out_dir is empty")
	case !(c.Data.ValidSplit >= 0 && c.Data.ValidSplit < 1):
		return fmt.Errorf("train: valid_split %v must be in [0, 1)", c.Data.ValidSplit)
	case c.Data.ValidMax < 0 || c.Data.MaxPositions < 0:
		return fmt.Errorf("train: negative valid_max or max_positions")
	case c.Data.MaxMemoryMiB < 0:
		return fmt.Errorf("train: max_memory_mib %d is negative (0: no budget)", c.Data.MaxMemoryMiB)
	case c.Data.LoaderWorkers < 0 || c.Data.LoaderWorkers > datasets.MaxLoaderWorkers:
		return fmt.Errorf("train: loader_workers %d out of range [0, %d] (0: one per core)", c.Data.LoaderWorkers, datasets.MaxLoaderWorkers)
	case c.Data.ShuffleBuffer < 1 || c.Data.ShuffleBuffer > datasets.MaxShuffleBuffer:
		return fmt.Errorf("train: shuffle_buffer %d out of range [1, %d]", c.Data.ShuffleBuffer, datasets.MaxShuffleBuffer)
	case c.Data.Stream && c.Data.MaxMemoryMiB > 0 && int64(c.Data.ShuffleBuffer)*datasets.SampleBytes > int64(c.Data.MaxMemoryMiB)<<20:
		return fmt.Errorf("train: shuffle_buffer %d needs %d MiB (%d bytes a position), more than max_memory_mib %d: lower shuffle_buffer or raise max_memory_mib",
			c.Data.ShuffleBuffer, (int64(c.Data.ShuffleBuffer)*datasets.SampleBytes+(1<<20)-1)>>20, datasets.SampleBytes, c.Data.MaxMemoryMiB)
	case c.Data.MinPly < 0:
		return fmt.Errorf("train: min_ply %d is negative", c.Data.MinPly)
	case c.Data.MaxAbsScore < 0:
		return fmt.Errorf("train: max_abs_score %d must be >= 0 (0: no limit)", c.Data.MaxAbsScore)
	case c.Net.Init == "" && (c.Net.Buckets < 1 || c.Net.Buckets > nn.MaxBuckets):
		return fmt.Errorf("train: buckets %d out of range [1, %d]", c.Net.Buckets, nn.MaxBuckets)
	case !(c.Data.RandomSkip >= 0 && c.Data.RandomSkip < 1):
		return fmt.Errorf("train: random_skip %v must be in [0, 1)", c.Data.RandomSkip)
	case t.Epochs <= 0:
		return fmt.Errorf("train: epochs %d must be positive", t.Epochs)
	case t.BatchSize <= 0 || t.BatchSize > 1<<22:
		return fmt.Errorf("train: batch_size %d out of range [1, 4194304]", t.BatchSize)
	case t.PositionsPerEpoch != 0 && t.PositionsPerEpoch < int64(t.BatchSize):
		return fmt.Errorf("train: positions_per_epoch %d is less than one batch (%d) (0: one pass over the training set)", t.PositionsPerEpoch, t.BatchSize)
	case t.PositionsPerEpoch == 0 && c.Data.Stream:
		return fmt.Errorf("train: positions_per_epoch 0 (one pass) needs memory mode; stream mode does not know the data's size")
	case c.Loss.K != 0 && !(c.Loss.K >= MinK && c.Loss.K <= MaxK):
		return fmt.Errorf("train: loss.k %v out of range [%d, %d] (0: fitted to the data)", c.Loss.K, MinK, MaxK)
	case c.Loss.K == 0 && c.Data.Stream:
		return fmt.Errorf("train: loss.k 0 (fit to the data) needs memory mode")
	case t.Workers < 0 || t.Workers > 1024:
		return fmt.Errorf("train: workers %d out of range [0, 1024]", t.Workers)
	case !(t.WeightClip > 0):
		return fmt.Errorf("train: weight_clip %v must be positive", t.WeightClip)
	case t.Keep != "" && t.Keep != "best" && t.Keep != "last":
		return fmt.Errorf("train: keep %q (want best or last)", t.Keep)
	case t.KeepCheckpoints < 0 || t.KeepCheckpoints > 1_000_000:
		return fmt.Errorf("train: keep_checkpoints %d out of range [0, 1000000] (0 keeps every epoch)", t.KeepCheckpoints)
	}
	if g := c.Net.GrowHidden; g != 0 {
		switch {
		case c.Net.Init == "":
			return fmt.Errorf("train: net.grow_hidden %d widens the net of net.init, and net.init is empty", g)
		case g < nn.HiddenAlign || g > nn.MaxHidden || g%nn.HiddenAlign != 0:
			return fmt.Errorf("train: net.grow_hidden %d must be a multiple of %d in [%d, %d]", g, nn.HiddenAlign, nn.HiddenAlign, nn.MaxHidden)
		}
	}
	if b := c.Net.GrowBuckets; b != 0 {
		switch {
		case c.Net.Init == "":
			return fmt.Errorf("train: net.grow_buckets %d needs net.init (the one-bucket net to grow), and net.init is empty", b)
		case b < 2 || b > nn.MaxBuckets:
			return fmt.Errorf("train: net.grow_buckets %d out of range [2, %d]", b, nn.MaxBuckets)
		}
	}
	if c.Net.Init == "" {
		if _, err := ParseActivation(c.Net.Activation); err != nil {
			return err
		}
		if _, err := c.featureSet(); err != nil {
			return err
		}
		// The first layer's width, checked here (not first by NewModel) so a
		// shape the engine cannot run is refused before any data is read.
		if h := c.Net.Hidden; h < nn.HiddenAlign || h > nn.MaxHidden || h%nn.HiddenAlign != 0 {
			return fmt.Errorf("train: net.hidden %d must be a multiple of %d in [%d, %d]", h, nn.HiddenAlign, nn.HiddenAlign, nn.MaxHidden)
		}
	}
	// The hidden layer keys are checked with net.init too (whose shape
	// then replaces them): a layer shape the engine cannot run is refused,
	// not ignored.
	if _, err := c.stack(); err != nil {
		return err
	}
	if err := c.schedule().Validate(); err != nil {
		return err
	}
	l := c.loss()
	if l.K == 0 {
		l.K = 400 // fitted to the data when the run starts
	}
	if err := l.Validate(); err != nil {
		return err
	}
	o := NewAdamW(0, t.WeightDecay, nil)
	return o.Validate(0)
}

// checkName refuses a run name that is no plain, visible file name: the
// final net is written as <out_dir>/<name>.nnue (an empty name wrote a
// hidden ".nnue"), so the name must be 1–200 bytes without a path
// separator, a NUL or a leading dot.
func checkName(name string) error {
	if name == "" || len(name) > 200 || name[0] == '.' || strings.ContainsAny(name, "/\\\x00") {
		return fmt.Errorf("train: name %q must be a file name of 1 to 200 bytes without /, \\, NUL or a leading dot (the net is written as <out_dir>/<name>.nnue)", name)
	}
	return nil
}

// ParseActivation reads "screlu" or "crelu" (any case).
func ParseActivation(s string) (nn.Activation, error) {
	switch s {
	case "screlu", "SCReLU", "SCRELU":
		return nn.SCReLU, nil
	case "crelu", "CReLU", "CRELU":
		return nn.CReLU, nil
	}
	return 0, fmt.Errorf("train: unknown activation %q (want screlu or crelu)", s)
}

// stack returns the hidden layers, their activation, pairwise and stacks
// of the configured architecture, each checked and named in the error.
func (c *Config) stack() (nn.Arch, error) {
	var a nn.Arch
	n := c.Net
	if len(n.Layers) > nn.MaxLayers {
		return a, fmt.Errorf("train: net.layers has %d hidden layers, at most %d", len(n.Layers), nn.MaxLayers)
	}
	for i, l := range n.Layers {
		if l < nn.LayerAlign || l > nn.MaxLayerSize || l%nn.LayerAlign != 0 {
			return a, fmt.Errorf("train: net.layers[%d] = %d must be a multiple of %d in [%d, %d]", i, l, nn.LayerAlign, nn.LayerAlign, nn.MaxLayerSize)
		}
		a.Layers[i] = l
	}
	switch {
	case len(n.Layers) == 0 && n.HiddenActivation != "":
		return a, fmt.Errorf("train: net.hidden_activation %q without net.layers", n.HiddenActivation)
	case len(n.Layers) == 0 && n.Stacks:
		return a, fmt.Errorf("train: net.stacks without net.layers (the stacks are hidden layers)")
	case n.Pairwise && n.Activation != "crelu" && n.Activation != "CReLU" && n.Activation != "CRELU":
		return a, fmt.Errorf("train: net.pairwise needs net.activation = \"crelu\" (the product of two clipped halves is already quadratic), not %q", n.Activation)
	}
	if len(n.Layers) > 0 {
		a.HiddenActivation = nn.CReLU
		if n.HiddenActivation != "" {
			act, err := ParseActivation(n.HiddenActivation)
			if err != nil {
				return a, fmt.Errorf("train: net.hidden_activation %q (want screlu or crelu)", n.HiddenActivation)
			}
			a.HiddenActivation = act
		}
	}
	a.Pairwise, a.Stacks = n.Pairwise, n.Stacks
	return a, nil
}

// featureSet returns the configured feature set (the game's plain set when
// none is named), checked against the game.
func (c *Config) featureSet() (*features.Set, error) {
	if err := c.Game.Check(); err != nil {
		return nil, err
	}
	g := c.Game.Variant()
	if c.Net.Features == "" {
		return features.Default(g), nil
	}
	s, err := features.ByName(c.Net.Features)
	if err != nil {
		return nil, fmt.Errorf("train: net.features: %w", err)
	}
	if s.Game != g {
		return nil, fmt.Errorf("train: net.features %s is a %v set, the run is %v", s.Name, s.Game, g)
	}
	return s, nil
}

// workers returns the goroutine count (all cores when 0).
func (c *Config) workers() int {
	if c.Train.Workers > 0 {
		return c.Train.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// stepsPerEpoch returns whole batches per epoch.
func (c *Config) stepsPerEpoch() int64 {
	return c.Train.PositionsPerEpoch / int64(c.Train.BatchSize)
}

func (c *Config) schedule() Schedule {
	t := c.Train
	return Schedule{Kind: t.Schedule, LR: t.LR, Warmup: t.Warmup, StepsPerEpoch: max(c.stepsPerEpoch(), 1),
		Epochs: t.Epochs, StepEpochs: t.StepEpochs, Gamma: t.Gamma, Final: t.FinalLR}
}

func (c *Config) loss() Loss {
	return Loss{K: c.Loss.K, EvalScale: nn.DefaultScale, Lambda: c.Loss.Lambda, Power: c.Loss.Power}
}

func (c *Config) filter() datasets.Filter {
	d := c.Data
	return datasets.Filter{SkipInCheck: d.SkipInCheck, SkipCaptures: d.SkipCaptures, SkipBestCaptures: d.SkipBestCaptures,
		MinPly: d.MinPly, MaxAbsScore: d.MaxAbsScore, RandomSkip: d.RandomSkip, Seed: c.Train.Seed}
}

// fingerprint hashes the settings a resumed run must share with the run
// that wrote the checkpoint: everything but the epoch count, the worker
// count, the final-net choice, the run name and the output directory.
func (c Config) fingerprint() string {
	c.Name, c.OutDir, c.Train.Epochs, c.Train.Workers, c.Train.Keep = "", "", 0, 0, ""
	sum := sha256.Sum256(c.TOML())
	return hex.EncodeToString(sum[:8])
}

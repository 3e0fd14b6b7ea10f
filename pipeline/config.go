// The pipeline configuration: one TOML file with [selfplay], [train] and [match] tables.
package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/BurntSushi/toml"

	"dualnnue/configs"
	"dualnnue/match"
	"dualnnue/position"
	"dualnnue/selfplay"
	"dualnnue/train"
)

// MatchConfig is the new-vs-current match of each generation, and the
// optional match of the best net against a baseline engine.
type MatchConfig struct {
	Games       int    `toml:"games"`
	TC          string `toml:"tc"` // nodes=N, depth=N, movetime=MS or x+y
	Concurrency int    `toml:"concurrency"`
	// Openings is an EPD/FEN file; "" uses the embedded configs/openings set.
	Openings string `toml:"openings"`
	// SPRT "elo0,elo1,alpha,beta" stops the match early; with a decision,
	// H1 accepts the new net.
	SPRT string `toml:"sprt"`
	// MinElo: without an SPRT decision the new net is kept when its Elo
	// estimate exceeds MinElo.
	MinElo   float64 `toml:"min_elo"`
	MaxPlies int     `toml:"max_plies"`
	// Baseline is an engine description for match.ParseEngine (e.g.
	// "cmd=fairy-stockfish name=fsf"); "" for none. The best net plays
	// BaselineGames games against it at BaselineTC after each generation.
	Baseline      string `toml:"baseline"`
	BaselineTC    string `toml:"baseline_tc"`
	BaselineGames int    `toml:"baseline_games"`
	// ClassicGames: when the best evaluator is already a net, the candidate
	// also plays this many games against the hand-written evaluation (at
	// TC), so every generation reports its strength against both; 0: as
	// many as Games, -1: none.
	ClassicGames int `toml:"classic_games"`
}

// Config is a pipeline run.
type Config struct {
	Game        position.VariantName `toml:"game"` // "xiangqi" or "chess" in the file
	Generations int                  `toml:"generations"`
	// RunDir is the run directory; "" makes runs/<game>-<time>.
	RunDir string `toml:"run_dir"`
	// FineTune starts each generation's training from the current best net
	// (generation 0: the embedded default net) instead of random weights;
	// the net's architecture then replaces train.net. Default false: each
	// generation trains the configured architecture from scratch on all its
	// data, as the field does.
	FineTune bool `toml:"fine_tune"`
	// DataWindow trains on the data of the last DataWindow generations
	// (0, the default: every generation's, which keeps earlier generations
	// in the mix).
	DataWindow int `toml:"data_window"`
	// ExtraData are dataset files or globs added to every generation's
	// training data (e.g. an earlier run's or a shared generation-0 set).
	ExtraData []string `toml:"extra_data"`
	// MatchData makes each generation's match games training data too:
	// after its matches, the gating match's games (match.pgn) and the
	// candidate's against the hand-written evaluation (classic.pgn; not
	// the baseline engine's, whose scores are another engine's) are
	// imported with each move's search score unscaled as self-play's
	// labels are (search.Params.TrainingScore, this build's settings) into
	// gen-NNN/match-data/<game>.dnds, which the later generations train on
	// within DataWindow as they do on self-play data: generation g on the
	// match games of generations g−DataWindow+1 … g−1 (every earlier one
	// with DataWindow 0; DataWindow 1 is refused with MatchData, as no
	// generation would train on them). Games at 1 s + 0.01 s search 9–12
	// plies a move, deeper than self-play's node budget: the
	// chess net fine-tuned with such games gained +59 Elo (docs/nets.md,
	// "Tenth round"). Default false.
	MatchData bool `toml:"match_data"`
	// ResultWeight[g] is generation g's weight of the game result in the
	// training target (bullet's wdl, 1 − λ); the last entry holds for later
	// generations; empty: train.loss.lambda throughout. The field uses about
	// 0.1 while the teacher is the hand-written evaluation and 0.3–0.5 later.
	ResultWeight []float64 `toml:"result_weight"`

	Selfplay selfplay.Config `toml:"selfplay"`
	Train    train.Config    `toml:"train"`
	Match    MatchConfig     `toml:"match"`
	Cluster  ClusterConfig   `toml:"cluster"`
}

// ParseConfig reads a pipeline TOML file over the defaults of its game:
// the embedded selfplay-<game>.toml and train-<game>.toml. Unknown keys are
// errors; so are a missing game and a game other than "xiangqi" or "chess"
// (the decoder's error, naming the key's line).
func ParseConfig(data []byte) (Config, error) {
	var head struct {
		Game position.VariantName `toml:"game"`
	}
	if _, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&head); err != nil {
		return Config{}, fmt.Errorf("pipeline config: %w", err)
	}
	if head.Game == 0 {
		return Config{}, fmt.Errorf(`pipeline config: game must be xiangqi or chess, got ""`)
	}
	c := Config{Game: head.Game, Generations: 1,
		Match: MatchConfig{Games: 40, TC: "1+0.01", Concurrency: 2, MinElo: 0, MaxPlies: 300}}
	spData, err := configs.Read("selfplay-" + head.Game.String() + ".toml")
	if err != nil {
		return c, err
	}
	if c.Selfplay, err = selfplay.ParseConfig(spData); err != nil {
		return c, err
	}
	trData, err := configs.Read("train-" + head.Game.String() + ".toml")
	if err != nil {
		return c, err
	}
	if c.Train, err = train.ParseConfig(trData); err != nil {
		return c, err
	}
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&c)
	if err != nil {
		return c, fmt.Errorf("pipeline config: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return c, fmt.Errorf("pipeline config: unknown keys: %s", strings.Join(keys, ", "))
	}
	if err := selfplay.CheckUnsigned(data, &c); err != nil {
		return c, fmt.Errorf("pipeline config: %w", err)
	}
	if err := selfplay.CheckExplicit(md, &c.Selfplay, "selfplay"); err != nil {
		return c, fmt.Errorf("pipeline config: selfplay: %w", err)
	}
	c.Cluster.defaults()
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("pipeline config: %w", err)
	}
	return c, nil
}

// Default returns the embedded pipeline-<game>.toml.
func Default(game position.Variant) (Config, error) {
	data, err := configs.Read("pipeline-" + game.String() + ".toml")
	if err != nil {
		return Config{}, err
	}
	return ParseConfig(data)
}

// MaxGenerations bounds Config.Generations (and play pipeline -generations).
const MaxGenerations = 1000

// maxConcurrency bounds match.concurrency (games played at once).
const maxConcurrency = 256

// lambda returns the training target's λ of generation gen (1 − the
// result weight).
func (c *Config) lambda(gen int) float64 {
	if len(c.ResultWeight) == 0 {
		return c.Train.Loss.Lambda
	}
	return 1 - c.ResultWeight[min(gen, len(c.ResultWeight)-1)]
}

// Validate checks the pipeline-level fields (the stages validate their own).
func (c *Config) Validate() error {
	var errs []error
	if c.Generations < 1 || c.Generations > MaxGenerations {
		errs = append(errs, fmt.Errorf("generations %d out of range [1, %d]", c.Generations, MaxGenerations))
	}
	if c.DataWindow < 0 {
		errs = append(errs, fmt.Errorf("data_window must be >= 0 (0: every generation), got %d", c.DataWindow))
	}
	if c.MatchData && c.DataWindow == 1 {
		// Generation g trains on its own self-play only, and its match games
		// are played after its training: no generation would train on them.
		errs = append(errs, fmt.Errorf("match_data with data_window = 1 trains on no match game (a generation's window is its own self-play, its matches come after its training); set data_window to 0 or >= 2, or leave match_data out"))
	}
	for _, w := range c.ResultWeight {
		if !(w >= 0 && w <= 1) {
			errs = append(errs, fmt.Errorf("result_weight entries must be in [0, 1], got %v", w))
			break
		}
	}
	if c.Match.ClassicGames < -1 {
		errs = append(errs, fmt.Errorf("match.classic_games must be >= -1, got %d", c.Match.ClassicGames))
	}
	if c.Match.Games <= 0 {
		errs = append(errs, fmt.Errorf("match.games must be > 0"))
	}
	if c.Match.Concurrency < 1 || c.Match.Concurrency > maxConcurrency {
		errs = append(errs, fmt.Errorf("match.concurrency must be in 1..%d, got %d", maxConcurrency, c.Match.Concurrency))
	}
	// The stages play the pipeline's game: a stage table naming another
	// one is a mistake, not something to override silently.
	if c.Selfplay.Game != 0 && c.Selfplay.Game != c.Game {
		errs = append(errs, fmt.Errorf("selfplay.game %q contradicts the pipeline's game %q (leave it out)", c.Selfplay.Game, c.Game))
	}
	if c.Train.Game != 0 && c.Train.Game != c.Game {
		errs = append(errs, fmt.Errorf("train.game %q contradicts the pipeline's game %q (leave it out)", c.Train.Game, c.Game))
	}
	if c.Match.Baseline != "" && c.Match.BaselineGames <= 0 {
		errs = append(errs, fmt.Errorf("match.baseline_games must be > 0 with a baseline"))
	}
	// Everything the later stages parse is checked now, not after hours of
	// self-play and training.
	if _, err := match.ParseTimeControl(c.Match.TC); err != nil {
		errs = append(errs, fmt.Errorf("match.tc: %w", err))
	}
	if c.Match.SPRT != "" {
		if _, err := match.ParseSPRT(c.Match.SPRT); err != nil {
			errs = append(errs, fmt.Errorf("match.sprt: %w", err))
		}
	}
	if c.Match.Baseline != "" {
		if _, err := match.ParseEngine(c.Match.Baseline); err != nil {
			errs = append(errs, fmt.Errorf("match.baseline: %w", err))
		}
	}
	if c.Match.BaselineTC != "" {
		if _, err := match.ParseTimeControl(c.Match.BaselineTC); err != nil {
			errs = append(errs, fmt.Errorf("match.baseline_tc: %w", err))
		}
	}
	if c.Match.MaxPlies < 0 || math.IsNaN(c.Match.MinElo) || math.IsInf(c.Match.MinElo, 0) {
		errs = append(errs, fmt.Errorf("match.max_plies must be >= 0 and match.min_elo finite"))
	}
	sp := c.Selfplay
	sp.Game, sp.Output, sp.Shard, sp.Shards = c.Game, "data", 0, 1
	if err := sp.Validate(); err != nil {
		errs = append(errs, fmt.Errorf("selfplay: %w", err))
	} else if sp.Games == selfplay.UntilStopped {
		errs = append(errs, fmt.Errorf("selfplay: games = -1 (until stopped) cannot make a generation: give a game count"))
	}
	if err := c.Cluster.validate(); err != nil {
		errs = append(errs, err)
	}
	tr := c.Train
	tr.Game, tr.OutDir = c.Game, "train"
	if tr.Net.GrowHidden != 0 {
		// Each generation fine-tunes the best net so far: a net grown once
		// cannot grow to the same width again, so the key would fail a later
		// generation after its self-play. Grow a net with cmd/train and
		// start the pipeline from it instead.
		errs = append(errs, fmt.Errorf("train: net.grow_hidden %d is for one run of cmd/train, not a pipeline, whose generations start from the best net so far (a grown net cannot grow again to the same width): grow the net with `train -init NET -grow-hidden N` and start the pipeline from it", tr.Net.GrowHidden))
		tr.Net.GrowHidden = 0
	}
	if tr.Net.GrowBuckets != 0 {
		// The same for output buckets: a net grown to B buckets has more
		// than one, and only a one-bucket net grows them.
		errs = append(errs, fmt.Errorf("train: net.grow_buckets %d is for one run of cmd/train, not a pipeline, whose generations start from the best net so far (a net with buckets cannot grow them again): grow the net with `train -init NET -grow-buckets B` and start the pipeline from it", tr.Net.GrowBuckets))
		tr.Net.GrowBuckets = 0
	}
	if err := tr.Validate(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// The self-play configuration (TOML) and its validation.
package selfplay

import (
	"bytes"
	"dualnnue/position"
	"dualnnue/variants"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"

	"github.com/BurntSushi/toml"
)

// SearchConfig is the per-move search budget.
type SearchConfig struct {
	// SoftNodes finishes the iteration in progress once this many nodes are used.
	SoftNodes uint64 `toml:"soft_nodes"`
	// HardNodes is an absolute cap per move (0: none).
	HardNodes uint64 `toml:"hard_nodes"`
	// Depth > 0 searches to a fixed depth instead.
	Depth int `toml:"depth"`
}

// OpeningConfig makes games diverse.
type OpeningConfig struct {
	// RandomPlies random moves start each game (after the book line, if any).
	RandomPlies int `toml:"random_plies"`
	// MultiPVMargin > 0 picks random plies among the moves a MultiPV search
	// scores within this many centipawns of the best; 0 picks uniformly
	// among the legal moves.
	MultiPVMargin int `toml:"multipv_margin"`
	// Book is an EPD/FEN file, one opening position per line; game i uses
	// line i mod lines.
	Book string `toml:"book"`
	// RandomPliesMax > RandomPlies draws each game's number of random plies
	// uniformly from RandomPlies..RandomPliesMax (8 or 9, as Stormphrax,
	// Viridithas and Willow do, balances the side to move of the exits).
	RandomPliesMax int `toml:"random_plies_max"`
	// SafeRandom draws each random ply among the moves that lose no
	// material by static exchange (SEE ≥ 0) when there are any, so random
	// openings do not hang a rook or cannon for nothing (Viridithas prefers
	// such moves too).
	SafeRandom bool `toml:"safe_random"`
	// VerifyNodes > 0 searches the exit of the random plies with this many
	// soft nodes and redraws the opening when the score is beyond
	// ±VerifyScore centipawns (Stormphrax, Viridithas: 1,000), so games
	// start from playable positions.
	VerifyNodes uint64 `toml:"verify_nodes"`
	VerifyScore int    `toml:"verify_score"`
}

// AdjudicationConfig ends games early.
type AdjudicationConfig struct {
	ResignScore  int `toml:"resign_score"`
	ResignPlies  int `toml:"resign_plies"`
	DrawScore    int `toml:"draw_score"`
	DrawPlies    int `toml:"draw_plies"`
	DrawAfterPly int `toml:"draw_after_ply"`
	MaxPlies     int `toml:"max_plies"`
	// ScoreLimit > 0 is written into the file header as the |score| above
	// which readers should skip positions; positions are always stored with
	// their game result (the chain needs every move).
	ScoreLimit int `toml:"score_limit"`
}

// UntilStopped as Config.Games plays until the run is stopped.
const UntilStopped = -1

// untilStoppedGames is the game count of a run until stopped: game indices
// (and seeds) as if the run had that many games, more than any run plays.
const untilStoppedGames = 1 << 40

// runGames is the game count that indexes the run's games.
func (c *Config) runGames() int {
	if c.Games == UntilStopped {
		return untilStoppedGames
	}
	return c.Games
}

// Config is one self-play run. The TOML keys are the snake_case names in
// the struct tags; configs/selfplay-*.toml are examples.
type Config struct {
	Game position.VariantName `toml:"game"` // "xiangqi" or "chess" in the file
	// Games is the number of games in the whole run (all shards), or
	// UntilStopped (-1): play until stopped (SIGINT/SIGTERM; -resume
	// continues), with no game count and no time-left estimate.
	Games   int    `toml:"games"`
	Threads int    `toml:"threads"`
	Seed    uint64 `toml:"seed"`
	Output  string `toml:"output"` // directory of the dataset files
	// Eval is the evaluator as variants.ParseEvalChoice reads it: "hand"
	// or "classic" (the hand-written evaluation, the default), "embedded"
	// or "default" (the embedded net) or the path of a net file. The text
	// is written into the dataset header as given.
	Eval    string `toml:"eval"`
	HashMiB int    `toml:"hash_mib"` // TT per worker
	// FlushSeconds closes the dataset block in progress when it is older
	// than this (default 60): a killed run loses at most that much work.
	FlushSeconds float64 `toml:"flush_seconds"`
	// CheckChaseLoses judges xiangqi "one check, one chase" in a repetition
	// as a perpetual chase, a loss for the chaser (the WXF/Chinese reading);
	// false (the default) draws it, as the AXF rules, Fairy-Stockfish and
	// Pikafish do. It is set on each worker's position (the rule options
	// ride in the position), so the searches and the adjudication agree.
	CheckChaseLoses bool `toml:"check_chase_loses"`

	Search       SearchConfig       `toml:"search"`
	Opening      OpeningConfig      `toml:"opening"`
	Adjudication AdjudicationConfig `toml:"adjudication"`

	// Shard and Shards select this process's part of the run (not from TOML).
	Shard, Shards int `toml:"-"`
	// Resume continues the files of an earlier run of the same shard.
	Resume bool `toml:"-"`

	// evalChoice is Eval parsed by Validate.
	evalChoice variants.EvalChoice
}

// ParseConfig decodes TOML, rejecting unknown keys so typos are not ignored.
func ParseConfig(data []byte) (Config, error) {
	var c Config
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&c)
	if err != nil {
		return c, fmt.Errorf("selfplay config: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return c, fmt.Errorf("selfplay config: unknown keys: %s", strings.Join(keys, ", "))
	}
	if err := CheckUnsigned(data, &c); err != nil {
		return c, fmt.Errorf("selfplay config: %w", err)
	}
	if err := CheckExplicit(md, &c); err != nil {
		return c, fmt.Errorf("selfplay config: %w", err)
	}
	c.Shards = 1
	return c, nil
}

// CheckExplicit reports a value that TOML data gave explicitly but that
// Validate would take for "unset" and replace by its default: hash_mib = 0
// or below (a TT of no size), flush_seconds = 0. path is the table the
// self-play config was decoded from ("selfplay" in a pipeline config,
// nothing in a self-play config).
func CheckExplicit(md toml.MetaData, c *Config, path ...string) error {
	key := func(k string) []string { return append(append([]string(nil), path...), k) }
	if md.IsDefined(key("hash_mib")...) && c.HashMiB <= 0 {
		return fmt.Errorf("hash_mib must be > 0, got %d (leave it out for the default 8)", c.HashMiB)
	}
	if md.IsDefined(key("flush_seconds")...) && c.FlushSeconds == 0 {
		return fmt.Errorf("flush_seconds must be > 0 (leave it out for the default 60)")
	}
	return nil
}

// CheckUnsigned reports a negative integer that TOML data gives for an
// unsigned field of the struct v points to (the toml tags name the keys,
// tables are followed into nested structs). BurntSushi/toml v1.6 decodes
// "seed = -1" into a uint64 as 18446744073709551615 without an error, and
// "soft_nodes = -5" as an unlimited budget.
func CheckUnsigned(data []byte, v any) error {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return err
	}
	return checkUnsigned(raw, reflect.TypeOf(v).Elem(), "")
}

func checkUnsigned(raw map[string]any, t reflect.Type, path string) error {
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		v, ok := raw[name]
		if !ok {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if n, ok := v.(int64); ok && n < 0 {
				return fmt.Errorf("%s%s must be >= 0, got %d", path, name, n)
			}
		case reflect.Struct:
			if m, ok := v.(map[string]any); ok {
				if err := checkUnsigned(m, f.Type, path+name+"."); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ruleOptions are the rule options the run's positions are judged by.
func (c *Config) ruleOptions() variants.RuleOptions {
	return variants.RuleOptions{CheckChaseIsChase: c.CheckChaseLoses}
}

// maxFlushSeconds bounds flush_seconds (a week), far below the overflow of
// a time.Duration.
const maxFlushSeconds = 7 * 24 * 3600

// Validate checks every field and fills defaults (0 means the default for
// Threads: all cores; HashMiB: 8; FlushSeconds: 60).
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if err := c.Game.Check(); err != nil {
		bad("game: %v", err)
	}
	if c.Games <= 0 && c.Games != UntilStopped {
		bad("games must be > 0, or -1 to play until stopped, got %d", c.Games)
	}
	if c.Threads < 0 {
		bad("threads must be >= 0, got %d", c.Threads)
	}
	if c.Threads == 0 {
		c.Threads = runtime.NumCPU()
	}
	if c.Output == "" {
		bad("output directory is empty")
	}
	if c.Eval == "" {
		c.Eval = "classic"
	}
	if ch, err := variants.ParseEvalChoice(c.Eval); err != nil {
		bad("eval: %v", err)
	} else {
		c.evalChoice = ch
	}
	if c.HashMiB < 0 {
		bad("hash_mib must be > 0, got %d", c.HashMiB)
	}
	if c.HashMiB == 0 {
		c.HashMiB = 8
	}
	if !(c.FlushSeconds >= 0 && c.FlushSeconds <= maxFlushSeconds) { // NaN included
		bad("flush_seconds must be in (0, %d], got %v", maxFlushSeconds, c.FlushSeconds)
	}
	if c.FlushSeconds == 0 {
		c.FlushSeconds = 60
	}
	if c.Search.Depth <= 0 && c.Search.SoftNodes == 0 && c.Search.HardNodes == 0 {
		bad("search: set soft_nodes/hard_nodes or depth")
	}
	if c.Search.Depth < 0 || c.Search.Depth > 60 {
		bad("search.depth must be in 0..60, got %d", c.Search.Depth)
	}
	if c.Opening.RandomPlies < 0 || c.Opening.RandomPlies > 40 {
		bad("opening.random_plies must be in 0..40, got %d", c.Opening.RandomPlies)
	}
	if c.Opening.RandomPliesMax != 0 && (c.Opening.RandomPliesMax < c.Opening.RandomPlies || c.Opening.RandomPliesMax > 40) {
		bad("opening.random_plies_max must be 0 or in random_plies..40, got %d", c.Opening.RandomPliesMax)
	}
	if c.Opening.VerifyNodes > 0 && c.Opening.VerifyScore <= 0 {
		bad("opening.verify_score must be > 0 with verify_nodes, got %d", c.Opening.VerifyScore)
	}
	if c.Opening.MultiPVMargin < 0 {
		bad("opening.multipv_margin must be >= 0")
	}
	if c.Threads > 4096 {
		bad("threads must be at most 4096, got %d", c.Threads)
	}
	if c.HashMiB > 1<<16 {
		bad("hash_mib must be at most 65536, got %d", c.HashMiB)
	}
	a := &c.Adjudication
	if a.ResignPlies > 0 && a.ResignScore <= 0 {
		// With 0 every score, a dead draw included, names a "winner".
		bad("adjudication.resign_score must be > 0 when resign_plies is set")
	}
	if a.MaxPlies <= 0 || a.MaxPlies > 2000 {
		bad("adjudication.max_plies must be in 1..2000, got %d", a.MaxPlies)
	}
	if a.ResignScore < 0 || a.ResignPlies < 0 || a.DrawScore < 0 || a.DrawPlies < 0 || a.DrawAfterPly < 0 || a.ScoreLimit < 0 {
		bad("adjudication values must be >= 0")
	}
	if c.Shards <= 0 {
		c.Shards = 1
	}
	if c.Shard < 0 || c.Shard >= c.Shards {
		bad("shard %d is outside 0..%d", c.Shard, c.Shards-1)
	}
	return errors.Join(errs...)
}

// SearchLimits describes the per-move budget for the file header.
func (c *Config) SearchLimits() string {
	if c.Search.Depth > 0 {
		return fmt.Sprintf("depth=%d", c.Search.Depth)
	}
	return fmt.Sprintf("soft_nodes=%d hard_nodes=%d", c.Search.SoftNodes, c.Search.HardNodes)
}

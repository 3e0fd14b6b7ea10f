// The tuning run: the engine's options checked, iterations played with package match, state saved.
package tune

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"dualnnue/match"
	"dualnnue/notation"
	"dualnnue/position"
)

// Config is one SPSA tune of an engine's options.
type Config struct {
	Game   position.Variant
	Engine match.EngineConfig
	Params []Param
	// ParamsSHA256 identifies the parameter file (its bytes' hash).
	ParamsSHA256 string
	Iterations   int
	// Pairs is the number of game pairs per iteration (both with the same
	// perturbation, colours reversed within a pair); Concurrency the
	// number of pairs played at once.
	Pairs, Concurrency int
	TC                 match.TimeControl
	// Openings are used in order, Pairs successive ones per iteration
	// (iteration k starts at opening (k−1)·Pairs, wrapping around).
	Openings     []notation.Opening
	Adjudication match.Adjudication
	Seed         uint64
	// StatePath is rewritten after every iteration; OutPath receives the
	// final values ("NAME = VALUE" lines, under the TOML table header
	// "[Section]" when Section is set) when the last iteration is done.
	StatePath, OutPath string
	Section            string
	// Progress receives one line per iteration (nil: none).
	Progress io.Writer
	// Play plays one iteration's games: plus and minus are the engine
	// with the two perturbed settings, openings those of the iteration; it
	// returns plus's wins, draws, losses and the games lost by an
	// engine's fault. nil: package match (MatchPlayer).
	Play func(ctx context.Context, cfg *Config, plus, minus match.EngineConfig, openings []notation.Opening) (w, d, l, faults int, err error)
}

// ErrInterrupted is Run's error when its context was cancelled: the
// iteration in flight is dropped, the state file holds the last finished
// one, and the same command resumes.
var ErrInterrupted = errors.New("tune: interrupted")

// InputError is an error of the tune's input – its settings, parameters
// the engine does not have or ranges it refuses, a state file of another
// tune – as opposed to a failure while playing (play tune exits 2 for it).
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func badInput(err error) error { return &InputError{err} }

// Result is what Run leaves: the tuner (θ after K iterations) and totals.
type Result struct {
	Tuner   *Tuner
	W, D, L int
	Faults  int
	// Resumed is the iteration the run resumed from (0: a new tune);
	// Saved the iteration the state file holds (a resume starts after it).
	Resumed, Saved int
}

// SHA256 is the hex hash of data (the parameter and opening files' identity).
func SHA256(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Validate checks the run's settings (not the engine).
func (c *Config) Validate() error {
	switch {
	case !c.Game.Valid():
		return fmt.Errorf("unknown game %v (want xiangqi or chess)", c.Game)
	case len(c.Params) == 0:
		return fmt.Errorf("no parameters")
	case c.Iterations <= 0:
		return fmt.Errorf("iterations must be > 0, got %d", c.Iterations)
	case c.Concurrency <= 0:
		return fmt.Errorf("concurrency must be > 0, got %d", c.Concurrency)
	case c.Pairs <= 0:
		return fmt.Errorf("pairs per iteration must be > 0, got %d", c.Pairs)
	case c.StatePath == "" || c.OutPath == "":
		return fmt.Errorf("no state or output file")
	}
	for _, o := range c.Engine.Options {
		for _, p := range c.Params {
			if strings.EqualFold(o.Name, p.Name) {
				return fmt.Errorf("option %s is set in the engine's description and tuned: leave it to the tune", o.Name)
			}
		}
	}
	for _, p := range c.Params {
		if err := checkName(p.Name); err != nil || p.Min >= p.Max || p.Start < p.Min || p.Start > p.Max || !(p.CEnd > 0) || !(p.REnd > 0) {
			return fmt.Errorf("parameter %s: bad settings %s", p.Name, p.Line())
		}
	}
	for _, f := range []string{c.StatePath, c.OutPath} {
		if st, err := os.Stat(filepath.Dir(f)); err != nil || !st.IsDir() {
			return fmt.Errorf("%s: its directory %s does not exist", f, filepath.Dir(f))
		}
	}
	return c.Adjudication.Validate()
}

// EngineOptions starts the engine cfg for game and returns its id name and
// its "option name ..." lines.
func EngineOptions(ctx context.Context, cfg match.EngineConfig, game position.Variant) (id string, lines []string, err error) {
	e, err := match.StartEngine(ctx, cfg, game, 20*time.Second)
	if err != nil {
		return "", nil, err
	}
	defer e.Close()
	return e.IDName, e.OptionLines, nil
}

// Prepare checks cfg, asks the engine for its options and checks the
// parameters against them, and loads the state file when one exists (a
// state of another run is refused, naming the difference). The returned
// tuner is at the state's iteration, or at 0. Nothing is written. Errors
// of the input are *InputError.
func Prepare(ctx context.Context, cfg *Config) (*Tuner, Identity, *State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, Identity{}, nil, badInput(err)
	}
	id, lines, err := EngineOptions(ctx, cfg.Engine, cfg.Game)
	if err != nil {
		return nil, Identity{}, nil, fmt.Errorf("engine: %w", err)
	}
	opts, err := CheckParams(cfg.Params, lines)
	if err != nil {
		return nil, Identity{}, nil, badInput(err)
	}
	ident := Identity{ParamsSHA256: cfg.ParamsSHA256, EngineID: id, Game: position.VariantName(cfg.Game), Iterations: cfg.Iterations,
		Pairs: cfg.Pairs, TC: cfg.TC.String(), OpeningsSHA256: openingsHash(cfg.Openings), Seed: cfg.Seed}
	for _, o := range opts {
		ident.Options = append(ident.Options, o.Line())
	}
	t := NewTuner(cfg.Params, DefaultSchedule(cfg.Iterations), cfg.Seed)
	st, ok, err := LoadState(cfg.StatePath)
	if err != nil {
		return nil, ident, nil, badInput(err)
	}
	if !ok {
		return t, ident, nil, nil
	}
	if why := st.Identity.Mismatch(ident); why != "" {
		return nil, ident, nil, badInput(fmt.Errorf("state file %s belongs to another tune: it was made with %s; give the same settings to resume it, or remove it (or pick another -state) to start a new tune", cfg.StatePath, why))
	}
	if err := t.restore(st); err != nil {
		return nil, ident, nil, badInput(fmt.Errorf("state file %s: %w", cfg.StatePath, err))
	}
	return t, ident, &st, nil
}

func openingsHash(ops []notation.Opening) string {
	var b strings.Builder
	for _, o := range ops {
		b.WriteString(o.FEN)
		b.WriteByte('|')
		b.WriteString(strings.Join(o.Moves, " "))
		b.WriteByte('\n')
	}
	return SHA256([]byte(b.String()))
}

// Run tunes: it prepares (see Prepare), then plays iterations K+1..N, each
// one trial (Tuner.Next) played as cfg.Pairs game pairs of the engine with
// the Plus values against the engine with the Minus values, and moves θ by
// the result. After every iteration the state is written atomically, so a
// kill loses at most the iteration in flight; after the last the result
// file is written atomically. A cancelled ctx returns ErrInterrupted with
// the state of the last finished iteration.
func Run(ctx context.Context, cfg Config) (Result, error) {
	t, ident, st, err := Prepare(ctx, &cfg)
	if err != nil {
		return Result{}, err
	}
	res := Result{Tuner: t}
	if st != nil {
		res.W, res.D, res.L, res.Faults, res.Resumed, res.Saved = st.W, st.D, st.L, st.Faults, st.K, st.K
	}
	play := cfg.Play
	if play == nil {
		play = MatchPlayer
	}
	for t.K < cfg.Iterations {
		tr := t.Next()
		plus, minus := cfg.Engine, cfg.Engine
		plus.Name, minus.Name = "plus", "minus"
		plus.Options = append(append([]match.Option(nil), cfg.Engine.Options...), options(cfg.Params, tr.Plus)...)
		minus.Options = append(append([]match.Option(nil), cfg.Engine.Options...), options(cfg.Params, tr.Minus)...)
		w, d, l, faults, err := play(ctx, &cfg, plus, minus, iterationOpenings(cfg.Openings, tr.K, cfg.Pairs))
		if ctx.Err() != nil {
			return res, ErrInterrupted
		}
		if err != nil {
			return res, fmt.Errorf("iteration %d: %w", tr.K, err)
		}
		if err := t.Apply(tr, w, l); err != nil {
			return res, err
		}
		res.W, res.D, res.L, res.Faults = res.W+w, res.D+d, res.L+l, res.Faults+faults
		snap, err := t.snapshot(ident, res.W, res.D, res.L, res.Faults)
		if err == nil {
			err = SaveState(cfg.StatePath, snap)
		}
		if err != nil {
			return res, fmt.Errorf("iteration %d: saving the state: %w", tr.K, err)
		}
		res.Saved = tr.K
		if cfg.Progress != nil {
			fmt.Fprintln(cfg.Progress, progressLine(t, tr, w, d, l, &res))
		}
	}
	comment := fmt.Sprintf("SPSA: %d iterations of %d game pairs, %s, tc %s: W-D-L %d-%d-%d", cfg.Iterations, cfg.Pairs, cfg.Game, cfg.TC, res.W, res.D, res.L)
	if err := WriteFileAtomic(cfg.OutPath, t.Values(comment, cfg.Section)); err != nil {
		return res, fmt.Errorf("writing the result: %w", err)
	}
	return res, nil
}

// options are the engine options of values (integers for int parameters).
func options(params []Param, values []float64) []match.Option {
	out := make([]match.Option, len(params))
	for i, p := range params {
		out[i] = match.Option{Name: p.Name, Value: strconv.FormatFloat(values[i], 'g', -1, 64)}
		if !p.Float {
			out[i].Value = strconv.FormatInt(int64(values[i]), 10)
		}
	}
	return out
}

// iterationOpenings are the pairs openings of iteration k: successive
// ones from (k−1)·pairs, wrapping around (none: the start position).
func iterationOpenings(all []notation.Opening, k, pairs int) []notation.Opening {
	if len(all) == 0 {
		return nil
	}
	out := make([]notation.Opening, pairs)
	for i := range out {
		out[i] = all[((k-1)*pairs+i)%len(all)]
	}
	return out
}

// MatchPlayer plays an iteration with match.Run: 2·Pairs games,
// Concurrency pairs at once, plus as Engines[0].
func MatchPlayer(ctx context.Context, cfg *Config, plus, minus match.EngineConfig, openings []notation.Opening) (w, d, l, faults int, err error) {
	rep, err := match.Run(ctx, match.Config{Game: cfg.Game, Engines: [2]match.EngineConfig{plus, minus}, TC: cfg.TC,
		Games: 2 * cfg.Pairs, Concurrency: min(cfg.Concurrency, cfg.Pairs), Openings: openings, Adjudication: cfg.Adjudication,
		Event: "SPSA"})
	if err != nil {
		return 0, 0, 0, 0, err
	}
	if rep.Stopped != "" || rep.Games != 2*cfg.Pairs {
		return 0, 0, 0, 0, fmt.Errorf("match stopped after %d of %d games (%s)", rep.Games, 2*cfg.Pairs, rep.Stopped)
	}
	for i := range rep.Faults {
		for _, n := range rep.Faults[i] {
			faults += n
		}
	}
	return rep.Tri.W, rep.Tri.D, rep.Tri.L, faults, nil
}

// progressLine is one iteration's report: iteration, c_k and r_k as
// multiples of c_end and r_end (the same for every parameter but an int
// one at its 0.5 floor), this iteration's and the total W-D-L, and the
// three parameters furthest from their start (relative to their range):
//
//	iter 12/200  c_k 1.38·c_end  r_k 2.41·r_end  +1 =0 -1  total 10-4-10  Skill 47.3 (+7.3)  ...
func progressLine(t *Tuner, tr Trial, w, d, l int, res *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "iter %d/%d  c_k %.3g·c_end  r_k %.3g·r_end  +%d =%d -%d  total %d-%d-%d",
		tr.K, t.Sched.N, t.Sched.C(Param{CEnd: 1, Float: true}, tr.K), t.Sched.R(Param{CEnd: 1, REnd: 1, Float: true}, tr.K),
		w, d, l, res.W, res.D, res.L)
	if res.Faults > 0 {
		fmt.Fprintf(&b, " (%d faults)", res.Faults)
	}
	idx := make([]int, len(t.Params))
	for i := range idx {
		idx[i] = i
	}
	moved := func(i int) float64 { p := t.Params[i]; return math.Abs(t.Theta[i]-p.Start) / (p.Max - p.Min) }
	sort.SliceStable(idx, func(a, c int) bool { return moved(idx[a]) > moved(idx[c]) })
	for _, i := range idx[:min(3, len(idx))] {
		fmt.Fprintf(&b, "  %s %.4g (%+.3g)", t.Params[i].Name, t.Theta[i], t.Theta[i]-t.Params[i].Start)
	}
	return b.String()
}

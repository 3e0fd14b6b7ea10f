// Tests of a tuning run: a fake engine tuned by real matches, resume after a kill, refused states and settings.
package tune

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/match"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
)

// fakeEngine is testdata/fakeengine built once: a one-ply chess engine
// whose strength peaks at option Skill = 60.
var fakeEngine string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tune-test")
	if err != nil {
		panic(err)
	}
	fakeEngine = filepath.Join(dir, "fakeengine")
	if out, err := exec.Command("go", "build", "-o", fakeEngine, "./testdata/fakeengine").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.RemoveAll(dir)
		panic("go build: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const fakeParams = "Skill, int, 30, 0, 100, 5, 0.1\nFlat, int, 50, 0, 100, 5, 0.1\n"

// fakeConfig is a tune of the fake engine over n iterations in dir.
func fakeConfig(t *testing.T, dir, params string, n int, seed uint64) Config {
	t.Helper()
	ps, err := ParseParams([]byte(params))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := notation.ReadOpenings("../configs/openings/chess.epd", position.Chess, rules.Undecided)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Game: position.Chess, Engine: match.EngineConfig{Cmd: fakeEngine}, Params: ps, ParamsSHA256: SHA256([]byte(params)),
		Iterations: n, Pairs: 1, Concurrency: 1, TC: match.TimeControl{Nodes: 1}, Openings: ops,
		Adjudication: match.Adjudication{ResignScore: 500, ResignMoves: 2, MaxPlies: 200}, Seed: seed,
		StatePath: filepath.Join(dir, "tune.state"), OutPath: filepath.Join(dir, "tuned.toml")}
}

// TestTuneMovesSkillTowardBest: 60 iterations of one game pair each,
// played by package match between two copies of the fake engine, move
// Skill from 30 toward 60, where the engine plays best (Skill 30 loses
// about 80 % of its games against 60). Flat, which does nothing, only
// drifts. Over seeds 1..8 the final Skill was 46–61 and Flat 42–64
// (TUNE_SWEEP=1 go test -run SeedSweep -v prints them).
func TestTuneMovesSkillTowardBest(t *testing.T) {
	dir := t.TempDir()
	cfg := fakeConfig(t, dir, fakeParams, 60, 1)
	var progress strings.Builder
	cfg.Progress = &progress
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	skill := res.Tuner.Theta[0]
	t.Logf("Skill %.2f, Flat %.2f, W-D-L %d-%d-%d\n%s", skill, res.Tuner.Theta[1], res.W, res.D, res.L, progress.String())
	if skill < 45 {
		t.Fatalf("Skill %.2f: SPSA did not move it from 30 toward 60", skill)
	}
	if res.W+res.D+res.L != 120 || strings.Count(progress.String(), "\n") != 60 || !strings.HasPrefix(progress.String(), "iter 1/60  c_k 1.51·c_end  r_k ") {
		t.Fatalf("%d games, progress:\n%s", res.W+res.D+res.L, progress.String())
	}
	out, err := os.ReadFile(cfg.OutPath)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Skill = %d\nFlat = %d\n", int(math.Round(skill)), int(math.Round(res.Tuner.Theta[1])))
	if !strings.HasPrefix(string(out), "# SPSA: 60 iterations of 1 game pairs, chess, tc nodes=1: W-D-L ") || !strings.HasSuffix(string(out), want) {
		t.Fatalf("result file:\n%s\nwant it to end with\n%s", out, want)
	}
}

// TestSeedSweep prints the final Skill for seeds 1..8 (TUNE_SWEEP=1 go
// test -run SeedSweep -v): the evidence for TestTuneMovesSkillTowardBest's
// threshold.
func TestSeedSweep(t *testing.T) {
	if os.Getenv("TUNE_SWEEP") == "" {
		t.Skip("set TUNE_SWEEP=1 to run")
	}
	for seed := uint64(1); seed <= 8; seed++ {
		cfg := fakeConfig(t, t.TempDir(), fakeParams, 60, seed)
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: Skill %.2f Flat %.2f W-D-L %d-%d-%d", seed, res.Tuner.Theta[0], res.Tuner.Theta[1], res.W, res.D, res.L)
	}
}

// skillPlay is a fast stand-in for the games: the side whose Skill is
// nearer 60 wins both games of each pair, equal ones draw.
func skillPlay(ctx context.Context, cfg *Config, plus, minus match.EngineConfig, ops []notation.Opening) (w, d, l, f int, err error) {
	get := func(e match.EngineConfig) float64 {
		for _, o := range e.Options {
			if o.Name == "Skill" {
				var v float64
				fmt.Sscan(o.Value, &v)
				return math.Abs(v - 60)
			}
		}
		panic("no Skill option")
	}
	p, m := get(plus), get(minus)
	switch {
	case p < m:
		return 2 * cfg.Pairs, 0, 0, 0, nil
	case p > m:
		return 0, 0, 2 * cfg.Pairs, 0, nil
	}
	return 0, 2 * cfg.Pairs, 0, 0, nil
}

// TestResumeAfterKill: a run killed in the middle of iteration 13 (the
// games in flight are lost, the state holds iteration 12, no result file
// exists) and started again with the same settings ends with exactly the
// θ, totals, state and result file of an uninterrupted run with the same
// seed.
func TestResumeAfterKill(t *testing.T) {
	whole := fakeConfig(t, t.TempDir(), fakeParams, 30, 5)
	whole.Play = skillPlay
	want, err := Run(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	cfg := fakeConfig(t, t.TempDir(), fakeParams, 30, 5)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	cfg.Play = func(c context.Context, cf *Config, plus, minus match.EngineConfig, ops []notation.Opening) (int, int, int, int, error) {
		if calls++; calls == 13 {
			cancel() // the kill: the iteration's games never finish
			return 1, 0, 0, 0, c.Err()
		}
		return skillPlay(c, cf, plus, minus, ops)
	}
	if res, err := Run(ctx, cfg); !errors.Is(err, ErrInterrupted) || res.Saved != 12 {
		t.Fatalf("interrupted run: %v, saved iteration %d", err, res.Saved)
	}
	st, ok, err := LoadState(cfg.StatePath)
	if err != nil || !ok || st.K != 12 {
		t.Fatalf("state after the kill: k %d, %v %v", st.K, ok, err)
	}
	if _, err := os.Stat(cfg.OutPath); !os.IsNotExist(err) {
		t.Fatalf("a result file exists after the kill: %v", err)
	}
	cfg.Play = skillPlay
	got, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got.Resumed != 12 || !reflect.DeepEqual(got.Tuner.Theta, want.Tuner.Theta) || got.W != want.W || got.D != want.D || got.L != want.L {
		t.Fatalf("resumed at %d: θ %v W-D-L %d-%d-%d, uninterrupted θ %v W-D-L %d-%d-%d",
			got.Resumed, got.Tuner.Theta, got.W, got.D, got.L, want.Tuner.Theta, want.W, want.D, want.L)
	}
	for _, f := range []func(Config) string{func(c Config) string { return c.OutPath }, func(c Config) string { return c.StatePath }} {
		a, _ := os.ReadFile(f(whole))
		b, _ := os.ReadFile(f(cfg))
		if string(a) != string(b) || len(a) == 0 {
			t.Fatalf("%s differs from the uninterrupted run's:\n%s\n---\n%s", filepath.Base(f(cfg)), b, a)
		}
	}
	// θ moved: Skill from 30 toward 60 (every pair is decided here).
	if got.Tuner.Theta[0] <= 30 {
		t.Fatalf("Skill %v did not move up", got.Tuner.Theta[0])
	}
	// A finished tune run again plays nothing and rewrites the same result.
	again, err := Run(context.Background(), cfg)
	if err != nil || again.Resumed != 30 || !reflect.DeepEqual(again.Tuner.Theta, want.Tuner.Theta) {
		t.Fatalf("finished tune run again: %v %+v", err, again)
	}
}

// TestRefusedStates: a state file of another tune is refused, naming the
// difference, and left as it was.
func TestRefusedStates(t *testing.T) {
	dir := t.TempDir()
	base := fakeConfig(t, dir, fakeParams, 5, 1)
	base.Play = skillPlay
	if _, err := Run(context.Background(), base); err != nil {
		t.Fatal(err)
	}
	saved, _ := os.ReadFile(base.StatePath)
	edit := func(f func(*State)) {
		var s State
		if err := json.Unmarshal(saved, &s); err != nil {
			t.Fatal(err)
		}
		f(&s)
		if err := SaveState(base.StatePath, s); err != nil {
			t.Fatal(err)
		}
	}
	prefix := "state file " + base.StatePath + " belongs to another tune: it was made with "
	suffix := "; give the same settings to resume it, or remove it (or pick another -state) to start a new tune"
	other := fakeParams + "# tuned again\n"
	cases := []struct {
		name string
		cfg  func() Config
		edit func(*State)
		want string
	}{
		{"params", func() Config { c := fakeConfig(t, dir, other, 5, 1); return c }, nil,
			prefix + "another parameter file (sha256 " + SHA256([]byte(fakeParams))[:12] + "…, this one " + SHA256([]byte(other))[:12] + "…)" + suffix},
		{"engine id", func() Config { return base }, func(s *State) { s.Identity.EngineID = "old build" },
			prefix + `another engine (id name "old build", this one "fake tunable")` + suffix},
		{"engine options", func() Config { return base }, func(s *State) {
			s.Identity.Options[0] = "option name Skill type spin default 40 min 0 max 90"
		}, prefix + `another engine ("option name Skill type spin default 40 min 0 max 90", this one declares "option name Skill type spin default 40 min 0 max 100")` + suffix},
		{"iterations", func() Config { c := base; c.Iterations = 6; return c }, nil,
			prefix + "-iterations 5 (this run 6; the schedule depends on it)" + suffix},
		{"tc", func() Config { c := base; c.TC = match.TimeControl{Nodes: 2}; return c }, nil, prefix + "-tc nodes=1 (this run nodes=2)" + suffix},
		{"seed", func() Config { c := base; c.Seed = 2; return c }, nil, prefix + "-seed 1 (this run 2)" + suffix},
		{"openings", func() Config { c := base; c.Openings = c.Openings[1:]; return c }, nil, prefix + "another opening set" + suffix},
		{"version", func() Config { return base }, func(s *State) { s.Version = 9 },
			"state file " + base.StatePath + ": state version 9, this program reads 1"},
		{"value out of range", func() Config { return base }, func(s *State) { s.Theta[0] = 101 },
			"state file " + base.StatePath + ": state value of Skill 101 is outside [0, 100]"},
	}
	for _, c := range cases {
		if c.edit != nil {
			edit(c.edit)
		} else {
			_ = WriteFileAtomic(base.StatePath, saved)
		}
		before, _ := os.ReadFile(base.StatePath)
		_, err := Run(context.Background(), c.cfg())
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
		after, _ := os.ReadFile(base.StatePath)
		if string(after) != string(before) {
			t.Errorf("%s: the refused state file was changed", c.name)
		}
	}
	if err := os.WriteFile(base.StatePath, []byte("{\"k\": 3, \"theta\": [1,"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), base); err == nil || !strings.HasPrefix(err.Error(), "state file "+base.StatePath+": ") {
		t.Errorf("truncated state: %v", err)
	}
}

// TestRefusedSettings: bad settings and parameters the engine does not
// have fail before any game, and write nothing.
func TestRefusedSettings(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"iterations", func(c *Config) { c.Iterations = 0 }, "iterations must be > 0, got 0"},
		{"pairs", func(c *Config) { c.Pairs = -1 }, "pairs per iteration must be > 0, got -1"},
		{"concurrency", func(c *Config) { c.Concurrency = 0 }, "concurrency must be > 0, got 0"},
		{"unknown", func(c *Config) { c.Params[1].Name = "Flatt" },
			"unknown parameter Flatt: the engine has no spin option of that name (its tunables: Skill, Flat)"},
		{"range", func(c *Config) { c.Params[0].Max = 120 }, "parameter Skill: range [0, 120] exceeds the engine's [0, 100]"},
		{"engine", func(c *Config) { c.Engine.Cmd = filepath.Join(dir, "missing") }, "engine: start " + filepath.Join(dir, "missing") + ": "},
		{"adjudication", func(c *Config) { c.Adjudication.ResignScore = 0 }, "adjudication: resign needs a score threshold > 0"},
		{"no directory", func(c *Config) { c.OutPath = filepath.Join(dir, "nodir", "tuned.toml") },
			filepath.Join(dir, "nodir", "tuned.toml") + ": its directory " + filepath.Join(dir, "nodir") + " does not exist"},
		{"option set twice", func(c *Config) {
			c.Engine.Options = []match.Option{{Name: "Hash", Value: "8"}, {Name: "skill", Value: "50"}}
		},
			"option skill is set in the engine's description and tuned: leave it to the tune"},
	}
	for _, c := range cases {
		cfg := fakeConfig(t, dir, fakeParams, 5, 1)
		cfg.Play = func(context.Context, *Config, match.EngineConfig, match.EngineConfig, []notation.Opening) (int, int, int, int, error) {
			t.Fatalf("%s: a game was played", c.name)
			return 0, 0, 0, 0, nil
		}
		c.edit(&cfg)
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("%s: files were written: %v", c.name, entries)
		}
	}
}

// TestFailedIterationKeepsState: an iteration whose games fail (an engine
// that cannot start any more) ends the run with the error; the state still
// holds the last finished iteration and no result is written.
func TestFailedIterationKeepsState(t *testing.T) {
	cfg := fakeConfig(t, t.TempDir(), fakeParams, 10, 1)
	calls := 0
	cfg.Play = func(c context.Context, cf *Config, plus, minus match.EngineConfig, ops []notation.Opening) (int, int, int, int, error) {
		if calls++; calls == 4 {
			return 0, 0, 0, 0, errors.New("engine 1 (plus) could not be started")
		}
		return skillPlay(c, cf, plus, minus, ops)
	}
	res, err := Run(context.Background(), cfg)
	if err == nil || err.Error() != "iteration 4: engine 1 (plus) could not be started" || res.Saved != 3 {
		t.Fatalf("got %v, saved iteration %d", err, res.Saved)
	}
	if st, ok, _ := LoadState(cfg.StatePath); !ok || st.K != 3 {
		t.Fatalf("state k %d (%v), want 3", st.K, ok)
	}
	if _, err := os.Stat(cfg.OutPath); !os.IsNotExist(err) {
		t.Fatal("result written after a failed run")
	}
}

// TestProgressLine: iteration, c_k and r_k as multiples of c_end and r_end
// (k = 1 of 100: 100^0.101 = 1.592 and 0.0031552/0.002 = 1.578), the
// iteration's and the total W-D-L, and the parameters furthest from their
// start relative to their range (C 0.15, A 0.03, D 0.025, B 0.02), at most
// three.
func TestProgressLine(t *testing.T) {
	ps, err := ParseParams([]byte("A, int, 50, 0, 100, 5, 0.002\nB, int, 500, 0, 1000, 50, 0.002\nC, int, 5, 0, 10, 1, 0.002\nD, int, 0, 0, 10, 1, 0.002\n"))
	if err != nil {
		t.Fatal(err)
	}
	tu := NewTuner(ps, DefaultSchedule(100), 1)
	tr := tu.Next()
	_ = tu.Apply(tr, 2, 0)
	copy(tu.Theta, []float64{53, 480, 6.5, 0.25})
	got := progressLine(tu, tr, 2, 1, 0, &Result{W: 5, D: 3, L: 1, Faults: 2})
	want := "iter 1/100  c_k 1.59·c_end  r_k 1.58·r_end  +2 =1 -0  total 5-3-1 (2 faults)  C 6.5 (+1.5)  A 53 (+3)  D 0.25 (+0.25)"
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestStateWriteFailure: when the state cannot be written (here its path
// became a directory during iteration 3), the run stops with the error and
// says which iteration the state on disk holds; no result is written.
func TestStateWriteFailure(t *testing.T) {
	cfg := fakeConfig(t, t.TempDir(), fakeParams, 10, 1)
	calls := 0
	cfg.Play = func(c context.Context, cf *Config, plus, minus match.EngineConfig, ops []notation.Opening) (int, int, int, int, error) {
		if calls++; calls == 3 {
			if err := os.Rename(cf.StatePath, cf.StatePath+".kept"); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(cf.StatePath, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return skillPlay(c, cf, plus, minus, ops)
	}
	res, err := Run(context.Background(), cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "iteration 3: saving the state: ") || res.Saved != 2 {
		t.Fatalf("got %v, saved iteration %d", err, res.Saved)
	}
	if st, ok, _ := LoadState(cfg.StatePath + ".kept"); !ok || st.K != 2 {
		t.Fatalf("state before the failure: k %d", st.K)
	}
	if _, err := os.Stat(cfg.OutPath); !os.IsNotExist(err) {
		t.Fatal("result written after a failed run")
	}
}

// A generation's self-play and gating match as shards: in this process (local) or as job arrays, then verified and merged.
package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"dualnnue/datasets"
	"dualnnue/match"
	"dualnnue/selfplay"
)

// lookPath finds a scheduler command (a variable for the tests).
var lookPath = exec.LookPath

// newScheduler returns the scheduler of c (nil: local).
func newScheduler(c *ClusterConfig) scheduler {
	switch c.Scheduler {
	case "slurm":
		return &slurm{partition: c.Partition, timeLimit: c.TimeLimit}
	case "kubernetes":
		return &kubernetes{namespace: c.Namespace, image: c.Image, claim: c.VolumeClaim, sharedDir: c.SharedDir}
	}
	return nil
}

// taskBin is the path of a binary (selfplay or play) as the tasks see it.
func taskBin(cfg *Config, opt Options, name string) string {
	dir := cfg.Cluster.BinDir
	if dir == "" {
		dir = filepath.Dir(opt.EngineCmd)
	}
	return filepath.Join(dir, name)
}

// checkCluster checks, before any work, what the tasks will need: the
// scheduler's commands and the binaries on the shared path.
func checkCluster(cfg *Config, opt Options) error {
	c := &cfg.Cluster
	if !c.remote() {
		return nil
	}
	cmds := []string{"sbatch", "scontrol", "squeue"}
	if c.Scheduler == "kubernetes" {
		cmds = []string{"kubectl"}
	}
	for _, name := range cmds {
		if _, err := lookPath(name); err != nil {
			return fmt.Errorf("pipeline: cluster.scheduler %s needs %s: %w", c.Scheduler, name, err)
		}
	}
	if c.Scheduler == "slurm" {
		for _, b := range []string{"selfplay", "play"} {
			if st, err := os.Stat(taskBin(cfg, opt, b)); err != nil || st.IsDir() {
				return fmt.Errorf("pipeline: the tasks run %s, which is not there: build it (go build -o %s ./cmd/%s) or set cluster.bin_dir",
					taskBin(cfg, opt, b), filepath.Dir(taskBin(cfg, opt, b)), b)
			}
		}
	}
	return nil
}

// selfplayShards plays a generation's self-play in cfg.Cluster.SelfplayTasks
// shards (sp.Output is the generation's data directory) and returns the
// summary of the whole: games, time and files.
func selfplayShards(ctx context.Context, cfg *Config, opt Options, sp selfplay.Config, label string) (selfplay.Summary, *StageRun, error) {
	n := cfg.Cluster.SelfplayTasks
	total := selfplay.Summary{Game: sp.Game.Variant(), Shard: fmt.Sprintf("0-%d/%d", n-1, n), Reasons: map[string]int{}}
	s := newScheduler(&cfg.Cluster)
	if s == nil {
		t0 := time.Now()
		for i := 0; i < n; i++ {
			c := sp
			c.Shard, c.Shards = i, n
			sum, err := selfplay.Run(ctx, c, selfplay.Options{Progress: opt.Progress, ProgressEvery: opt.ProgressEvery, Version: opt.Version})
			if err != nil {
				return total, nil, err
			}
			if ctx.Err() != nil {
				return total, nil, ctx.Err()
			}
			total.Games += sum.Games
			total.Resumed += sum.Resumed
			total.Positions += sum.Positions
			total.Elapsed += sum.Elapsed
			total.Files = append(total.Files, sum.Files...)
		}
		if err := mergeShards(sp, n); err != nil {
			return total, nil, err
		}
		return total, &StageRun{Stage: "selfplay", Where: "local", Tasks: n, RunSecs: time.Since(t0).Seconds()}, nil
	}
	// The tasks read the generation's self-play config from the run
	// directory.
	dir := filepath.Join(filepath.Dir(sp.Output), "selfplay-tasks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return total, nil, err
	}
	var conf bytes.Buffer
	if err := toml.NewEncoder(&conf).Encode(sp); err != nil {
		return total, nil, err
	}
	confPath := filepath.Join(dir, "selfplay.toml")
	if err := os.WriteFile(confPath, conf.Bytes(), 0o644); err != nil {
		return total, nil, err
	}
	st := &stageSpec{Name: "selfplay", Label: label, Dir: dir, Tasks: n, CPUs: cfg.Cluster.CPUsPerTask, WorkDir: filepath.Dir(filepath.Dir(sp.Output)),
		Argv: []string{taskBin(cfg, opt, "selfplay"), "-config", confPath, "-threads", strconv.Itoa(cfg.Cluster.CPUsPerTask), "-resume", "-quiet", "-shard", shardWord},
		Done: func(i int) bool {
			g, err := shardGames(sp, i, n)
			return err == nil && g == selfplay.ShardGames(sp.Games, i, n)
		}}
	t0 := time.Now()
	run, err := runStage(ctx, s, st, cfg.Cluster.Retries, cfg.Cluster.pollEvery(), opt.log)
	if err != nil {
		return total, &run, err
	}
	// Verify: every file whole, every shard holding its games.
	for i := 0; i < n; i++ {
		g, err := shardGames(sp, i, n)
		if err != nil {
			return total, &run, err
		}
		if want := selfplay.ShardGames(sp.Games, i, n); g != want {
			return total, &run, fmt.Errorf("self-play shard %d/%d holds %d games, not %d: its task ended without them (see %s)", i, n, g, want, filepath.Join(dir, "logs"))
		}
		total.Games += g
	}
	total.Files, _ = filepath.Glob(filepath.Join(sp.Output, "*.dnds"))
	total.Elapsed = time.Duration(run.RunSecs * float64(time.Second))
	pos, _ := dataStats(total.Files)
	total.Positions = pos
	if err := mergeShards(sp, n); err != nil {
		return total, &run, err
	}
	if !run.finished {
		run.OverheadSecs = max(0, time.Since(t0).Seconds()-run.TaskSecs)
	}
	return total, &run, nil
}

// mergeShards writes the generation's shards, every game once in game
// order, into merged/ beside data/: the training data, the same whatever
// kills and resumes cut the shards into.
func mergeShards(sp selfplay.Config, n int) error {
	sp.Shards = n
	_, _, err := selfplay.MergeShards(sp, filepath.Join(filepath.Dir(sp.Output), "merged", sp.Game.String()+".dnds"))
	return err
}

// shardGames counts the games in the files of self-play shard i of n,
// refusing a damaged file.
func shardGames(sp selfplay.Config, i, n int) (int, error) {
	files, err := filepath.Glob(filepath.Join(sp.Output, fmt.Sprintf("%s-s%dof%d-p*.dnds", sp.Game, i, n)))
	if err != nil {
		return 0, err
	}
	games := 0
	for _, f := range files {
		v, err := datasets.Verify(f)
		if err != nil {
			return 0, err
		}
		if !v.OK() {
			return 0, fmt.Errorf("self-play shard %d/%d: %s is damaged or unfinished (selfplay data verify %s)", i, n, f, f)
		}
		games += int(v.Games)
	}
	return games, nil
}

// matchShards plays mc (its PGNOut the generation's PGN) in
// cfg.Cluster.MatchTasks shards, each writing its result file into dir, and
// merges them into the report of the whole match. A resumed generation
// continues the shards from their files.
func matchShards(ctx context.Context, cfg *Config, opt Options, mc match.Config, openingsFile, dir, label string) (match.Report, *StageRun, error) {
	n := cfg.Cluster.MatchTasks
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return match.Report{}, nil, err
	}
	results := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.results", i)) }
	pgn := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.pgn", i)) }
	var run *StageRun
	t0 := time.Now()
	if s := newScheduler(&cfg.Cluster); s == nil {
		t0 := time.Now()
		for i := 0; i < n; i++ {
			c := mc
			c.Shard, c.Shards, c.Results, c.PGNOut, c.Resume = i, n, results(i), pgn(i), true
			if _, err := match.Run(ctx, c); err != nil {
				return match.Report{}, nil, err
			}
			if ctx.Err() != nil {
				return match.Report{}, nil, ctx.Err()
			}
		}
		run = &StageRun{Stage: "match", Where: "local", Tasks: n, RunSecs: time.Since(t0).Seconds()}
	} else {
		argv := []string{taskBin(cfg, opt, "play"), "match", "-game", mc.Game.String(), "-tc", mc.TC.String(), "-margin", mc.TC.Margin.String(),
			"-games", strconv.Itoa(mc.Games), "-concurrency", strconv.Itoa(cfg.Cluster.CPUsPerTask), "-openings", openingsFile,
			"-maxplies", strconv.Itoa(mc.Adjudication.MaxPlies), "-event", mc.Event,
			"-results", filepath.Join(dir, "shard-{i}.results"), "-pgnout", filepath.Join(dir, "shard-{i}.pgn"), "-resume", "-shard", shardWord}
		if a := mc.Adjudication; a.ResignScore > 0 {
			argv = append(argv, "-resign", fmt.Sprintf("%d,%d", a.ResignScore, a.ResignMoves))
		}
		if a := mc.Adjudication; a.DrawMoves > 0 {
			argv = append(argv, "-draw", fmt.Sprintf("%d,%d,%d", a.DrawScore, a.DrawMoves, a.DrawAfter))
		}
		if mc.SPRT != nil {
			argv = append(argv, "-sprt", sprtText(mc.SPRT))
		}
		for _, e := range mc.Engines {
			e.Cmd = taskBin(cfg, opt, "play")
			argv = append(argv, "-engine", match.FormatEngine(e))
		}
		st := &stageSpec{Name: "match", Label: label, Dir: dir, Tasks: n, CPUs: cfg.Cluster.CPUsPerTask, WorkDir: filepath.Dir(dir), Argv: argv,
			Done: func(i int) bool { _, err := match.ReadResults(results(i)); return err == nil }}
		r, err := runStage(ctx, s, st, cfg.Cluster.Retries, cfg.Cluster.pollEvery(), opt.log)
		if err != nil {
			return match.Report{}, &r, err
		}
		run = &r
	}
	var paths []string
	for i := 0; i < n; i++ {
		paths = append(paths, results(i))
	}
	rep, _, err := match.MergeResults(paths)
	if err != nil {
		return rep, run, err
	}
	// The generation's PGN: the shards' games, shard after shard.
	var all bytes.Buffer
	for i := 0; i < n; i++ {
		data, err := os.ReadFile(pgn(i))
		if err != nil && !os.IsNotExist(err) {
			return rep, run, err
		}
		all.Write(data)
	}
	if mc.PGNOut != "" {
		if err := os.WriteFile(mc.PGNOut, all.Bytes(), 0o644); err != nil {
			return rep, run, err
		}
	}
	if run.Where != "local" && !run.finished {
		run.OverheadSecs = max(0, time.Since(t0).Seconds()-run.TaskSecs)
	}
	return rep, run, nil
}

// sprtText writes an SPRT as play match -sprt reads it.
func sprtText(s *match.SPRT) string {
	model := "normalized"
	if s.Model == match.SPRTLogistic {
		model = "logistic"
	}
	return strings.Join([]string{fmtFloat(s.Elo0), fmtFloat(s.Elo1), fmtFloat(s.Alpha), fmtFloat(s.Beta), model}, ",")
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

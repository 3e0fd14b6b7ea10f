// One pipeline run: generations of self-play → train → match → keep.
package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"dualnnue/configs"
	"dualnnue/datasets"
	"dualnnue/match"
	"dualnnue/nn"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/search"
	"dualnnue/train"
	"dualnnue/variants"
)

// Options are how a run reports and which engine binary plays the matches.
type Options struct {
	// EngineCmd is the play binary (the UCI engine) used for matches.
	EngineCmd string
	// Progress receives progress bars and match progress lines when it is
	// a terminal, and plain progress lines every ProgressEvery (0: 15 s)
	// otherwise, so a redirected log holds no bar redraws (nil: none).
	Progress      io.Writer
	ProgressEvery time.Duration
	// Log receives one line per stage (nil: none).
	Log *slog.Logger
	// Version names the build in dataset headers.
	Version string
}

// Generation is the record of one generation.
type Generation struct {
	Index int `json:"generation"`
	// Evaluator that played the self-play games: "hand" or a net path
	// ("classic", the older word for hand, still loads).
	SelfplayEval variants.EvalChoice `json:"selfplay_eval"`
	Games        int                 `json:"games"`
	Positions    uint64              `json:"positions"`
	BytesPerPos  float64             `json:"bytes_per_position"`
	SelfplaySecs float64             `json:"selfplay_seconds"`
	PosPerSec    float64             `json:"selfplay_positions_per_second"`
	// ResumedGames of Games were played by an earlier, interrupted or
	// completed, run of this generation and taken over from its files;
	// SelfplaySecs and PosPerSec count only the games played in this run.
	ResumedGames int `json:"selfplay_resumed_games"`

	Net        string  `json:"net"`
	TrainLoss0 float64 `json:"train_loss_first"`
	TrainLoss  float64 `json:"train_loss_last"`
	ValidLoss0 float64 `json:"valid_loss_first"`
	ValidLoss  float64 `json:"valid_loss_last"`
	// NetEpoch is the epoch (1-based) of Epochs whose weights the
	// generation's net holds (the lowest held-out loss, or the last with
	// keep = "last"); 0 in records written before it was recorded.
	NetEpoch  int     `json:"net_epoch,omitempty"`
	Epochs    int     `json:"epochs,omitempty"`
	TrainSecs float64 `json:"train_seconds"`
	LossPlot  string  `json:"loss_plot"`

	Opponent variants.EvalChoice `json:"opponent"`
	Match    match.Trinomial     `json:"match_wdl"`
	Penta    match.Pentanomial   `json:"match_pentanomial"`
	Elo      float64             `json:"elo"`
	EloError float64             `json:"elo_error"`
	// EloBound is +1 when the candidate won every game (Elo is then a lower
	// bound: the Elo of half a point less), -1 when it lost every game.
	EloBound  int             `json:"elo_bound,omitempty"`
	LLR       float64         `json:"llr,omitempty"`
	SPRT      string          `json:"sprt_decision,omitempty"`
	Accepted  bool            `json:"accepted"`
	MatchSecs float64         `json:"match_seconds"`
	CumElo    float64         `json:"cumulative_elo"` // of the best net after this generation, gen 0's evaluator = 0
	Baseline  *BaselineResult `json:"baseline,omitempty"`
	// Classic is the candidate against the hand-written evaluation when
	// the best evaluator was already a net (else the match above is it).
	Classic *BaselineResult `json:"classic,omitempty"`
	// Lambda is the training target's λ (1 − the result weight);
	// TrainPositions the positions the net trained on.
	Lambda         float64 `json:"lambda"`
	TrainPositions int     `json:"train_positions"`
	TC             string  `json:"tc"`
	// MatchDataPositions are the positions imported from this
	// generation's match games for the later generations (Config.MatchData).
	MatchDataPositions int64 `json:"match_data_positions,omitempty"`
	// Stages says where the self-play and the gating match ran ("local",
	// "slurm job 123") in how many tasks, how long they waited in the
	// scheduler's queue and ran.
	Stages []StageRun `json:"stages,omitempty"`
}

// BaselineResult is the best net against the baseline engine.
type BaselineResult struct {
	Engine   string          `json:"engine"`
	TC       string          `json:"tc"`
	WDL      match.Trinomial `json:"wdl"`
	Elo      float64         `json:"elo"`
	EloError float64         `json:"elo_error"`
	EloBound int             `json:"elo_bound,omitempty"` // as Generation.EloBound
}

// Report is a whole run.
type Report struct {
	RunDir string               `json:"run_dir"`
	Game   position.VariantName `json:"game"` // "xiangqi" or "chess"
	Best   variants.EvalChoice  `json:"best"` // the hand-written evaluation or the best net
	// Rule says how a candidate is kept, with the match settings.
	Rule        string       `json:"rule"`
	Generations []Generation `json:"generations"`
}

// rule describes the acceptance rule and the match settings of cfg.
func rule(cfg *Config) string {
	m := cfg.Match
	openings := "the embedded configs/openings/" + cfg.Game.String() + ".epd"
	if m.Openings != "" {
		openings = m.Openings
	}
	r := fmt.Sprintf("Each candidate plays the best evaluator so far (at first the hand-written evaluation) %d games at %s, each opening of %s twice with colours reversed, %d at a time, adjudicated at 2,000 cp for 4 moves and %d plies. ",
		m.Games, m.TC, openings, m.Concurrency, m.MaxPlies)
	if m.SPRT != "" {
		r += fmt.Sprintf("An SPRT (%s) stops the match when it decides: H1 keeps the candidate, H0 rejects it; without a decision the candidate is kept when its Elo estimate is above %+g. ", m.SPRT, m.MinElo)
	} else {
		r += fmt.Sprintf("The candidate is kept when its Elo estimate is above %+g (no SPRT: a point estimate, see the intervals). ", m.MinElo)
	}
	if m.ClassicGames >= 0 {
		n := m.ClassicGames
		if n == 0 {
			n = m.Games
		}
		r += fmt.Sprintf("Once the best is a net, each candidate also plays the hand-written evaluation %d games at the same control (reported, not deciding).", n)
	}
	return r
}

func (o *Options) log(msg string, args ...any) {
	if o.Log != nil {
		o.Log.Info(msg, args...)
	}
}

// Run executes cfg.Generations generations and returns the report. Every
// stage writes into the run directory first, so an interrupted run keeps
// what it finished.
func Run(ctx context.Context, cfg Config, opt Options) (*Report, error) {
	// The run: its directory, openings, records and the default net.
	r, err := startRun(ctx, cfg, opt)
	if err != nil {
		return nil, err
	}
	rep := r.rep
	for gen := len(rep.Generations); gen < r.cfg.Generations; gen++ {
		genDir := filepath.Join(r.runDir, fmt.Sprintf("gen-%03d", gen))
		rec := Generation{Index: gen, SelfplayEval: rep.Best, Lambda: r.cfg.lambda(gen), TC: r.cfg.Match.TC}
		// Step 1. Self-play with the current best evaluator.
		if err := r.selfplay(ctx, gen, genDir, &rec); err != nil {
			return rep, err
		}
		// Step 2. Train on the last DataWindow generations' data.
		tres, err := r.train(ctx, gen, genDir, &rec)
		if err != nil {
			return rep, err
		}
		// Steps 3 and 4. New net against the current best; keep it if it is
		// better. Against the hand-written evaluation too, when the best is
		// already a net.
		if err := r.judge(ctx, gen, genDir, tres.NetPath, &rec); err != nil {
			return rep, err
		}
		// With MatchData, the matches' games become data for the next generations.
		if err := r.importMatchData(gen, genDir, &rec); err != nil {
			return rep, err
		}
		// Step 5. Optionally, the best against a baseline engine.
		if err := r.baseline(ctx, gen, genDir, &rec); err != nil {
			return rep, err
		}
		rep.Generations = append(rep.Generations, rec)
		// Step 6. Record.
		if err := writeRecords(rep); err != nil {
			return rep, err
		}
		opt.log("pipeline: generation done", "generation", gen, "elo", rec.Elo, "error", rec.EloError, "accepted", rec.Accepted)
	}
	return rep, nil
}

// pipelineRun is the state Run's steps share.
type pipelineRun struct {
	cfg        Config
	opt        Options
	runDir     string
	openings   []notation.Opening
	rep        *Report
	defaultNet string   // the embedded net as a file, generation 0's start
	dataDirs   []string // the generations' training data, oldest first
	matchData  []string // the finished generations' match-data files ("" for none), oldest first
	cum        float64  // the cumulative Elo of the accepted nets
}

// startRun checks the configuration and the baseline engine, makes the run
// directory with the effective config and the openings, and reads the
// records of a run directory that continues.
func startRun(ctx context.Context, cfg Config, opt Options) (*pipelineRun, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if opt.EngineCmd == "" {
		return nil, fmt.Errorf("pipeline: no engine binary for the matches")
	}
	cfg.Cluster.defaults()
	if err := checkCluster(&cfg, opt); err != nil {
		return nil, err
	}
	// The baseline plays after each generation: a broken one must be found
	// now, not after hours of self-play and training.
	if cfg.Match.Baseline != "" {
		base, err := match.ParseEngine(cfg.Match.Baseline)
		if err == nil {
			err = match.CheckEngine(ctx, base, cfg.Game.Variant(), 20*time.Second)
		}
		if err != nil {
			return nil, fmt.Errorf("pipeline: baseline engine: %w", err)
		}
	}
	runDir, err := makeRunDir(&cfg)
	if err != nil {
		return nil, err
	}
	openings, err := loadOpenings(&cfg)
	if err != nil {
		return nil, err
	}
	if err := writeOpenings(&cfg, runDir); err != nil {
		return nil, err
	}
	rep := &Report{RunDir: runDir, Game: cfg.Game, Best: variants.Hand, Rule: rule(&cfg)}
	// A run directory with records continues after its last finished
	// generation (an interrupted generation resumes its self-play and its
	// training from their files and checkpoints).
	if data, err := os.ReadFile(filepath.Join(runDir, "generations.json")); err == nil {
		var old Report
		if err := json.Unmarshal(data, &old); err != nil {
			return nil, fmt.Errorf("pipeline: %s/generations.json: %w", runDir, err)
		}
		if old.Game != cfg.Game {
			return nil, fmt.Errorf("pipeline: %s holds a %s run, this one is %s", runDir, old.Game, cfg.Game)
		}
		rep.Best, rep.Generations = old.Best, old.Generations
		if n := len(old.Generations); n > 0 {
			opt.log("pipeline: continuing the run", "dir", runDir, "generations_done", n, "best", rep.Best)
		}
	}
	g := cfg.Game.Variant()
	r := &pipelineRun{cfg: cfg, opt: opt, runDir: runDir, openings: openings, rep: rep}
	// Generation 0 fine-tunes from the embedded default net.
	r.defaultNet = filepath.Join(runDir, "default.nnue")
	if err := os.WriteFile(r.defaultNet, nn.DefaultFile(g), 0o644); err != nil {
		return nil, err
	}
	for _, rec := range rep.Generations {
		genDir := filepath.Join(runDir, fmt.Sprintf("gen-%03d", rec.Index))
		r.dataDirs = append(r.dataDirs, trainingData(genDir))
		// The generations whose record counts match data trained the later
		// ones on it; a file the record does not count (left by an attempt
		// of the generation that did not finish, e.g. with match_data on
		// before a rerun with it off) was not theirs.
		md := ""
		if rec.MatchDataPositions > 0 {
			md = matchDataFile(genDir, g)
		}
		r.matchData = append(r.matchData, md)
		r.cum = rec.CumElo
	}
	return r, nil
}

// makeRunDir makes the run directory (cfg.RunDir, or one named after the
// game and the time) and writes the effective config into it.
func makeRunDir(cfg *Config) (string, error) {
	runDir := cfg.RunDir
	if runDir == "" {
		parent := "runs"
		if cfg.Cluster.SharedDir != "" {
			parent = cfg.Cluster.SharedDir
		}
		runDir = filepath.Join(parent, fmt.Sprintf("%s-%s", cfg.Game, time.Now().UTC().Format("20060102-150405")))
	}
	if cfg.Cluster.remote() {
		// Tasks on other nodes find the run's files by absolute paths.
		abs, err := filepath.Abs(runDir)
		if err != nil {
			return "", err
		}
		runDir = abs
	}
	// The run directory stays as given (relative paths stay relative), so
	// net descriptions and reports name no machine-specific directories.
	if err := os.MkdirAll(runDir, 0o755); err != nil {
		return "", err
	}
	var effective bytes.Buffer
	if err := toml.NewEncoder(&effective).Encode(*cfg); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(runDir, "pipeline.toml"), effective.Bytes(), 0o644); err != nil {
		return "", err
	}
	return runDir, nil
}

// selfplay plays generation gen's games with the current best evaluator
// into genDir/data.
func (r *pipelineRun) selfplay(ctx context.Context, gen int, genDir string, rec *Generation) error {
	cfg, opt := &r.cfg, r.opt
	sp := cfg.Selfplay
	sp.Game = cfg.Game
	sp.Output = filepath.Join(genDir, "data")
	sp.Eval = r.rep.Best.String()
	sp.Seed = cfg.Selfplay.Seed + uint64(gen)*1_000_003
	sp.Resume = true
	sp.Shard, sp.Shards = 0, 1
	opt.log("pipeline: self-play", "generation", gen, "games", sp.Games, "eval", sp.Eval, "scheduler", cfg.Cluster.Scheduler, "tasks", cfg.Cluster.SelfplayTasks)
	sum, where, err := selfplayShards(ctx, cfg, opt, sp, fmt.Sprintf("%s-g%03d-selfplay", filepath.Base(r.runDir), gen))
	if where != nil {
		rec.Stages = append(rec.Stages, *where)
	}
	if err != nil {
		return fmt.Errorf("generation %d self-play: %w", gen, err)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	// Positions and size from the files: a resumed generation's summary
	// counts only the games it played itself.
	rec.Games, rec.ResumedGames = sum.Games+sum.Resumed, sum.Resumed
	rec.SelfplaySecs, rec.PosPerSec = sum.Elapsed.Seconds(), sum.PositionsPerSecond()
	rec.Positions, rec.BytesPerPos = dataStats(sum.Files)
	r.dataDirs = append(r.dataDirs, trainingData(genDir))
	return nil
}

// train trains generation gen's net on the last DataWindow generations'
// data (fine-tuning the best net when FineTune is set).
func (r *pipelineRun) train(ctx context.Context, gen int, genDir string, rec *Generation) (*train.Result, error) {
	cfg, opt, rep := &r.cfg, r.opt, r.rep
	tc := cfg.Train
	tc.Game = cfg.Game
	tc.Name = fmt.Sprintf("%s-gen%03d", trainName(r.runDir), gen)
	tc.OutDir = filepath.Join(genDir, "train")
	tc.Data.Train = r.trainData()
	tc.Data.Valid = nil
	tc.Loss.Lambda = rec.Lambda
	if cfg.FineTune {
		tc.Net.Init = r.defaultNet
		if rep.Best.Kind == variants.EvalFile {
			tc.Net.Init = rep.Best.Path
		}
	}
	// A generation cut during training continues from its checkpoint.
	_, statErr := os.Stat(filepath.Join(tc.OutDir, "checkpoints", "last.ckpt"))
	resume := statErr == nil
	opt.log("pipeline: train", "generation", gen, "data", tc.Data.Train, "init", tc.Net.Init, "lambda", tc.Loss.Lambda, "resume", resume)
	t0 := time.Now()
	tres, err := train.Run(ctx, tc, train.Options{Progress: opt.Progress, ProgressEvery: opt.ProgressEvery, Quiet: opt.Progress == nil, Resume: resume})
	if err != nil {
		return nil, fmt.Errorf("generation %d training: %w", gen, err)
	}
	rec.TrainSecs = time.Since(t0).Seconds()
	rec.TrainPositions = tres.Positions
	rec.Net = tres.NetPath
	rec.LossPlot = filepath.Join(tc.OutDir, "loss.png")
	rec.NetEpoch, rec.Epochs = tres.Epoch, len(tres.Metrics)
	if n := len(tres.Metrics); n > 0 {
		rec.TrainLoss0, rec.TrainLoss = tres.Metrics[0].TrainLoss, tres.Metrics[n-1].TrainLoss
		if tres.Metrics[0].ValidLoss != nil && tres.Metrics[n-1].ValidLoss != nil {
			rec.ValidLoss0, rec.ValidLoss = *tres.Metrics[0].ValidLoss, *tres.Metrics[n-1].ValidLoss
		}
	}
	return tres, nil
}

// trainData is the training data of the generation whose self-play data
// r.dataDirs ends with: ExtraData, the self-play data of the last
// DataWindow generations (all with 0) and the match data of those of them
// before it (its own matches come after its training).
func (r *pipelineRun) trainData() []string {
	cfg := &r.cfg
	data := append([]string(nil), cfg.ExtraData...)
	first := 0 // the window's first generation
	if cfg.DataWindow > 0 {
		first = max(0, len(r.dataDirs)-cfg.DataWindow)
	}
	for _, d := range r.dataDirs[first:] {
		data = append(data, filepath.Join(d, "*.dnds"))
	}
	for _, f := range r.matchData[min(first, len(r.matchData)):] {
		if f != "" {
			data = append(data, f)
		}
	}
	return data
}

// judge plays the new net against the current best and, when the best is
// already a net, against the hand-written evaluation; an accepted net
// becomes the best (and best.nnue).
func (r *pipelineRun) judge(ctx context.Context, gen int, genDir, net string, rec *Generation) error {
	cfg, opt, rep := &r.cfg, r.opt, r.rep
	if err := matchStep(ctx, cfg, opt, r.openings, net, rep.Best, genDir, rec); err != nil {
		return fmt.Errorf("generation %d match: %w", gen, err)
	}
	if rep.Best.Kind != variants.EvalHand && cfg.Match.ClassicGames >= 0 {
		games := cfg.Match.ClassicGames
		if games == 0 {
			games = cfg.Match.Games
		}
		cm := *cfg
		cm.Match.BaselineGames, cm.Match.BaselineTC = games, cfg.Match.TC
		br, err := playVs(ctx, &cm, opt, r.openings, variants.NetFile(net), engineFor(opt, variants.Hand, "classic"), filepath.Join(genDir, "classic.pgn"), "pipeline candidate vs hand-written evaluation")
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("generation %d match against the hand-written evaluation: %w", gen, err)
		}
		rec.Classic = br
	}
	if rec.Accepted {
		r.cum += rec.Elo
		// best.nnue follows the best net (written whole, then renamed);
		// the records name the generation's own file, which never changes.
		if err := copyFile(net, filepath.Join(r.runDir, "best.nnue")); err != nil {
			return err
		}
		rep.Best = variants.NetFile(net)
	}
	rec.CumElo = r.cum
	return nil
}

// baseline plays the best against the baseline engine, when there is one.
func (r *pipelineRun) baseline(ctx context.Context, gen int, genDir string, rec *Generation) error {
	if r.cfg.Match.Baseline == "" {
		return nil
	}
	br, err := baselineMatch(ctx, &r.cfg, r.opt, r.openings, r.rep.Best, filepath.Join(genDir, "baseline.pgn"))
	if err == nil && ctx.Err() != nil {
		err = ctx.Err() // an interrupted match measures nothing
	}
	if err != nil {
		return fmt.Errorf("generation %d baseline match: %w", gen, err)
	}
	rec.Baseline = br
	return nil
}

// matchStep plays the candidate net against the best evaluator and records
// the result and the verdict in rec. An interrupted match is an error: its
// partial result must not decide a generation.
func matchStep(ctx context.Context, cfg *Config, opt Options, openings []notation.Opening, candidate string, best variants.EvalChoice, genDir string, rec *Generation) error {
	pgn := filepath.Join(genDir, "match.pgn")
	mc, err := matchConfig(cfg, opt, openings, variants.NetFile(candidate), best, pgn)
	if err != nil {
		return err
	}
	rec.Opponent = best
	opt.log("pipeline: match", "generation", rec.Index, "games", mc.Games, "tc", mc.TC.String(), "scheduler", cfg.Cluster.Scheduler, "tasks", cfg.Cluster.MatchTasks)
	t0 := time.Now()
	// The shards' result files continue a generation run again (a resumed
	// pipeline) where its match stopped.
	runDir := filepath.Dir(genDir)
	mrep, where, err := matchShards(ctx, cfg, opt, mc, openingsPath(cfg, runDir), filepath.Join(genDir, "match-shards"),
		fmt.Sprintf("%s-g%03d-match", filepath.Base(runDir), rec.Index))
	if where != nil {
		rec.Stages = append(rec.Stages, *where)
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	rec.MatchSecs = time.Since(t0).Seconds()
	recordMatch(rec, &mrep, cfg.Match.MinElo)
	return nil
}

// recordMatch fills rec from a finished match and decides: an SPRT that
// decided says whether the candidate is kept; otherwise its Elo must exceed
// minElo. The JSON numbers are finite: a sweep is recorded as the Elo of
// half a point short of it with EloBound saying the true estimate is
// beyond.
func recordMatch(rec *Generation, mrep *match.Report, minElo float64) {
	rec.Match, rec.Penta = mrep.Tri, mrep.Penta
	rec.Elo, rec.EloError, rec.EloBound = mrep.Elo.Finite(mrep.Tri.Games())
	if mrep.SPRT != nil {
		rec.LLR, rec.SPRT = mrep.LLR, mrep.Decision.String()
	}
	switch {
	case mrep.SPRT != nil && mrep.Decision != match.Continue:
		rec.Accepted = mrep.Decision == match.AcceptH1
	default:
		rec.Accepted = mrep.Elo.Elo > minElo
	}
}

// copyFile writes src's content to dst through a temporary file and a
// rename, so dst is always a whole file.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}

// matchDataFile is where a generation's match games are imported as
// training data (Config.MatchData).
func matchDataFile(genDir string, g position.Variant) string {
	return filepath.Join(genDir, "match-data", g.String()+".dnds")
}

// importMatchData imports generation gen's match games (match.pgn and
// classic.pgn) into its match-data file when Config.MatchData is set, the
// scores unscaled with this build's search settings as self-play's labels
// are; the file is written whole, then renamed, so a cut run leaves none
// or all of it. Only the matches rec played are imported: a classic.pgn
// of an earlier attempt of the generation (played then, not now, e.g.
// with classic_games = -1 since) is not this generation's. The later
// generations train on the file when it holds positions, which the record
// then counts (startRun finds it again by that count).
func (r *pipelineRun) importMatchData(gen int, genDir string, rec *Generation) error {
	file := ""
	defer func() { r.matchData = append(r.matchData, file) }()
	if !r.cfg.MatchData {
		return nil
	}
	g := r.cfg.Game.Variant()
	names := []string{"match.pgn"}
	if rec.Classic != nil {
		names = append(names, "classic.pgn")
	}
	var pgns []string
	for _, name := range names {
		p := filepath.Join(genDir, name)
		if fi, err := os.Stat(p); err == nil && fi.Size() > 0 {
			pgns = append(pgns, p)
		}
	}
	if len(pgns) == 0 {
		return nil
	}
	out := matchDataFile(genDir, g)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	tmp := out + ".tmp"
	os.Remove(tmp) // a cut import's
	prm := search.DefaultParams(g)
	st, err := datasets.ImportFilesWith(tmp, g, pgns, datasets.ImportOptions{Format: "pgn", Rescore: prm.TrainingScore,
		Note: "the pipeline's match games, this build's search settings"})
	if err == nil {
		err = os.Rename(tmp, out)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("generation %d match data: %w", gen, err)
	}
	if st.Positions > 0 {
		file, rec.MatchDataPositions = out, st.Positions
	}
	r.opt.log("pipeline: match games as data", "generation", gen, "games", st.Games, "positions", st.Positions, "file", out)
	return nil
}

// trainingData is the directory of a generation's training data: merged/,
// its self-play shards merged in game order (see selfplay.MergeShards), or
// data/ in a run directory from before the merge.
func trainingData(genDir string) string {
	merged := filepath.Join(genDir, "merged")
	if _, err := os.Stat(merged); err == nil {
		return merged
	}
	return filepath.Join(genDir, "data")
}

// openingsPath is the opening file a match task reads: the configured one,
// else the embedded set written into the run directory.
func openingsPath(cfg *Config, runDir string) string {
	if cfg.Match.Openings != "" {
		if abs, err := filepath.Abs(cfg.Match.Openings); err == nil {
			return abs
		}
		return cfg.Match.Openings
	}
	return filepath.Join(runDir, "openings.epd")
}

// writeOpenings writes the embedded opening set into the run directory for
// the match tasks of a cluster run.
func writeOpenings(cfg *Config, runDir string) error {
	if !cfg.Cluster.remote() || cfg.Match.Openings != "" {
		return nil
	}
	data, err := configs.FS.ReadFile("openings/" + cfg.Game.String() + ".epd")
	if err != nil {
		return err
	}
	// Tasks of a resumed run may be reading it: it is replaced whole, and
	// only when it differs.
	path := openingsPath(cfg, runDir)
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.WriteFile(path+".tmp", data, 0o644); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

func loadOpenings(cfg *Config) ([]notation.Opening, error) {
	v := cfg.Game.Variant()
	if cfg.Match.Openings != "" {
		return notation.ReadOpenings(cfg.Match.Openings, v, rules.Undecided)
	}
	data, err := configs.FS.ReadFile("openings/" + cfg.Game.String() + ".epd")
	if err != nil {
		return nil, err
	}
	return notation.ParseOpenings(bytes.NewReader(data), v, rules.Undecided)
}

// engineFor is the play binary with an evaluator, set by its UCI options
// (the inverse of variants.UCIEvalChoice).
func engineFor(opt Options, ev variants.EvalChoice, name string) match.EngineConfig {
	e := match.EngineConfig{Name: name, Cmd: opt.EngineCmd, Options: []match.Option{{Name: "Hash", Value: "16"}}}
	switch ev.Kind {
	case variants.EvalHand:
		e.Options = append(e.Options, match.Option{Name: "Use NNUE", Value: "false"})
	case variants.EvalFile:
		e.Options = append(e.Options, match.Option{Name: "EvalFile", Value: ev.Path})
	}
	return e
}

func matchConfig(cfg *Config, opt Options, openings []notation.Opening, candidate, best variants.EvalChoice, pgn string) (match.Config, error) {
	tc, err := match.ParseTimeControl(cfg.Match.TC)
	if err != nil {
		return match.Config{}, err
	}
	tc.Margin = 100 * time.Millisecond
	mc := match.Config{
		Game:          cfg.Game.Variant(),
		Engines:       [2]match.EngineConfig{engineFor(opt, candidate, "candidate"), engineFor(opt, best, "best")},
		TC:            tc,
		Games:         cfg.Match.Games,
		Concurrency:   cfg.Match.Concurrency,
		Openings:      openings,
		Adjudication:  match.Adjudication{MaxPlies: cfg.Match.MaxPlies, ResignScore: 2000, ResignMoves: 4},
		PGNOut:        pgn,
		Progress:      opt.Progress,
		ProgressEvery: opt.ProgressEvery,
		Event:         "pipeline candidate vs best",
	}
	if cfg.Match.SPRT != "" {
		s, err := match.ParseSPRT(cfg.Match.SPRT)
		if err != nil {
			return mc, err
		}
		mc.SPRT = &s
	}
	return mc, nil
}

func baselineMatch(ctx context.Context, cfg *Config, opt Options, openings []notation.Opening, best variants.EvalChoice, pgn string) (*BaselineResult, error) {
	base, err := match.ParseEngine(cfg.Match.Baseline)
	if err != nil {
		return nil, err
	}
	return playVs(ctx, cfg, opt, openings, best, base, pgn, "pipeline best vs baseline")
}

// playVs plays the evaluator ev against the engine other for
// cfg.Match.BaselineGames games at cfg.Match.BaselineTC (else TC).
func playVs(ctx context.Context, cfg *Config, opt Options, openings []notation.Opening, ev variants.EvalChoice, other match.EngineConfig, pgn, event string) (*BaselineResult, error) {
	base := other
	tcText := cfg.Match.BaselineTC
	if tcText == "" {
		tcText = cfg.Match.TC
	}
	tc, err := match.ParseTimeControl(tcText)
	if err != nil {
		return nil, err
	}
	tc.Margin = 100 * time.Millisecond
	if err := os.Remove(pgn); err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	mc := match.Config{Game: cfg.Game.Variant(), Engines: [2]match.EngineConfig{engineFor(opt, ev, "dualnnue"), base}, TC: tc,
		Games: cfg.Match.BaselineGames, Concurrency: cfg.Match.Concurrency, Openings: openings,
		Adjudication: match.Adjudication{MaxPlies: cfg.Match.MaxPlies, ResignScore: 2000, ResignMoves: 4}, PGNOut: pgn, Progress: opt.Progress, ProgressEvery: opt.ProgressEvery, Event: event}
	r, err := match.Run(ctx, mc)
	if err != nil {
		return nil, err
	}
	br := &BaselineResult{Engine: r.Names[1], TC: tcText, WDL: r.Tri}
	br.Elo, br.EloError, br.EloBound = r.Elo.Finite(r.Tri.Games())
	return br, nil
}

// dataStats counts the positions of dataset files and their size per
// position.
func dataStats(files []string) (positions uint64, bytesPerPos float64) {
	var size int64
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			continue
		}
		size += st.Size()
		r, err := datasets.Open(f, nil)
		if err != nil {
			continue
		}
		var g datasets.GameRecord
		for r.NextGame(&g) {
			positions += uint64(len(g.Plies))
		}
		r.Close()
	}
	if positions == 0 {
		return 0, 0
	}
	return positions, float64(size) / float64(positions)
}

func writeRecords(rep *Report) error {
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(rep.RunDir, "generations.json"), append(data, '\n'), 0o644); err != nil {
		return err
	}
	if err := writeEloPlot(rep); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(rep.RunDir, "report.md"), []byte(markdown(rep)), 0o644)
}

// trainName is the stem of the training runs' names (and net files) of run
// directory dir: its base name without leading dots (or the root's
// slash), at most 64 bytes
// ("run" when nothing is left), so the name is a visible file name that
// train.Config.Validate accepts.
func trainName(dir string) string {
	name := strings.TrimLeft(filepath.Base(dir), "./")
	if len(name) > 64 {
		name = name[:64]
	}
	if name == "" {
		return "run"
	}
	return name
}

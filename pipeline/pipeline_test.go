package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"dualnnue/configs"
	"dualnnue/datasets"
	"dualnnue/match"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/selfplay"
	"dualnnue/train"
	"dualnnue/variants"
)

const tinyConfig = `
game = "%s"
generations = 2
[selfplay]
games = 6
threads = 2
[selfplay.search]
soft_nodes = 300
hard_nodes = 3000
[selfplay.adjudication]
max_plies = 60
[train.train]
epochs = 2
positions_per_epoch = 4096
batch_size = 1024
[match]
games = 4
tc = "nodes=300"
`

func TestTinyPipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine and runs two small generations")
	}
	bin := filepath.Join(t.TempDir(), "play")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/play").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, game := range []string{"xiangqi", "chess"} {
		t.Run(game, func(t *testing.T) {
			cfg, err := ParseConfig([]byte(strings.ReplaceAll(tinyConfig, "%s", game)))
			if err != nil {
				t.Fatal(err)
			}
			cfg.RunDir = t.TempDir()
			cfg.MatchData = true
			var progress bytes.Buffer
			rep, err := Run(context.Background(), cfg, Options{EngineCmd: bin, Progress: &progress, ProgressEvery: time.Nanosecond})
			if err != nil {
				t.Fatal(err)
			}
			// Progress to a non-terminal: plain lines from each stage, no
			// bar redraws.
			if out := progress.String(); strings.ContainsAny(out, "\r\x1b") ||
				!strings.Contains(out, "selfplay "+game+": ") || !strings.Contains(out, " pos (100%)") || !strings.Contains(out, "4/4 games  +") {
				t.Errorf("progress lines:\n%q", out)
			}
			if len(rep.Generations) != 2 {
				t.Fatalf("%d generations", len(rep.Generations))
			}
			for _, g := range rep.Generations {
				if g.Games != 6 || g.Positions == 0 || g.Match.Games() != 4 || g.Net == "" {
					t.Fatalf("generation %+v", g)
				}
				if _, err := os.Stat(g.Net); err != nil {
					t.Fatal(err)
				}
				// The record says which epoch the net holds.
				if g.Epochs <= 0 || g.NetEpoch < 1 || g.NetEpoch > g.Epochs {
					t.Fatalf("generation %d: net from epoch %d of %d", g.Index, g.NetEpoch, g.Epochs)
				}
			}
			for _, f := range []string{"report.md", "elo.png", "generations.json", "pipeline.toml", "gen-000/match.pgn", "gen-001/train/loss.png"} {
				if st, err := os.Stat(filepath.Join(cfg.RunDir, f)); err != nil || st.Size() == 0 {
					t.Fatalf("%s missing or empty: %v", f, err)
				}
			}
			var back Report
			data, _ := os.ReadFile(filepath.Join(cfg.RunDir, "generations.json"))
			if err := json.Unmarshal(data, &back); err != nil || len(back.Generations) != 2 || back.Game.String() != game {
				t.Fatalf("generations.json: %v %+v", err, back)
			}
			if back.Generations[1].NetEpoch != rep.Generations[1].NetEpoch || back.Generations[1].Epochs != rep.Generations[1].Epochs {
				t.Fatalf("generations.json: net epoch %d of %d, the run said %d of %d", back.Generations[1].NetEpoch, back.Generations[1].Epochs, rep.Generations[1].NetEpoch, rep.Generations[1].Epochs)
			}
			// match_data: generation 0's match games are a dataset that
			// generation 1 trained on; generation 1's are there for a third.
			for _, g := range rep.Generations {
				file := filepath.Join(cfg.RunDir, fmt.Sprintf("gen-%03d", g.Index), "match-data", game+".dnds")
				fi, err := datasets.Inspect(file)
				if err != nil || g.MatchDataPositions == 0 || fi.Records != uint64(g.MatchDataPositions) {
					t.Fatalf("generation %d match data: %d positions recorded, file %v", g.Index, g.MatchDataPositions, err)
				}
			}
			trainedOn := func(gen int) string {
				data, _ := os.ReadFile(filepath.Join(cfg.RunDir, fmt.Sprintf("gen-%03d", gen), "train", "metrics.json"))
				return string(data)
			}
			if !strings.Contains(trainedOn(1), filepath.Join("gen-000", "match-data", game+".dnds")) || strings.Contains(trainedOn(0), "match-data") {
				t.Fatalf("generation 1 did not train on generation 0's match games, or generation 0 trained on match data:\n%s", trainedOn(1))
			}
			if md, _ := os.ReadFile(filepath.Join(cfg.RunDir, "report.md")); !strings.Contains(string(md), fmt.Sprintf("Generation 0's match games: %d positions", rep.Generations[0].MatchDataPositions)) {
				t.Fatalf("report.md does not name the match data:\n%s", md)
			}
			// Generation 1 plays self-play with the evaluator kept after generation 0.
			want := variants.Hand
			if rep.Generations[0].Accepted {
				want = variants.NetFile(rep.Generations[0].Net)
			}
			if rep.Generations[1].SelfplayEval != want {
				t.Fatalf("generation 1 self-play used %q, want %q", rep.Generations[1].SelfplayEval, want)
			}
			if game != "chess" {
				return
			}
			// Run again in the same directory: finished generations are
			// kept, not played again.
			rep2, err := Run(context.Background(), cfg, Options{EngineCmd: bin})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep2.Generations) != 2 || rep2.Generations[1].Net != rep.Generations[1].Net || rep2.Generations[1].Match != rep.Generations[1].Match {
				t.Fatalf("re-run of a finished run: %+v", rep2.Generations)
			}
			// A run cut in generation 1 (its record not yet written): running
			// again redoes generation 1, taking its self-play over from the
			// files (no game replayed) and its training from the checkpoint,
			// and the report says "resumed" instead of a rate of 0 positions/s.
			back.Generations, back.Best = back.Generations[:1], rep.Generations[1].SelfplayEval
			data, _ = json.Marshal(back)
			if err := os.WriteFile(filepath.Join(cfg.RunDir, "generations.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			rep3, err := Run(context.Background(), cfg, Options{EngineCmd: bin})
			if err != nil {
				t.Fatal(err)
			}
			if g := rep3.Generations[1]; g.Games != 6 || g.ResumedGames != 6 || g.Positions != rep.Generations[1].Positions || g.SelfplayEval != rep.Generations[1].SelfplayEval ||
				g.MatchDataPositions != rep.Generations[1].MatchDataPositions {
				t.Fatalf("re-run generation 1: %+v", g)
			}
			if !strings.Contains(trainedOn(1), filepath.Join("gen-000", "match-data", game+".dnds")) {
				t.Fatalf("the resumed generation 1 lost generation 0's match games:\n%s", trainedOn(1))
			}
			md, _ := os.ReadFile(filepath.Join(cfg.RunDir, "report.md"))
			if !strings.Contains(string(md), "| resumed |") {
				t.Fatalf("report.md of the re-run does not say resumed:\n%s", md)
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	for _, bad := range []string{
		"game = \"xiangqi\"\ngenerations = 0",
		"game = \"chess\"\n[match]\ngamez = 3",
		"game = \"chess\"\n[selfplay]\nnodes = 3",
		// Checked when the config is read, not after self-play and training:
		"game = \"chess\"\n[match]\ntc = \"fast\"",
		"game = \"chess\"\n[match]\nsprt = \"5,0,0.05,0.05\"",
		"game = \"chess\"\n[match]\nbaseline = \"cmd=sf 'option.Move Overhead=1\"\nbaseline_games = 2",
		"game = \"chess\"\n[match]\nbaseline_tc = \"NaN+0\"",
		"game = \"chess\"\n[match]\nmin_elo = nan",
		"game = \"chess\"\n[match]\nmax_plies = -1",
		"game = \"chess\"\ngenerations = \"two\"",
		"game = \"chess\"\n[selfplay]\nseed = -1",
		"game = \"chess\"\n[selfplay.search]\ndepth = 100",
		"game = \"chess\"\n[selfplay.adjudication]\nresign_score = 0",
		"game = \"chess\"\n[train.train]\nepochs = 0",
	} {
		if _, err := ParseConfig([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	// Values that cannot work were accepted (replaced by a default, or
	// found only when the stage ran).
	for bad, want := range map[string]string{
		"[selfplay]\nhash_mib = 0":         "pipeline config: selfplay: hash_mib must be > 0, got 0 (leave it out for the default 8)",
		"[selfplay]\nhash_mib = -1":        "pipeline config: selfplay: hash_mib must be > 0, got -1 (leave it out for the default 8)",
		"[selfplay]\nflush_seconds = nan":  "pipeline config: selfplay: flush_seconds must be in (0, 604800], got NaN",
		"[selfplay]\ngame = \"xiangqi\"":   "pipeline config: selfplay.game \"xiangqi\" contradicts the pipeline's game \"chess\" (leave it out)",
		"[train]\ngame = \"xiangqi\"":      "pipeline config: train.game \"xiangqi\" contradicts the pipeline's game \"chess\" (leave it out)",
		"[match]\nconcurrency = 0":         "pipeline config: match.concurrency must be in 1..256, got 0",
		"[match]\nconcurrency = -3":        "pipeline config: match.concurrency must be in 1..256, got -3",
		"[train.net]\nbuckets = 0":         "pipeline config: train: buckets 0 out of range [1, 32]",
		"[train.data]\nmax_abs_score = -5": "pipeline config: train: max_abs_score -5 must be >= 0 (0: no limit)",
		"[selfplay]\ngames = -1":           "pipeline config: selfplay: games = -1 (until stopped) cannot make a generation: give a game count",
		"[train.net]\ngrow_hidden = 256":   "pipeline config: train: net.grow_hidden 256 is for one run of cmd/train, not a pipeline, whose generations start from the best net so far (a grown net cannot grow again to the same width): grow the net with `train -init NET -grow-hidden N` and start the pipeline from it",
		"[train.net]\ngrow_buckets = 8":    "pipeline config: train: net.grow_buckets 8 is for one run of cmd/train, not a pipeline, whose generations start from the best net so far (a net with buckets cannot grow them again): grow the net with `train -init NET -grow-buckets B` and start the pipeline from it",
		// The game is read once, by the decoder, in every table.
		"[selfplay]\ngame = \"shogi\"": `pipeline config: toml: line 3 (last key "selfplay.game"): unknown game "shogi" (want xiangqi or chess)`,
		"[train]\ngame = \"Chess\"":    `pipeline config: toml: line 3 (last key "train.game"): unknown game "Chess" (want xiangqi or chess)`,
	} {
		if _, err := ParseConfig([]byte("game = \"chess\"\n" + bad)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", bad, err, want)
		}
	}
	for text, want := range map[string]string{
		`game = "shogi"`:  `pipeline config: toml: line 1 (last key "game"): unknown game "shogi" (want xiangqi or chess)`,
		"generations = 2": `pipeline config: game must be xiangqi or chess, got ""`,
	} {
		if _, err := ParseConfig([]byte(text)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	for _, game := range position.Variants {
		c, err := Default(game)
		if err != nil || c.Game.Variant() != game || c.Selfplay.Games != 240 {
			t.Fatalf("default %s: %v %+v", game, err, c.Selfplay)
		}
	}
}

// TestRecordSweep: a candidate that wins every game has an infinite Elo;
// generations.json must stay valid JSON with finite numbers (it held 1e6,
// which then went into the cumulative Elo and the plot) and the report
// says what happened instead of "+1000000.0 ± 0.0".
func TestRecordSweep(t *testing.T) {
	mrep := match.Report{Tri: match.Trinomial{W: 4}, Penta: match.Pentanomial{0, 0, 0, 0, 2}}
	mrep.Elo = mrep.Penta.Elo()
	var g Generation
	recordMatch(&g, &mrep, 0)
	if !g.Accepted || g.EloBound != 1 || math.Abs(g.Elo-match.EloFromScore(3.5/4)) > 1e-9 || g.EloError != 0 {
		t.Fatalf("recorded %+v", g)
	}
	rep := &Report{RunDir: t.TempDir(), Game: position.VariantName(position.Chess), Best: variants.Hand, Generations: []Generation{g}}
	rep.Generations[0].CumElo = g.Elo
	if err := writeRecords(rep); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(rep.RunDir, "report.md"))
	if !strings.Contains(string(md), "≥ +338.0 (all 4 games won)") {
		t.Fatalf("report.md:\n%s", md)
	}
	js, _ := os.ReadFile(filepath.Join(rep.RunDir, "generations.json"))
	var back Report
	if err := json.Unmarshal(js, &back); err != nil || back.Generations[0].EloBound != 1 || strings.Contains(string(js), "1e+06") {
		t.Fatalf("generations.json: %v\n%s", err, js)
	}
	// Lost sweep, no SPRT: not kept.
	mrep = match.Report{Tri: match.Trinomial{L: 6}}
	mrep.Elo = mrep.Tri.Elo()
	g = Generation{}
	recordMatch(&g, &mrep, 0)
	if g.Accepted || g.EloBound != -1 || g.EloText() != "≤ -416.6 (all 6 games lost)" {
		t.Fatalf("lost sweep: %+v %q", g, g.EloText())
	}
}

// TestInterruptedMatchDecidesNothing: a match stopped by a signal returned
// its partial result as if finished, and the generation was recorded and
// could keep the candidate on a handful of games.
func TestInterruptedMatchDecidesNothing(t *testing.T) {
	dir := t.TempDir()
	// An engine that never answers "go".
	eng := filepath.Join(dir, "engine.sh")
	script := "#!/bin/sh\nwhile read -r line; do case \"$line\" in uci) echo 'id name mute'; echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done\n"
	if err := os.WriteFile(eng, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := Default(position.Chess)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Match.Games, cfg.Match.TC = 2, "nodes=100"
	ops, err := loadOpenings(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	var g Generation
	err = matchStep(ctx, &cfg, Options{EngineCmd: eng}, ops, "cand.nnue", variants.Hand, dir, &g)
	if !errors.Is(err, context.DeadlineExceeded) || g.Accepted {
		t.Fatalf("matchStep: %v, accepted %v", err, g.Accepted)
	}
}

// TestShippedPipelineConfigs: every configs/pipeline-*.toml parses and
// validates, and names its game.
func TestShippedPipelineConfigs(t *testing.T) {
	entries, err := configs.FS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "pipeline-") || !strings.HasSuffix(name, ".toml") {
			continue
		}
		data, err := configs.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ParseConfig(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(strings.TrimPrefix(name, "pipeline-"), c.Game.String()) {
			t.Errorf("%s: game %q", name, c.Game)
		}
		n++
	}
	if n < 3 {
		t.Fatalf("%d pipeline configs, want at least 3 (xiangqi, chess, chess-net)", n)
	}
}

// TestBrokenBaselineFoundFirst: a baseline engine that cannot play is
// found when the pipeline starts, not after a generation of self-play and
// training.
func TestBrokenBaselineFoundFirst(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.sh")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo 'id name broken'; echo uciok;; isready) echo readyok;; go*) exit 3;; esac; done\n"
	if err := os.WriteFile(broken, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for engine, want := range map[string]string{
		"cmd=" + filepath.Join(dir, "missing"): "pipeline: baseline engine: start " + filepath.Join(dir, "missing") + ": ",
		"cmd=" + broken:                        "pipeline: baseline engine: " + broken + ": no move from the start position (go depth 1): ",
	} {
		cfg, err := ParseConfig([]byte(strings.ReplaceAll(tinyConfig, "%s", "chess") + "baseline = \"" + engine + "\"\nbaseline_games = 2\n"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.RunDir = filepath.Join(dir, "run")
		start := time.Now()
		_, err = Run(context.Background(), cfg, Options{EngineCmd: "/bin/true"})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("%s: %v, want %q...", engine, err, want)
		}
		if _, err := os.Stat(filepath.Join(dir, "run")); !os.IsNotExist(err) || time.Since(start) > 10*time.Second {
			t.Fatalf("%s: the run started (%v) or the check took %v", engine, err, time.Since(start))
		}
	}
}

// TestGenerationAgainstBoth: a run whose best evaluator is already a net
// (continued from a record naming it) plays each candidate against that net
// and against the hand-written evaluation, and records both; the result
// weight of the generation sets λ; extra_data joins the training data.
func TestGenerationAgainstBoth(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine and runs a small generation")
	}
	bin := filepath.Join(t.TempDir(), "play")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/play").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	conf := strings.ReplaceAll(tinyConfig, "%s", "chess") + "classic_games = 2\n"
	conf = strings.Replace(conf, "generations = 2", "generations = 2\ndata_window = 1\nresult_weight = [0.1, 0.35]", 1)
	cfg, err := ParseConfig([]byte(conf))
	if err != nil {
		t.Fatal(err)
	}
	cfg.RunDir = t.TempDir()
	// Extra data: a finished tiny self-play run of another seed.
	extra := t.TempDir()
	sp := cfg.Selfplay
	sp.Game, sp.Output, sp.Seed, sp.Shards = position.VariantName(position.Chess), extra, 99, 1
	if _, err := selfplay.Run(context.Background(), sp, selfplay.Options{}); err != nil {
		t.Fatal(err)
	}
	cfg.ExtraData = []string{filepath.Join(extra, "*.dnds")}
	best := filepath.Join(cfg.RunDir, "best-so-far.nnue")
	if err := os.WriteFile(best, nn.DefaultFile(position.Chess), 0o644); err != nil {
		t.Fatal(err)
	}
	prev, _ := json.Marshal(Report{RunDir: cfg.RunDir, Game: position.VariantName(position.Chess), Best: variants.NetFile(best), Generations: []Generation{{Index: 0, Accepted: true, CumElo: 50}}})
	if err := os.WriteFile(filepath.Join(cfg.RunDir, "generations.json"), prev, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), cfg, Options{EngineCmd: bin})
	if err != nil {
		t.Fatal(err)
	}
	g := rep.Generations[1]
	if g.Opponent != variants.NetFile(best) || g.Match.Games() != 4 || g.Classic == nil || g.Classic.WDL.Games() != 2 || g.SelfplayEval != variants.NetFile(best) {
		t.Fatalf("generation 1: opponent %q, %d games; classic %+v", g.Opponent, g.Match.Games(), g.Classic)
	}
	if math.Abs(g.Lambda-0.65) > 1e-12 || cfg.lambda(0) != 0.9 || cfg.lambda(7) != g.Lambda {
		t.Fatalf("λ %v (want 0.65), gen 0 %v", g.Lambda, cfg.lambda(0))
	}
	// The training data: the extra run's files and this generation's only
	// (data_window 1, its shards merged), as the trainer's config records them.
	var tc train.Config
	if _, err := toml.DecodeFile(filepath.Join(cfg.RunDir, "gen-001", "train", "config.toml"), &tc); err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(extra, "*.dnds"), filepath.Join(cfg.RunDir, "gen-001", "merged", "*.dnds")}; !slices.Equal(tc.Data.Train, want) || tc.Loss.Lambda != 0.65 {
		t.Fatalf("training data %v λ %v, want %v λ 0.65", tc.Data.Train, tc.Loss.Lambda, want)
	}
	if g.TrainPositions == 0 {
		t.Fatal("no training positions recorded")
	}
	if _, err := os.Stat(filepath.Join(cfg.RunDir, "gen-001", "classic.pgn")); err != nil {
		t.Fatal(err)
	}
}

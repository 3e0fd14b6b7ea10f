package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
			rep, err := Run(context.Background(), cfg, Options{EngineCmd: bin})
			if err != nil {
				t.Fatal(err)
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
			}
			for _, f := range []string{"report.md", "elo.png", "generations.json", "pipeline.toml", "gen-000/match.pgn", "gen-001/train/loss.png"} {
				if st, err := os.Stat(filepath.Join(cfg.RunDir, f)); err != nil || st.Size() == 0 {
					t.Fatalf("%s missing or empty: %v", f, err)
				}
			}
			var back Report
			data, _ := os.ReadFile(filepath.Join(cfg.RunDir, "generations.json"))
			if err := json.Unmarshal(data, &back); err != nil || len(back.Generations) != 2 || back.Game != game {
				t.Fatalf("generations.json: %v %+v", err, back)
			}
			// Generation 1 plays self-play with the evaluator kept after generation 0.
			want := "classic"
			if rep.Generations[0].Accepted {
				want = rep.Generations[0].Net
			}
			if rep.Generations[1].SelfplayEval != want {
				t.Fatalf("generation 1 self-play used %q, want %q", rep.Generations[1].SelfplayEval, want)
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	for _, bad := range []string{
		`game = "shogi"`,
		"game = \"xiangqi\"\ngenerations = 0",
		"game = \"chess\"\n[match]\ngamez = 3",
		"game = \"chess\"\n[selfplay]\nnodes = 3",
	} {
		if _, err := ParseConfig([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	for _, game := range []string{"xiangqi", "chess"} {
		c, err := Default(game)
		if err != nil || c.Game != game || c.Selfplay.Games != 240 {
			t.Fatalf("default %s: %v %+v", game, err, c.Selfplay)
		}
	}
}

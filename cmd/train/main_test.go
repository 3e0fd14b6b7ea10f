// End-to-end test of the command: dataset files → flags/config → trained, exported, loadable net; export subcommand; bad input.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dualnnue/datasets"
	"dualnnue/eval"
	"dualnnue/nn"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/train"
)

// writeDataset writes games of random legal chess moves scored by the
// hand-written evaluation to path.
func writeDataset(t *testing.T, path string, games int, seed uint64) int {
	t.Helper()
	w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "train test", Seed: seed}, &datasets.WriterOptions{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	pos, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.NewChess[*chess.Position]()
	sts := make([]position.State, 100)
	var list position.MoveList
	n := 0
	for range games {
		if err := pos.SetFEN(chess.StartFEN); err != nil {
			t.Fatal(err)
		}
		g := datasets.GameRecord{Result: position.Draw}
		for ply := 0; ply < 80; ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			ev.Reset(pos)
			g.Plies = append(g.Plies, datasets.Ply{Move: m, Score: ev.Evaluate(pos)})
			pos.DoMove(m, &sts[ply])
			n++
		}
		if err := w.WriteGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	writeDataset(t, filepath.Join(dir, "a.dnds"), 40, 1)
	writeDataset(t, filepath.Join(dir, "b.dnds"), 40, 2)
	writeDataset(t, filepath.Join(dir, "valid.dnds"), 10, 3)
	cfgPath := filepath.Join(dir, "small.toml")
	os.WriteFile(cfgPath, []byte(`name = "cmdtest"
game = "chess"
[data]
train = ["unused"]
[net]
hidden = 64
[train]
epochs = 5
batch_size = 512
positions_per_epoch = 2048
`), 0o644)
	out := filepath.Join(dir, "run")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-config", cfgPath, "-data", filepath.Join(dir, "[ab].dnds"), "-valid", filepath.Join(dir, "valid.dnds"),
		"-out", out, "-epochs", "3", "-workers", "2", "-quiet"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr.String(), stdout.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("-quiet printed to stderr: %q", stderr.String())
	}
	for _, f := range []string{"cmdtest.nnue", "metrics.csv", "metrics.json", "loss.png", "config.toml",
		"checkpoints/last.ckpt", "checkpoints/epoch-0003.ckpt", "nets/epoch-0003.nnue"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(out, "metrics.csv"))
	if lines := strings.Count(string(csv), "\n"); lines != 4 {
		t.Errorf("metrics.csv has %d lines, want header + 3 epochs:\n%s", lines, csv)
	}
	net, err := nn.Load(filepath.Join(out, "cmdtest.nnue"), position.Chess)
	if err != nil {
		t.Fatal(err)
	}
	// The final net is the epoch with the lowest held-out loss (keep =
	// "best"): the last one, or an earlier one that the log names.
	var mj struct {
		Epochs []train.EpochMetrics `json:"metrics"`
	}
	if data, err := os.ReadFile(filepath.Join(out, "metrics.json")); err != nil || json.Unmarshal(data, &mj) != nil {
		t.Fatalf("metrics.json: %v", err)
	}
	best := train.BestEpoch(mj.Epochs)
	if net.Hidden != 64 || !strings.Contains(net.Description, `run "cmdtest"`) || best == 0 ||
		!strings.Contains(net.Description, fmt.Sprintf("epoch %d of 3", best)) {
		t.Errorf("net %v, best epoch %d, description %q", net.Arch, best, net.Description)
	}
	if best < 3 && !strings.Contains(stdout.String(), fmt.Sprintf("kept epoch %d of 3", best)) {
		t.Errorf("epoch %d kept without a word:\n%s", best, stdout.String())
	}
	if !strings.Contains(stdout.String(), "epoch 3/3: train loss") {
		t.Errorf("no epoch line in output:\n%s", stdout.String())
	}

	// Fine-tune from the net for one more run with -init, without -quiet:
	// stderr is not a terminal, so no bar is drawn, only a plain line.
	stdout.Reset()
	code = run([]string{"-game", "chess", "-data", filepath.Join(dir, "a.dnds"), "-init", filepath.Join(out, "cmdtest.nnue"),
		"-out", filepath.Join(dir, "ft"), "-name", "ft", "-epochs", "1", "-batch", "512", "-positions", "1024"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("fine-tune exit %d: %s", code, stderr.String())
	}
	if got := stderr.String(); strings.ContainsAny(got, "\r\x1b") || !regexp.MustCompile(`^ft epoch 1/1: 1024/1024 pos \(100%\), [0-9.]+ pos/s, \d+s elapsed\n$`).MatchString(got) {
		t.Errorf("progress on a non-terminal stderr: %q", got)
	}
	if ft, err := nn.Load(filepath.Join(dir, "ft", "ft.nnue"), position.Chess); err != nil || ft.Hidden != 64 {
		t.Fatalf("fine-tuned net: %v", err)
	}

	// Export a checkpoint by hand.
	stdout.Reset()
	exp := filepath.Join(dir, "exported.nnue")
	if code := run([]string{"export", "-checkpoint", filepath.Join(out, "checkpoints", "epoch-0003.ckpt"), "-out", exp}, &stdout, &stderr); code != 0 {
		t.Fatalf("export exit %d: %s", code, stderr.String())
	}
	if n, err := nn.Load(exp, position.Chess); err != nil || !strings.Contains(n.Description, "epoch 3") {
		t.Fatalf("exported net: %v", err)
	}
}

func TestTrainCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ckpt")
	os.WriteFile(bad, []byte("DNTRAIN\x01garbage"), 0o644)
	keepBad := filepath.Join(dir, "keep.toml")
	os.WriteFile(keepBad, []byte("game = \"chess\"\n[train]\nkeep_checkpoints = -3\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-game", "shogi"}, 2, `train: -game: unknown game "shogi"`},
		{[]string{"-game", "chess", "-out", dir, "-data", filepath.Join(dir, "none*.dnds"), "-quiet"}, 1, "no file matches"},
		{[]string{"-game", "chess", "-out", dir, "-quiet"}, 1,
			"train: no training data: [data] train is empty; name dataset files or globs there or with -data (self-play writes data/selfplay/chess/*.dnds)\n"},
		{[]string{"-config", filepath.Join(dir, "missing.toml")}, 2, "train: config: open " + filepath.Join(dir, "missing.toml") + ": no such file or directory\n"},
		{[]string{"-epochs", "x"}, 2, "invalid value"},
		// A range error is said once, with the range ("train: config: train:" before).
		{[]string{"-config", keepBad}, 2, "train: config: keep_checkpoints -3 out of range [0, 1000000] (0 keeps every epoch)\n"},
		{[]string{"extra"}, 2, `unknown command "extra"`},
		{[]string{"-epochs", "3", "extra"}, 2, `train: unexpected argument "extra"`},
		{[]string{"wdl", "-game", "chess"}, 2, "train wdl: missing arguments"},
		{[]string{"wdl", "x.dnds"}, 2, "train wdl: -game chess|xiangqi is required"},
		{[]string{"export", "-checkpoint", bad, "-out", filepath.Join(dir, "x.nnue")}, 1, "bad checkpoint"},
		{[]string{"export"}, 2, "train export: -checkpoint and -out are required\nusage: train export -checkpoint FILE.ckpt -out NET.nnue [-description TEXT]\n"},
		{[]string{"-game", "chess", "-out", dir, "-checkpoint", bad, "-data", "x", "-quiet"}, 1, "bad checkpoint"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}

// TestConfigGameAndBadConfig: with -config, -game names the config's game
// and must agree with it (exit 2 and the message every command gives); a
// config with an unknown key exits 2 too.
func TestConfigGameAndBadConfig(t *testing.T) {
	cfg := filepath.Join("..", "..", "configs", "train-xiangqi.toml")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-game", "chess", "-config", cfg, "-print-config"}, &stdout, &stderr)
	if code != 2 || stdout.Len() != 0 || stderr.String() != "train: -game chess contradicts the config's game xiangqi\n" {
		t.Errorf("-game chess with a xiangqi config: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"-game", "xiangqi", "-config", cfg, "-print-config"}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "game = \"xiangqi\"\n") || stderr.Len() != 0 {
		t.Errorf("-game xiangqi with a xiangqi config: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("game = \"chess\"\nbogus_key = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"-config", bad, "-print-config"}, &stdout, &stderr)
	if code != 2 || stdout.Len() != 0 || stderr.String() != "train: config: unknown key \"bogus_key\"\n" {
		t.Errorf("bad config: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

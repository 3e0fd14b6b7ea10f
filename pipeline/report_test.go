package pipeline

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/match"
	"dualnnue/position"
	"dualnnue/variants"
)

// TestReportExplainsItself: report.md states the acceptance rule with the
// match settings, each stage's time, both matches, the SPRT verdict, and
// flags what to doubt (a rising held-out loss, an interval including 0, a
// net kept on few games without an SPRT); the pictures are drawn.
func TestReportExplainsItself(t *testing.T) {
	dir := t.TempDir()
	if d := os.Getenv("REPORT_DIR"); d != "" {
		dir = d // to look at the pictures: REPORT_DIR=/tmp/x go test -run ReportExplains
	}
	cfg, err := ParseConfig([]byte("game = \"chess\"\n[match]\ngames = 60\nsprt = \"0,10,0.05,0.05\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{RunDir: dir, Game: position.VariantName(position.Chess), Best: variants.NetFile(filepath.Join(dir, "gen-001/train/n1.nnue")), Rule: rule(&cfg)}
	rep.Generations = []Generation{
		{Index: 0, SelfplayEval: variants.Hand, Games: 1000, Positions: 100000, PosPerSec: 900, SelfplaySecs: 110, Lambda: 0.9, TrainPositions: 95000,
			TrainLoss0: 0.01, TrainLoss: 0.005, ValidLoss0: 0.006, ValidLoss: 0.0055, NetEpoch: 1, Epochs: 6, TrainSecs: 30, Opponent: variants.Hand,
			Match: match.Trinomial{W: 30, D: 10, L: 20}, Elo: 58, EloError: 60, Accepted: true, MatchSecs: 400, CumElo: 58,
			Net: filepath.Join(dir, "gen-000/train/n0.nnue"), LossPlot: filepath.Join(dir, "gen-000/train/loss.png")},
		{Index: 1, SelfplayEval: variants.NetFile(filepath.Join(dir, "gen-000/train/n0.nnue")), Games: 1000, Positions: 110000, PosPerSec: 950, SelfplaySecs: 7300, Lambda: 0.7,
			TrainPositions: 200000, TrainLoss0: 0.01, TrainLoss: 0.004, ValidLoss0: 0.005, ValidLoss: 0.0052, NetEpoch: 6, Epochs: 6, TrainSecs: 60, Opponent: variants.NetFile(filepath.Join(dir, "gen-000/train/n0.nnue")),
			LossPlot: filepath.Join(dir, "gen-001/train/loss.png"),
			Match:    match.Trinomial{W: 40, D: 30, L: 30}, Elo: 35, EloError: 40, SPRT: "H1", LLR: 2.96, Accepted: true, MatchSecs: 500, CumElo: 93,
			Classic:  &BaselineResult{Engine: "classic", TC: "1+0.01", WDL: match.Trinomial{W: 50, D: 5, L: 5}, Elo: 300, EloError: 80},
			Baseline: &BaselineResult{Engine: "Stockfish", TC: "1+0.01", WDL: match.Trinomial{W: 10, D: 10, L: 40}, Elo: -200, EloError: 90}},
	}
	if err := writeRecords(rep); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, want := range []string{
		"**How a net is kept.** Each candidate plays the best evaluator so far (at first the hand-written evaluation) 60 games at 1+0.01",
		"An SPRT (0,10,0.05,0.05) stops the match",
		"| 1 | `gen-000/train/n0.nnue` | 1000 | 110000 | 0.00 | 950 | 2.0 h | 0.70 | 200000 |",
		"| H1 (LLR 2.96) | 50-5-5, +300.0 ± 80.0 | 8 min | **yes** |",
		"generation 1: the held-out loss rose (0.00500 → 0.00520 from the first pass to the last)",
		// The net's epoch: the loss columns run to the last epoch, the net
		// may hold an earlier one (issue 24: best.nnue was epoch 1 of 6).
		"| 0.01000 → 0.00500 | 0.00600 → 0.00550 | 1 of 6 (lowest valid loss) |",
		"| 0.01000 → 0.00400 | 0.00500 → 0.00520 | 6 of 6 |",
		"generation 0 (kept): the 95% interval of the match vs best (+58.0 ± 60.0 over 60 games) includes 0",
		"generation 0 was kept on 60 games without an SPRT",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(string(md), "generation 1 was kept on") {
		t.Error("an SPRT-decided generation flagged as kept on few games")
	}
	// Every picture of the run is linked from report.md (issue 24:
	// elo-positions.png was not).
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pngs) != 2 {
		t.Fatalf("pictures %v, want elo.png and elo-positions.png", pngs)
	}
	for _, link := range []string{"](elo.png)", "](elo-positions.png)", "[gen 0](gen-000/train/loss.png)", "[gen 1](gen-001/train/loss.png)"} {
		if !strings.Contains(string(md), link) {
			t.Errorf("report.md does not link %s", link)
		}
	}
	for _, name := range []string{"elo.png", "elo-positions.png"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < 400 {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// A change below the fifth decimal is printed with the decimals that show
// it (the pipeline of 2026-12-06 reported "rose (0.00137 → 0.00137)").
func TestLossPair(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want string
	}{
		{0.0013689375, 0.0013721331, "0.001369 → 0.001372"},
		{0.005, 0.0052, "0.00500 → 0.00520"},
		{0.0013, 0.0013, "0.00130 → 0.00130"},
		{0.001, 0.001000000001, "0.00100000 → 0.00100000"},
	} {
		if got := lossPair(c.a, c.b); got != c.want {
			t.Errorf("lossPair(%v, %v) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

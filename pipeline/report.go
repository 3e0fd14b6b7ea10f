// The run's report: Markdown and the Elo-per-generation plot.
package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// writeEloPlot draws the cumulative Elo of the best net per generation and
// each candidate's Elo against the best of its time, with 95% error bars.
func writeEloPlot(rep *Report) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: Elo per generation (%s)", rep.Game, filepath.Base(rep.RunDir))
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "Elo (generation 0 evaluator = 0)"
	best := make(plotter.XYs, 0, len(rep.Generations)+1)
	best = append(best, plotter.XY{X: -1, Y: 0})
	cand := make(plotter.XYs, 0, len(rep.Generations))
	errs := make(plotter.YErrors, 0, len(rep.Generations))
	prev := 0.0
	for _, g := range rep.Generations {
		best = append(best, plotter.XY{X: float64(g.Index), Y: g.CumElo})
		cand = append(cand, plotter.XY{X: float64(g.Index), Y: prev + g.Elo})
		errs = append(errs, struct{ Low, High float64 }{g.EloError, g.EloError})
		prev = g.CumElo
	}
	line, err := plotter.NewLine(best)
	if err != nil {
		return err
	}
	line.Color = plotutil.Color(0)
	pts := struct {
		plotter.XYs
		plotter.YErrors
	}{cand, errs}
	scatter, err := plotter.NewScatter(cand)
	if err != nil {
		return err
	}
	scatter.Color = plotutil.Color(1)
	bars, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return err
	}
	bars.Color = plotutil.Color(1)
	p.Add(plotter.NewGrid(), line, scatter, bars)
	p.Legend.Add("best net (cumulative)", line)
	p.Legend.Add("candidate vs best, 95%", scatter)
	p.Legend.Top = true
	p.Legend.Left = true
	tmp := filepath.Join(rep.RunDir, ".elo.tmp.png")
	if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, tmp); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(rep.RunDir, "elo.png"))
}

// markdown renders the report.
func markdown(rep *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Pipeline run %s (%s)\n\n", filepath.Base(rep.RunDir), rep.Game)
	fmt.Fprintf(&b, "Best evaluator: `%s`. Configuration: `pipeline.toml`. Elo per generation: ![Elo](elo.png)\n\n", rel(rep.RunDir, rep.Best))
	b.WriteString("| gen | self-play eval | games | positions | B/pos | pos/s | train loss | valid loss | W-D-L vs best | Elo (95%) | kept |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, g := range rep.Generations {
		kept := "no"
		if g.Accepted {
			kept = "**yes**"
		}
		// A generation whose games were all taken over from an earlier run
		// measured no self-play speed.
		rate := fmt.Sprintf("%.0f", g.PosPerSec)
		if g.ResumedGames == g.Games && g.Games > 0 {
			rate = "resumed"
		}
		fmt.Fprintf(&b, "| %d | `%s` | %d | %d | %.2f | %s | %.5f → %.5f | %.5f → %.5f | %d-%d-%d | %s | %s |\n",
			g.Index, rel(rep.RunDir, g.SelfplayEval), g.Games, g.Positions, g.BytesPerPos, rate,
			g.TrainLoss0, g.TrainLoss, g.ValidLoss0, g.ValidLoss, g.Match.W, g.Match.D, g.Match.L, g.EloText(), kept)
	}
	b.WriteString("\nLoss curves: ")
	for i, g := range rep.Generations {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[gen %d](%s)", g.Index, rel(rep.RunDir, g.LossPlot))
	}
	b.WriteString(".\n")
	for _, g := range rep.Generations {
		if g.Baseline != nil {
			fmt.Fprintf(&b, "\nGeneration %d best vs %s at %s: %d-%d-%d, Elo %s.\n", g.Index, g.Baseline.Engine, g.Baseline.TC,
				g.Baseline.WDL.W, g.Baseline.WDL.D, g.Baseline.WDL.L, eloText(g.Baseline.Elo, g.Baseline.EloError, g.Baseline.EloBound, g.Baseline.WDL.Games()))
		}
	}
	b.WriteString("\nElo: logistic, from the mean score; error bars from the pentanomial (paired openings) variance, as fastchess reports them.\n")
	return b.String()
}

// EloText is the candidate's Elo against the best as the report writes it.
func (g *Generation) EloText() string {
	return eloText(g.Elo, g.EloError, g.EloBound, g.Match.Games())
}

// eloText writes a recorded Elo: "+12.3 ± 20.1", or for a sweep over
// games games "≥ +382.2 (all 4 games won)".
func eloText(elo, err float64, bound, games int) string {
	switch bound {
	case 1:
		return fmt.Sprintf("≥ %+.1f (all %d games won)", elo, games)
	case -1:
		return fmt.Sprintf("≤ %+.1f (all %d games lost)", elo, games)
	}
	return fmt.Sprintf("%+.1f ± %.1f", elo, err)
}

func rel(base, p string) string {
	if r, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// The run's report: Markdown and the Elo-per-generation plot.
package pipeline

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"dualnnue/internal/plots"
	"dualnnue/variants"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// classicElo returns generation g's candidate Elo against the hand-written
// evaluation, its error and whether it was measured.
func (g *Generation) classicElo() (elo, err float64, ok bool) {
	if g.Opponent.Kind == variants.EvalHand {
		return g.Elo, g.EloError, true
	}
	if g.Classic != nil {
		return g.Classic.Elo, g.Classic.EloError, true
	}
	return 0, 0, false
}

// errPoints is a scatter with symmetric vertical error bars.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

func (e *errPoints) add(x, y, err float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: y})
	e.YErrors = append(e.YErrors, struct{ Low, High float64 }{err, err})
}

// writeEloPlot draws elo.png: per generation (whole numbers from 0) the
// cumulative Elo of the best net, each candidate against the best of its
// time and against the hand-written evaluation with 95 % error bars, the
// hand-written evaluation as the zero line, and each baseline engine where
// the best net's match against it puts it. It also draws elo-positions.png
// (Elo over the hand-written evaluation against the positions trained on).
func writeEloPlot(rep *Report) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: Elo per generation (%s)", rep.Game, filepath.Base(rep.RunDir))
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "Elo (hand-written evaluation = 0)"
	p.X.Tick.Marker = plots.Integers{}
	p.Y.Tick.Marker = plots.Linear{}
	var best plotter.XYs
	var cand, classic errPoints
	baselines := map[string]plotter.XYs{}
	var names []string
	prev := 0.0
	lo, hi := 0.0, 0.0
	for _, g := range rep.Generations {
		x := float64(g.Index)
		best = append(best, plotter.XY{X: x, Y: g.CumElo})
		cand.add(x, prev+g.Elo, g.EloError)
		if e, err, ok := g.classicElo(); ok && g.Opponent.Kind != variants.EvalHand { // else the same match as above
			classic.add(x+0.08, e, err)
			lo, hi = math.Min(lo, e-err), math.Max(hi, e+err)
		}
		if g.Baseline != nil {
			if _, ok := baselines[g.Baseline.Engine]; !ok {
				names = append(names, g.Baseline.Engine)
			}
			y := g.CumElo - g.Baseline.Elo
			baselines[g.Baseline.Engine] = append(baselines[g.Baseline.Engine], plotter.XY{X: x, Y: y})
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
		lo, hi = math.Min(lo, math.Min(g.CumElo, prev+g.Elo-g.EloError)), math.Max(hi, math.Max(g.CumElo, prev+g.Elo+g.EloError))
		prev = g.CumElo
	}
	n := float64(len(rep.Generations))
	zero, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: math.Max(n-0.5, 0.5), Y: 0}})
	if err != nil {
		return err
	}
	zero.Color = color.Gray{Y: 90}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(plotter.NewGrid(), zero)
	p.Legend.Add("hand-written evaluation", zero)
	if len(best) > 0 {
		line, dots, err := plotter.NewLinePoints(best)
		if err != nil {
			return err
		}
		line.Color, dots.Color = plotutil.Color(0), plotutil.Color(0)
		line.Width = vg.Points(1.5)
		dots.Shape = draw.CircleGlyph{}
		p.Add(line, dots)
		p.Legend.Add("best net (cumulative)", line, dots)
		for i, set := range []*errPoints{&cand, &classic} {
			if len(set.XYs) == 0 {
				continue
			}
			sc, err := plotter.NewScatter(set.XYs)
			if err != nil {
				return err
			}
			sc.Color = plotutil.Color(i + 1)
			sc.Shape = plotutil.Shape(i + 1)
			bars, err := plotter.NewYErrorBars(set)
			if err != nil {
				return err
			}
			bars.Color = plotutil.Color(i + 1)
			p.Add(sc, bars)
			p.Legend.Add([]string{"candidate vs best of its time, 95%", "candidate vs hand-written, 95%"}[i], sc)
		}
	}
	for i, name := range names {
		l, pts, err := plotter.NewLinePoints(baselines[name])
		if err != nil {
			return err
		}
		l.Color, pts.Color = plotutil.Color(3+i), plotutil.Color(3+i)
		pts.Shape = draw.PyramidGlyph{}
		l.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(l, pts)
		p.Legend.Add(name+" (from the best net's match)", l, pts)
	}
	pad := math.Max(20, 0.1*(hi-lo))
	p.X.Min, p.X.Max = -0.5, math.Max(n-0.5, 0.5)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	// The legend goes below the plot area, never on the data.
	entries := 1 + len(names)
	if len(best) > 0 {
		entries++
		if len(cand.XYs) > 0 {
			entries++
		}
		if len(classic.XYs) > 0 {
			entries++
		}
	}
	if err := savePNG(p, entries, 16*vg.Centimeter, 12*vg.Centimeter, filepath.Join(rep.RunDir, "elo.png")); err != nil {
		return err
	}
	return writeEloPositions(rep)
}

// writeEloPositions draws elo-positions.png: each candidate's Elo over the
// hand-written evaluation against the positions it trained on (log scale),
// the picture that sizes a run before paying for it.
func writeEloPositions(rep *Report) error {
	var pts errPoints
	for _, g := range rep.Generations {
		if e, err, ok := g.classicElo(); ok && g.TrainPositions > 0 {
			pts.add(float64(g.TrainPositions), e, err)
		}
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: Elo over the hand-written evaluation by training positions", rep.Game)
	p.X.Label.Text = "positions trained on (log scale)"
	p.Y.Label.Text = "Elo vs hand-written (95% bars)"
	p.Y.Tick.Marker = plots.Linear{}
	p.Add(plotter.NewGrid())
	if len(pts.XYs) > 0 {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plots.Log{Format: plots.Count}
		sc, err := plotter.NewScatter(pts.XYs)
		if err != nil {
			return err
		}
		bars, err := plotter.NewYErrorBars(&pts)
		if err != nil {
			return err
		}
		p.Add(sc, bars)
		minX, maxX, minY, maxY := plotter.XYRange(pts.XYs)
		p.X.Min, p.X.Max = minX/1.5, maxX*1.5
		spread := 0.0
		for _, e := range pts.YErrors {
			spread = math.Max(spread, e.High)
		}
		p.Y.Min, p.Y.Max = math.Min(0, minY-spread)-20, maxY+spread+20
	}
	return savePNG(p, 0, 16*vg.Centimeter, 10*vg.Centimeter, filepath.Join(rep.RunDir, "elo-positions.png"))
}

// savePNG writes p (its legend of entries lines below it, see plots.PNG)
// as a w × h PNG at path, through a temporary file.
func savePNG(p *plot.Plot, entries int, w, h vg.Length, path string) error {
	data, err := plots.PNG(p, entries, w, h)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// markdown renders the report: the acceptance rule and the match settings,
// one row per generation with the time of each stage, both matches, and
// what a reader should doubt.
func markdown(rep *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Pipeline run %s (%s)\n\n", filepath.Base(rep.RunDir), rep.Game)
	fmt.Fprintf(&b, "Best evaluator: `%s`. Configuration: `pipeline.toml`. Elo per generation: ![Elo per generation](elo.png)\n\n", rel(rep.RunDir, rep.Best.String()))
	b.WriteString("Elo over the hand-written evaluation by the positions each net trained on: ![Elo by training positions](elo-positions.png)\n\n")
	if rep.Rule != "" {
		fmt.Fprintf(&b, "**How a net is kept.** %s\n\n", rep.Rule)
	}
	b.WriteString("| gen | self-play eval | games | positions | B/pos | pos/s | self-play | λ | train positions | train loss | valid loss | net from epoch | train | W-D-L vs best | Elo vs best (95%) | SPRT | vs hand-written | match | kept |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var doubts []string
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
		sprt := "–"
		if g.SPRT != "" {
			sprt = fmt.Sprintf("%s (LLR %.2f)", g.SPRT, g.LLR)
		}
		classic := "–"
		if g.Opponent.Kind == variants.EvalHand {
			classic = "(the match vs best)"
		} else if g.Classic != nil {
			classic = fmt.Sprintf("%d-%d-%d, %s", g.Classic.WDL.W, g.Classic.WDL.D, g.Classic.WDL.L,
				eloText(g.Classic.Elo, g.Classic.EloError, g.Classic.EloBound, g.Classic.WDL.Games()))
		}
		fmt.Fprintf(&b, "| %d | `%s` | %d | %d | %.2f | %s | %s | %.2f | %d | %s | %s | %s | %s | %d-%d-%d | %s | %s | %s | %s | %s |\n",
			g.Index, rel(rep.RunDir, g.SelfplayEval.String()), g.Games, g.Positions, g.BytesPerPos, rate, duration(g.SelfplaySecs), g.Lambda, g.TrainPositions,
			lossPair(g.TrainLoss0, g.TrainLoss), lossPair(g.ValidLoss0, g.ValidLoss), netEpochText(g), duration(g.TrainSecs), g.Match.W, g.Match.D, g.Match.L, g.EloText(), sprt, classic, duration(g.MatchSecs), kept)
		if g.ValidLoss > g.ValidLoss0 && g.ValidLoss0 > 0 {
			doubts = append(doubts, fmt.Sprintf("generation %d: the held-out loss rose (%s from the first pass to the last): the net fits its training games better than new ones (over-fitting); more data or a smaller net", g.Index, lossPair(g.ValidLoss0, g.ValidLoss)))
		}
		if g.EloBound == 0 && g.Elo-g.EloError <= 0 && g.Elo+g.EloError >= 0 {
			verdict := "not kept"
			if g.Accepted {
				verdict = "kept"
			}
			doubts = append(doubts, fmt.Sprintf("generation %d (%s): the 95%% interval of the match vs best (%s over %d games) includes 0: the match did not decide; more games or an SPRT would", g.Index, verdict, g.EloText(), g.Match.Games()))
		}
		if g.Accepted && g.SPRT == "" && g.Match.Games() < 200 {
			doubts = append(doubts, fmt.Sprintf("generation %d was kept on %d games without an SPRT: a small sample", g.Index, g.Match.Games()))
		}
	}
	b.WriteString("\nLoss curves: ")
	for i, g := range rep.Generations {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[gen %d](%s)", g.Index, rel(rep.RunDir, g.LossPlot))
	}
	b.WriteString(".\n")
	b.WriteString(stagesText(rep))
	for _, g := range rep.Generations {
		if g.MatchDataPositions > 0 {
			fmt.Fprintf(&b, "\nGeneration %d's match games: %d positions of training data for the later generations within `data_window` (`match_data`, gen-%03d/match-data/).\n", g.Index, g.MatchDataPositions, g.Index)
		}
	}
	for _, g := range rep.Generations {
		if g.Baseline != nil {
			fmt.Fprintf(&b, "\nGeneration %d best vs %s at %s: %d-%d-%d, Elo %s.\n", g.Index, g.Baseline.Engine, g.Baseline.TC,
				g.Baseline.WDL.W, g.Baseline.WDL.D, g.Baseline.WDL.L, eloText(g.Baseline.Elo, g.Baseline.EloError, g.Baseline.EloBound, g.Baseline.WDL.Games()))
		}
	}
	if len(doubts) > 0 {
		b.WriteString("\n## What to doubt\n\n")
		for _, d := range doubts {
			fmt.Fprintf(&b, "- %s\n", d)
		}
	}
	b.WriteString("\nElo: logistic, from the mean score; error bars from the pentanomial (paired openings) variance, as fastchess reports them. Times: self-play, training and the matches of each generation (wall clock).\n")
	return b.String()
}

// duration writes seconds as "42 s", "12 min" or "2.5 h".
func duration(secs float64) string {
	switch {
	case secs <= 0:
		return "–"
	case secs < 120:
		return fmt.Sprintf("%.0f s", secs)
	case secs < 7200:
		return fmt.Sprintf("%.0f min", secs/60)
	}
	return fmt.Sprintf("%.1f h", secs/3600)
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

// stagesText says where each generation's self-play and match ran, when
// they ran as shards or on a scheduler: the job ids, the tasks, the time in
// the queue and the time to the last task's end.
func stagesText(rep *Report) string {
	var b strings.Builder
	for _, g := range rep.Generations {
		for _, s := range g.Stages {
			if s.Where == "local" && s.Tasks <= 1 {
				continue
			}
			if b.Len() == 0 {
				b.WriteString("\n| gen | stage | where | tasks | resubmitted | queued | ran | overhead |\n|---|---|---|---|---|---|---|---|\n")
			}
			fmt.Fprintf(&b, "| %d | %s | %s | %d | %d | %s | %s | %s |\n", g.Index, s.Stage, s.Where, s.Tasks, s.Resubmitted, duration(s.QueueSecs), duration(s.RunSecs), duration(s.OverheadSecs))
		}
	}
	return b.String()
}

// lossPair prints a loss before and after as "a → b" with 5 decimals, or
// with as many more (up to 8) as it takes to tell them apart, so a change
// the report names is never printed as two equal numbers.
func lossPair(a, b float64) string {
	for d := 5; ; d++ {
		x, y := strconv.FormatFloat(a, 'f', d, 64), strconv.FormatFloat(b, 'f', d, 64)
		if x != y || a == b || d == 8 {
			return x + " → " + y
		}
	}
}

// netEpochText says which epoch's weights a generation's net holds: "6 of
// 6", "1 of 6 (lowest valid loss)" when an earlier epoch was kept (the loss
// columns run to the last epoch, not to the net's), "–" when not recorded.
func netEpochText(g Generation) string {
	switch {
	case g.NetEpoch <= 0 || g.Epochs <= 0:
		return "–"
	case g.NetEpoch < g.Epochs:
		return fmt.Sprintf("%d of %d (lowest valid loss)", g.NetEpoch, g.Epochs)
	}
	return fmt.Sprintf("%d of %d", g.NetEpoch, g.Epochs)
}

// Per-epoch metrics: CSV and JSON files and the loss-curve PNG (gonum.org/v1/plot).
package train

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"dualnnue/internal/plots"
	"dualnnue/position"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// EpochMetrics is one row of the metrics: losses are batch means of the
// training loss (see Loss) over the epoch's positions and over the
// validation set.
type EpochMetrics struct {
	Epoch     int      `json:"epoch"`     // 1-based
	Step      int64    `json:"step"`      // optimiser steps so far
	Positions int64    `json:"positions"` // training positions seen so far
	TrainLoss float64  `json:"train_loss"`
	ValidLoss *float64 `json:"valid_loss,omitempty"` // nil without validation data
	LR        float64  `json:"lr"`                   // learning rate of the epoch's last step
	Seconds   float64  `json:"seconds"`              // wall time of the epoch (training + validation)
	PosPerSec float64  `json:"pos_per_sec"`          // training positions per second
}

// MetricsFile is what metrics.json holds.
type MetricsFile struct {
	Run     RunInfo        `json:"run"`
	Metrics []EpochMetrics `json:"metrics"`
}

// RunInfo describes a run in metrics.json.
type RunInfo struct {
	Name        string               `json:"name"`
	Game        position.VariantName `json:"game"` // "xiangqi" or "chess"
	Arch        string               `json:"arch"`
	Data        []string             `json:"data"`
	Positions   int                  `json:"train_positions"`
	Validation  int                  `json:"valid_positions"`
	BatchSize   int                  `json:"batch_size"`
	Epochs      int                  `json:"epochs"`
	EpochSize   int64                `json:"positions_per_epoch"`
	Workers     int                  `json:"workers"`
	Kernels     string               `json:"kernels"`
	Description string               `json:"description"`
}

// metricsCSVHeader names the CSV columns.
var metricsCSVHeader = []string{"epoch", "step", "positions", "train_loss", "valid_loss", "lr", "seconds", "pos_per_sec"}

// WriteMetrics (re)writes metrics.csv, metrics.json and loss.png in dir
// from all rows so far. Each file is replaced atomically, so a reader never
// sees a half-written file.
func WriteMetrics(dir string, run RunInfo, rows []EpochMetrics) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(metricsCSVHeader)
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
	for _, r := range rows {
		valid := ""
		if r.ValidLoss != nil {
			valid = f(*r.ValidLoss)
		}
		w.Write([]string{strconv.Itoa(r.Epoch), strconv.FormatInt(r.Step, 10), strconv.FormatInt(r.Positions, 10),
			f(r.TrainLoss), valid, f(r.LR), strconv.FormatFloat(r.Seconds, 'f', 3, 64), strconv.FormatFloat(r.PosPerSec, 'f', 0, 64)})
	}
	w.Flush()
	if err := writeAtomic(filepath.Join(dir, "metrics.csv"), b.Bytes()); err != nil {
		return err
	}
	js, err := json.MarshalIndent(MetricsFile{Run: run, Metrics: rows}, "", "  ")
	if err != nil {
		return fmt.Errorf("train: metrics: %w", err)
	}
	if err := writeAtomic(filepath.Join(dir, "metrics.json"), append(js, '\n')); err != nil {
		return err
	}
	png, err := LossPlot(run.Name, rows)
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, "loss.png"), png)
}

// LossPlot draws the training and validation loss per epoch as a PNG: a
// logarithmic loss axis (the first epochs' losses are an order of magnitude
// above the rest), the epoch with the lowest validation loss marked, the
// legend in a strip below the plot, never on the curves.
func LossPlot(title string, rows []EpochMetrics) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title + ": loss per epoch"
	p.X.Label.Text = "epoch"
	p.X.Tick.Marker = plots.Integers{}
	p.Y.Label.Text = "loss (log scale)"
	p.Add(plotter.NewGrid())
	var tr, va plotter.XYs
	for _, r := range rows {
		if r.TrainLoss > 0 {
			tr = append(tr, plotter.XY{X: float64(r.Epoch), Y: r.TrainLoss})
		}
		if r.ValidLoss != nil && *r.ValidLoss > 0 {
			va = append(va, plotter.XY{X: float64(r.Epoch), Y: *r.ValidLoss})
		}
	}
	if len(tr)+len(va) > 0 {
		lo, hi := math.Inf(1), 0.0
		for _, xy := range append(append(plotter.XYs(nil), tr...), va...) {
			lo, hi = math.Min(lo, xy.Y), math.Max(hi, xy.Y)
		}
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plots.Log{}
		p.Y.Min, p.Y.Max = lo/1.2, hi*1.2
	}
	legend := &p.Legend
	entries := 0
	add := func(name string, xy plotter.XYs, c color.Color, shape draw.GlyphDrawer) error {
		if len(xy) == 0 {
			return nil
		}
		l, s, err := plotter.NewLinePoints(xy)
		if err != nil {
			return fmt.Errorf("train: plot: %w", err)
		}
		l.Color = c
		s.Color = c
		s.Shape = shape
		p.Add(l, s)
		legend.Add(name, l, s)
		entries++
		return nil
	}
	if err := add("train", tr, color.RGBA{R: 31, G: 119, B: 180, A: 255}, draw.CircleGlyph{}); err != nil {
		return nil, err
	}
	if err := add("validation", va, color.RGBA{R: 214, G: 39, B: 40, A: 255}, draw.SquareGlyph{}); err != nil {
		return nil, err
	}
	if best := BestEpoch(rows); best > 0 && rows[best-1].ValidLoss != nil && *rows[best-1].ValidLoss > 0 {
		s, err := plotter.NewScatter(plotter.XYs{{X: float64(best), Y: *rows[best-1].ValidLoss}})
		if err != nil {
			return nil, fmt.Errorf("train: plot: %w", err)
		}
		s.Shape = draw.RingGlyph{}
		s.Radius = vg.Points(7)
		s.Color = color.Black
		p.Add(s)
		legend.Add(fmt.Sprintf("lowest validation loss (epoch %d: the net keep = \"best\" writes)", best), s)
		entries++
	}
	data, err := plots.PNG(p, entries, 8*vg.Inch, 5*vg.Inch)
	if err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	return data, nil
}

// atomicFile is what writeAtomic writes: an *os.File (in tests, a file
// whose writes fail as on a full disk).
type atomicFile interface {
	io.Writer
	Sync() error
	Close() error
}

// createAtomic creates writeAtomic's temporary file (it must not exist);
// tests replace it to make writes fail.
var createAtomic = func(name string) (atomicFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// writeAtomic writes data to path through path+".tmp" (synced, then
// renamed over path), so that path holds either its old or its new
// contents. On any error the temporary file is removed: a failed write (a
// full disk) leaves nothing behind and the same write can be tried again.
// A ".tmp" left by a killed process is replaced.
func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("train: %w", err)
	}
	f, err := createAtomic(tmp)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("train: %w", err)
	}
	return nil
}

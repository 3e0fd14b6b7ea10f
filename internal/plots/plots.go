package plots

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Format writes one tick label.
type Format func(v float64) string

// Number writes v with at most four significant digits and no trailing
// zeros: 0.035, 1500, -200, 0.0001234.
func Number(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(roundSig(v, 4), 'f', -1, 64)
}

// Count writes a count of positions or games: below 1000 as a number,
// then in thousands ("200k", "2.5k") and millions ("1.5M").
func Count(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return Number(v/1e9) + "G"
	case a >= 1e6:
		return Number(v/1e6) + "M"
	case a >= 1e3:
		return Number(v/1e3) + "k"
	}
	return Number(v)
}

// roundSig rounds v to sig significant digits (so that 0.035000000000000003
// prints as 0.035).
func roundSig(v float64, sig int) float64 {
	p, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', sig, 64), 64)
	if err != nil {
		return v
	}
	return p
}

// Log is the tick marker of a logarithmic axis (see the package doc).
// Format nil is Number.
type Log struct{ Format Format }

// Ticks implements plot.Ticker.
func (t Log) Ticks(lo, hi float64) []plot.Tick {
	f := orNumber(t.Format)
	var ticks []plot.Tick
	if lo > 0 && hi > lo {
		for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
			for _, m := range []float64{1, 2, 5} {
				v := roundSig(m*math.Pow(10, e), 6)
				if v >= lo && v <= hi {
					ticks = append(ticks, plot.Tick{Value: v, Label: f(v)})
				}
			}
		}
	}
	if len(ticks) >= 3 {
		return ticks
	}
	return Linear{Format: f}.Ticks(lo, hi)
}

// Linear is the tick marker of a linear axis: gonum's default ticks (round
// values, minor ticks between), labelled by Format (nil: Number).
type Linear struct{ Format Format }

// Ticks implements plot.Ticker.
func (t Linear) Ticks(lo, hi float64) []plot.Tick {
	f := orNumber(t.Format)
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Value = roundSig(ticks[i].Value, 12)
			ticks[i].Label = f(ticks[i].Value)
		}
	}
	return ticks
}

// Integers marks whole numbers only, every step-th so that there are at
// most 12 labels.
type Integers struct{}

// Ticks implements plot.Ticker.
func (Integers) Ticks(lo, hi float64) []plot.Tick {
	var t []plot.Tick
	step := math.Max(1, math.Ceil((hi-lo)/12))
	for v := math.Ceil(lo); v <= hi; v += step {
		t = append(t, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return t
}

func orNumber(f Format) Format {
	if f == nil {
		return Number
	}
	return f
}

// Margin is the blank border PNG keeps around the plot (the title, the
// last tick label and the legend never touch the edge).
const Margin = 2 * vg.Millimeter

// PNG draws p as a w × h PNG: p's title and axes inside a margin, and its
// legend (p.Legend, entries lines of it; none when 0) in a strip of its own
// below the plot. It leaves p.Legend empty.
func PNG(p *plot.Plot, entries int, w, h vg.Length) ([]byte, error) {
	img := vgimg.New(w, h)
	dc := draw.New(img)
	legend := p.Legend
	p.Legend = plot.NewLegend()
	// Rows a third of the font size apart: gonum's default puts the
	// glyphs of neighbouring rows on each other.
	legend.Padding = legend.TextStyle.Font.Size / 3
	var strip vg.Length
	if entries > 0 {
		strip = vg.Length(entries)*(legend.TextStyle.Font.Size+legend.Padding) + Margin
	}
	p.Draw(draw.Crop(dc, Margin, -Margin, strip+Margin/2, -Margin))
	if entries > 0 {
		legend.Top, legend.Left = true, true
		legend.XOffs = 5 * Margin
		legend.YOffs = 0
		legend.Draw(draw.Crop(dc, 0, 0, Margin/2, -(h - strip - Margin/2)))
	}
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("plot: %w", err)
	}
	return b.Bytes(), nil
}

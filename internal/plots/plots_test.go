package plots

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

func labels(ticks []plot.Tick) string {
	var l []string
	for _, t := range ticks {
		if t.Label != "" {
			l = append(l, t.Label)
		}
	}
	return strings.Join(l, " ")
}

// TestTickLabels: every axis gets at least three readable labels – a log
// axis over less than a decade (issue 24: the chess loss.png had one), a
// log axis of positions (elo-positions.png had none), Elo without
// decimals (elo.png printed "500.00"), whole epochs and generations.
func TestTickLabels(t *testing.T) {
	cases := []struct {
		name   string
		ticker plot.Ticker
		lo, hi float64
		want   string
	}{
		{"loss over a decade", Log{}, 0.0015, 0.0144, "0.002 0.005 0.01"},
		{"loss over decades", Log{}, 0.0008, 0.3, "0.001 0.002 0.005 0.01 0.02 0.05 0.1 0.2"},
		{"flat chess loss", Log{}, 0.034339 / 1.2, 0.0344 * 1.2, "0.03 0.035 0.04"},
		{"positions", Log{Format: Count}, 95000 / 1.5, 200000 * 1.5, "100k 200k 300k"},
		{"positions over decades", Log{Format: Count}, 30000, 4e6, "50k 100k 200k 500k 1M 2M"},
		{"Elo", Linear{}, -40, 420, "0 200 400"},
		{"Elo over 1000", Linear{}, -620, 530, "-500 0 500"},
		{"small fractions", Linear{}, 0.1, 0.4, "0.1 0.2 0.3 0.4"},
		{"generations", Integers{}, -0.5, 2.5, "0 1 2"},
		{"epochs", Integers{}, 1, 40, "1 5 9 13 17 21 25 29 33 37"},
	}
	for _, c := range cases {
		if got := labels(c.ticker.Ticks(c.lo, c.hi)); got != c.want {
			t.Errorf("%s [%g, %g]: labels %q, want %q", c.name, c.lo, c.hi, got, c.want)
		}
	}
	for v, want := range map[float64]string{0: "0", 950: "950", 1500: "1.5k", 200000: "200k", 2.5e6: "2.5M", 3e9: "3G", -2000: "-2k"} {
		if got := Count(v); got != want {
			t.Errorf("Count(%g) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{0.035000000000000003: "0.035", 500: "500", -200: "-200", 0.0001234567: "0.0001235", 123456: "123500"} {
		if got := Number(v); got != want {
			t.Errorf("Number(%g) = %q, want %q", v, got, want)
		}
	}
}

// TestPNG: the picture has the asked size, a blank margin on every side
// (the title does not touch the edge), with and without a legend.
func TestPNG(t *testing.T) {
	for _, entries := range []int{0, 2} {
		p := plot.New()
		p.Title.Text = "a title"
		p.X.Label.Text, p.Y.Label.Text = "x", "y"
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
		if err != nil {
			t.Fatal(err)
		}
		p.Add(l)
		if entries > 0 {
			p.Legend.Add("one", l)
			p.Legend.Add("two", l)
		}
		data, err := PNG(p, entries, 4*vg.Inch, 3*vg.Inch)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if b.Dx() != 384 || b.Dy() != 288 {
			t.Fatalf("size %v", b)
		}
		// The outer 4 pixels (of the ~7 of the margin) are white.
		for x := b.Min.X; x < b.Max.X; x++ {
			for y := b.Min.Y; y < b.Max.Y; y++ {
				if x >= 4 && x < b.Max.X-4 && y >= 4 && y < b.Max.Y-4 {
					continue
				}
				if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
					t.Fatalf("%d legend entries: pixel (%d, %d) in the margin is not white", entries, x, y)
				}
			}
		}
	}
}

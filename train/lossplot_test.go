package train

import (
	"bytes"
	"image/png"
	"os"
	"testing"
)

// TestLossPlot draws a PNG of the expected size whatever the rows (none,
// training only, both with a kept epoch); LOSS_PNG=path keeps one to look at.
func TestLossPlot(t *testing.T) {
	v := func(x float64) *float64 { return &x }
	full := []EpochMetrics{{Epoch: 1, TrainLoss: 0.012, ValidLoss: v(0.0022)}, {Epoch: 2, TrainLoss: 0.002, ValidLoss: v(0.0019)},
		{Epoch: 3, TrainLoss: 0.0017, ValidLoss: v(0.00181)}, {Epoch: 4, TrainLoss: 0.0016, ValidLoss: v(0.00183)}}
	for _, rows := range [][]EpochMetrics{nil, {{Epoch: 1, TrainLoss: 0.01}}, full} {
		data, err := LossPlot("test", rows)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil || img.Bounds().Dx() != 768 || img.Bounds().Dy() != 480 {
			t.Fatalf("%d rows: %v %v", len(rows), err, img.Bounds())
		}
		if p := os.Getenv("LOSS_PNG"); p != "" && len(rows) == 4 {
			_ = os.WriteFile(p, data, 0o644)
		}
	}
}

// Export: quantization overflow and non-finite weights are errors; the written net loads.
package train

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

func TestExportOverflowIsError(t *testing.T) {
	a := nn.Arch{Game: position.Xiangqi, Set: features.XiangqiPS1260, Inputs: 1260, Hidden: 32, Buckets: 1, Activation: nn.SCReLU}
	m, err := NewModel(a)
	if err != nil {
		t.Fatal(err)
	}
	m.Init(rand.New(rand.NewPCG(8, 8)))
	dir := t.TempDir()
	net, err := Export(m, "ok", filepath.Join(dir, "ok.nnue"))
	if err != nil || net.Description != "ok" || net.Arch != a {
		t.Fatalf("export of a clipped model: %v", err)
	}
	for _, c := range []struct {
		name string
		set  func(m *Model)
		want string
	}{
		{"output weight 2.5 (> 127/64)", func(m *Model) { m.OutWeights[3] = 2.5 }, "OutWeights[3]"},
		{"first-layer weight 200 (> int16/QA)", func(m *Model) { m.FTWeights[77] = 200 }, "FTWeights[77]"},
		{"accumulator overflow", func(m *Model) {
			for f := 0; f < 40; f++ {
				m.FTWeights[f*a.Hidden+5] = 100
			}
		}, "accumulator"},
		{"NaN", func(m *Model) { m.FTBias[0] = float32(math.NaN()) }, "NaN"},
	} {
		bad := m.Clone()
		c.set(bad)
		if _, err := Export(bad, "bad", filepath.Join(dir, "bad.nnue")); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
	// Clipping to ClipRanges keeps every model exportable.
	big := m.Clone()
	for i := range big.Params {
		big.Params[i] = 1000
	}
	opt := NewAdamW(len(big.Params), 0, ClipRanges(big, 100))
	opt.clip(big.Params)
	if _, err := Export(big, "clipped", filepath.Join(dir, "clipped.nnue")); err != nil {
		t.Fatalf("clipped model does not export: %v", err)
	}
}

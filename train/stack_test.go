// The hidden layer stack in the trainer: configuration, learning, export parity.
package train

import (
	"context"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/position"
)

// The [net] keys of the hidden layer stack build the shape they name, and
// every bad value is refused naming its field; a config without them keeps
// today's shape and today's TOML (so old runs' fingerprints do not change).
func TestConfigStack(t *testing.T) {
	cfg, err := ParseConfig([]byte("game = \"chess\"\n[net]\nhidden = 64\nactivation = \"crelu\"\nlayers = [16, 32]\nhidden_activation = \"screlu\"\npairwise = true\nstacks = true\nbuckets = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	a, err := cfg.stack()
	if err != nil || a.Layers != [nn.MaxLayers]int{16, 32} || a.HiddenActivation != nn.SCReLU || !a.Pairwise || !a.Stacks {
		t.Fatalf("stack %+v, %v", a, err)
	}
	cfg.Net.HiddenActivation = ""
	if a, _ := cfg.stack(); a.HiddenActivation != nn.CReLU {
		t.Fatalf("default hidden activation %v, want CReLU", a.HiddenActivation)
	}
	def := Defaults(position.Chess)
	if a, err := def.stack(); err != nil || !(nn.Arch{Hidden: 1, Layers: a.Layers, HiddenActivation: a.HiddenActivation, Pairwise: a.Pairwise, Stacks: a.Stacks}).Flat() {
		t.Fatalf("default config: %+v, %v", a, err)
	}
	if s := string(def.TOML()); strings.Contains(s, "layers") || strings.Contains(s, "pairwise") || strings.Contains(s, "stacks") || strings.Contains(s, "hidden_activation") {
		t.Fatalf("default config's TOML names the new keys:\n%s", s)
	}
	for _, c := range []struct{ net, want string }{
		{"layers = [20]", "net.layers[0] = 20"},
		{"layers = [16, 512]", "net.layers[1] = 512"},
		{"layers = [0]", "net.layers[0] = 0"},
		{"layers = [-16]", "net.layers[0] = -16"},
		{"layers = [16, 16, 16]", "net.layers has 3 hidden layers"},
		{"hidden_activation = \"crelu\"", "net.hidden_activation \"crelu\" without net.layers"},
		{"layers = [16]\nhidden_activation = \"tanh\"", "net.hidden_activation \"tanh\""},
		{"stacks = true", "net.stacks without net.layers"},
		{"pairwise = true", "net.pairwise needs net.activation = \"crelu\""},
		// With net.init the keys are replaced by the net's shape but still checked.
		{"init = \"start.nnue\"\nlayers = [20]", "net.layers[0] = 20"},
		{"init = \"start.nnue\"\nstacks = true", "net.stacks without net.layers"},
	} {
		cfg, err := ParseConfig([]byte("game = \"chess\"\n[net]\n" + c.net + "\n"))
		if err == nil {
			err = cfg.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.net, err, c.want)
		}
	}
}

// A (768→32)×2→16→32→1 net and a pairwise one learn the hand-written
// evaluation's scores (the held-out loss falls by half, Pearson r > 0.9),
// and their exported nets agree with the float model within nn's
// per-position quantization bound on 1,000 positions, through the engine's
// evaluator.
func TestLearningStack(t *testing.T) {
	g := position.Chess
	train := labelledMemory(t, g, 20000, 11)
	valid := labelledMemory(t, g, 2000, 12)
	for _, c := range []struct {
		name   string
		layers []int
		act    string
		pw     bool
	}{{"16-32", []int{16, 32}, "screlu", false}, {"pairwise-16", []int{16}, "crelu", true}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Defaults(g)
			cfg.Name = "learn-stack"
			cfg.OutDir = t.TempDir()
			cfg.Net.Hidden = 32
			cfg.Net.Layers, cfg.Net.Activation, cfg.Net.Pairwise = c.layers, c.act, c.pw
			cfg.Train.Epochs = 6
			cfg.Train.BatchSize = 1024
			cfg.Train.PositionsPerEpoch = 30720
			cfg.Train.LR = 5e-3
			cfg.Train.FinalLR = 1e-4
			cfg.Train.Warmup = 10
			cfg.Loss.Power = 2
			res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: train, ValidData: valid})
			if err != nil {
				t.Fatal(err)
			}
			if res.Net.Layers != res.Model.Layers || res.Net.Pairwise != c.pw || res.Net.NumLayers() != len(c.layers) {
				t.Fatalf("exported %v, trained %v", res.Net.Arch, res.Model.Arch)
			}
			first, last := *res.Metrics[0].ValidLoss, *res.Metrics[len(res.Metrics)-1].ValidLoss
			var pred, label []float64
			vb, err := valid.Batches(1, res.Model.Arch)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range vb {
				stm, nstm, s, _, _ := b.Position(0)
				pred = append(pred, res.Model.Eval(stm, nstm, len(stm)))
				label = append(label, float64(s))
			}
			r := pearson(pred, label)
			t.Logf("%v: valid loss %.5f → %.5f, held-out Pearson r = %.4f", res.Net.Arch, first, last, r)
			if !(last < 0.5*first) || r < 0.9 {
				t.Errorf("valid loss %v → %v, r = %.4f: did not learn", first, last, r)
			}
			checkParity(t, g, res, 1000)
		})
	}
}

// Tests of the configuration: shipped configs parse and validate, typos are errors.
package train

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"dualnnue/configs"
	"dualnnue/nn"
	"dualnnue/position"
)

func TestShippedConfigs(t *testing.T) {
	for _, g := range []string{"xiangqi", "chess"} {
		data, err := configs.Read("train-" + g + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := ParseConfig(data)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		// Sized to the small default self-play output (thousands of
		// positions): 32 units, 40 passes of one pass each, not 1,200.
		if cfg.Game.String() != g || cfg.Net.Hidden != 32 || cfg.Train.BatchSize != 16384 || cfg.Loss.K != 400 ||
			cfg.Data.Train[0] != "data/selfplay/"+g+"/*.dnds" || cfg.Train.PositionsPerEpoch != 0 || cfg.Train.Epochs != 40 {
			t.Fatalf("%s: unexpected values %+v", g, cfg)
		}
		// The TOML the run directory receives reads back to the same config.
		back, err := ParseConfig(cfg.TOML())
		if err != nil {
			t.Fatal(err)
		}
		if back.fingerprint() != cfg.fingerprint() {
			t.Fatalf("%s: config does not survive a TOML round trip", g)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct{ toml, want string }{
		{"game = \"go\"", "unknown game"},
		{"[train]\nbatchsize = 5", "unknown key"},
		{"[train]\nepochs = 0", "epochs"},
		{"[train]\nschedule = \"linear\"", "unknown schedule"},
		{"[loss]\nlambda = 1.5", "lambda"},
		{"[net]\nactivation = \"relu\"", "activation"},
		{"[train]\nbatch_size = 1000\npositions_per_epoch = 10", "less than one batch"},
		{"game = [", "config"},
		{"[net]\nhidden = 100", "net.hidden 100"},
		{"[net]\nhidden = 0", "net.hidden 0"},
		{"[net]\nhidden = 1048576", "net.hidden 1048576"}, // too large for memory: refused, never allocated
		{"[net]\nfeatures = \"chess-kb99-hm\"", "net.features"},
		{"[net]\nhidden_layers = [16, 32]", "unknown key"}, // no layer stack in this build
		{"[data]\nmin_ply = -1", "train: min_ply -1 is negative"},
	}
	for _, c := range cases {
		cfg, err := ParseConfig([]byte(c.toml))
		if err == nil {
			err = cfg.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.toml, err, c.want)
		}
	}
}

func TestSchedules(t *testing.T) {
	s := Schedule{Kind: "step", LR: 1, Warmup: 4, StepsPerEpoch: 10, StepEpochs: 2, Gamma: 0.5}
	for _, c := range []struct {
		step int64
		want float64
	}{{0, 0.25}, {3, 1}, {19, 1}, {20, 0.5}, {39, 0.5}, {40, 0.25}} {
		if got := s.At(c.step); got != c.want {
			t.Errorf("step schedule at %d = %v, want %v", c.step, got, c.want)
		}
	}
	s = Schedule{Kind: "cosine", LR: 1, StepsPerEpoch: 10, Epochs: 2, Final: 0.1}
	for _, c := range []struct {
		step int64
		want float64
	}{{0, 1}, {10, 0.55}, {20, 0.1}, {30, 0.1}} {
		if got := s.At(c.step); got < c.want-1e-12 || got > c.want+1e-12 {
			t.Errorf("cosine schedule at %d = %v, want %v", c.step, got, c.want)
		}
	}
}

// TestNetConfigs: the training configs of the embedded nets, their
// generation-0 predecessors and the more-data nets (configs/nets,
// docs/nets.md) parse and validate, with the shapes the docs name.
func TestNetConfigs(t *testing.T) {
	want := map[string]string{
		"c32": "chess (768→32)×2→1 SCReLU, 1 bucket(s)", "x32": "xiangqi (1260→32)×2→1 SCReLU, 1 bucket(s)",
		"cf128": "chess (768→128)×2→1 SCReLU, 1 bucket(s), features chess-ps768-hm", "xf64": "xiangqi (1260→64)×2→1 SCReLU, 1 bucket(s)",
		"cb128": "chess (768→128)×2→1 SCReLU, 1 bucket(s), features chess-ps768-hm", "c128-8m": "chess (768→128)×2→1 SCReLU, 1 bucket(s)",
		"xb128": "xiangqi (692→128)×2→1 SCReLU, 1 bucket(s), features xiangqi-compact692-hm",
		"xr3":   "xiangqi (692→128)×2→1 SCReLU, 1 bucket(s), features xiangqi-compact692-hm",
		"xr4":   "xiangqi (692→128)×2→1 SCReLU, 1 bucket(s), features xiangqi-compact692-hm",
		"cr3":   "chess (768→128)×2→1 SCReLU, 1 bucket(s), features chess-ps768-hm",
		"xr5":   "xiangqi (692→128)×2→1 SCReLU, 1 bucket(s), features xiangqi-compact692-hm",
		"xr5w":  "xiangqi (692→128)×2→1 SCReLU, 1 bucket(s), features xiangqi-compact692-hm",
		"cr4":   "chess (768→128)×2→1 SCReLU, 1 bucket(s), features chess-ps768-hm",
	}
	for name, arch := range want {
		cfg, err := LoadConfig("../configs/nets/train-" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g := cfg.Game.Variant()
		set, _ := cfg.featureSet()
		act, _ := ParseActivation(cfg.Net.Activation)
		a := nn.Arch{Game: g, Set: set.ID, Inputs: set.Size, Hidden: cfg.Net.Hidden, Buckets: cfg.Net.Buckets, Activation: act}
		if a.String() != arch || cfg.Name != name {
			t.Fatalf("%s: %v, want %s", name, a, arch)
		}
	}
	// cr4f, cr5f, cr10s, cr11s, cr12n, cr13n, xr9s, xr11n, xr12n, xr13n, cr14n, xr14n, cr15n, xr15n, cr16n and cr17n fine-tune an embedded net: their shape is the init file's.
	for name, g := range map[string]position.Variant{"cr4f": position.Chess, "cr5f": position.Chess, "cr10s": position.Chess, "cr11s": position.Chess, "cr12n": position.Chess, "cr13n": position.Chess, "xr9s": position.Xiangqi, "xr11n": position.Xiangqi, "xr12n": position.Xiangqi, "xr13n": position.Xiangqi, "cr14n": position.Chess, "xr14n": position.Xiangqi, "cr15n": position.Chess, "xr15n": position.Xiangqi, "cr16n": position.Chess, "cr17n": position.Chess} {
		cfg, err := LoadConfig("../configs/nets/train-" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		init := "nn/nets/" + g.String() + ".nnue"
		if cfg.Net.Init != init || cfg.Game.Variant() != g || cfg.Name != name {
			t.Fatalf("%s: name %q, init %q, game %v; want the embedded %v net %s", name, cfg.Name, cfg.Net.Init, cfg.Game.Variant(), g, init)
		}
	}
	// cr18l75, cr19b8, cr19l50, cr20, cr21l65, xr16n, xr17n and xr18l60 fine-tune an earlier kept net from
	// configs/nets (the embedded one was fine-tuned on the same games
	// already): the file must be there and load as a net of the config's
	// game.
	for name, init := range map[string]string{"cr18l75": "configs/nets/cr14n.nnue", "cr19b8": "configs/nets/cr14n.nnue", "cr19l50": "configs/nets/cr14n.nnue", "cr20": "configs/nets/cr14n.nnue", "cr21l65": "configs/nets/cr14n.nnue", "xr16n": "configs/nets/xr13n.nnue", "xr17n": "configs/nets/xr13n.nnue", "xr18l60": "configs/nets/xr13n.nnue"} {
		cfg, err := LoadConfig("../configs/nets/train-" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if cfg.Net.Init != init || cfg.Name != name {
			t.Fatalf("%s: name %q, init %q; want init %s", name, cfg.Name, cfg.Net.Init, init)
		}
		if _, err := nn.Load("../"+init, cfg.Game.Variant()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// Issue 24 N4: the sigmoid scale K is refused outside [MinK, MaxK] (K = 1e9
// trained to a loss of 0 on a net that learned nothing), naming the range;
// 0 (fit to the data) and both bounds are accepted, and so is every K FitK
// can return.
func TestLossKRange(t *testing.T) {
	for _, c := range []struct{ k, want string }{
		{"1e9", "train: loss.k 1e+09 out of range [50, 5000] (0: fitted to the data)"},
		{"-400", "train: loss.k -400 out of range [50, 5000] (0: fitted to the data)"},
		{"49.5", "train: loss.k 49.5 out of range [50, 5000] (0: fitted to the data)"},
		{"5000.5", "train: loss.k 5000.5 out of range [50, 5000] (0: fitted to the data)"},
		{"nan", "train: loss.k NaN out of range [50, 5000] (0: fitted to the data)"},
		{"inf", "train: loss.k +Inf out of range [50, 5000] (0: fitted to the data)"},
		{"0", ""}, {"50", ""}, {"400", ""}, {"5000", ""},
	} {
		cfg, err := ParseConfig([]byte("[loss]\nk = " + c.k))
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.Validate()
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("k = %s: %v, want %q", c.k, err, c.want)
		}
	}
	for _, k := range []float64{49.99, 5000.01, 1e9} {
		l := DefaultLoss
		l.K = k
		if err := l.Validate(); fmt.Sprint(err) != fmt.Sprintf("train: loss K %v out of range [50, 5000]", k) {
			t.Errorf("Loss{K: %v}.Validate() = %v", k, err)
		}
	}
}

// Issue 24 N1: shuffle_buffer and loader_workers have ranges, named in the
// error (2^63−1 in either was a Go panic, a shuffle_buffer of 2^32 ran out
// of memory), and in stream mode the shuffle buffer must fit
// max_memory_mib before anything is read.
func TestLoaderConfigRanges(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"[data]\nshuffle_buffer = 9223372036854775807", "train: shuffle_buffer 9223372036854775807 out of range [1, 134217728]"},
		{"[data]\nshuffle_buffer = 4294967296", "train: shuffle_buffer 4294967296 out of range [1, 134217728]"},
		{"[data]\nshuffle_buffer = 0", "train: shuffle_buffer 0 out of range [1, 134217728]"},
		{"[data]\nloader_workers = 9223372036854775807", "train: loader_workers 9223372036854775807 out of range [0, 256] (0: one per core)"},
		{"[data]\nloader_workers = -1", "train: loader_workers -1 out of range [0, 256] (0: one per core)"},
		{"[data]\nstream = true\nshuffle_buffer = 134217728\nmax_memory_mib = 256\n[train]\npositions_per_epoch = 16384",
			"train: shuffle_buffer 134217728 needs 10240 MiB (80 bytes a position), more than max_memory_mib 256: lower shuffle_buffer or raise max_memory_mib"},
		{"[data]\nstream = true\nshuffle_buffer = 3355444\nmax_memory_mib = 256\n[train]\npositions_per_epoch = 16384",
			"train: shuffle_buffer 3355444 needs 257 MiB (80 bytes a position), more than max_memory_mib 256: lower shuffle_buffer or raise max_memory_mib"},
		{"[data]\nstream = true\nshuffle_buffer = 3355443\nmax_memory_mib = 256\n[train]\npositions_per_epoch = 16384", ""},
		{"[data]\nstream = true\nshuffle_buffer = 134217728\nmax_memory_mib = 0\n[train]\npositions_per_epoch = 16384", ""},
		{"[data]\nshuffle_buffer = 134217728\nmax_memory_mib = 256", ""}, // memory mode has no shuffle buffer
		{"[data]\nloader_workers = 256", ""},
	} {
		cfg, err := ParseConfig([]byte(c.toml))
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.Validate()
		if (c.want == "" && err != nil) || (c.want != "" && fmt.Sprint(err) != c.want) {
			t.Errorf("%q: %v, want %q", c.toml, err, c.want)
		}
	}
}

// Issue 24 N8: a run name that is no visible file name is refused (name =
// "" wrote a hidden ".nnue"); the default names and ordinary ones pass.
func TestRunName(t *testing.T) {
	const tail = ` must be a file name of 1 to 200 bytes without /, \, NUL or a leading dot (the net is written as <out_dir>/<name>.nnue)`
	for _, c := range []struct{ name, want string }{
		{"", `train: name ""` + tail},
		{".hidden", `train: name ".hidden"` + tail},
		{"..", `train: name ".."` + tail},
		{"a/b", `train: name "a/b"` + tail},
		{`a\b`, `train: name "a\\b"` + tail},
		{"a\x00b", `train: name "a\x00b"` + tail},
		{strings.Repeat("n", 201), `train: name "` + strings.Repeat("n", 201) + `"` + tail},
		{"chess", ""}, {"run-gen000", ""}, {"a.b", ""}, {strings.Repeat("n", 200), ""},
	} {
		cfg := Defaults(position.Chess)
		cfg.Name = c.name
		err := cfg.Validate()
		if (c.want == "" && err != nil) || (c.want != "" && fmt.Sprint(err) != c.want) {
			t.Errorf("name %q: %v, want %q", c.name, err, c.want)
		}
	}
	cfg, err := ParseConfig([]byte(`name = ""`))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); fmt.Sprint(err) != `train: name ""`+tail {
		t.Errorf(`name = "": %v`, err)
	}
}

// TestFingerprintStable: a key added to the config must not change the
// resume fingerprint of a config that does not use it, or every checkpoint
// written before the key existed stops resuming ("written with other
// settings"). The values are those of the trainer before net.grow_hidden
// (cf30a07^), for the defaults with and without an init net; an int key
// needs `omitzero` (the TOML encoder's omitempty keeps a zero int), which
// grow_hidden lacked from cf30a07 until this test.
func TestFingerprintStable(t *testing.T) {
	for _, c := range []struct {
		g          position.Variant
		plain, ini string
	}{
		{position.Chess, "76a366237622daf4", "0d359f8c765438c5"},
		{position.Xiangqi, "b2831bbab7bdc88b", "06f367b484df5936"},
	} {
		cfg := Defaults(c.g)
		if got := cfg.fingerprint(); got != c.plain {
			t.Errorf("%v defaults: fingerprint %s, want %s (the TOML:\n%s)", c.g, got, c.plain, cfg.TOML())
		}
		cfg.Net.Init = "n.nnue"
		if got := cfg.fingerprint(); got != c.ini {
			t.Errorf("%v defaults with an init net: fingerprint %s, want %s", c.g, got, c.ini)
		}
		if bytes.Contains(cfg.TOML(), []byte("grow_")) {
			t.Errorf("%v: the TOML of a config without grow keys names them:\n%s", c.g, cfg.TOML())
		}
	}
}

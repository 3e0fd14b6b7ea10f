// Checkpoint round trip, corruption detection, and fuzzing of the checkpoint and config parsers.
package train

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

func testCheckpoint(t testing.TB) []byte {
	a := nn.Arch{Game: position.Xiangqi, Set: features.XiangqiPS1260, Inputs: 1260, Hidden: 16, Buckets: 2, Activation: nn.CReLU}
	m, err := NewModel(a)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	m.Init(rng)
	opt := NewAdamW(len(m.Params), 0.01, ClipRanges(m, 1.5))
	for i := range opt.M {
		opt.M[i] = float32(rng.NormFloat64())
		opt.V[i] = float32(rng.Float64())
	}
	opt.T = 77
	st, _ := rand.NewPCG(1, 2).MarshalBinary()
	path := filepath.Join(t.TempDir(), "c.ckpt")
	if err := SaveCheckpoint(path, m, opt, CheckpointMeta{Epoch: 3, Seed: 9, RNG: st, Fingerprint: "abc",
		Metrics: []EpochMetrics{{Epoch: 1, TrainLoss: 0.5}}}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m2, opt2, meta, err := ParseCheckpoint(data)
	if err != nil {
		t.Fatal(err)
	}
	if m2.Arch != a || m2.QA != 255 || meta.Epoch != 3 || meta.Step != 77 || opt2.T != 77 || meta.Seed != 9 ||
		meta.Fingerprint != "abc" || len(meta.Metrics) != 1 || len(opt2.Clip) != 3 || opt2.Clip[1] != opt.Clip[1] {
		t.Fatalf("round trip: %v %+v", m2.Arch, meta)
	}
	for i := range m.Params {
		if math.Float32bits(m.Params[i]) != math.Float32bits(m2.Params[i]) || opt.M[i] != opt2.M[i] || opt.V[i] != opt2.V[i] {
			t.Fatalf("value %d differs", i)
		}
	}
	return data
}

func TestCheckpointRoundTripAndDamage(t *testing.T) {
	data := testCheckpoint(t)
	// Every truncation and every flipped byte is detected.
	for _, n := range []int{0, 7, 8, 12, 100, len(data) / 2, len(data) - 1} {
		if _, _, _, err := ParseCheckpoint(data[:n]); !errors.Is(err, ErrCheckpoint) {
			t.Fatalf("truncated to %d: %v", n, err)
		}
	}
	for i := 0; i < len(data); i += 97 {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0x40
		if _, _, _, err := ParseCheckpoint(bad); !errors.Is(err, ErrCheckpoint) {
			t.Fatalf("flipped byte %d accepted: %v", i, err)
		}
	}
	if _, _, _, err := LoadCheckpoint(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Fatal("missing file accepted")
	}
}

func FuzzParseCheckpoint(f *testing.F) {
	f.Add(testCheckpoint(f))
	f.Add([]byte(checkpointMagic))
	f.Add([]byte(checkpointMagic + "\x02\x00\x00\x00{}\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, opt, meta, err := ParseCheckpoint(data)
		if err != nil {
			if !errors.Is(err, ErrCheckpoint) {
				t.Fatalf("error does not wrap ErrCheckpoint: %v", err)
			}
			return
		}
		if len(m.Params) != numParams(m.Arch) || len(opt.M) != len(m.Params) || meta.Epoch < 0 {
			t.Fatalf("inconsistent checkpoint accepted")
		}
	})
}

func FuzzParseConfig(f *testing.F) {
	f.Add([]byte("game = \"chess\"\n[train]\nepochs = 3\n"))
	f.Add([]byte("[loss]\nlambda = 0.5\npower = 2\n"))
	f.Add([]byte("[data]\ntrain = [\"a\", \"b\"]\nvalid_split = 0.1\n"))
	f.Add([]byte("[net]\ninit = \"n.nnue\"\ngrow_hidden = 256\n"))
	f.Add([]byte("[net]\ninit = \"n.nnue\"\ngrow_buckets = 8\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := ParseConfig(data)
		if err != nil {
			return
		}
		_ = cfg.Validate()
		_ = cfg.TOML()
	})
}

// TestCheckpointArchJSON: the architecture in a checkpoint's JSON names the
// game by its stored number, as checkpoints written before position.Variant
// did ("Game":1), so they still load.
func TestCheckpointArchJSON(t *testing.T) {
	var meta CheckpointMeta
	old := `{"arch":{"Game":1,"Set":3,"Inputs":692,"Hidden":32,"Buckets":1,"Activation":2},"epoch":1}`
	if err := json.Unmarshal([]byte(old), &meta); err != nil || meta.Arch.Game != position.Xiangqi || meta.Arch.Hidden != 32 {
		t.Fatalf("old checkpoint meta: %+v %v", meta.Arch, err)
	}
	b, err := json.Marshal(&meta)
	if err != nil || !strings.Contains(string(b), `"Game":1,`) {
		t.Fatalf("meta JSON %s %v", b, err)
	}
}

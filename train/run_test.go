// End-to-end tests of Run: determinism, exact resume, learning, export parity with the engine.
package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// syntheticMemory returns n positions of random pieces on distinct random
// squares, scored by a fixed linear function of the default set's features
// (learnable).
func syntheticMemory(g position.Variant, n int, seed uint64) *Memory {
	set := features.Default(g)
	rng := rand.New(rand.NewPCG(seed, 3))
	val := make([]float64, set.Size)
	for i := range val {
		val[i] = rng.NormFloat64() * 60
	}
	d := NewMemory()
	var w, b [32]uint16
	for range n {
		k := 8 + rng.IntN(25)
		var used [features.MaxSquares]bool
		pieces := make([]uint16, 0, k)
		for len(pieces) < k {
			sq := position.Square(rng.IntN(set.Squares))
			if used[sq] {
				continue
			}
			used[sq] = true
			p := position.MakePiece(position.Color(rng.IntN(2)), position.PieceType(1+rng.IntN(set.Types)))
			pieces = append(pieces, features.PackPiece(p, sq))
		}
		side := position.Color(rng.IntN(2))
		m := set.FromPieces(pieces, w[:k], b[:k])
		stm, nstm := w[:m], b[:m]
		if side == position.Black {
			stm, nstm = nstm, stm
		}
		s := 0.0
		for j := range m {
			s += val[stm[j]] - val[nstm[j]]
		}
		_ = d.Add(pieces, side, float32(s), float32(rng.IntN(3))/2)
	}
	return d
}

func smallConfig(t *testing.T, g string) Config {
	v, err := position.ParseVariant(g)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Defaults(v)
	cfg.Name = "test-" + g
	cfg.OutDir = t.TempDir()
	cfg.Net.Hidden = 32
	cfg.Net.Buckets = 2
	cfg.Train.Epochs = 4
	cfg.Train.BatchSize = 256
	cfg.Train.PositionsPerEpoch = 256 * 5
	cfg.Train.Warmup = 3
	cfg.Train.LR = 3e-3
	cfg.Loss.Lambda = 0.8
	return cfg
}

func runQuiet(t *testing.T, ctx context.Context, cfg Config, opt Options) (*Result, error) {
	t.Helper()
	opt.Quiet = true
	return Run(ctx, cfg, opt)
}

func sameParams(t *testing.T, a, b *Model, what string) {
	t.Helper()
	for i := range a.Params {
		if math.Float32bits(a.Params[i]) != math.Float32bits(b.Params[i]) {
			t.Fatalf("%s: parameter %d differs: %v vs %v", what, i, a.Params[i], b.Params[i])
		}
	}
}

func TestRunDeterministic(t *testing.T) {
	data := syntheticMemory(position.Chess, 3000, 1)
	for _, workers := range []int{1, 2} {
		var models []*Model
		for range 2 {
			cfg := smallConfig(t, "chess")
			cfg.Train.Workers = workers
			res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data})
			if err != nil {
				t.Fatal(err)
			}
			models = append(models, res.Model)
			if len(res.Metrics) != 4 || res.Metrics[3].Step != 20 || res.Metrics[3].ValidLoss == nil {
				t.Fatalf("metrics %+v", res.Metrics)
			}
		}
		sameParams(t, models[0], models[1], "two runs")
	}
}

func TestResumeExact(t *testing.T) {
	data := syntheticMemory(position.Xiangqi, 3000, 2)
	for _, workers := range []int{1, 2} {
		cfg := smallConfig(t, "xiangqi")
		cfg.Train.Workers = workers
		full, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data})
		if err != nil {
			t.Fatal(err)
		}

		// Interrupt after epoch 2, then resume from the run directory.
		cfg.OutDir = t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		_, err = runQuiet(t, ctx, cfg, Options{TrainData: data, OnEpoch: func(m EpochMetrics) {
			if m.Epoch == 2 {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("interrupted run: %v", err)
		}
		if _, err := os.Stat(filepath.Join(cfg.OutDir, "checkpoints", "epoch-0003.ckpt")); err == nil {
			t.Fatal("epoch 3 ran after the interruption")
		}
		resumed, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data, Resume: true})
		if err != nil {
			t.Fatal(err)
		}
		sameParams(t, full.Model, resumed.Model, "resumed vs uninterrupted")
		if len(resumed.Metrics) != 4 || resumed.Metrics[1].TrainLoss != full.Metrics[1].TrainLoss ||
			resumed.Metrics[3].TrainLoss != full.Metrics[3].TrainLoss {
			t.Fatalf("metrics differ:\n%+v\n%+v", resumed.Metrics, full.Metrics)
		}
		// The final nets are byte-identical.
		a, _ := os.ReadFile(full.NetPath)
		b, _ := os.ReadFile(resumed.NetPath)
		if len(a) == 0 || string(a) != string(b) {
			t.Fatalf("exported nets differ (%d vs %d bytes)", len(a), len(b))
		}

		// Other settings refuse to resume.
		cfg.Train.LR *= 2
		if _, err := runQuiet(t, context.Background(), cfg, Options{TrainData: data, Resume: true}); err == nil {
			t.Fatal("resume with another learning rate accepted")
		}
	}
}

// TestLearning trains on positions labelled by the hand-written evaluation
// and checks held-out predictions correlate with the labels.
func TestLearning(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		t.Run(g.String(), func(t *testing.T) {
			train := labelledMemory(t, g, 20000, 11)
			valid := labelledMemory(t, g, 2000, 12)
			cfg := Defaults(g)
			cfg.Name = "learn-" + g.String()
			cfg.OutDir = t.TempDir()
			cfg.Net.Hidden = 32
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
			first, last := *res.Metrics[0].ValidLoss, *res.Metrics[len(res.Metrics)-1].ValidLoss
			if !(last < 0.5*first) {
				t.Errorf("validation loss %v → %v did not fall by half", first, last)
			}
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
			t.Logf("%v: valid loss %.5f → %.5f, held-out Pearson r = %.4f", g, first, last, r)
			if r < 0.9 {
				t.Errorf("held-out Pearson r = %.4f, want > 0.9", r)
			}
			checkParity(t, g, res, 1000)
		})
	}
}

// checkParity evaluates n positions with the exported net through the
// engine's evaluator (nn.Evaluator, as the search uses it) and with the
// float model, and checks they agree within nn's quantization bound.
func checkParity(t *testing.T, g position.Variant, res *Result, n int) {
	t.Helper()
	net, err := nn.Load(res.NetPath, g)
	if err != nil {
		t.Fatal(err)
	}
	set := net.FeatureSet()
	var white, black [features.MaxActive]uint16
	var engine func(pos position.Game) position.Value
	if g == position.Chess {
		e := nn.NewEvaluator[*chess.Position](net)
		engine = func(pos position.Game) position.Value {
			e.Reset(pos.(*chess.Position))
			return e.Evaluate(pos.(*chess.Position))
		}
	} else {
		e := nn.NewEvaluator[*xiangqi.Position](net)
		engine = func(pos position.Game) position.Value {
			e.Reset(pos.(*xiangqi.Position))
			return e.Evaluate(pos.(*xiangqi.Position))
		}
	}
	worst, worstBound, worstEval, sum := 0.0, 0.0, 0.0, 0.0
	randomPositions(t, g, n, 77, func(pos position.Game) {
		k := set.Active(pos, white[:], black[:])
		stm, nstm := white[:k], black[:k]
		if pos.SideToMove() == position.Black {
			stm, nstm = nstm, stm
		}
		f := res.Model.Eval(stm, nstm, k)
		q := float64(engine(pos))
		bound := res.Model.QuantizationBound(stm, nstm, k)
		d := math.Abs(f - q)
		if d > bound {
			t.Fatalf("%s: engine %v, float %.3f, difference %.3f > bound %.3f", pos.FEN(), q, f, d, bound)
		}
		if d > worst {
			worst, worstBound, worstEval = d, bound, f
		}
		sum += d
	})
	t.Logf("%v parity on %d positions: mean |engine − float| = %.2f cp, worst %.2f cp at eval %.0f cp (bound there %.1f cp)",
		g, n, sum/float64(n), worst, worstEval, worstBound)
}

// TestFineTuneFromDefaultNet starts from the engine's embedded net: with a
// negligible learning rate the exported net holds exactly the same weights
// (dequantize → float training state → quantize is the identity).
func TestFineTuneFromDefaultNet(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		dir := t.TempDir()
		init := filepath.Join(dir, "default.nnue")
		if err := os.WriteFile(init, nn.DefaultFile(g), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := smallConfig(t, g.String())
		cfg.Net.Init = init
		cfg.Train.Epochs = 1
		cfg.Train.LR = 1e-9
		cfg.Train.FinalLR = 1e-10
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(g, 2000, 5)})
		if err != nil {
			t.Fatal(err)
		}
		def := nn.Default(g)
		got := res.Net
		if got.Arch != def.Arch || !slices.Equal(got.FTWeights, def.FTWeights) || !slices.Equal(got.FTBias, def.FTBias) ||
			!slices.Equal(got.OutWeights, def.OutWeights) || !slices.Equal(got.OutBias, def.OutBias) {
			t.Fatalf("%v: fine-tuning with lr 1e-9 changed the net (%v vs %v)", g, got.Arch, def.Arch)
		}
	}
}

// TestFineTuneIntoBuckets: net.features naming a bucketed set of the init
// net's own starts every bucket as a copy of it, so with a negligible
// learning rate the exported bucketed net evaluates as the embedded one
// (every bucket's rows equal to its first layer); a set that does not
// bucket the init net's is refused, naming both.
func TestFineTuneIntoBuckets(t *testing.T) {
	for _, c := range []struct {
		game position.Variant
		set  string
	}{{position.Chess, "chess-kb4-hm"}, {position.Xiangqi, "xiangqi-compact692-kb6-hm"}} {
		dir := t.TempDir()
		init := filepath.Join(dir, "default.nnue")
		if err := os.WriteFile(init, nn.DefaultFile(c.game), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := smallConfig(t, c.game.String())
		cfg.Net.Init, cfg.Net.Features = init, c.set
		cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = 1, 1e-9, 1e-10
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(c.game, 2000, 5)})
		if err != nil {
			t.Fatal(err)
		}
		def, got := nn.Default(c.game), res.Net
		set := got.FeatureSet()
		if set.Name != c.set || got.Hidden != def.Hidden || len(got.FTWeights) != set.Buckets()*len(def.FTWeights) {
			t.Fatalf("%s: net %s with %d weights", c.set, set.Name, len(got.FTWeights))
		}
		for b := range set.Buckets() {
			if !slices.Equal(got.FTWeights[b*len(def.FTWeights):(b+1)*len(def.FTWeights)], def.FTWeights) {
				t.Fatalf("%s: bucket %d's rows differ from the init net's", c.set, b)
			}
		}
		if !slices.Equal(got.FTBias, def.FTBias) || !slices.Equal(got.OutWeights, def.OutWeights) || !slices.Equal(got.OutBias, def.OutBias) {
			t.Fatalf("%s: biases or output layer changed", c.set)
		}
	}
	dir := t.TempDir()
	init := filepath.Join(dir, "default.nnue")
	os.WriteFile(init, nn.DefaultFile(position.Xiangqi), 0o644)
	cfg := smallConfig(t, "xiangqi")
	cfg.Net.Init, cfg.Net.Features = init, "xiangqi-kb6-hm" // buckets ps1260, not compact692
	if _, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(position.Xiangqi, 500, 5)}); err == nil ||
		!strings.Contains(err.Error(), "net.features xiangqi-kb6-hm cannot start from net.init") || !strings.Contains(err.Error(), "xiangqi-compact692-hm") {
		t.Fatalf("a set that does not bucket the init net's: %v", err)
	}
}

// TestGrowHidden: net.grow_hidden widens the init net (the embedded nets
// of both games) to the given width. With a negligible learning rate the
// exported net keeps the init net's units and zero output weights for the
// new ones, so it evaluates as the init net; with a real one the new units
// learn (their quantized output weights leave zero). A width the init net cannot
// grow to, or grow_hidden without init, is refused before any data is read.
func TestGrowHidden(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		dir := t.TempDir()
		init := filepath.Join(dir, "default.nnue")
		if err := os.WriteFile(init, nn.DefaultFile(g), 0o644); err != nil {
			t.Fatal(err)
		}
		def := nn.Default(g)
		N, n := def.Hidden, def.Hidden+32
		cfg := smallConfig(t, g.String())
		cfg.Net.Init, cfg.Net.GrowHidden = init, n
		cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = 1, 1e-9, 1e-10
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(g, 2000, 5)})
		if err != nil {
			t.Fatal(err)
		}
		got := res.Net
		if got.Hidden != n || got.Inputs != def.Inputs || got.Set != def.Set || got.Buckets != def.Buckets {
			t.Fatalf("%v: grown net %v, want %d units over %v", g, got.Arch, n, def.Arch)
		}
		for f := range def.Inputs {
			if !slices.Equal(got.FTWeights[f*n:f*n+N], def.FTWeights[f*N:(f+1)*N]) {
				t.Fatalf("%v: feature %d's weights of the old units changed", g, f)
			}
		}
		for b := range def.Buckets {
			w, dw := got.OutWeights[b*2*n:(b+1)*2*n], def.OutWeights[b*2*N:(b+1)*2*N]
			if !slices.Equal(w[:N], dw[:N]) || !slices.Equal(w[n:n+N], dw[N:]) || slices.ContainsFunc(w[N:n], nonZero16) || slices.ContainsFunc(w[n+N:], nonZero16) {
				t.Fatalf("%v: bucket %d's output weights are not the init net's and zeros", g, b)
			}
		}
		cfg.OutDir, cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = t.TempDir(), 4, 1e-2, 1e-3
		res, err = runQuiet(t, context.Background(), cfg, Options{TrainData: labelledMemory(t, g, 3000, 9)})
		if err != nil {
			t.Fatal(err)
		}
		learnt := 0
		for b := range def.Buckets {
			w := res.Net.OutWeights[b*2*n : (b+1)*2*n]
			for _, v := range append(slices.Clone(w[N:n]), w[n+N:]...) {
				if v != 0 {
					learnt++
				}
			}
		}
		if learnt < def.Buckets*2*(n-N)/4 {
			t.Fatalf("%v: after 20 steps at lr 1e-2 only %d of the %d new output weights left zero", g, learnt, def.Buckets*2*(n-N))
		}
	}
	// Grown and bucketed at once: every king bucket's rows of the old units
	// are the init net's first layer.
	dir := t.TempDir()
	init := filepath.Join(dir, "default.nnue")
	if err := os.WriteFile(init, nn.DefaultFile(position.Chess), 0o644); err != nil {
		t.Fatal(err)
	}
	def := nn.Default(position.Chess)
	cfg := smallConfig(t, "chess")
	cfg.Net.Init, cfg.Net.Features, cfg.Net.GrowHidden = init, "chess-kb4-hm", 256
	cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = 1, 1e-9, 1e-10
	res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(position.Chess, 2000, 5)})
	if err != nil {
		t.Fatal(err)
	}
	F, N, n := def.Inputs, def.Hidden, 256
	if got := res.Net; got.Hidden != n || got.FeatureSet().Name != "chess-kb4-hm" || len(got.FTWeights) != 4*F*n {
		t.Fatalf("kb4 grown: %v", got.Arch)
	}
	for b := range 4 {
		for f := range F {
			if r := (b*F + f) * n; !slices.Equal(res.Net.FTWeights[r:r+N], def.FTWeights[f*N:(f+1)*N]) {
				t.Fatalf("kb4 grown: bucket %d, feature %d: the old units' weights are not the init net's", b, f)
			}
		}
	}
	// An init net with hidden layers cannot grow: its layers read the first
	// layer's outputs.
	set, _ := features.ByName("chess-ps768-hm")
	sm, err := nn.NewModel(nn.Arch{Game: position.Chess, Set: set.ID, Inputs: set.Size, Hidden: 64, Buckets: 1, Activation: nn.SCReLU,
		Layers: [nn.MaxLayers]int{16, 32}, HiddenActivation: nn.CReLU})
	if err != nil {
		t.Fatal(err)
	}
	snet, err := sm.Quantize("a zero net with hidden layers")
	if err != nil {
		t.Fatal(err)
	}
	stacked := filepath.Join(dir, "stack.nnue")
	if err := snet.WriteFile(stacked); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		init string
		grow int
		want string
	}{
		{stacked, 128, "widening needs a flat net"},
		{"", 256, "net.grow_hidden 256 widens the net of net.init, and net.init is empty"},
		{init, 200, "net.grow_hidden 200 must be a multiple of 16"},
		{init, 4096, "must be a multiple of 16 in [16, 2048]"},
		{init, def.Hidden, "widening only grows"},
		{init, -16, "must be a multiple of 16"},
	} {
		cfg := smallConfig(t, "chess")
		cfg.Net.Init, cfg.Net.GrowHidden = c.init, c.grow
		cfg.Data.Train = []string{filepath.Join(dir, "no-such-data-*.dnds")} // never read: refused before the data
		if _, err := runQuiet(t, context.Background(), cfg, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("grow_hidden %d from %q: %v, want %q", c.grow, c.init, err, c.want)
		}
	}
}

func nonZero16(v int16) bool { return v != 0 }

// oneBucketInit writes game g's embedded net, cut to its first output bucket
// when it has more (so that the tests hold whichever net is embedded), to
// dir and returns the file and the net.
func oneBucketInit(t *testing.T, g position.Variant, dir string) (string, *nn.Net) {
	t.Helper()
	net := nn.Default(g)
	if net.Buckets > 1 {
		o, err := net.Model().OutputBucket(0)
		if err != nil {
			t.Fatal(err)
		}
		if net, err = o.Quantize("one bucket of the embedded net"); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "one-bucket.nnue")
	if err := net.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path, net
}

// TestGrowBuckets: net.grow_buckets gives the init net (the embedded nets
// of both games) material output buckets. With a negligible learning rate
// every bucket's output row and bias stay the init net's, so the net
// evaluates as the init net; with a real one the buckets part (rows of
// buckets the data reach learn apart). An init net with buckets already, a
// count outside [2, 32] or grow_buckets without init is refused before any
// data is read.
func TestGrowBuckets(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		dir := t.TempDir()
		init, def := oneBucketInit(t, g, dir)
		const B = 8
		O := def.OutInputs()
		cfg := smallConfig(t, g.String())
		cfg.Net.Init, cfg.Net.GrowBuckets = init, B
		cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = 1, 1e-9, 1e-10
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: syntheticMemory(g, 2000, 5)})
		if err != nil {
			t.Fatal(err)
		}
		got := res.Net
		if got.Buckets != B || got.Hidden != def.Hidden || got.Set != def.Set || len(got.OutWeights) != B*O {
			t.Fatalf("%v: grown net %v, want %d buckets over %v", g, got.Arch, B, def.Arch)
		}
		if !slices.Equal(got.FTWeights, def.FTWeights) || !slices.Equal(got.FTBias, def.FTBias) {
			t.Fatalf("%v: the first layer changed", g)
		}
		for b := range B {
			if !slices.Equal(got.OutWeights[b*O:(b+1)*O], def.OutWeights) || got.OutBias[b] != def.OutBias[0] {
				t.Fatalf("%v: bucket %d's output row is not the init net's", g, b)
			}
		}
		cfg.OutDir, cfg.Train.Epochs, cfg.Train.LR, cfg.Train.FinalLR = t.TempDir(), 4, 1e-2, 1e-3
		res, err = runQuiet(t, context.Background(), cfg, Options{TrainData: labelledMemory(t, g, 3000, 9)})
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[string]bool{}
		for b := range B {
			distinct[fmt.Sprint(res.Net.OutWeights[b*O:(b+1)*O], res.Net.OutBias[b])] = true
		}
		if len(distinct) < 3 {
			t.Fatalf("%v: after 20 steps at lr 1e-2 only %d of the %d buckets' output rows differ", g, len(distinct), B)
		}
	}
	dir := t.TempDir()
	init, def := oneBucketInit(t, position.Chess, dir)
	m8, err := def.Model().WithOutputBuckets(8)
	if err != nil {
		t.Fatal(err)
	}
	n8, err := m8.Quantize("eight buckets")
	if err != nil {
		t.Fatal(err)
	}
	bucketed := filepath.Join(dir, "b8.nnue")
	if err := n8.WriteFile(bucketed); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		init string
		b    int
		want string
	}{
		{bucketed, 4, "net.grow_buckets 4 from net.init " + bucketed + ": nn: the net has 8 output buckets already; only a net with one grows them"},
		{"", 8, "net.grow_buckets 8 needs net.init (the one-bucket net to grow), and net.init is empty"},
		{init, 1, "net.grow_buckets 1 out of range [2, 32]"},
		{init, 33, "net.grow_buckets 33 out of range [2, 32]"},
		{init, -8, "net.grow_buckets -8 out of range [2, 32]"},
	} {
		cfg := smallConfig(t, "chess")
		cfg.Net.Init, cfg.Net.GrowBuckets = c.init, c.b
		cfg.Data.Train = []string{filepath.Join(dir, "no-such-data-*.dnds")} // never read: refused before the data
		if _, err := runQuiet(t, context.Background(), cfg, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("grow_buckets %d from %q: %v, want %q", c.b, c.init, err, c.want)
		}
	}
}

// TestMirroredFeatureSets trains nets on the mirrored, compact and
// king-bucketed sets
// (net.features) from the same in-memory positions: the exported net
// records the set, and the engine's evaluator (which mirrors through its
// refresh cache) agrees with the float model within the quantization
// bound on 500 random game positions.
func TestMirroredFeatureSets(t *testing.T) {
	for _, c := range []struct {
		game position.Variant
		set  string
	}{{position.Chess, "chess-ps768-hm"}, {position.Xiangqi, "xiangqi-compact692-hm"}, {position.Xiangqi, "xiangqi-compact692"},
		{position.Chess, "chess-kb16-hm"}, {position.Chess, "chess-kb4-hm"}, {position.Xiangqi, "xiangqi-kb6-hm"},
		{position.Xiangqi, "xiangqi-kb6-d3-hm"}} {
		cfg := smallConfig(t, c.game.String())
		cfg.Net.Features = c.set
		res, err := runQuiet(t, context.Background(), cfg, Options{TrainData: labelledMemory(t, c.game, 3000, 21)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Net.FeatureSet().Name != c.set || !res.Net.FeatureSet().Mirror == strings.HasSuffix(c.set, "-hm") ||
			res.Net.FeatureSet().KingBuckets > 1 != strings.Contains(c.set, "-kb") ||
			res.Net.FeatureSet().Balance > 1 != strings.Contains(c.set, "-d3") {
			t.Fatalf("%s: the net has set %s", c.set, res.Net.FeatureSet().Name)
		}
		checkParity(t, c.game, res, 500)
	}
	cfg := smallConfig(t, "chess")
	cfg.Net.Features = "xiangqi-compact692-hm"
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "xiangqi set") {
		t.Fatalf("a xiangqi set for a chess run: %v", err)
	}
	cfg.Net.Features = "chess-kb99-hm" // an unknown bucket map: refused by Validate, before any data
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "chess-kb16-hm") {
		t.Fatalf("an unknown king-bucket set: %v", err)
	}
}

// TestOnePass: positions_per_epoch = 0 is one pass in whole batches, and
// the note says what the epoch really is; "an epoch is one pass: 16384
// positions" was printed for a 397-position set (issue 24 item 15).
func TestOnePass(t *testing.T) {
	for _, c := range []struct {
		n, batch int
		size     int64
		note     string
	}{
		{397, 16384, 16384, "an epoch is one batch of 16384 positions, 41.3 passes over the 397 training positions (fewer than a batch; batch_size 397 would make it one pass)"},
		{32768, 16384, 32768, "an epoch is one pass: 32768 positions, 2 batches of 16384"},
		{40000, 16384, 32768, "an epoch is 2 batches of 16384 = 32768 positions, one pass over the 40000 training positions but the 7232 that fill no batch (they start the next epoch)"},
		{16384, 16384, 16384, "an epoch is one pass: 16384 positions, one batch"},
		{20000, 16384, 16384, "an epoch is 1 batch of 16384 = 16384 positions, one pass over the 20000 training positions but the 3616 that fill no batch (they start the next epoch)"},
		{0, 1024, 1024, "an epoch is one batch of 1024 positions (no training position)"},
	} {
		size, note := onePass(c.n, c.batch)
		if size != c.size || note != c.note {
			t.Errorf("onePass(%d, %d) = %d, %q\nwant %d, %q", c.n, c.batch, size, note, c.size, c.note)
		}
	}
}

// The hidden layer stack in the engine: parity with the float model on game positions, incremental evaluation, no allocation.
package nn_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// stackShape is a hidden layer shape under test.
type stackShape struct {
	name   string
	act    nn.Activation
	layers [nn.MaxLayers]int
	hact   nn.Activation
	pw, st bool
}

// stackShapes covers both hidden activations, one and two layers,
// per-bucket stacks and pairwise multiplication with and without layers.
var stackShapes = []stackShape{
	{"256-16-32 SCReLU/CReLU", nn.SCReLU, [2]int{16, 32}, nn.CReLU, false, false},
	{"256-16-32 CReLU/SCReLU stacks", nn.CReLU, [2]int{16, 32}, nn.SCReLU, false, true},
	{"256 pairwise-16", nn.CReLU, [2]int{16, 0}, nn.CReLU, true, false},
	{"256 pairwise-32-16 stacks", nn.CReLU, [2]int{32, 16}, nn.SCReLU, true, true},
	{"256 pairwise", nn.CReLU, [2]int{}, 0, true, false},
}

// randomStackNet returns a float model of shape sh over set (N = 256, 8
// buckets) with weights in the ranges training keeps, and its quantized net.
func randomStackNet(t testing.TB, set *features.Set, sh stackShape, seed uint64) (*nn.Model, *nn.Net) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	a := nn.Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: 256, Buckets: 8, Activation: sh.act,
		Layers: sh.layers, HiddenActivation: sh.hact, Pairwise: sh.pw, Stacks: sh.st}
	m, err := nn.NewModel(a)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.FTWeights {
		m.FTWeights[i] = float32(rng.NormFloat64() * 0.1)
	}
	for i := range m.FTBias {
		m.FTBias[i] = float32(rng.Float64() * 0.6)
	}
	clip := func(v float64) float32 { return float32(max(-1.98, min(1.98, v))) }
	for k := range a.NumLayers() {
		sd := 2 / math.Sqrt(float64(a.LayerInputs(k)))
		for i := range m.HiddenWeights[k] {
			m.HiddenWeights[k][i] = clip(rng.NormFloat64() * sd)
		}
		for i := range m.HiddenBias[k] {
			m.HiddenBias[k][i] = float32(rng.Float64()*0.4 - 0.1)
		}
	}
	for i := range m.OutWeights {
		m.OutWeights[i] = clip(rng.NormFloat64() * 0.5)
	}
	for i := range m.OutBias {
		m.OutBias[i] = float32(rng.NormFloat64() * 0.05)
	}
	q, err := m.Quantize("random stack net")
	if err != nil {
		t.Fatal(err)
	}
	return m, q
}

// Parity of the quantized hidden layer stack: on 1,000 random game
// positions per game and shape, the net's eval is within the per-position
// bound of the float model it was quantized from (Model.QuantizationBound,
// the rounding of every weight and each layer's truncation carried through
// the later layers) and of the float model holding its own weights
// (Model.SameWeightBound, the truncations only). The logs give the largest
// errors and the bounds' size.
func TestParityStackFloatQuantized(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		set := features.Default(g)
		samples := collect(t, g, set, 1000)
		for i, sh := range stackShapes {
			m, q := randomStackNet(t, set, sh, uint64(10+i))
			st, err := nn.CheckParity(m, q, samples)
			if err != nil {
				t.Fatalf("%v %s: %v", g, sh.name, err)
			}
			if st.Positions != 1000 {
				t.Fatalf("%v %s: %d positions", g, sh.name, st.Positions)
			}
			var meanSame, meanQ, spread float64
			deq := q.Model()
			for _, s := range samples {
				meanSame += deq.SameWeightBound(s.Us, s.Them, s.Pieces) / 1000
				meanQ += m.QuantizationBound(s.Us, s.Them, s.Pieces) / 1000
				spread += math.Abs(m.Eval(s.Us, s.Them, s.Pieces)) / 1000
			}
			if spread < 50 {
				t.Fatalf("%v %s: mean |eval| %.1f cp: the random net is too flat to test", g, sh.name, spread)
			}
			t.Logf("%v %s: same weights max %.3f cp (mean bound %.2f); original float max %.2f mean %.3f cp (mean bound %.1f, max error/bound %.3f); mean |eval| %.0f cp",
				g, sh.name, st.MaxSame, meanSame, st.MaxOrig, st.MeanOrig, meanQ, st.MaxRatio, spread)
		}
	}
}

// The stack nets' Evaluator: incremental evaluation along a game equals
// EvalIndices from scratch, and Push, Evaluate and Pop do not allocate.
func TestStackEvaluatorIncrementalNoAllocs(t *testing.T) {
	for i, sh := range stackShapes {
		_, q := randomStackNet(t, features.Default(position.Chess), sh, uint64(20+i))
		pos, err := chess.NewFromFEN(chess.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		ev := nn.NewEvaluator[*chess.Position](q)
		ev.Reset(pos)
		var list position.MoveList
		var st [40]position.State
		rng := rand.New(rand.NewPCG(3, uint64(i)))
		var w, b [features.MaxActive]uint16
		set := q.FeatureSet()
		for ply := 0; ply < 40; ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			pos.DoMove(list.Slice()[rng.IntN(list.Len)], &st[ply])
			ev.Push(&st[ply].Dirty)
			k := set.Active(pos, w[:], b[:])
			us, them := w[:k], b[:k]
			if pos.SideToMove() == position.Black {
				us, them = them, us
			}
			if got, want := ev.Evaluate(pos), q.EvalIndices(us, them, k); got != want {
				t.Fatalf("%s ply %d: incremental %d, from scratch %d", sh.name, ply, got, want)
			}
		}
		list.Clear()
		pos.GenerateLegal(&list)
		var s position.State
		allocs := testing.AllocsPerRun(50, func() {
			for _, mv := range list.Slice() {
				pos.DoMove(mv, &s)
				ev.Push(&s.Dirty)
				_ = ev.Evaluate(pos)
				pos.UndoMove(mv)
				ev.Pop()
			}
		})
		if allocs != 0 {
			t.Fatalf("%s: %v allocations per run", sh.name, allocs)
		}
	}
}

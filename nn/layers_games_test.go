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

// refStackEval is the integer formula of Net's doc comment for a net with
// hidden layers or pairwise multiplication, written out in plain int64
// loops (no kernels, no magic division, no int32 sums): the exact value
// Net.EvalIndices must return. clips counts the hidden units clipped at 0
// and at QA and those in between, to show which paths a test reached.
func refStackEval(n *nn.Net, us, them []uint16, pieces int, clips *[3]int) position.Value {
	N, QA, QB := n.Hidden, int64(n.QA), int64(n.QB)
	c := func(v int64) int64 { return min(max(v, 0), QA) }
	floorDiv := func(v, d int64) int64 {
		q := v / d
		if v%d != 0 && v < 0 {
			q--
		}
		return q
	}
	var x []int64
	for _, active := range [][]uint16{us, them} {
		acc := make([]int64, N)
		for j := range acc {
			acc[j] = int64(n.FTBias[j])
		}
		for _, f := range active {
			for j := range acc {
				acc[j] += int64(n.FTWeights[int(f)*N+j])
			}
		}
		switch {
		case n.Pairwise:
			for i := range N / 2 {
				x = append(x, (c(acc[i])*c(acc[N/2+i])+QA/2)/QA)
			}
		case n.Activation == nn.SCReLU:
			for _, v := range acc {
				x = append(x, (c(v)*c(v)+QA/2)/QA)
			}
		default:
			for _, v := range acc {
				x = append(x, c(v))
			}
		}
	}
	b := n.Bucket(pieces)
	s := n.Stack(b)
	for i := range n.NumLayers() {
		L, in := n.Layers[i], len(x)
		y := make([]int64, L)
		for j := range y {
			sum := int64(n.HiddenBias[i][s*L+j])
			for k, v := range x {
				sum += v * int64(n.HiddenWeights[i][(s*L+j)*in+k])
			}
			h := floorDiv(sum+QB/2, QB)
			switch {
			case h <= 0:
				clips[0]++
			case h >= QA:
				clips[2]++
			default:
				clips[1]++
			}
			y[j] = c(h)
			if n.HiddenActivation == nn.SCReLU {
				y[j] = (y[j]*y[j] + QA/2) / QA
			}
		}
		x = y
	}
	o := len(x)
	out := int64(n.OutBias[b])
	for k, v := range x {
		out += v * int64(n.OutWeights[b*o+k])
	}
	return nn.ClampEval(out * int64(n.Scale) / (QA * QB))
}

// The quantized stack equals its integer formula exactly (refStackEval) on
// 1,000 random game positions per game and shape: the float parity above
// allows errors of its worst-case bound (hundreds of centipawns for these
// shapes), which a dropped bias, a floor for the rounded shift or an
// unrounded square passed; this test pins every integer step. Every
// shape's hidden units reach 0, QA and values in between.
func TestStackNetMatchesIntegerFormula(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		set := features.Default(g)
		samples := collect(t, g, set, 1000)
		for i, sh := range stackShapes {
			_, q := randomStackNet(t, set, sh, uint64(10+i))
			var clips [3]int
			buckets := map[int]bool{}
			for k, s := range samples {
				got, want := q.EvalIndices(s.Us, s.Them, s.Pieces), refStackEval(q, s.Us, s.Them, s.Pieces, &clips)
				if got != want {
					t.Fatalf("%v %s: sample %d (%d pieces): net %d, integer formula %d", g, sh.name, k, s.Pieces, got, want)
				}
				buckets[q.Bucket(s.Pieces)] = true
			}
			if q.NumLayers() > 0 && (clips[0] == 0 || clips[1] == 0 || clips[2] == 0) {
				t.Fatalf("%v %s: hidden units below 0, inside, above QA: %v; the test net misses a clip path", g, sh.name, clips)
			}
			if len(buckets) < 4 {
				t.Fatalf("%v %s: the samples reach only %d output buckets", g, sh.name, len(buckets))
			}
			t.Logf("%v %s: 1000 positions equal, %d output buckets; hidden units at 0 / inside / at QA: %v", g, sh.name, len(buckets), clips)
		}
	}
}

// At the largest sizes (N = MaxHidden, two hidden layers of MaxLayerSize)
// with every first-layer output at QA, every hidden weight at -128 or 127
// and every bias at ±2²⁴, the int32 sums of the kernels do not wrap: the
// net equals the int64 formula, and the hidden units land where the
// extremes put them (all at 0 or all at QA).
func TestStackNetExtremes(t *testing.T) {
	set := features.Default(position.Chess)
	samples := collect(t, position.Chess, set, 4)
	for _, sh := range []stackShape{
		{"2048-256-256 CReLU/SCReLU", nn.CReLU, [2]int{nn.MaxLayerSize, nn.MaxLayerSize}, nn.SCReLU, false, false},
		{"2048-256-256 SCReLU/CReLU stacks", nn.SCReLU, [2]int{nn.MaxLayerSize, nn.MaxLayerSize}, nn.CReLU, false, true},
		{"2048 pairwise-256-256", nn.CReLU, [2]int{nn.MaxLayerSize, nn.MaxLayerSize}, nn.CReLU, true, false},
	} {
		for _, sign := range []int{-1, 1} {
			a := nn.Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: nn.MaxHidden, Buckets: 8, Activation: sh.act,
				Layers: sh.layers, HiddenActivation: sh.hact, Pairwise: sh.pw, Stacks: sh.st}
			q, err := nn.NewNet(a, "extreme net")
			if err != nil {
				t.Fatal(err)
			}
			for i := range q.FTBias {
				q.FTBias[i] = 1000 // every accumulator clamps to QA
			}
			w8, b32 := int8(127), int32(1<<24)
			if sign < 0 {
				w8, b32 = -128, -(1 << 24)
			}
			for k := range q.NumLayers() {
				for i := range q.HiddenWeights[k] {
					q.HiddenWeights[k][i] = w8
				}
				for i := range q.HiddenBias[k] {
					q.HiddenBias[k][i] = b32
				}
			}
			for i := range q.OutWeights {
				q.OutWeights[i] = int16(127 * sign)
			}
			if err := q.Validate(); err != nil {
				t.Fatalf("%s: %v", sh.name, err)
			}
			for _, s := range samples {
				var clips [3]int
				got, want := q.EvalIndices(s.Us, s.Them, s.Pieces), refStackEval(q, s.Us, s.Them, s.Pieces, &clips)
				if got != want {
					t.Fatalf("%s sign %d: net %d, integer formula %d", sh.name, sign, got, want)
				}
				units := sh.layers[0] + sh.layers[1]
				if (sign < 0 && clips[0] != units) || (sign > 0 && clips[2] != units) {
					t.Fatalf("%s sign %d: hidden units at 0 / inside / at QA: %v", sh.name, sign, clips)
				}
			}
		}
	}
}

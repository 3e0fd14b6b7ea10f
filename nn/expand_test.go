package nn_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// A net copied into the buckets of a set that buckets its own evaluates
// every position of random games exactly as it does (the embedded nets
// into king buckets, a random ps1260 net into palace and defence buckets),
// through the engine's stack with its bucket refreshes; a set that does not
// bucket the net's own is refused.
func TestWithInputBuckets(t *testing.T) {
	_, ps1260 := randomNet(t, position.Xiangqi, 32, 1, nn.SCReLU, 7)
	xq1260, err := ps1260.Model().WithInputBuckets(features.XiangqiPS1260) // not mirrored: not bucketed either
	if err == nil {
		t.Fatal("an unbucketed target was accepted:", xq1260.Set)
	}
	set1260, _ := features.ByName("xiangqi-ps1260-hm")
	_, mirrored1260 := randomNetSet(t, set1260, 32, 2, nn.SCReLU, 8)
	for _, c := range []struct {
		from *nn.Net
		to   features.SetID
	}{
		{nn.Default(position.Chess), features.ChessKB4HM},
		{nn.Default(position.Chess), features.ChessKB16HM},
		{nn.Default(position.Xiangqi), features.XiangqiCompact692KB6},
		{mirrored1260, features.XiangqiKB6HM},
		{mirrored1260, features.XiangqiKB6D3HM},
	} {
		m, err := c.from.Model().WithInputBuckets(c.to)
		if err != nil {
			t.Fatal(err)
		}
		to, _ := features.Lookup(c.to)
		if m.Inputs != to.Size || len(m.FTWeights) != to.Size*m.Hidden {
			t.Fatalf("%s: %d inputs, %d weights", to.Name, m.Inputs, len(m.FTWeights))
		}
		sameEvals(t, to.Name, m, c.from, to.Game, 5, 20, 1000)
	}
	for _, c := range []struct {
		from *nn.Net
		to   features.SetID
		want string
	}{
		{nn.Default(position.Xiangqi), features.XiangqiKB6HM, "does not bucket"},       // compact692 into ps1260's buckets
		{nn.Default(position.Chess), features.XiangqiCompact692KB6, "does not bucket"}, // another game
		{nn.Default(position.Chess), features.ChessPS768HM, "no input buckets"},
	} {
		if _, err := c.from.Model().WithInputBuckets(c.to); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v → %v: %v, want %q", c.from.Set, c.to, err, c.want)
		}
	}
	kb, _ := nn.Default(position.Chess).Model().WithInputBuckets(features.ChessKB4HM)
	if _, err := kb.WithInputBuckets(features.ChessKB16HM); err == nil || !strings.Contains(err.Error(), "bucketed already") {
		t.Errorf("a bucketed net expanded again: %v", err)
	}
}

// TestWithInputBucketsStack: the copies keep a net with hidden layers,
// pairwise multiplication, per-bucket stacks and output buckets exactly as
// it evaluates (TestWithInputBuckets's nets are flat: a copy that dropped
// the hidden layers passed it).
func TestWithInputBucketsStack(t *testing.T) {
	for i, c := range []struct{ from, to string }{
		{"chess-ps768-hm", "chess-kb4-hm"},
		{"xiangqi-compact692-hm", "xiangqi-compact692-kb6-hm"},
		{"xiangqi-ps1260-hm", "xiangqi-kb6-d3-hm"},
	} {
		from, _ := features.ByName(c.from)
		to, _ := features.ByName(c.to)
		for j, sh := range stackShapes {
			_, src := randomStackNet(t, from, sh, uint64(100+10*i+j))
			m, err := src.Model().WithInputBuckets(to.ID)
			if err != nil {
				t.Fatal(err)
			}
			sameEvals(t, to.Name+" "+sh.name, m, src, to.Game, uint64(j), 4, 300)
		}
	}
}

// TestWithHidden: a net widened by WithHidden evaluates every position of
// random games exactly as the net it grew from, through the engine's
// incremental stack (the embedded nets of both games, and a random net
// with 8 output buckets and CReLU); the old units' weights are the
// source's, the new ones' first-layer weights lie in ±scale and are not
// all zero (they can learn), their biases and output weights are zero.
// Shapes it cannot widen are refused with the reason.
func TestWithHidden(t *testing.T) {
	crm, _ := randomNet(t, position.Xiangqi, 32, 8, nn.CReLU, 11)
	crm.QA, crm.QB, crm.Scale = 127, 32, 300 // not the defaults: the widened net must keep them
	crelu, err := crm.Quantize("random CReLU net, own scales")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from *nn.Net
		to   int
	}{
		{nn.Default(position.Chess), nn.Default(position.Chess).Hidden * 2},
		{nn.Default(position.Xiangqi), nn.Default(position.Xiangqi).Hidden + 16},
		{crelu, 96},
	} {
		src := c.from.Model()
		const scale = 0.05
		m, err := src.WithHidden(c.to, rand.New(rand.NewPCG(1, 2)), scale)
		if err != nil {
			t.Fatal(err)
		}
		N, n := src.Hidden, c.to
		if m.QA != src.QA || m.QB != src.QB || m.Scale != src.Scale {
			t.Fatalf("%v: scales %d/%d/%d, the source's %d/%d/%d", src.Arch, m.QA, m.QB, m.Scale, src.QA, src.QB, src.Scale)
		}
		if m.Hidden != n || len(m.FTWeights) != m.Inputs*n || len(m.FTBias) != n || len(m.OutWeights) != m.Buckets*2*n {
			t.Fatalf("%v: widened shape %v with %d/%d/%d weights", src.Arch, m.Arch, len(m.FTWeights), len(m.FTBias), len(m.OutWeights))
		}
		nonzero := 0
		for f := range m.Inputs {
			if !slices.Equal(m.FTWeights[f*n:f*n+N], src.FTWeights[f*N:(f+1)*N]) {
				t.Fatalf("%v: feature %d's old weights changed", src.Arch, f)
			}
			for _, w := range m.FTWeights[f*n+N : (f+1)*n] {
				if !(w >= -scale && w <= scale) {
					t.Fatalf("%v: a new weight %v outside ±%v", src.Arch, w, scale)
				}
				if w != 0 {
					nonzero++
				}
			}
		}
		if nonzero < m.Inputs*(n-N)/2 {
			t.Fatalf("%v: only %d of %d new first-layer weights are non-zero", src.Arch, nonzero, m.Inputs*(n-N))
		}
		for b := range m.Buckets {
			w, sw := m.OutWeights[b*2*n:(b+1)*2*n], src.OutWeights[b*2*N:(b+1)*2*N]
			if !slices.Equal(w[:N], sw[:N]) || !slices.Equal(w[n:n+N], sw[N:]) || slices.ContainsFunc(w[N:n], nonZero) || slices.ContainsFunc(w[n+N:], nonZero) {
				t.Fatalf("%v: bucket %d's output weights are not the source's followed by zeros", src.Arch, b)
			}
		}
		if !slices.Equal(m.FTBias[:N], src.FTBias) || slices.ContainsFunc(m.FTBias[N:], nonZero) || !slices.Equal(m.OutBias, src.OutBias) {
			t.Fatalf("%v: biases not the source's followed by zeros", src.Arch)
		}
		sameEvals(t, fmt.Sprintf("%v widened to %d", src.Arch, n), m, c.from, src.Game, 3, 12, 500)
	}
	set, _ := features.ByName("chess-ps768-hm")
	_, stack := randomStackNet(t, set, stackShapes[0], 5)
	def := nn.Default(position.Chess).Model()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		m     *nn.Model
		n     int
		scale float32
		want  string
	}{
		{stack.Model(), 512, 0.05, "needs a flat net"},
		{def, def.Hidden, 0.05, "widening only grows"},
		{def, def.Hidden / 2, 0.05, "widening only grows"},
		{def, def.Hidden + 8, 0.05, "not a multiple of 16"},
		{def, nn.MaxHidden + 16, 0.05, "not a multiple of 16 in [16, 2048]"},
		{def, def.Hidden * 2, 0, "scale 0 not in (0, 1]"},
		{def, def.Hidden * 2, float32(math.NaN()), "not in (0, 1]"},
	} {
		if _, err := c.m.WithHidden(c.n, rng, c.scale); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v to %d (scale %v): %v, want %q", c.m.Arch, c.n, c.scale, err, c.want)
		}
	}
	if _, err := def.WithHidden(def.Hidden*2, nil, 0.05); err == nil || !strings.Contains(err.Error(), "no random source") {
		t.Errorf("a nil random source: %v", err)
	}
}

func nonZero(v float32) bool { return v != 0 }

// sameEvals quantizes m and checks that the engine's incremental stack
// evaluates every position of games random games (seed, 150 plies at most)
// with it exactly as with src, over at least min positions.
func sameEvals(t *testing.T, name string, m *nn.Model, src *nn.Net, g position.Variant, seed uint64, games, min int) {
	t.Helper()
	net, err := m.Quantize(name)
	if err != nil {
		t.Fatal(err)
	}
	st, ref := nn.NewStack(net), nn.NewStack(src)
	n := 0
	randomGamesFrom(t, g, seed, games, 150, st, func(int) walker { return newPos(t, g) }, func(pos walker, _ *position.Dirty) {
		ref.Reset(pos)
		if a, b := st.Evaluate(pos.SideToMove()), ref.Evaluate(pos.SideToMove()); a != b {
			t.Fatalf("%s: %d, the source net %d at %s", name, a, b, pos.FEN())
		}
		n++
	})
	if n < min {
		t.Fatalf("%s: only %d positions", name, n)
	}
}

// oneBucket returns m's first output bucket as a one-bucket net (m itself
// when it has one): a net to grow buckets from, whichever net is embedded.
func oneBucket(t *testing.T, m *nn.Model) *nn.Model {
	t.Helper()
	o, err := m.OutputBucket(0)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestOutputBucket: each output bucket of a net with eight (layer stacks,
// shared hidden layers, flat), cut out as a one-bucket net, evaluates every
// piece count of its bucket exactly as the net does, on random feature
// lists; a bucket outside the net is refused.
func TestOutputBucket(t *testing.T) {
	set, _ := features.ByName("chess-ps768-hm")
	for j, sh := range stackShapes {
		m, _ := randomStackNet(t, set, sh, uint64(300+j))
		rng := rand.New(rand.NewPCG(uint64(j), 10))
		us, them := make([]uint16, 30), make([]uint16, 30)
		for k := range us {
			us[k], them[k] = uint16(rng.IntN(m.Inputs)), uint16(rng.IntN(m.Inputs))
		}
		seen := 0
		for k := range m.Buckets {
			o, err := m.OutputBucket(k)
			if err != nil {
				t.Fatal(err)
			}
			if o.Buckets != 1 || len(o.OutWeights) != o.OutInputs() {
				t.Fatalf("%s: bucket %d cut to %v", sh.name, k, o.Arch)
			}
			for p := 2; p <= nn.MaxPieces; p++ {
				if m.Bucket(p) != k {
					continue
				}
				seen++
				if a, b := o.Eval(us, them, p), m.Eval(us, them, p); a != b {
					t.Fatalf("%s: bucket %d cut out: %v with %d pieces, the net %v", sh.name, k, a, p, b)
				}
			}
		}
		if seen != nn.MaxPieces-1 {
			t.Fatalf("%s: %d piece counts checked", sh.name, seen)
		}
		for _, k := range []int{-1, m.Buckets} {
			if _, err := m.OutputBucket(k); err == nil || !strings.Contains(err.Error(), "not in [0, 8)") {
				t.Errorf("%s: bucket %d: %v", sh.name, k, err)
			}
		}
	}
}

// TestWithOutputBuckets: a one-bucket net grown to b material output
// buckets evaluates every position of random games (captures walk the
// positions through the buckets) exactly as the net it grew from, through
// the engine's stack (the embedded nets of both games, and one-bucket cuts
// of random nets with hidden layers, pairwise multiplication and layer
// stacks); every bucket's output row, bias and (with stacks) hidden layers
// are copies of the source's. Shapes it cannot grow are refused.
func TestWithOutputBuckets(t *testing.T) {
	type grow struct {
		name string
		src  *nn.Model
		b    int
	}
	// The embedded nets cut to one bucket (a no-op for a one-bucket net),
	// so that the test holds whichever net is embedded.
	cases := []grow{
		{"chess embedded", oneBucket(t, nn.Default(position.Chess).Model()), 8},
		{"xiangqi embedded", oneBucket(t, nn.Default(position.Xiangqi).Model()), 4},
	}
	set, _ := features.ByName("chess-ps768-hm")
	for j, sh := range stackShapes {
		m, _ := randomStackNet(t, set, sh, uint64(200+j))
		cases = append(cases, grow{sh.name, oneBucket(t, m), 8})
	}
	for i, c := range cases {
		if c.src.Buckets != 1 {
			t.Fatalf("%s: the source has %d buckets", c.name, c.src.Buckets)
		}
		src, err := c.src.Quantize(c.name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.src.WithOutputBuckets(c.b)
		if err != nil {
			t.Fatal(err)
		}
		O := c.src.OutInputs()
		if m.Buckets != c.b || len(m.OutWeights) != c.b*O || len(m.OutBias) != c.b || m.QA != c.src.QA || m.QB != c.src.QB || m.Scale != c.src.Scale {
			t.Fatalf("%s: grown to %v with %d output weights, %d biases", c.name, m.Arch, len(m.OutWeights), len(m.OutBias))
		}
		for k := range c.b {
			if !slices.Equal(m.OutWeights[k*O:(k+1)*O], c.src.OutWeights) || m.OutBias[k] != c.src.OutBias[0] {
				t.Fatalf("%s: bucket %d's output row is not the source's", c.name, k)
			}
		}
		for l := range c.src.NumLayers() {
			for s := range m.StackCount() {
				n, nb := len(c.src.HiddenWeights[l]), len(c.src.HiddenBias[l])
				if !slices.Equal(m.HiddenWeights[l][s*n:(s+1)*n], c.src.HiddenWeights[l]) || !slices.Equal(m.HiddenBias[l][s*nb:(s+1)*nb], c.src.HiddenBias[l]) {
					t.Fatalf("%s: layer %d of stack %d is not the source's", c.name, l, s)
				}
			}
		}
		// Every bucket, also those random games rarely reach (five pieces
		// or fewer): the float nets on random feature lists at every piece
		// count.
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for range 4 {
			us, them := make([]uint16, 30), make([]uint16, 30)
			for k := range us {
				us[k], them[k] = uint16(rng.IntN(c.src.Inputs)), uint16(rng.IntN(c.src.Inputs))
			}
			for p := 2; p <= nn.MaxPieces; p++ {
				if a, b := m.Eval(us, them, p), c.src.Eval(us, them, p); a != b {
					t.Fatalf("%s: %v with %d pieces (bucket %d), the source %v", c.name, a, p, m.Bucket(p), b)
				}
			}
		}
		sameEvals(t, fmt.Sprintf("%s grown to %d buckets", c.name, c.b), m, src, c.src.Game, uint64(i), 8, 600)
	}
	def := oneBucket(t, nn.Default(position.Chess).Model())
	eight, err := def.WithOutputBuckets(8)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    *nn.Model
		b    int
		want string
	}{
		{eight, 16, "8 output buckets already"},
		{def, 1, "1 output buckets not in [2, 32]"},
		{def, 0, "not in [2, 32]"},
		{def, nn.MaxBuckets + 1, "not in [2, 32]"},
	} {
		if _, err := c.m.WithOutputBuckets(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v to %d buckets: %v, want %q", c.m.Arch, c.b, err, c.want)
		}
	}
}

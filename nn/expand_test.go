package nn_test

import (
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
		net, err := m.Quantize("bucketed copy")
		if err != nil {
			t.Fatal(err)
		}
		g := to.Game
		st, ref := nn.NewStack(net), nn.NewStack(c.from)
		n := 0
		randomGamesFrom(t, g, 5, 20, 150, st, func(int) walker { return newPos(t, g) }, func(pos walker, _ *position.Dirty) {
			ref.Reset(pos)
			if a, b := st.Evaluate(pos.SideToMove()), ref.Evaluate(pos.SideToMove()); a != b {
				t.Fatalf("%s: %d, the source net %d at %s", to.Name, a, b, pos.FEN())
			}
			n++
		})
		if n < 1000 {
			t.Fatalf("%s: only %d positions", to.Name, n)
		}
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
			net, err := m.Quantize("bucketed copy")
			if err != nil {
				t.Fatal(err)
			}
			g := to.Game
			st, ref := nn.NewStack(net), nn.NewStack(src)
			n := 0
			randomGamesFrom(t, g, uint64(j), 4, 120, st, func(int) walker { return newPos(t, g) }, func(pos walker, _ *position.Dirty) {
				ref.Reset(pos)
				if a, b := st.Evaluate(pos.SideToMove()), ref.Evaluate(pos.SideToMove()); a != b {
					t.Fatalf("%s %s: %d, the source net %d at %s", to.Name, sh.name, a, b, pos.FEN())
				}
				n++
			})
			if n < 300 {
				t.Fatalf("%s %s: only %d positions", to.Name, sh.name, n)
			}
		}
	}
}

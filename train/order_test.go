// Tests of the bucket order: a permutation of the batch, and the same gradient up to rounding.
package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
)

// positionKey renders position i of b for comparing batches as multisets.
func positionKey(b *Batch, i int) string {
	stm, nstm, score, result, bucket := b.Position(i)
	return fmt.Sprint(stm, nstm, score, result, bucket)
}

// The sorted batch holds the same positions, ordered by (stm bucket, nstm
// bucket) with the nstm buckets reversed on odd stm buckets, and positions
// of equal buckets in their original order.
func TestBucketOrderSort(t *testing.T) {
	set, err := features.Lookup(features.ChessKB4HM)
	if err != nil {
		t.Fatal(err)
	}
	a := nn.Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: 8, Buckets: 1, Activation: nn.SCReLU}
	o := newBucketOrder(a)
	if o == nil || o.buckets != 4 || o.base != 768 {
		t.Fatalf("order %+v", o)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	b := benchBatch(a, 500, 9)
	// Vary the feature counts, add positions without features and number
	// the scores so stability can be checked.
	var c Batch
	c.Reset()
	for i := range b.Len {
		stm, nstm, _, result, _ := b.Position(i)
		n := rng.IntN(len(stm) + 1)
		if i%50 == 0 {
			n = 0
		}
		c.Add(stm[:n], nstm[:n], float32(i), result, uint8(i%3))
	}
	s := o.sort(&c)
	if err := ValidateBatch(s, nn.Arch{Inputs: a.Inputs, Buckets: 3}); err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for i := range c.Len {
		want = append(want, positionKey(&c, i))
		got = append(got, positionKey(s, i))
	}
	slices.Sort(want)
	slices.Sort(got)
	if s.Len != c.Len || !slices.Equal(want, got) {
		t.Fatal("the sorted batch does not hold the batch's positions")
	}
	rank := func(i int) int {
		stm, nstm, _, _, _ := s.Position(i)
		if len(stm) == 0 {
			return 0
		}
		sb, nb := int(stm[0])/768, int(nstm[0])/768
		if sb%2 == 1 {
			nb = 3 - nb
		}
		return sb*4 + nb
	}
	for i := 1; i < s.Len; i++ {
		r0, r1 := rank(i-1), rank(i)
		if r0 > r1 || r0 == r1 && s.Score[i-1] >= s.Score[i] {
			t.Fatalf("positions %d, %d: order keys %d, %d, original places %v, %v", i-1, i, r0, r1, s.Score[i-1], s.Score[i])
		}
	}
	// Reused buffers: a second, smaller batch sorts as well.
	b2 := benchBatch(a, 7, 3)
	if s2 := o.sort(b2); s2.Len != 7 || len(s2.Offsets) != 8 || s2.Offsets[7] != b2.Offsets[7] {
		t.Fatalf("second batch: %d positions, offsets %v", s2.Len, s2.Offsets)
	}
	flat := nn.Arch{Game: set.Game, Set: features.ChessPS768, Inputs: 768, Hidden: 8, Buckets: 1}
	if newBucketOrder(flat) != nil {
		t.Fatal("an order for a set without input buckets")
	}
}

// Sorting a batch by bucket changes only the order in which positions are
// summed: the gradient and loss equal those of the batch in its own order
// within float32 rounding, for the flat shape and the hidden layer stack
// with output buckets, on king and balance buckets.
func TestBucketOrderGradient(t *testing.T) {
	for _, c := range []struct {
		set    features.SetID
		layers [nn.MaxLayers]int
	}{
		{features.ChessKB16HM, [2]int{}},
		{features.ChessKB16HM, [2]int{16, 32}},
		{features.XiangqiKB6D3HM, [2]int{16, 0}},
	} {
		set, err := features.Lookup(c.set)
		if err != nil {
			t.Fatal(err)
		}
		a := nn.Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: 32, Buckets: 4, Activation: nn.SCReLU, Layers: c.layers}
		if a.NumLayers() > 0 {
			a.HiddenActivation, a.Stacks = nn.CReLU, true
		}
		m, err := NewModel(a)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, 12))
		m.Init(rng)
		for i := range m.FTBias {
			m.FTBias[i] = float32(rng.Float64()*0.6 - 0.1)
		}
		b := benchBatch(a, 3000, 13)
		for i := range b.Len {
			b.Bucket[i] = uint8(rng.IntN(a.Buckets))
		}
		l := Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2}
		sorted, err := NewStepper(m, l, 2)
		if err != nil {
			t.Fatal(err)
		}
		if sorted.order == nil {
			t.Fatalf("%v: no bucket order", a)
		}
		plain, _ := NewStepper(m, l, 2)
		plain.order = nil
		l1, l0 := sorted.Gradient(b), plain.Gradient(b)
		if math.Abs(l1-l0) > 1e-6*l0 {
			t.Errorf("%v: loss %v sorted, %v in batch order", a, l1, l0)
		}
		var gmax float64
		for _, g := range plain.Grad {
			gmax = max(gmax, math.Abs(float64(g)))
		}
		var worst float64
		for i, g := range plain.Grad {
			d := math.Abs(float64(sorted.Grad[i]) - float64(g))
			worst = max(worst, d/gmax)
			if d > 1e-5*gmax {
				t.Fatalf("%v: parameter %d: gradient %v sorted, %v in batch order (largest |g| %v)", a, i, sorted.Grad[i], g, gmax)
			}
		}
		t.Logf("%v: largest difference %.2g of the largest |g|", a, worst)
	}
}

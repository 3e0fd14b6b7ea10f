// Tests of the accumulator stack: incremental == refresh, evaluation, no allocations.
package nn

import (
	"math/rand/v2"
	"slices"
	"testing"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// Over random move sequences with pushes and pops, the lazily updated
// accumulators equal a full refresh of the same board, exactly, and the
// stack's eval equals EvalIndices.
func TestStackIncrementalEqualsRefresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sets []*features.Set
	for _, id := range []features.SetID{features.ChessPS768, features.XiangqiPS1260, features.ChessPS768HM, features.XiangqiPS1260HM, features.ChessKB16HM, features.XiangqiKB6HM} { // every piece has a feature on any square (testBoard moves anywhere)
		set, _ := features.Lookup(id)
		sets = append(sets, set)
	}
	for _, set := range sets {
		g := set.Game
		for _, act := range []Activation{CReLU, SCReLU} {
			net, err := randomModelSet(rng, set, 64, 4, act).Quantize("test")
			if err != nil {
				t.Fatal(err)
			}
			st, ref := NewStack(net), NewStack(net)
			for game := 0; game < 20; game++ {
				b := randomBoard(rng, g)
				st.Reset(b)
				var hist []testBoard
				var d position.Dirty
				for step := 0; step < 200; step++ {
					if len(hist) > 0 && (rng.IntN(3) == 0 || len(hist) >= 100) {
						*b = hist[len(hist)-1]
						hist = hist[:len(hist)-1]
						st.Pop()
					} else {
						hist = append(hist, *b)
						b.move(rng, &d)
						st.Push(&d)
					}
					if rng.IntN(3) == 0 { // evaluate lazily, not at every node
						continue
					}
					ref.Reset(b)
					for c := position.Color(0); c <= 1; c++ {
						if !slices.Equal(st.Accumulator(c), ref.Accumulator(c)) {
							t.Fatalf("%v %v game %d step %d colour %d: incremental != refresh", g, act, game, step, c)
						}
					}
					if st.Pieces() != b.pieces {
						t.Fatalf("pieces %d, board has %d", st.Pieces(), b.pieces)
					}
					us, them := b.active(net.FeatureSet())
					if got, want := st.Evaluate(b.stm), net.EvalIndices(us, them, b.pieces); got != want {
						t.Fatalf("stack eval %d, EvalIndices %d", got, want)
					}
				}
			}
		}
	}
}

func TestStackNoAllocs(t *testing.T) {
	for _, id := range []features.SetID{features.ChessPS768, features.ChessPS768HM, features.XiangqiPS1260, features.XiangqiPS1260HM, features.XiangqiCompact692, features.XiangqiCompact692HM,
		features.ChessKB4HM, features.ChessKB16HM, features.XiangqiKB6HM, features.XiangqiCompact692KB6} {
		set, _ := features.Lookup(id)
		rng := rand.New(rand.NewPCG(3, 4))
		net, err := randomModelSet(rng, set, 256, 1, SCReLU).Quantize("test")
		if err != nil {
			t.Fatal(err)
		}
		st := NewStack(net)
		b := randomBoard(rng, set.Game)
		st.Reset(b)
		var ds [8]position.Dirty
		for i := range ds {
			b.move(rng, &ds[i])
		}
		allocs := testing.AllocsPerRun(100, func() {
			for i := range ds {
				st.Push(&ds[i])
				_ = st.Evaluate(position.Color(i & 1))
			}
			for range ds {
				st.Pop()
			}
			_ = st.Evaluate(position.White)
			st.Reset(b) // a full refresh through the refresh cache (mirrored sets)
		})
		if allocs != 0 {
			t.Fatalf("%s: Push/Evaluate/Pop/Reset allocate %v times per run", set.Name, allocs)
		}
	}
}

func TestStackDepth(t *testing.T) {
	net, err := randomModel(rand.New(rand.NewPCG(5, 6)), position.Chess, 16, 1, CReLU).Quantize("")
	if err != nil {
		t.Fatal(err)
	}
	st := NewStack(net)
	st.Reset(randomBoard(rand.New(rand.NewPCG(7, 8)), position.Chess))
	var null position.Dirty
	for i := 0; i < StackDepth; i++ {
		st.Push(&null)
	}
	if st.Depth() != StackDepth || StackDepth < position.MaxPly+32 {
		t.Fatalf("depth %d", st.Depth())
	}
	_ = st.Evaluate(position.White)
	defer func() {
		if recover() == nil {
			t.Fatal("push past StackDepth did not panic")
		}
	}()
	st.Push(&null)
}

// TestStackPiecesCompactMirrored: with the compact mirrored xiangqi set,
// whose features skip pieces on points they can never reach, the stack's
// piece count (the output bucket's input) stays the number of active
// features after any pushes and pops, as Reset and the trainer count it.
func TestStackPiecesCompactMirrored(t *testing.T) {
	set, _ := features.Lookup(features.XiangqiCompact692HM)
	rng := rand.New(rand.NewPCG(21, 22))
	net, err := randomModelSet(rng, set, 32, 4, SCReLU).Quantize("test")
	if err != nil {
		t.Fatal(err)
	}
	st := NewStack(net)
	var w, bl [features.MaxActive]uint16
	for game := 0; game < 20; game++ {
		b := randomBoard(rng, position.Xiangqi)
		st.Reset(b)
		var hist []testBoard
		var d position.Dirty
		for step := 0; step < 100; step++ {
			if len(hist) > 0 && rng.IntN(3) == 0 {
				*b = hist[len(hist)-1]
				hist = hist[:len(hist)-1]
				st.Pop()
			} else {
				hist = append(hist, *b)
				b.move(rng, &d)
				st.Push(&d)
			}
			if got, want := st.Pieces(), set.Active(b, w[:], bl[:]); got != want {
				t.Fatalf("game %d step %d: stack counts %d pieces, %d have a feature", game, step, got, want)
			}
		}
	}
}

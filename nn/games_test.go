// Tests over random games of the real position cores: incremental == refresh,
// float/quantized parity, the default nets.
package nn_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// walker plays random legal games of one game and reports every position.
type walker interface {
	position.Game
	features.Board
}

func newPos(t testing.TB, g position.Variant) walker {
	var p walker
	var err error
	if g == position.Chess {
		p, err = chess.NewFromFEN(chess.StartFEN)
	} else {
		p, err = xiangqi.NewFromFEN(xiangqi.StartFEN)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randomGames calls visit on the position after every move of games random
// games of at most plies plies, after every UndoMove (a take-back of one
// move in four, then the whole game unwound) when st is set, with st
// following DoMove/UndoMove through Push/Pop.
func randomGames(t testing.TB, g position.Variant, seed uint64, games, plies int, st *nn.Stack, visit func(pos walker)) {
	randomGamesFrom(t, g, seed, games, plies, st, func(int) walker { return newPos(t, g) }, func(pos walker, _ *position.Dirty) { visit(pos) })
}

// randomGamesFrom is randomGames with game i starting from start(i); visit
// also gets the diff of the move just made (nil after an UndoMove).
func randomGamesFrom(t testing.TB, g position.Variant, seed uint64, games, plies int, st *nn.Stack, start func(i int) walker, visit func(pos walker, d *position.Dirty)) {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	states := make([]position.State, plies+1)
	var list position.MoveList
	for game := 0; game < games; game++ {
		pos := start(game)
		if st != nil {
			st.Reset(pos)
		}
		var moves []position.Move
		for ply := 0; ply < plies; ply++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			pos.DoMove(m, &states[ply])
			moves = append(moves, m)
			if st != nil {
				st.Push(&states[ply].Dirty)
			}
			visit(pos, &states[ply].Dirty)
			if rng.IntN(4) == 0 { // take back and replay: Pop must restore
				pos.UndoMove(m)
				if st != nil {
					st.Pop()
				}
				visit(pos, nil)
				pos.DoMove(m, &states[ply])
				if st != nil {
					st.Push(&states[ply].Dirty)
				}
			}
		}
		for i := len(moves) - 1; i >= 0; i-- {
			pos.UndoMove(moves[i])
			if st != nil {
				st.Pop()
				visit(pos, nil)
			}
		}
	}
}

func randomNet(t testing.TB, g position.Variant, hidden, buckets int, act nn.Activation, seed uint64) (*nn.Model, *nn.Net) {
	return randomNetSet(t, features.Default(g), hidden, buckets, act, seed)
}

func randomNetSet(t testing.TB, set *features.Set, hidden, buckets int, act nn.Activation, seed uint64) (*nn.Model, *nn.Net) {
	rng := rand.New(rand.NewPCG(seed, 99))
	m, err := nn.NewModel(nn.Arch{Game: set.Game, Set: set.ID, Inputs: set.Size, Hidden: hidden, Buckets: buckets, Activation: act})
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.FTWeights {
		m.FTWeights[i] = float32(rng.NormFloat64() * 0.1)
	}
	for i := range m.FTBias {
		m.FTBias[i] = float32(rng.Float64() * 0.5)
	}
	for i := range m.OutWeights {
		m.OutWeights[i] = float32(rng.NormFloat64() * 0.3)
	}
	for i := range m.OutBias {
		m.OutBias[i] = float32(rng.NormFloat64() * 0.05)
	}
	q, err := m.Quantize("random test net")
	if err != nil {
		t.Fatal(err)
	}
	return m, q
}

// Over random games of both games the lazily updated accumulators equal a
// full refresh after every DoMove and every UndoMove, exactly.
func TestIncrementalEqualsRefreshRealGames(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		nets := []*nn.Net{nn.Default(g), func() *nn.Net { _, q := randomNet(t, g, 64, 4, nn.SCReLU, 1); return q }()}
		if g == position.Xiangqi {
			compact, _ := features.Lookup(features.XiangqiCompact692)
			_, q := randomNetSet(t, compact, 32, 2, nn.CReLU, 2)
			nets = append(nets, q)
		}
		// The horizontally mirrored sets: a king crossing the centre
		// rebuilds its colour through the refresh cache.
		for _, id := range []features.SetID{features.ChessPS768HM, features.XiangqiPS1260HM, features.XiangqiCompact692HM} {
			if set, _ := features.Lookup(id); set.Game == g {
				_, q := randomNetSet(t, set, 32, 2, nn.SCReLU, uint64(id))
				nets = append(nets, q)
			}
		}
		for _, net := range nets {
			set := net.FeatureSet()
			st, ref := nn.NewStack(net), nn.NewStack(net)
			checked, crossings := 0, 0
			var us, them [features.MaxActive]uint16
			var lastMirror [2]bool
			randomGames(t, g, 7, 30, 200, st, func(pos walker) {
				ref.Reset(pos)
				for c := position.Color(0); c <= 1; c++ {
					if !slices.Equal(st.Accumulator(c), ref.Accumulator(c)) {
						t.Fatalf("%v %s: incremental accumulator differs from refresh at %s", g, set.Name, pos.FEN())
					}
				}
				if a, b := st.Evaluate(pos.SideToMove()), ref.Evaluate(pos.SideToMove()); a != b {
					t.Fatalf("%v %s: eval %d vs %d", g, set.Name, a, b)
				}
				if set.Mirror {
					// Against the net's evaluation from scratch (no stack,
					// no refresh cache): the features of Active.
					n := set.Active(pos, us[:], them[:])
					u, th := us[:n], them[:n]
					if pos.SideToMove() == position.Black {
						u, th = th, u
					}
					if a, b := st.Evaluate(pos.SideToMove()), net.EvalIndices(u, th, n); a != b {
						t.Fatalf("%v %s: stack eval %d, from scratch %d at %s", g, set.Name, a, b, pos.FEN())
					}
					var k [2]position.Square
					for sq := 0; sq < set.Squares; sq++ {
						if p := pos.PieceOn(position.Square(sq)); p != position.NoPiece && p.Type() == set.King {
							k[p.Color()] = position.Square(sq)
						}
					}
					m := [2]bool{set.Mirrored(k[0]), set.Mirrored(k[1])}
					if m != lastMirror {
						crossings++
					}
					lastMirror = m
				}
				checked++
			})
			if checked < 3000 {
				t.Fatalf("%v: only %d positions checked", g, checked)
			}
			if set.Mirror && crossings < 100 {
				t.Fatalf("%v %s: only %d king crossings seen", g, set.Name, crossings)
			}
		}
	}
}

// collect returns n positions from random games of g, as feature set set
// sees them.
func collect(t testing.TB, g position.Variant, set *features.Set, n int) []nn.Sample {
	var out []nn.Sample
	var w, b [features.MaxActive]uint16
	rng := rand.New(rand.NewPCG(42, uint64(g)))
	randomGames(t, g, 11, 1000, 160, nil, func(pos walker) {
		if len(out) >= n || rng.IntN(8) != 0 {
			return
		}
		k := set.Active(pos, w[:], b[:])
		s := nn.Sample{Pieces: k}
		if pos.SideToMove() == position.White {
			s.Us, s.Them = slices.Clone(w[:k]), slices.Clone(b[:k])
		} else {
			s.Us, s.Them = slices.Clone(b[:k]), slices.Clone(w[:k])
		}
		out = append(out, s)
	})
	if len(out) < n {
		t.Fatalf("%v: collected %d positions, want %d", g, len(out), n)
	}
	return out
}

// Parity: on 1,000 random game positions per game, the quantized net's eval
// and the float model's agree (a) within ParityBound (~1.02 cp) for the
// model holding the net's own weights, and (b) within the per-position
// QuantizationBound for the float model the net was quantized from.
func TestParityFloatQuantized(t *testing.T) {
	for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
		samples := collect(t, g, features.Default(g), 1000)
		for _, act := range []nn.Activation{nn.CReLU, nn.SCReLU} {
			m, q := randomNet(t, g, 256, 8, act, 5)
			st, err := nn.CheckParity(m, q, samples)
			if err != nil {
				t.Fatalf("%v %v: %v", g, act, err)
			}
			t.Logf("%v %v N=256, %d positions: same weights max %.3f cp (bound %.3f); original float max %.2f mean %.2f cp, max error/bound %.3f",
				g, act, st.Positions, st.MaxSame, nn.ParityBound(q.QA, q.QB, q.Scale), st.MaxOrig, st.MeanOrig, st.MaxRatio)
		}
		// The king-bucketed sets (issue 21): same bound, 1,000 positions.
		kbs := map[position.Variant][]features.SetID{
			position.Chess:   {features.ChessKB4HM, features.ChessKB16HM},
			position.Xiangqi: {features.XiangqiKB6HM, features.XiangqiCompact692KB6, features.XiangqiKB6D3HM},
		}
		for _, id := range kbs[g] {
			set, err := features.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			m, q := randomNetSet(t, set, 256, 8, nn.SCReLU, 6)
			st, err := nn.CheckParity(m, q, collect(t, g, set, 1000))
			if err != nil {
				t.Fatalf("%s: %v", set.Name, err)
			}
			if st.Positions != 1000 {
				t.Fatalf("%s: %d positions checked, want 1000", set.Name, st.Positions)
			}
			t.Logf("%s N=256: same weights max %.3f cp (bound %.3f), max error/bound %.3f",
				set.Name, st.MaxSame, nn.ParityBound(q.QA, q.QB, q.Scale), st.MaxRatio)
		}
		// The default net against its own dequantized weights, on the
		// positions as its own feature set sees them.
		def := nn.Default(g)
		set, err := features.Lookup(def.Set)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := nn.CheckParity(nil, def, collect(t, g, set, 1000)); err != nil {
			t.Fatalf("%v default net: %v", g, err)
		}
		// Samples of another feature set are an error, not a panic.
		if set.Size != features.Default(g).Size {
			if _, err := nn.CheckParity(nil, def, samples); err == nil {
				t.Fatalf("%v default net: samples of the %d-input set accepted by a %d-input net", g, features.Default(g).Size, def.Inputs)
			}
		}
	}
}

// The Evaluator a search uses does not allocate in Push, Evaluate or Pop.
func TestEvaluatorNoAllocsRealGame(t *testing.T) {
	pos, err := xiangqi.NewFromFEN(xiangqi.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	ev := nn.NewEvaluator[*xiangqi.Position](nn.Default(position.Xiangqi))
	ev.Reset(pos)
	var list position.MoveList
	pos.GenerateLegal(&list)
	var st position.State
	allocs := testing.AllocsPerRun(200, func() {
		for _, m := range list.Slice() {
			pos.DoMove(m, &st)
			ev.Push(&st.Dirty)
			_ = ev.Evaluate(pos)
			pos.UndoMove(m)
			ev.Pop()
		}
		_ = ev.Evaluate(pos)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run", allocs)
	}
	// The embedded net xr16n (xr13n fine-tuned on all the engine's own
	// SPRT games, docs/nets.md "Eighteenth round") scores the start position
	// +42 cp for the side to move (Red, who moves first, scores more in its
	// training games; xr15n before it: +44, xr13n +51, xr12n +53, xr11n +52,
	// xr9s +50, xr7wf +59, xr5 +71, xr4 +57, xr3 +65, xb128 +50).
	if v := ev.Evaluate(pos); v != 42 {
		t.Fatalf("default xiangqi net at the start: %d, want 42", v)
	}
}

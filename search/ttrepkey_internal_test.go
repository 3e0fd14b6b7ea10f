package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// PlayMoves plays moves (the game's UCI coordinates: chess e2e4, xiangqi
// ICCS) on pos, each into the next of the caller's states; the package's
// external tests use it too.
func PlayMoves[T any, P GamePtr[T]](t *testing.T, pos P, states []position.State, moves []string) {
	t.Helper()
	for i, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %s: %v", i, s, err)
		}
		pos.DoMove(m, &states[i])
	}
}

// ttRepKeyEntries searches root, a position reached by shuffling two pieces
// back to the start (so it occurred before), to depth with Params.TTRepKey
// v on a new table, and reports for each child move whether the table holds
// an entry under its plain key and under its key xor ttRepXor.
func ttRepKeyEntries[T any, P GamePtr[T]](t *testing.T, s *Searcher[T, P], root P, depth, v int, moves []string) (plain, rep []bool) {
	t.Helper()
	if err := s.SetParam("TTRepKey", v); err != nil {
		t.Fatal(err)
	}
	s.Clear()
	s.Search(root, Limits{Depth: depth}, nil)
	for _, ms := range moves {
		m, err := root.ParseMove(ms)
		if err != nil {
			t.Fatal(err)
		}
		var st position.State
		root.DoMove(m, &st)
		_, hitPlain := s.tt.probe(st.Key)
		_, hitRep := s.tt.probe(st.Key ^ ttRepXor)
		root.UndoMove(m)
		plain, rep = append(plain, hitPlain), append(rep, hitRep)
	}
	return plain, rep
}

// TestTTRepKeyEntries: with Params.TTRepKey a child that occurred before in
// the game (the knight move that began the shuffle) is stored under its key
// xor ttRepXor and never under the plain key, by search() at depth 3 and by
// qsearch() at depth 1 (the root's children at depth 0); a fresh child
// under its plain key only; without the switch every child under its plain
// key only.
func TestTTRepKeyEntries(t *testing.T) {
	opts := DefaultOptions
	opts.Threads = 1
	cs := New(chessTestRules, func() position.Evaluator[*chess.Position] { return constEval[*chess.Position]{v: 0} }, opts)
	croot, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var cst [4]position.State
	PlayMoves(t, croot, cst[:], []string{"g1f3", "g8f6", "f3g1", "f6g8"})
	xs := New(xiangqiTestRules, func() position.Evaluator[*xiangqi.Position] { return constEval[*xiangqi.Position]{v: 0} }, opts)
	xroot, err := xiangqi.NewFromFEN(xiangqi.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var xst [4]position.State
	PlayMoves(t, xroot, xst[:], []string{"h0g2", "h9g7", "g2h0", "g7h9"})
	for _, depth := range []int{1, 3} {
		for v := 0; v <= 1; v++ {
			// The first child repeats the game's first position after its
			// move; the second is new.
			cp, cr := ttRepKeyEntries(t, cs, croot, depth, v, []string{"g1f3", "e2e4"})
			xp, xr := ttRepKeyEntries(t, xs, xroot, depth, v, []string{"h0g2", "h2e2"})
			for g, got := range [][2][]bool{{cp, cr}, {xp, xr}} {
				wantPlain := []bool{v == 0, true}
				wantRep := []bool{v == 1, false}
				for i := range 2 {
					if got[0][i] != wantPlain[i] || got[1][i] != wantRep[i] {
						t.Errorf("%s, depth %d, TTRepKey %d, child %d: entry under the plain key %v, under the repetition key %v; want %v, %v",
							[]string{"chess", "xiangqi"}[g], depth, v, i, got[0][i], got[1][i], wantPlain[i], wantRep[i])
					}
				}
			}
		}
	}
}

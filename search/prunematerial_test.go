package search_test

import (
	"testing"

	"dualnnue/search"
)

// TestPruneMaterialEndgames: with Params.PruneMaterial the search of an
// endgame where the side to move has no major material prunes less from
// the root on, so it searches another tree at the same depth (not always
// a larger one: what the unpruned moves leave in the table and the
// histories changes the rest). Xiangqi's advisors and elephants are not
// major material: Red with defenders and a pawn against a horse is such an
// endgame (HasNonPawnMaterial, which counts them, would leave this tree
// as the default's).
func TestPruneMaterialEndgames(t *testing.T) {
	for _, c := range []struct {
		game  string
		fen   string
		depth int
	}{
		{"chess", "8/5pk1/6p1/8/5P2/6P1/5NK1/8 b - - 0 1", 14},               // Black: king and pawns
		{"xiangqi", "3k1a3/4a4/4b4/9/2n6/4P4/9/4B4/4A4/2BAK4 w - - 0 1", 12}, // Red: defenders and a pawn
	} {
		nodes := [2]uint64{}
		for i, v := range []int{0, 1} {
			cs, xs := searchersWith(t, "PruneMaterial", v)
			var r search.BenchResult
			var err error
			if c.game == "chess" {
				r, err = search.Bench(cs, newChess, []string{c.fen}, c.depth)
			} else {
				r, err = search.Bench(xs, newXiangqi, []string{c.fen}, c.depth)
			}
			if err != nil {
				t.Fatal(err)
			}
			nodes[i] = r.Nodes
		}
		t.Logf("%s %s depth %d: %d nodes off, %d on", c.game, c.fen, c.depth, nodes[0], nodes[1])
		if nodes[1] == nodes[0] {
			t.Errorf("%s: PruneMaterial 1 searched the default's tree (%d nodes): the side to move's missing major material not read", c.fen, nodes[0])
		}
	}
}

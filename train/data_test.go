// Validation split: whole games are held out when the games are known.
package train

import (
	"slices"
	"testing"
)

// TestSplitHoldsOutWholeGames: 400 games of 25 positions each, split 10 %:
// every game lands entirely on one side, the held-out share of games is
// near 10 %, and the split is a pure function of the seed.
func TestSplitHoldsOutWholeGames(t *testing.T) {
	d := NewMemory(768)
	for g := int64(0); g < 400; g++ {
		for k := 0; k < 25; k++ {
			// The score identifies the position: game*100 + k.
			if err := d.AddFromGame([]uint16{uint16(k)}, []uint16{uint16(g % 768)}, float32(g*100)+float32(k), 0.5, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	train, valid := d.Split(0.1, 7)
	if train.Len()+valid.Len() != d.Len() {
		t.Fatalf("split lost positions: %d + %d != %d", train.Len(), valid.Len(), d.Len())
	}
	side := map[int64]int{} // game -> 1 train, 2 valid
	for i, m := range []*Memory{train, valid} {
		if len(m.GameIndex) != m.Len() {
			t.Fatalf("part %d lost its game ordinals", i)
		}
		for j := 0; j < m.Len(); j++ {
			_, _, s, _ := m.Position(j)
			g := m.GameIndex[j]
			if int64(s)/100 != g {
				t.Fatalf("position with score %v filed under game %d", s, g)
			}
			if side[g] != 0 && side[g] != i+1 {
				t.Fatalf("game %d split across train and validation", g)
			}
			side[g] = i + 1
		}
	}
	// Seed 7 holds out exactly 40 of the 400 games (SplitMix64 draws).
	if held := valid.Len() / 25; valid.Len()%25 != 0 || held != 40 {
		t.Fatalf("held out %d positions (%d games), want whole games, 40 of 400", valid.Len(), held)
	}
	train2, valid2 := d.Split(0.1, 7)
	if !slices.Equal(valid.Score, valid2.Score) || !slices.Equal(train.Score, train2.Score) {
		t.Fatal("the same seed gave a different split")
	}
	if _, valid3 := d.Split(0.1, 8); slices.Equal(valid.Score, valid3.Score) {
		t.Fatal("another seed gave the same split")
	}
	m := NewMemory(768)
	_ = m.Add([]uint16{1}, []uint16{2}, 0, 0.5)
	if err := m.AddFromGame([]uint16{1}, []uint16{2}, 0, 0.5, 0); err == nil {
		t.Fatal("AddFromGame after Add: no error")
	}
}

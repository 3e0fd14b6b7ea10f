// Magic bitboards: the constants are valid and reproducible, and lookups
// equal ray walking.
package chess

import (
	"math/rand/v2"
	"testing"

	"dualnnue/position"
)

func TestMagicsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("magic search takes a moment")
	}
	if findMagics(rookDirs) != rookMagicNumbers || findMagics(bishopDirs) != bishopMagicNumbers {
		t.Fatal("the fixed-seed magic search no longer reproduces the constants")
	}
}

func TestSliderAttacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		s := position.Square(rng.IntN(64))
		if got, want := rookAttacks(s, occ), slideAttacks(s, occ, rookDirs); got != want {
			t.Fatalf("rook %s occ %x: %x, want %x", squareName(s), uint64(occ), uint64(got), uint64(want))
		}
		if got, want := bishopAttacks(s, occ), slideAttacks(s, occ, bishopDirs); got != want {
			t.Fatalf("bishop %s occ %x: %x, want %x", squareName(s), uint64(occ), uint64(got), uint64(want))
		}
	}
}

// Magic bitboards for rook and bishop attacks, found at init with a fixed-seed PRNG.
package chess

import (
	"math/bits"

	"dualnnue/position"
)

// magicEntry maps the relevant occupancy of one square to its attack set:
// attacks[((occ & mask) * magic) >> shift].
type magicEntry struct {
	mask    Bitboard
	magic   uint64
	attacks []Bitboard
	shift   uint8
}

var (
	rookMagics   [64]magicEntry
	bishopMagics [64]magicEntry
	// The "fancy" layout: per-square slices into one shared table per slider,
	// each exactly 2^(relevant bits) long (102,400 and 5,248 entries).
	rookTable   [0x19000]Bitboard
	bishopTable [0x1480]Bitboard
)

func (m *magicEntry) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.magic >> m.shift
}

// rookAttacks returns the rook attacks from s given the occupancy occ.
func rookAttacks(s position.Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return m.attacks[uint64(occ&m.mask)*m.magic>>m.shift]
}

// bishopAttacks returns the bishop attacks from s given the occupancy occ.
func bishopAttacks(s position.Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return m.attacks[uint64(occ&m.mask)*m.magic>>m.shift]
}

// queenAttacks returns the queen attacks from s given the occupancy occ.
func queenAttacks(s position.Square, occ Bitboard) Bitboard {
	return rookAttacks(s, occ) | bishopAttacks(s, occ)
}

// prng is xorshift64* (Vigna), used with fixed seeds so that the magics and
// the Zobrist keys are the same on every run and every machine.
type prng struct{ s uint64 }

func (r *prng) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// sparse returns a random number with about 1/8 of its bits set: good magic
// candidates are sparse.
func (r *prng) sparse() uint64 { return r.next() & r.next() & r.next() }

// initMagics fills the tables for one slider kind. The search is
// deterministic: per-rank seeds as Stockfish uses for 64-bit builds.
func initMagics(table []Bitboard, magics *[64]magicEntry, dirs [][2]int) {
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	var occupancy, reference [4096]Bitboard
	var epoch [4096]int
	cnt := 0
	offset := 0
	for s := position.Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ rankMask(rankOf(s))) | ((FileA | FileH) &^ fileMask(fileOf(s)))
		m := &magics[s]
		m.mask = slideAttacks(s, 0, dirs) &^ edges
		n := m.mask.Count()
		m.shift = uint8(64 - n)
		size := 1 << n
		m.attacks = table[offset : offset+size : offset+size]
		offset += size

		// Carry-Rippler enumeration of every subset of the mask.
		var b Bitboard
		size = 0
		for {
			occupancy[size] = b
			reference[size] = slideAttacks(s, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}

		rng := prng{seeds[rankOf(s)]}
		for i := 0; i < size; {
			for m.magic = 0; bits.OnesCount64(uint64(m.mask)*m.magic>>56) < 6; {
				m.magic = rng.sparse()
			}
			// A magic works when no two occupancies with different attack
			// sets map to the same index. epoch[] avoids clearing the slice
			// between attempts.
			cnt++
			for i = 0; i < size; i++ {
				idx := m.index(occupancy[i])
				if epoch[idx] < cnt {
					epoch[idx] = cnt
					m.attacks[idx] = reference[i]
				} else if m.attacks[idx] != reference[i] {
					break
				}
			}
		}
	}
}

func rankMask(r int) Bitboard { return Rank1 << (8 * r) }
func fileMask(f int) Bitboard { return FileA << f }

func init() {
	initBitboards()
	initMagics(rookTable[:], &rookMagics, rookDirs)
	initMagics(bishopTable[:], &bishopMagics, bishopDirs)
	initZobrist()
}

// Magic bitboards for rook and bishop attacks (constants found by a fixed-seed search).
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

// initMagics fills the attack tables of one slider kind from the given
// magic numbers. It reports false if a magic maps two occupancies with
// different attack sets to one index (never, for the constants below).
func initMagics(table []Bitboard, magics *[64]magicEntry, numbers *[64]uint64, dirs [][2]int) bool {
	offset := 0
	for s := position.Square(0); s < 64; s++ {
		m := &magics[s]
		m.mask = relevantMask(s, dirs)
		n := m.mask.Count()
		m.shift = uint8(64 - n)
		m.magic = numbers[s]
		size := 1 << n
		m.attacks = table[offset : offset+size : offset+size]
		offset += size
		var filled [4096]bool
		// Carry-Rippler enumeration of every subset of the mask.
		for b := Bitboard(0); ; {
			idx := m.index(b)
			a := slideAttacks(s, b, dirs)
			if filled[idx] && m.attacks[idx] != a {
				return false
			}
			filled[idx] = true
			m.attacks[idx] = a
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
	}
	return true
}

// relevantMask returns the squares whose occupancy matters for a slider on
// s: its empty-board rays without the board edges they run into.
func relevantMask(s position.Square, dirs [][2]int) Bitboard {
	edges := ((Rank1 | Rank8) &^ rankMask(rankOf(s))) | ((FileA | FileH) &^ fileMask(fileOf(s)))
	return slideAttacks(s, 0, dirs) &^ edges
}

// findMagics searches magic numbers deterministically, trying sparse
// random candidates from xorshift64* with Stockfish's per-rank seeds for
// 64-bit builds. The constants below are its output; TestMagicsReproducible
// checks that they still are.
func findMagics(dirs [][2]int) [64]uint64 {
	seeds := [8]uint64{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	var out [64]uint64
	var occupancy, reference, used [4096]Bitboard
	var epoch [4096]int
	cnt := 0
	for s := position.Square(0); s < 64; s++ {
		mask := relevantMask(s, dirs)
		shift := 64 - mask.Count()
		size := 0
		for b := Bitboard(0); ; {
			occupancy[size] = b
			reference[size] = slideAttacks(s, b, dirs)
			size++
			b = (b - mask) & mask
			if b == 0 {
				break
			}
		}
		rng := prng{seeds[rankOf(s)]}
		var magic uint64
		for i := 0; i < size; {
			for magic = 0; bits.OnesCount64(uint64(mask)*magic>>56) < 6; {
				magic = rng.sparse()
			}
			// epoch[] marks the slots written in this attempt, so the
			// table need not be cleared between candidates.
			cnt++
			for i = 0; i < size; i++ {
				idx := uint64(occupancy[i]) * magic >> shift
				if epoch[idx] < cnt {
					epoch[idx] = cnt
					used[idx] = reference[i]
				} else if used[idx] != reference[i] {
					break
				}
			}
		}
		out[s] = magic
	}
	return out
}

func rankMask(r int) Bitboard { return Rank1 << (8 * r) }
func fileMask(f int) Bitboard { return FileA << f }

func init() {
	initBitboards()
	if !initMagics(rookTable[:], &rookMagics, &rookMagicNumbers, rookDirs) ||
		!initMagics(bishopTable[:], &bishopMagics, &bishopMagicNumbers, bishopDirs) {
		panic("chess: corrupt magic constants") // unreachable: TestMagics checks them
	}
	initZobrist()
	initCuckoo()
}

// Magic numbers, as findMagics produces them.
var rookMagicNumbers = [64]uint64{
	0x0A80004000801220, 0x8040004010002008, 0x2080200010008008, 0x1100100008210004,
	0xC200209084020008, 0x2100010004000208, 0x0400081000822421, 0x0200010422048844,
	0x0800800080400024, 0x0001402000401000, 0x3000801000802001, 0x4400800800100083,
	0x0904802402480080, 0x4040800400020080, 0x0018808042000100, 0x4040800080004100,
	0x0040048001458024, 0x00A0004000205000, 0x3100808010002000, 0x4825010010000820,
	0x5004808008000401, 0x2024818004000A00, 0x0005808002000100, 0x2100060004806104,
	0x0080400880008421, 0x4062220600410280, 0x010A004A00108022, 0x0000100080080080,
	0x0021000500080010, 0x0044000202001008, 0x0000100400080102, 0xC020128200040545,
	0x0080002000400040, 0x0000804000802004, 0x0000120022004080, 0x010A386103001001,
	0x9010080080800400, 0x8440020080800400, 0x0004228824001001, 0x000000490A000084,
	0x0080002000504000, 0x200020005000C000, 0x0012088020420010, 0x0010010080080800,
	0x0085001008010004, 0x0002000204008080, 0x0040413002040008, 0x0000304081020004,
	0x0080204000800080, 0x3008804000290100, 0x1010100080200080, 0x2008100208028080,
	0x5000850800910100, 0x8402019004680200, 0x0120911028020400, 0x0000008044010200,
	0x0020850200244012, 0x0020850200244012, 0x0000102001040841, 0x140900040A100021,
	0x000200282410A102, 0x000200282410A102, 0x000200282410A102, 0x4048240043802106,
}
var bishopMagicNumbers = [64]uint64{
	0x40106000A1160020, 0x0020010250810120, 0x2010010220280081, 0x002806004050C040,
	0x0002021018000000, 0x2001112010000400, 0x0881010120218080, 0x1030820110010500,
	0x0000120222042400, 0x2000020404040044, 0x8000480094208000, 0x0003422A02000001,
	0x000A220210100040, 0x8004820202226000, 0x0018234854100800, 0x0100004042101040,
	0x0004001004082820, 0x0010000810010048, 0x1014004208081300, 0x2080818802044202,
	0x0040880C00A00100, 0x0080400200522010, 0x0001000188180B04, 0x0080249202020204,
	0x1004400004100410, 0x00013100A0022206, 0x2148500001040080, 0x4241080011004300,
	0x4020848004002000, 0x10101380D1004100, 0x0008004422020284, 0x01010A1041008080,
	0x0808080400082121, 0x0808080400082121, 0x0091128200100C00, 0x0202200802010104,
	0x8C0A020200440085, 0x01A0008080B10040, 0x0889520080122800, 0x100902022202010A,
	0x04081A0816002000, 0x0000681208005000, 0x8170840041008802, 0x0A00004200810805,
	0x0830404408210100, 0x2602208106006102, 0x1048300680802628, 0x2602208106006102,
	0x0602010120110040, 0x0941010801043000, 0x000040440A210428, 0x0008240020880021,
	0x0400002012048200, 0x00AC102001210220, 0x0220021002009900, 0x84440C080A013080,
	0x0001008044200440, 0x0004C04410841000, 0x2000500104011130, 0x1A0C010011C20229,
	0x0044800112202200, 0x0434804908100424, 0x0300404822C08200, 0x48081010008A2A80,
}

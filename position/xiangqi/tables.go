// Attack tables, board geometry and Zobrist keys, all built by one init.
package xiangqi

import (
	"dualnnue/internal/splitmix"
	"dualnnue/position"
)

// Geometry of every square, and the masks of the legal regions per piece.
var (
	squareBB [NumSquares]Bitboard
	sqFile   [NumSquares]uint8
	sqRank   [NumSquares]uint8
	// lineMask is the square's rank and file without the square itself;
	// fileLine and rankLine are its two halves.
	lineMask [NumSquares]Bitboard
	fileLine [NumSquares]Bitboard
	rankLine [NumSquares]Bitboard

	// palaceBB, advisorBB, elephantBB and pawnBB are the points a king,
	// advisor, elephant or pawn of each colour can ever stand on.
	palaceBB   [2]Bitboard
	advisorBB  [2]Bitboard
	elephantBB [2]Bitboard
	pawnBB     [2]Bitboard
	// halfBB is each colour's own half of the board.
	halfBB [2]Bitboard
)

// Slider tables. A rank's occupancy is 9 bits, a file's 10 bits; an entry
// holds the reachable points of that line for a piece at the given index:
// [0] = rook (every empty point up to and including the first occupied one),
// [1] = cannon captures (the first occupied point behind the first screen).
var (
	rankAttacks [Files][512][2]uint16
	fileAttacks [Ranks][1024][2]uint16
)

// Leaper tables.
var (
	kingAttacks    [NumSquares]Bitboard // orthogonal steps inside the palace
	advisorAttacks [NumSquares]Bitboard // diagonal steps inside the palace
	// pawnAttacks[c][sq]: where a pawn of colour c on sq moves/captures.
	pawnAttacks [2][NumSquares]Bitboard
	// pawnAttackersTo[c][sq]: where a pawn of colour c attacks sq from.
	pawnAttackersTo [2][NumSquares]Bitboard

	// Horse moves by leg direction d (0..3: north, south, east, west): the
	// leg point horseLeg[sq][d] must be empty to reach horseDir[sq][d]
	// (two points). Off-board legs are sq itself with no targets.
	horseLeg [NumSquares][4]position.Square
	horseDir [NumSquares][4]Bitboard
	// "Horse attacks to sq" by the diagonal neighbour d of sq acting as the
	// leg: horses on horseToDir[sq][d] attack sq when horseToLeg[sq][d] is
	// empty (the leg is next to the horse, so it is a diagonal neighbour of
	// the target). horseReach is the union: every point a horse can attack
	// sq from.
	horseToLeg [NumSquares][4]position.Square
	horseToDir [NumSquares][4]Bitboard
	horseReach [NumSquares]Bitboard
	// checkZone[sq]: the points whose occupancy decides whether a piece
	// that stays put attacks sq: sq's rank and file (rooks, cannons and
	// their screens, the facing general) and its diagonal neighbours (the
	// legs of horses aimed at sq). Pawn attacks depend on no occupancy,
	// advisors and elephants never reach the enemy general.
	checkZone [NumSquares]Bitboard

	// Elephant moves by diagonal d: eye elephantEye[sq][d] must be empty;
	// elephantDir[sq][d] is the one target (never across the river).
	elephantEye [NumSquares][4]position.Square
	elephantDir [NumSquares][4]Bitboard
	// elephantReach[sq] is the union of elephantDir[sq] (every eye empty).
	elephantReach [NumSquares]Bitboard
)

// Zobrist keys: one per piece and square, and one for Black to move.
var (
	zobristPiece [position.PieceNB][NumSquares]position.Key
	zobristSide  position.Key
)

// File a's points in one half (ranks 0–4 relative to the half): bits 0, 9,
// 18, 27, 36.
const fileAHalf = 1 | 1<<9 | 1<<18 | 1<<27 | 1<<36

// spreadMul has bits 0, 8, 16, 24, 32. Multiplying the five file-a bits
// (9 apart) of a half by it lands bit 9i on 32+i for partial product j=4-i
// and nowhere else on bits 32..36 (9i+8j are all distinct for i, j < 5, so no
// carries): that gathers a file's five points into five adjacent bits.
// Multiplying a 5-bit value by it puts copy j at 8j; keeping the file-a
// bits (9k = k+8k) scatters it back.
const spreadMul = 1 | 1<<8 | 1<<16 | 1<<24 | 1<<32

// gather5 packs the points of file a of one half (x already shifted by the
// file) into 5 bits, rank 0 of the half lowest.
func gather5(x uint64) uint64 { return (x & fileAHalf) * spreadMul >> 32 & 31 }

// scatter5 is the inverse of gather5: 5 bits onto file a of one half.
func scatter5(m uint64) uint64 { return m * spreadMul & fileAHalf }

// fileOcc returns the 10-bit occupancy of file f (bit r = rank r).
func fileOcc(f uint, occ Bitboard) uint64 {
	return gather5(occ.lo>>(f&63)) | gather5(occ.hi>>(f&63))<<5
}

// rankOcc returns the 9-bit occupancy of rank r (bit f = file f).
func rankOcc(r uint, occ Bitboard) uint64 {
	if r < 5 {
		return occ.lo >> (9 * r) & 511
	}
	return occ.hi >> (9 * (r - 5)) & 511
}

// lineBB turns a rank's file mask and a file's rank mask back into points.
func lineBB(sq position.Square, rankMask, fileMask uint64) Bitboard {
	f, r := uint(sqFile[sq]), uint(sqRank[sq])
	b := Bitboard{scatter5(fileMask&31) << f, scatter5(fileMask>>5) << f}
	if r < 5 {
		b.lo |= rankMask << (9 * r)
	} else {
		b.hi |= rankMask << (9 * (r - 5))
	}
	return b
}

// sliderGeo is the per-square data of the slider lookups: the file table
// row of the square's rank, the rank table row of its file, the square's
// file (the shift of file masks), the shift of its rank inside its half
// word, and masks selecting that word (all ones for the word holding the
// rank, zero for the other) so the lookup needs no branch.
type sliderGeo struct {
	fileRow      *[1024][2]uint16
	rankRow      *[512][2]uint16
	file, shift  uint8
	loSel, hiSel uint64
}

var sliderInfo [NumSquares]sliderGeo

// sliderBoth returns the rook attacks and the cannon captures of sq with
// occupancy occ in one pass over the tables.
func sliderBoth(sq position.Square, occ Bitboard) (rook, cannon Bitboard) {
	g := &sliderInfo[sq]
	f := uint(g.file) & 63
	fe := g.fileRow[fileOcc(f, occ)&1023]
	rf, cf := uint64(fe[0]), uint64(fe[1])
	s := uint(g.shift) & 63
	re := g.rankRow[(occ.lo&g.loSel|occ.hi&g.hiSel)>>s&511]
	rr, cr := uint64(re[0])<<s, uint64(re[1])<<s
	rook = Bitboard{scatter5(rf&31)<<f | rr&g.loSel, scatter5(rf>>5)<<f | rr&g.hiSel}
	cannon = Bitboard{scatter5(cf&31)<<f | cr&g.loSel, scatter5(cf>>5)<<f | cr&g.hiSel}
	return rook, cannon
}

// fileSliders returns the rook attacks and cannon captures of sq along its
// file only.
func fileSliders(sq position.Square, occ Bitboard) (rook, cannon Bitboard) {
	g := &sliderInfo[sq]
	f := uint(g.file) & 63
	fe := g.fileRow[fileOcc(f, occ)&1023]
	rf, cf := uint64(fe[0]), uint64(fe[1])
	return Bitboard{scatter5(rf&31) << f, scatter5(rf>>5) << f}, Bitboard{scatter5(cf&31) << f, scatter5(cf>>5) << f}
}

// rankSliders returns the rook attacks and cannon captures of sq along its
// rank only.
func rankSliders(sq position.Square, occ Bitboard) (rook, cannon Bitboard) {
	g := &sliderInfo[sq]
	s := uint(g.shift) & 63
	re := g.rankRow[(occ.lo&g.loSel|occ.hi&g.hiSel)>>s&511]
	rr, cr := uint64(re[0])<<s, uint64(re[1])<<s
	return Bitboard{rr & g.loSel, rr & g.hiSel}, Bitboard{cr & g.loSel, cr & g.hiSel}
}

// sliderAttacks returns the points a rook (kind 0) or the capture points a
// cannon (kind 1) on sq reaches with occupancy occ.
func sliderAttacks(sq position.Square, occ Bitboard, kind int) Bitboard {
	g := &sliderInfo[sq]
	f := uint(g.file) & 63
	fm := uint64(g.fileRow[fileOcc(f, occ)&1023][kind&1])
	s := uint(g.shift) & 63
	rm := uint64(g.rankRow[(occ.lo&g.loSel|occ.hi&g.hiSel)>>s&511][kind&1]) << s
	return Bitboard{scatter5(fm&31)<<f | rm&g.loSel, scatter5(fm>>5)<<f | rm&g.hiSel}
}

// rookAttacks returns the points a rook on sq attacks with occupancy occ.
func rookAttacks(sq position.Square, occ Bitboard) Bitboard { return sliderAttacks(sq, occ, 0) }

// cannonCaptures returns the points a cannon on sq can capture on (the
// first occupied point behind exactly one screen) with occupancy occ.
// By symmetry it is also where a cannon attacking sq can stand.
func cannonCaptures(sq position.Square, occ Bitboard) Bitboard { return sliderAttacks(sq, occ, 1) }

// horseAttacks returns the points a horse on sq attacks with occupancy occ.
func horseAttacks(sq position.Square, occ Bitboard) Bitboard {
	var b Bitboard
	for d := 0; d < 4; d++ {
		if !occ.Has(horseLeg[sq][d]) {
			b = b.Or(horseDir[sq][d])
		}
	}
	return b
}

// elephantAttacks returns the points an elephant on sq attacks with
// occupancy occ.
func elephantAttacks(sq position.Square, occ Bitboard) Bitboard {
	var b Bitboard
	for d := 0; d < 4; d++ {
		if !occ.Has(elephantEye[sq][d]) {
			b = b.Or(elephantDir[sq][d])
		}
	}
	return b
}

// horseAttackersTo returns the points of horses (among horses) that attack
// sq with occupancy occ.
func horseAttackersTo(sq position.Square, occ, horses Bitboard) Bitboard {
	var b Bitboard
	if horses.And(horseReach[sq]).IsEmpty() {
		return b
	}
	for d := 0; d < 4; d++ {
		if !occ.Has(horseToLeg[sq][d]) {
			b = b.Or(horseToDir[sq][d])
		}
	}
	return b.And(horses)
}

// between returns the points strictly between a and b when they share a
// rank or a file, else the empty set.
func between(a, b position.Square) Bitboard {
	if a > b {
		a, b = b, a
	}
	fa, ra, fb, rb := uint(sqFile[a]), uint(sqRank[a]), uint(sqFile[b]), uint(sqRank[b])
	switch {
	case ra == rb:
		m := uint64(1)<<fb - uint64(1)<<(fa+1)
		return lineBB(a, m, 0)
	case fa == fb:
		m := uint64(1)<<rb - uint64(1)<<(ra+1)
		return lineBB(a, 0, m)
	}
	return Bitboard{}
}

// horseLegTo returns the leg point a horse on h uses to attack t (h and t a
// horse move apart).
func horseLegTo(h, t position.Square) position.Square {
	df := int(sqFile[t]) - int(sqFile[h])
	dr := int(sqRank[t]) - int(sqRank[h])
	if df == 2 || df == -2 {
		return position.Square(int(h) + df/2)
	}
	return position.Square(int(h) + dr/2*Files)
}

func onBoard(f, r int) bool { return f >= 0 && f < Files && r >= 0 && r < Ranks }

func init() {
	initGeometry()
	initSliders()
	initLeapers()
	initZobrist()
}

func initGeometry() {
	for sq := 0; sq < NumSquares; sq++ {
		f, r := sq%Files, sq/Files
		sqFile[sq], sqRank[sq] = uint8(f), uint8(r)
		if sq < halfBits {
			squareBB[sq] = Bitboard{lo: 1 << sq}
		} else {
			squareBB[sq] = Bitboard{hi: 1 << (sq - halfBits)}
		}
	}
	for sq := 0; sq < NumSquares; sq++ {
		for o := 0; o < NumSquares; o++ {
			if o != sq && sqFile[o] == sqFile[sq] {
				fileLine[sq] = fileLine[sq].Or(squareBB[o])
			}
			if o != sq && sqRank[o] == sqRank[sq] {
				rankLine[sq] = rankLine[sq].Or(squareBB[o])
			}
		}
		lineMask[sq] = fileLine[sq].Or(rankLine[sq])
	}
	add := func(b *Bitboard, f, r int) { *b = b.Or(squareBB[MakeSquare(f, r)]) }
	for c := 0; c < 2; c++ {
		rank := func(r int) int { // rank seen from colour c's side
			if c == 0 {
				return r
			}
			return Ranks - 1 - r
		}
		for f := 3; f <= 5; f++ {
			for r := 0; r <= 2; r++ {
				add(&palaceBB[c], f, rank(r))
			}
		}
		for _, p := range [][2]int{{3, 0}, {5, 0}, {4, 1}, {3, 2}, {5, 2}} {
			add(&advisorBB[c], p[0], rank(p[1]))
		}
		for _, p := range [][2]int{{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}} {
			add(&elephantBB[c], p[0], rank(p[1]))
		}
		for r := 0; r < Ranks; r++ {
			for f := 0; f < Files; f++ {
				if r >= 5 || (r >= 3 && f%2 == 0) {
					add(&pawnBB[c], f, rank(r))
				}
				if r < 5 {
					add(&halfBB[c], f, rank(r))
				}
			}
		}
	}
}

// lineReach computes the rook and cannon-capture masks of a line of n
// points for a piece at pos with occupancy occ (pos's own bit ignored).
func lineReach(n, pos int, occ uint64) (rook, cannon uint16) {
	for _, step := range []int{-1, 1} {
		screen := false
		for i := pos + step; i >= 0 && i < n; i += step {
			occupied := occ>>i&1 != 0
			if !screen {
				rook |= 1 << i
				if occupied {
					screen = true
				}
			} else if occupied {
				cannon |= 1 << i
				break
			}
		}
	}
	return rook, cannon
}

func initSliders() {
	for f := 0; f < Files; f++ {
		for occ := 0; occ < 512; occ++ {
			r, c := lineReach(Files, f, uint64(occ))
			rankAttacks[f][occ] = [2]uint16{r, c}
		}
	}
	for r := 0; r < Ranks; r++ {
		for occ := 0; occ < 1024; occ++ {
			ro, c := lineReach(Ranks, r, uint64(occ))
			fileAttacks[r][occ] = [2]uint16{ro, c}
		}
	}
	for sq := 0; sq < NumSquares; sq++ {
		f, r := sq%Files, sq/Files
		g := sliderGeo{fileRow: &fileAttacks[r], rankRow: &rankAttacks[f], file: uint8(f), shift: uint8(9 * (r % 5))}
		if r < 5 {
			g.loSel = ^uint64(0)
		} else {
			g.hiSel = ^uint64(0)
		}
		sliderInfo[sq] = g
	}
}

func initLeapers() {
	orth := [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	diag := [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for s := 0; s < NumSquares; s++ {
		sq := position.Square(s)
		f, r := s%Files, s/Files
		bb := func(f, r int) Bitboard {
			if !onBoard(f, r) {
				return Bitboard{}
			}
			return squareBB[MakeSquare(f, r)]
		}
		for c := 0; c < 2; c++ {
			if palaceBB[c].Has(sq) {
				for _, d := range orth {
					if t := bb(f+d[0], r+d[1]); t.And(palaceBB[c]).Any() {
						kingAttacks[s] = kingAttacks[s].Or(t)
					}
				}
				for _, d := range diag {
					if t := bb(f+d[0], r+d[1]); t.And(palaceBB[c]).Any() {
						advisorAttacks[s] = advisorAttacks[s].Or(t)
					}
				}
			}
			fwd := 1
			if c == 1 {
				fwd = -1
			}
			p := bb(f, r+fwd)
			if !halfBB[c].Has(sq) { // crossed the river: sideways too
				p = p.Or(bb(f-1, r)).Or(bb(f+1, r))
			}
			pawnAttacks[c][s] = p
		}
		for d, o := range orth {
			horseLeg[s][d] = sq
			if onBoard(f+o[0], r+o[1]) {
				horseLeg[s][d] = MakeSquare(f+o[0], r+o[1])
				// Two points beyond the leg, one step to either side.
				px, py := o[1], o[0] // perpendicular unit
				horseDir[s][d] = bb(f+2*o[0]+px, r+2*o[1]+py).Or(bb(f+2*o[0]-px, r+2*o[1]-py))
			}
		}
		for d, e := range diag {
			horseToLeg[s][d] = sq
			elephantEye[s][d] = sq
			if onBoard(f+e[0], r+e[1]) {
				horseToLeg[s][d] = MakeSquare(f+e[0], r+e[1])
				horseToDir[s][d] = bb(f+2*e[0], r+e[1]).Or(bb(f+e[0], r+2*e[1]))
				elephantEye[s][d] = MakeSquare(f+e[0], r+e[1])
				if t := bb(f+2*e[0], r+2*e[1]); t.Any() && (r < 5) == (r+2*e[1] < 5) {
					elephantDir[s][d] = t
				}
			}
			horseReach[s] = horseReach[s].Or(horseToDir[s][d])
			elephantReach[s] = elephantReach[s].Or(elephantDir[s][d])
		}
		checkZone[s] = lineMask[s]
		for d := range diag {
			checkZone[s] = checkZone[s].Or(squareBB[horseToLeg[s][d]])
		}
	}
	for s := 0; s < NumSquares; s++ {
		for c := 0; c < 2; c++ {
			b := pawnAttacks[c][s]
			for b.Any() {
				t := b.PopLSB()
				pawnAttackersTo[c][t] = pawnAttackersTo[c][t].Or(squareBB[s])
			}
		}
	}
}

// initZobrist fills the keys from a fixed-seed SplitMix64 stream, so keys
// are the same in every build and run (datasets and opening books may store
// them).
func initZobrist() {
	seed := uint64(0x9E3779B97F4A7C15) ^ 0x58494E47514931 // "XIANGQI1"
	next := func() position.Key { return position.Key(splitmix.Next(&seed)) }
	for pc := 0; pc < position.PieceNB; pc++ {
		for sq := 0; sq < NumSquares; sq++ {
			if pc&7 != 0 {
				zobristPiece[pc][sq] = next()
			}
		}
	}
	zobristSide = next()
}

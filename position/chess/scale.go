// Scale factors of the endgames a learned evaluation over-rates: the
// drawn classes of Stockfish 15.1's classical evaluation (material.cpp,
// endgame.cpp, evaluate.cpp), on which the search scales the score of
// the side it favours (search.Params.EndgameScale).

package chess

import (
	"math/bits"

	"dualnnue/position"
)

// Classical middlegame piece values of Stockfish 15.1, the units of the
// non-pawn material rules below.
const (
	sfKnight = 781
	sfBishop = 825
	sfRook   = 1276
	sfQueen  = 2538
)

// ScaleFactor returns the scale of side strong's advantage in 64ths: 0
// for the positions of the known drawn endgames below, a lower scale for
// the drawish endgame classes, 64 otherwise. First the endgames of
// Stockfish 15.1's specialised scaling functions, each with its rules (0
// unless said):
//   - KBPsK: bishop and pawns against anything, every pawn on one rook
//     file with a queening square the bishop does not control and the
//     other king next to it or on it; or every pawn of both sides on
//     the b- or the g-file, the weak side with pawns only, its frontmost
//     pawn blocked on the strong side's seventh rank with the weak king
//     within two squares of it on the last two ranks and no farther than
//     the strong king (bishop of the other colour, or a single pawn);
//   - KBPKB: the weak king on the pawn's path on a square of the other
//     colour than the strong bishop or on the sixth rank or below (from the strong side); bishops of
//     opposite colours;
//   - KBPPKB, bishops of opposite colours: the weak king firmly on the
//     path of the pawns (Stockfish's blockade squares);
//   - KBPKN: the weak king on the pawn's path on a square of the other
//     colour than the bishop or on the sixth rank or below;
//   - KRPKR: the third-rank defence, checks from behind, the king on the
//     queening square with the rook on the first rank, the a7/a8 case
//     with the king on g7 or h7, a blockading king with the strong king
//     and rook far, and a pawn up to the fourth rank with the weak king
//     in its path (10) or beside it (24 − 2·king distance);
//   - KQKRPs: the rook on the third rank defended by a pawn next to the
//     weak king on its first two ranks, the strong king beyond its fourth;
//   - KPsK: two or more pawns all on a rook file and in front of the weak
//     king (its passed-pawn span).
//
// Otherwise (or when no rule of the endgame applies) the material rules:
// no pawns of strong, pieces worth at most a bishop more than the other
// side's and less than two rooks (KR v KB, KRB v KR, KRN v KR, KQ v KRB,
// KNN v KB: 8; not KBB v KN or KQ v KBN, which are won), bishops of
// opposite colours and nothing else with a pawn difference of at most 2
// (24). The two scales were fitted on 600 k positions of 1 s + 0.01 s
// self-play (docs/strength.md, 2026-12-06): the best were 0.05–0.25 and
// 0.30–0.50.
func (p *Position) ScaleFactor(strong position.Color) int {
	strong &= 1
	weak := strong ^ 1
	own, opp := p.byColor[strong], p.byColor[weak]
	pawns := p.byType[Pawn]
	sp, wp := pawns&own, pawns&opp
	ns, nw := p.nonPawn(own), p.nonPawn(opp)
	if sf, ok := p.specificScale(strong, ns, nw, sp, wp); ok {
		return sf
	}
	if sp == 0 && ns-nw <= sfBishop && ns < 2*sfRook {
		return 8
	}
	if ns == sfBishop && nw == sfBishop {
		d := sp.Count() - wp.Count()
		if oppositeColours(lsb(p.byType[Bishop]&own), lsb(p.byType[Bishop]&opp)) && d <= 2 && d >= -2 {
			return 24
		}
	}
	return 64
}

// nonPawn is the classical non-pawn material of the pieces in b.
func (p *Position) nonPawn(b Bitboard) int {
	return sfQueen*(p.byType[Queen]&b).Count() + sfRook*(p.byType[Rook]&b).Count() +
		sfBishop*(p.byType[Bishop]&b).Count() + sfKnight*(p.byType[Knight]&b).Count()
}

// specificScale applies the rules of Stockfish's scaling functions for
// the endgame of strong (non-pawn material ns, pawns sp) against weak (nw,
// wp), and reports whether one of them decided.
func (p *Position) specificScale(strong position.Color, ns, nw int, sp, wp Bitboard) (int, bool) {
	weak := strong ^ 1
	sk, wk := p.kingSq[strong], p.kingSq[weak]
	switch {
	case ns == sfBishop && sp != 0:
		sb := lsb(p.byType[Bishop] & p.byColor[strong])
		switch {
		case nw == sfBishop && wp == 0 && !moreThanOne(sp):
			return p.scaleKBPKB(strong, sb, lsb(sp), wk)
		case nw == sfBishop && wp == 0 && sp.Count() == 2:
			return p.scaleKBPPKB(strong, sb, sp, wk)
		case nw == sfKnight && wp == 0 && !moreThanOne(sp):
			s := lsb(sp)
			if fileOf(wk) == fileOf(s) && relativeRank(strong, s) < relativeRank(strong, wk) &&
				(oppositeColours(wk, sb) || relativeRank(strong, wk) <= 5) {
				return 0, true
			}
			return 0, false
		}
		return p.scaleKBPsK(strong, sb, sp, wp, sk, wk, nw)
	case ns == sfRook && nw == sfRook && wp == 0 && sp != 0 && !moreThanOne(sp):
		return p.scaleKRPKR(strong, lsb(sp))
	case ns == sfQueen && sp == 0 && (p.byType[Rook]&p.byColor[weak]).Count() == 1 && wp != 0:
		wr := lsb(p.byType[Rook] & p.byColor[weak])
		if relativeRank(weak, wk) <= 1 && relativeRank(weak, sk) >= 3 && relativeRank(weak, wr) == 2 &&
			wp&kingAttacks[wk]&pawnAttacks[strong][wr] != 0 {
			return 0, true
		}
	case ns == 0 && nw == 0 && wp == 0 && moreThanOne(sp):
		if sp&^(FileA|FileH) == 0 && sp&^passedPawnSpan(weak, wk) == 0 {
			return 0, true
		}
	}
	return 0, false
}

// scaleKBPsK: Stockfish's KBPsK rules (the wrong rook pawn; pawns blocked
// on the b- or g-file).
func (p *Position) scaleKBPsK(strong position.Color, sb position.Square, sp, wp Bitboard, sk, wk position.Square, nw int) (int, bool) {
	if sp&^FileA == 0 || sp&^FileH == 0 {
		q := makeSquare(fileOf(lsb(sp)), 7^int(strong)*7) // the queening square
		if oppositeColours(q, sb) && squareDistance(q, wk) <= 1 {
			return 0, true
		}
	}
	all := sp | wp
	fileB, fileG := fileMask(1), fileMask(6)
	if (all&^fileB == 0 || all&^fileG == 0) && nw == 0 && wp != 0 {
		// The weak pawn nearest the strong side's promotion rank, and the
		// square behind it from that side's view.
		var w, behind position.Square
		if strong == position.White {
			w = msb(wp)
			behind = w - 8
		} else {
			w = lsb(wp)
			behind = w + 8
		}
		if relativeRank(strong, w) == 6 && sp&sqBB(behind) != 0 && (oppositeColours(sb, w) || !moreThanOne(sp)) {
			sd, wd := squareDistance(w, sk), squareDistance(w, wk)
			if relativeRank(strong, wk) >= 6 && wd <= 2 && wd <= sd {
				return 0, true
			}
		}
	}
	return 0, false
}

// scaleKBPKB: Stockfish's KBPKB (a blockading king; opposite bishops).
func (p *Position) scaleKBPKB(strong position.Color, sb, s, wk position.Square) (int, bool) {
	if fileOf(wk) == fileOf(s) && relativeRank(strong, wk) > relativeRank(strong, s) &&
		(oppositeColours(wk, sb) || relativeRank(strong, wk) <= 5) {
		return 0, true
	}
	if oppositeColours(sb, lsb(p.byType[Bishop]&p.byColor[strong^1])) {
		return 0, true
	}
	return 0, false
}

// scaleKBPPKB: Stockfish's KBPPKB, bishops of opposite colours with the
// weak king on the blockade squares.
func (p *Position) scaleKBPPKB(strong position.Color, sb position.Square, sp Bitboard, wk position.Square) (int, bool) {
	wbb := p.byType[Bishop] & p.byColor[strong^1]
	wb := lsb(wbb)
	if !oppositeColours(sb, wb) {
		return 0, false
	}
	p1, p2 := lsb(sp), msb(sp)
	var block1, block2 position.Square
	if relativeRank(strong, p1) > relativeRank(strong, p2) {
		block1, block2 = p1, makeSquare(fileOf(p2), rankOf(p1))
	} else {
		block1, block2 = p2, makeSquare(fileOf(p1), rankOf(p2))
	}
	if strong == position.White { // the square in front of the more advanced pawn
		block1 += 8
	} else {
		block1 -= 8
	}
	occ := p.byType[0]
	switch abs(fileOf(p1) - fileOf(p2)) {
	case 0:
		if fileOf(wk) == fileOf(block1) && relativeRank(strong, wk) >= relativeRank(strong, block1) && oppositeColours(wk, sb) {
			return 0, true
		}
	case 1:
		if wk == block1 && oppositeColours(wk, sb) &&
			(wb == block2 || bishopAttacks(block2, occ)&wbb != 0 || abs(rankOf(p1)-rankOf(p2)) >= 2) {
			return 0, true
		}
		if wk == block2 && oppositeColours(wk, sb) && (wb == block1 || bishopAttacks(block1, occ)&wbb != 0) {
			return 0, true
		}
	}
	return 0, false
}

// scaleKRPKR: the drawing rules of Stockfish's KRPKR, with the squares
// seen from the strong side as White and the pawn on files a–d. Where
// Stockfish scales a won case up, it returns 64 (decided), so that the
// later drawish rules do not catch it.
func (p *Position) scaleKRPKR(strong position.Color, pawn position.Square) (int, bool) {
	weak := strong ^ 1
	norm := func(s position.Square) (f, r int) {
		f, r = fileOf(s), relativeRank(strong, s)
		if fileOf(pawn) >= 4 {
			f = 7 - f
		}
		return f, r
	}
	dist := func(f1, r1, f2, r2 int) int { return max(abs(f1-f2), abs(r1-r2)) }
	skf, skr := norm(p.kingSq[strong])
	srf, srr := norm(lsb(p.byType[Rook] & p.byColor[strong]))
	pf, pr := norm(pawn)
	wkf, wkr := norm(p.kingSq[weak])
	wrf, wrr := norm(lsb(p.byType[Rook] & p.byColor[weak]))
	qf, qr := pf, 7
	tempo := 0
	if p.side == strong {
		tempo = 1
	}
	sq := func(f, r int) int { return 8*r + f }
	// The third-rank defence.
	if pr <= 4 && dist(wkf, wkr, qf, qr) <= 1 && sq(skf, skr) <= sq(7, 4) && (wrr == 5 || pr <= 2 && srr != 5) {
		return 0, true
	}
	// Checks from behind against a pawn on the sixth rank.
	if pr == 5 && dist(wkf, wkr, qf, qr) <= 1 && skr+tempo <= 5 && (wrr == 0 || tempo == 0 && abs(wrf-pf) >= 3) {
		return 0, true
	}
	if pr >= 5 && wkf == qf && wkr == qr && wrr == 0 && (tempo == 0 || dist(skf, skr, pf, pr) >= 2) {
		return 0, true
	}
	// Pawn a7, rook a8, the weak king on g7 or h7 and its rook behind.
	if pf == 0 && pr == 6 && srf == 0 && srr == 7 && wkr == 6 && (wkf == 6 || wkf == 7) && wrf == 0 &&
		(wrr <= 2 || skf >= 3 || skr <= 4) {
		return 0, true
	}
	// A blockading king, the strong king and rook too far.
	if pr <= 4 && wkf == pf && wkr == pr+1 && dist(skf, skr, pf, pr)-tempo >= 2 && dist(skf, skr, wrf, wrr)-tempo >= 2 {
		return 0, true
	}
	// Stockfish's two won cases (rook behind the pawn, the strong king
	// nearer the queening square): no scaling.
	if pf != 0 && srf == pf && srr < pr &&
		dist(skf, skr, qf, qr) < dist(wkf, wkr, qf, qr)-2+tempo {
		if pr == 6 && !(srf == qf && srr == qr) && dist(skf, skr, qf, qr) < dist(wkf, wkr, srf, srr)+tempo {
			return 64, true
		}
		if dist(skf, skr, pf, pr+1) < dist(wkf, wkr, pf, pr+1)-2+tempo &&
			(dist(wkf, wkr, srf, srr)+tempo >= 3 ||
				dist(skf, skr, qf, qr) < dist(wkf, wkr, srf, srr)+tempo && dist(skf, skr, pf, pr+1) < dist(wkf, wkr, pf, pr)+tempo) {
			return 64, true
		}
	}
	// A pawn up to the fourth rank with the weak king in its path.
	if pr <= 3 && sq(wkf, wkr) > sq(pf, pr) {
		if wkf == pf {
			return 10, true
		}
		if abs(wkf-pf) == 1 && dist(skf, skr, wkf, wkr) > 2 {
			return 24 - 2*dist(skf, skr, wkf, wkr), true
		}
	}
	return 0, false
}

// oppositeColours reports whether a and b are squares of different colours.
func oppositeColours(a, b position.Square) bool {
	return (fileOf(a)+rankOf(a)+fileOf(b)+rankOf(b))&1 != 0
}

// passedPawnSpan is the set of squares in front of s for side c (towards
// the other side's first rank) on s's file and the files beside it.
func passedPawnSpan(c position.Color, s position.Square) Bitboard {
	f := int(s & 7)
	files := fileMask(f)
	if f > 0 {
		files |= fileMask(f - 1)
	}
	if f < 7 {
		files |= fileMask(f + 1)
	}
	r := int(s >> 3)
	var ahead Bitboard
	if c == position.White {
		if r < 7 {
			ahead = ^Bitboard(0) << (8 * (r + 1))
		}
	} else {
		ahead = ^Bitboard(0) >> (8 * (8 - r)) // 0 on the first rank
	}
	return files & ahead
}

// msb returns the highest square of a non-empty b.
func msb(b Bitboard) position.Square { return position.Square(63 - bits.LeadingZeros64(uint64(b))) }

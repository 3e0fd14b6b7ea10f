// Draw rules: repetition, the fifty-move rule and insufficient material.
package chess

import "dualnnue/position"

// RuleVerdict reports whether the position is a draw by rule before any
// move is searched; chess rules never decide a loss, so v is always
// ValueDraw when decided. ply is the distance from the search root.
//
//   - Repetition: the same key (same pieces, side, castling rights and
//     legal en-passant possibility) with the same side to move, looking back
//     at most min(Rule50, PliesFromNull) plies. A position that repeats one
//     reached after the root (fewer than ply plies ago) is a draw at once;
//     one repeating the root or an earlier position needs a third
//     occurrence (threefold), as in Stockfish.
//   - Fifty-move rule: Rule50 >= 100, unless the side to move is checkmated.
//   - Insufficient material (dead positions): K v K, K+B v K, K+N v K,
//     and kings with bishops all on squares of one colour (K+B v K+B with
//     same-coloured bishops, and any number of such bishops).
//
// The common case costs a few comparisons: the walk over the history is
// bounded by the plies since the last irreversible move.
func (p *Position) RuleVerdict(ply int) (position.Value, bool) {
	v, decided, _ := p.RuleVerdictRepeated(ply)
	return v, decided
}

// RuleVerdictRepeated is RuleVerdict and, when no rule decides, Repeated
// from the same walk over the history (position.Game.RuleVerdictRepeated).
func (p *Position) RuleVerdictRepeated(ply int) (v position.Value, decided, repeated bool) {
	st := p.st
	if st.Rule50 >= 100 && (st.Checkers[0] == 0 || p.hasLegalMove()) {
		return position.ValueDraw, true, false
	}
	if p.InsufficientMaterial() {
		return position.ValueDraw, true, false
	}
	inTree, seen := p.repetitions(ply)
	if inTree || seen == 2 {
		return position.ValueDraw, true, false
	}
	return 0, false, seen == 1
}

// Repeated reports whether the current position occurred before with the
// same side to move, at most min(Rule50, PliesFromNull) plies back
// (position.Game.Repeated; RuleVerdict's walk without its verdicts).
func (p *Position) Repeated() bool {
	_, seen := p.repetitions(0)
	return seen > 0
}

// repetitions walks back over the history, two plies at a time and at most
// min(Rule50, PliesFromNull) plies, for earlier occurrences of the current
// position: inTree when one lies after the search root (fewer than ply
// plies back; the walk stops there), else seen, how many it found, stopping
// at 2.
func (p *Position) repetitions(ply int) (inTree bool, seen int) {
	st := p.st
	end := min(st.Rule50, st.PliesFromNull)
	if end < 4 || st.Prev == nil {
		return false, 0
	}
	q := st.Prev.Prev // two plies back: never the same position
	for i := 4; i <= end && q != nil && q.Prev != nil; i += 2 {
		q = q.Prev.Prev
		if q == nil {
			break
		}
		if q.Key == st.Key {
			if i < ply {
				return true, seen
			}
			if seen++; seen == 2 {
				break
			}
		}
	}
	return false, seen
}

// hasLegalMove reports whether the side to move has any legal move.
func (p *Position) hasLegalMove() bool {
	var list position.MoveList
	p.GenerateLegal(&list)
	return list.Len > 0
}

// InsufficientMaterial reports whether neither side can ever mate: no
// pawns, rooks or queens, and either at most one minor piece in total, or
// only bishops, all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !moreThanOne(minors) {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&darkSquares == 0 || b&^darkSquares == 0
}

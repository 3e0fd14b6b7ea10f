// Rule verdicts: repetition, perpetual check and the 60-move natural limit.
package xiangqi

import "dualnnue/position"

// NaturalLimitPlies is the natural-limit rule: a game with this many plies
// without a capture (State.Rule50) is drawn, unless the side to move has no
// legal move (then it has lost). 120 plies is the 60-move rule of the
// Asian Xiangqi Federation and of Pikafish. Set it before any search starts;
// it is read without synchronisation.
var NaturalLimitPlies = 120

// RuleVerdict reports whether a rule decides the position before any move is
// searched; v is then the value from the side to move's view.
//
// Repetition: walking back through Prev (at most min(Rule50, PliesFromNull)
// plies, two at a time so the same side is to move), a position equal to the
// current one decides the game when the earlier occurrence lies strictly
// after the search root (distance < ply) or when it is the second earlier
// occurrence (threefold). The cycle's moves then decide the verdict:
//   - if every move of one side in the cycle gave check and not every move
//     of the other side did, the checking side loses (MatedIn(ply) when it is
//     the side to move, MateIn(ply) otherwise);
//   - if both sides checked on every move (mutual perpetual check), a draw;
//   - otherwise the perpetual-chase rules apply (perpetualChase, a hook that
//     does not judge chases yet), else a draw.
//
// Natural limit: State.Rule50 >= NaturalLimitPlies is a draw, or a loss for
// the side to move if it has no legal move.
//
// It walks back only when the repetition filter says the current key may
// occur earlier, so it costs a few loads when there is no repetition.
func (p *Position) RuleVerdict(ply int) (v position.Value, decided bool) {
	st := p.st
	end := min(st.Rule50, st.PliesFromNull)
	if end >= 4 && p.filter[st.Key&filterMask] != 0 {
		// themCheck: every move of the side not to move inside the walked
		// span gave check (the side to move stood in check after it);
		// usCheck: the same for the side to move.
		themCheck, usCheck := true, true
		count := 0
		s := st
		for i := 2; i <= end && s.Prev != nil && s.Prev.Prev != nil; i += 2 {
			themCheck = themCheck && s.InCheck
			s = s.Prev
			usCheck = usCheck && s.InCheck
			s = s.Prev // i plies back: the same side to move
			if s.Key == st.Key {
				count++
				if count == 2 || i < ply {
					return p.repetitionVerdict(usCheck, themCheck, i, ply), true
				}
			}
		}
	}
	if st.Rule50 >= NaturalLimitPlies {
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			return position.MatedIn(ply), true
		}
		return position.ValueDraw, true
	}
	return position.ValueNone, false
}

// repetitionVerdict scores a repetition whose cycle spans the last cycle
// plies, from the side to move's view.
func (p *Position) repetitionVerdict(usCheck, themCheck bool, cycle, ply int) position.Value {
	switch {
	case themCheck && !usCheck:
		return position.MateIn(ply) // the opponent checked perpetually and loses
	case usCheck && !themCheck:
		return position.MatedIn(ply)
	case usCheck && themCheck:
		return position.ValueDraw // mutual perpetual check
	}
	if v, ok := p.perpetualChase(cycle, ply); ok {
		return v
	}
	return position.ValueDraw
}

// perpetualChase is the hook for the perpetual-chase rules, which a later
// issue implements: given a repetition whose cycle spans the last cycle
// plies and in which neither side checked on every move, it will decide
// whether one side chased an unprotected piece on every move (that side
// loses) and return the value from the side to move's view. It does not
// judge chases yet: it reports (0, false) and the caller scores the
// repetition as a draw.
func (p *Position) perpetualChase(cycle, ply int) (position.Value, bool) {
	_, _ = cycle, ply
	return position.ValueDraw, false
}

// Rule verdicts: dead positions, repetition, perpetual check and the 60-move natural limit.
package xiangqi

import (
	"errors"
	"fmt"

	"dualnnue/position"
)

// DefaultNaturalLimitPlies is the natural-limit rule by default: a game
// with this many plies without a capture (State.Rule50) is drawn, unless
// the side to move has no legal move (then it has lost). 120 plies is the
// 60-move rule of the Asian Xiangqi Federation and of Pikafish.
const DefaultNaturalLimitPlies = 120

// RuleOptions are the rule choices a position is judged by (RuleOutcome,
// and so the search and the arbiter). They ride in the position, as
// Chess960 does in a chess position (Pikafish keeps its rule counters in
// the position's state the same way), so two rule sets can be used side by
// side in one process. The zero value is the default: the AXF rules.
type RuleOptions struct {
	// NaturalLimitPlies is the natural-move limit in plies without a
	// capture (0: DefaultNaturalLimitPlies).
	NaturalLimitPlies int
	// CheckChaseIsChase selects how "one check, one chase" in a repetition
	// cycle is judged (see perpetualChase): false (the default, AXF,
	// Fairy-Stockfish and Pikafish) draws it; true (WXF and Chinese rules)
	// judges it as a perpetual chase, a loss for the chaser.
	CheckChaseIsChase bool
}

// ErrRuleOptions is wrapped by RuleOptions.Validate's errors.
var ErrRuleOptions = errors.New("xiangqi: bad rule options")

// Validate reports a negative natural limit.
func (o RuleOptions) Validate() error {
	if o.NaturalLimitPlies < 0 {
		return fmt.Errorf("%w: natural limit %d plies (want > 0, or 0 for %d)", ErrRuleOptions, o.NaturalLimitPlies, DefaultNaturalLimitPlies)
	}
	return nil
}

// naturalLimit is the natural-move limit in plies.
func (o RuleOptions) naturalLimit() int {
	if o.NaturalLimitPlies <= 0 {
		return DefaultNaturalLimitPlies
	}
	return o.NaturalLimitPlies
}

// SetRules sets the rule options p is judged by. They stay through SetFEN,
// DoMove and CopyFrom; NewFromFEN starts with the defaults. A negative
// natural limit counts as 0 (the default): check options with Validate
// where they are read.
func (p *Position) SetRules(o RuleOptions) {
	if o.NaturalLimitPlies < 0 {
		o.NaturalLimitPlies = 0
	}
	p.rules = o
}

// Rules returns the rule options p is judged by, the natural limit filled
// in (never 0).
func (p *Position) Rules() RuleOptions {
	o := p.rules
	o.NaturalLimitPlies = o.naturalLimit()
	return o
}

// UpcomingRepetition is always false in xiangqi: a repetition is not a draw
// by itself there (perpetual check and perpetual chase lose), so reaching
// one cannot bound a line's value at a draw.
func (p *Position) UpcomingRepetition(ply int) bool { return false }

// Repeated reports whether the current position occurred before with the
// same side to move since the last capture or null move
// (position.Game.Repeated). Like RuleOutcome it walks back only when the
// repetition filter says the key may occur earlier.
func (p *Position) Repeated() bool {
	st := p.st
	end := min(st.Rule50, st.PliesFromNull)
	if end < 4 || p.filter[st.Key&filterMask] == 0 {
		return false
	}
	s := st
	for i := 2; i <= end && s.Prev != nil && s.Prev.Prev != nil; i += 2 {
		s = s.Prev.Prev
		if s.Key == st.Key {
			return true
		}
	}
	return false
}

// RuleVerdict reports whether a rule decides the position before any move is
// searched; v is then the value from the side to move's view. It is
// RuleOutcome without the name of the rule.
func (p *Position) RuleVerdict(ply int) (v position.Value, decided bool) {
	v, _, decided, _ = p.ruleOutcome(ply)
	return v, decided
}

// RuleVerdictRepeated is RuleVerdict and, when no rule decides, Repeated
// from the same walk over the history (position.Game.RuleVerdictRepeated).
func (p *Position) RuleVerdictRepeated(ply int) (v position.Value, decided, repeated bool) {
	v, _, decided, repeated = p.ruleOutcome(ply)
	return v, decided, repeated
}

// RuleOutcome reports whether a rule decides the position before any move is
// searched: v is the value from the side to move's view and r the rule that
// decided (see Rule). The search calls it through RuleVerdict; the game
// adjudicator (package rules) calls it with ply 0 after every move, so both
// judge with this one implementation.
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
//   - otherwise the perpetual-chase rules apply (perpetualChase in
//     chase.go): a side that chased one piece through the whole cycle loses,
//     both sides chasing is a draw, and a cycle without a perpetual is a
//     plain repetition draw.
//
// Dead position (checked first): when neither side has a rook, horse,
// cannon or pawn (see InsufficientMaterial) the game is drawn, or lost for a
// side to move with no legal move.
//
// Natural limit: State.Rule50 >= the natural limit (RuleOptions) is a draw, or a loss for
// the side to move if it has no legal move.
//
// It walks back only when the repetition filter says the current key may
// occur earlier, so it costs a few loads when there is no repetition.
func (p *Position) RuleOutcome(ply int) (v position.Value, r Rule, decided bool) {
	v, r, decided, _ = p.ruleOutcome(ply)
	return v, r, decided
}

// ruleOutcome is RuleOutcome and, when no rule decides, whether the walk
// found the position once before (Repeated).
func (p *Position) ruleOutcome(ply int) (v position.Value, r Rule, decided, repeated bool) {
	st := p.st
	if p.InsufficientMaterial() {
		if !p.hasLegalMove() {
			return position.MatedIn(ply), RuleNoLegalMove, true, false
		}
		return position.ValueDraw, RuleInsufficientMaterial, true, false
	}
	end := min(st.Rule50, st.PliesFromNull)
	count := 0
	if end >= 4 && p.filter[st.Key&filterMask] != 0 {
		// themCheck: every move of the side not to move inside the walked
		// span gave check (the side to move stood in check after it);
		// usCheck: the same for the side to move.
		themCheck, usCheck := true, true
		s := st
		for i := 2; i <= end && s.Prev != nil && s.Prev.Prev != nil; i += 2 {
			themCheck = themCheck && s.InCheck
			s = s.Prev
			usCheck = usCheck && s.InCheck
			s = s.Prev // i plies back: the same side to move
			if s.Key == st.Key {
				count++
				if count == 2 || i < ply {
					v, r = p.repetitionVerdict(usCheck, themCheck, i, ply)
					return v, r, true, false
				}
			}
		}
	}
	if st.Rule50 >= p.rules.naturalLimit() {
		if !p.hasLegalMove() {
			return position.MatedIn(ply), RuleNoLegalMove, true, false
		}
		return position.ValueDraw, RuleNaturalLimit, true, false
	}
	return position.ValueNone, RuleNone, false, count == 1
}

// hasLegalMove reports whether the side to move has a legal move.
func (p *Position) hasLegalMove() bool {
	var list position.MoveList
	p.GenerateLegal(&list)
	return list.Len > 0
}

// InsufficientMaterial reports a dead position: neither side has a rook,
// horse, cannon or pawn, the only pieces that can cross the river, so
// neither general can ever be mated (generals, advisors and elephants stay
// on their own side). Fairy-Stockfish (has_insufficient_material for both
// sides) and Pikafish (rule_judge: no major pieces and no pawns) declare
// these positions drawn at once; a cannon or a pawn alone is not dead for
// them, and not for us (XQ-26).
func (p *Position) InsufficientMaterial() bool {
	var attackers Bitboard
	for c := position.Red; c <= position.Black; c++ {
		base := position.Piece(c) << 3
		attackers = attackers.Or(p.byPiece[base|position.Piece(Rook)]).
			Or(p.byPiece[base|position.Piece(Horse)]).
			Or(p.byPiece[base|position.Piece(Cannon)]).
			Or(p.byPiece[base|position.Piece(Pawn)])
	}
	return attackers.IsEmpty()
}

// repetitionVerdict scores a repetition whose cycle spans the last cycle
// plies, from the side to move's view, and names the deciding rule.
func (p *Position) repetitionVerdict(usCheck, themCheck bool, cycle, ply int) (position.Value, Rule) {
	switch {
	case themCheck && !usCheck:
		return position.MateIn(ply), RulePerpetualCheck // the opponent checked perpetually and loses
	case usCheck && !themCheck:
		return position.MatedIn(ply), RulePerpetualCheck
	case usCheck && themCheck:
		return position.ValueDraw, RuleMutualCheck
	}
	return p.perpetualChase(cycle, ply)
}

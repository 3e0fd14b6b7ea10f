// Perpetual chase: which pieces each side chases through a repetition cycle.
package xiangqi

import "dualnnue/position"

// Rule names the rule that decided a position (see RuleOutcome).
type Rule uint8

const (
	// RuleNone: no rule decides the position.
	RuleNone Rule = iota
	// RuleRepetition: a repetition without a forbidden perpetual (idle
	// moves, exchanges, offers, allowed chases): a draw.
	RuleRepetition
	// RulePerpetualCheck: one side checked on every move of the cycle and
	// the other did not: the checking side loses.
	RulePerpetualCheck
	// RuleMutualCheck: both sides checked on every move: a draw.
	RuleMutualCheck
	// RulePerpetualChase: one side chased the same piece through the cycle
	// and the other did not break a rule: the chasing side loses.
	RulePerpetualChase
	// RuleMutualChase: both sides chased perpetually: a draw.
	RuleMutualChase
	// RuleNaturalLimit: the natural limit of plies without a capture
	// (RuleOptions.NaturalLimitPlies): a draw.
	RuleNaturalLimit
	// RuleNoLegalMove: the natural limit is reached, or the position is
	// dead, but the side to move has no legal move: it has lost.
	RuleNoLegalMove
	// RuleInsufficientMaterial: neither side has a piece that can cross the
	// river (only generals, advisors and elephants): a draw.
	RuleInsufficientMaterial
)

var ruleNames = [...]string{
	RuleNone:                 "none",
	RuleRepetition:           "threefold repetition",
	RulePerpetualCheck:       "perpetual check",
	RuleMutualCheck:          "mutual perpetual check",
	RulePerpetualChase:       "perpetual chase",
	RuleMutualChase:          "mutual perpetual chase",
	RuleNaturalLimit:         "natural-move limit",
	RuleNoLegalMove:          "no legal move",
	RuleInsufficientMaterial: "insufficient material",
}

// String returns the rule's name as the result reasons spell it
// ("perpetual chase").
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "unknown rule"
}

// perpetualChase judges a repetition whose cycle spans the last cycle plies
// and in which neither side checked on every move. It returns the value from
// the side to move's view and the deciding rule.
//
// The chase test follows the AXF rules. At a position P, the pieces that
// colour X "chases" are the enemy pieces X could capture next (see
// chasedBy). X perpetually chases when one enemy piece (followed by identity
// as it moves) is chased at every position reached by X's own moves of the
// cycle, and at none reached by the opponent's moves: every move of X renews
// the threat and every reply resolves it (by moving away or by getting
// protected). A threat the opponent leaves standing is not a chase (AXF
// Appendix, "example of non-perpetual chase"); alternating threats against
// two pieces are allowed (AXF Rule 32); two pieces taking turns against one
// piece are a chase. A piece held on the leg of a horse aimed at its king
// cannot run, so an attack on it counts after every move that renews it,
// whatever the reply (AXF Rule 19; see heldChasedBy). A piece pinned to its
// general on a line is not held that way: if it can run along the line it
// is chased like a free piece (AXF Rule 27, Diagrams 64-65), and if it
// cannot move at all (a pinned horse, advisor or elephant) an attack on it
// that stands whatever its owner does is no chase, as for a free piece that
// stays put; Fairy-Stockfish judges both the same way, and so does
// Pikafish's source (rulings D64, C14). A move that answers a check chases like any other move: the
// AXF rules do not excuse it (Rule 18, Diagram 37: the rook that blocks the
// cannon's check and so attacks it loses), and Fairy-Stockfish counts it
// too, as does Pikafish's source (rulings D37, C13).
//
// Checking moves inside the cycle ("one check, one chase") are judged as
// the position's RuleOptions.CheckChaseIsChase says. false (the default,
// the AXF text: Rule 12 "one check one chase ... should be ruled as a
// draw", and Diagrams 37-38 where a cannon's "one check and one chase" is
// allowed): a checking move chases nothing, so any check in the cycle
// clears that side of perpetual chase and the repetition is a draw
// (XQ-27). Fairy-Stockfish and Pikafish judge this way. A move that both
// checks and attacks a piece is a check and chases nothing either: the AXF
// text has no diagram of it, but it judges a cycle by its checks first
// (Rule 12, Diagram 13: "not a perpetual chase (Red checked)"), and
// Pikafish clears the chase on any checking move. Fairy-Stockfish differs
// there: it counts the attacks a checking move makes, so when the checks
// also attack the chased piece it rules a perpetual chase (ruling C15).
// true (the WXF and Chinese rules, which count "one check, one chase" among
// the forbidden perpetual attacks): a checking move is neutral for the
// chase test, so a side that chases the same piece on every move that is
// not a check is perpetually chasing and loses (UCI option
// "CheckChaseLoses", `play result -check-chase-loses`, self-play config key
// check_chase_loses). A side that checks on every move is judged by the
// perpetual-check rule either way.
//
// Cost: it runs only when a repetition has been found. It replays the cycle
// backwards on p itself (board, bitboards and side only; the States are
// read, never written) and forwards again, so it allocates nothing and
// leaves p as it found it.
func (p *Position) perpetualChase(cycle, ply int) (position.Value, Rule) {
	var w chaseWalk
	// Number each side's pieces 1..16 on the current position.
	var n [2]uint8
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		c := p.board[s].Color()
		n[c]++
		w.ids[s] = n[c]
	}
	w.inter = [2]uint32{^uint32(0), ^uint32(0)}
	p.walkChases(p.st, cycle, &w)

	us := p.side
	usChase := w.counted[us] && w.inter[us]&^w.excl[us] != 0
	themChase := w.counted[us^1] && w.inter[us^1]&^w.excl[us^1] != 0
	switch {
	case usChase && themChase:
		return position.ValueDraw, RuleMutualChase
	case usChase:
		return position.MatedIn(ply), RulePerpetualChase
	case themChase:
		return position.MateIn(ply), RulePerpetualChase
	}
	return position.ValueDraw, RuleRepetition
}

// chaseWalk accumulates the chase sets of a cycle, per chasing colour, as
// bit sets over the identities (1..16) of the opponent's pieces.
type chaseWalk struct {
	ids     [NumSquares]uint8 // identity of the piece on each point, 0 = none
	inter   [2]uint32         // chased after every counted own move
	excl    [2]uint32         // chased after some opponent move
	counted [2]bool           // at least one own move entered inter
}

// walkChases visits the positions after the last k moves (newest first),
// st being the state of the current one: it records the chase sets, takes
// the move back, recurses, and replays the move.
func (p *Position) walkChases(st *position.State, k int, w *chaseWalk) {
	mover := p.side ^ 1
	if !st.InCheck {
		set := p.chasedBy(mover, &w.ids) | p.heldChasedBy(mover, MoveTo(st.Move), &w.ids)
		w.inter[mover] &= set
		w.counted[mover] = true
	} else if !p.rules.CheckChaseIsChase {
		w.inter[mover] = 0
	}
	w.excl[p.side] |= p.chasedBy(p.side, &w.ids)
	if k <= 1 {
		return
	}
	from, to := MoveFrom(st.Move), MoveTo(st.Move)
	p.shiftPiece(to, from)
	w.ids[from], w.ids[to] = w.ids[to], 0
	p.side ^= 1
	p.walkChases(st.Prev, k-1, w)
	p.side ^= 1
	w.ids[to], w.ids[from] = w.ids[from], 0
	p.shiftPiece(from, to)
}

// shiftPiece moves the piece on from to the empty point to, updating the
// board, bitboards and king square only (no key, state or filter).
func (p *Position) shiftPiece(from, to position.Square) {
	pc := p.board[from]
	b := squareBB[from].Or(squareBB[to])
	p.board[from], p.board[to] = position.NoPiece, pc
	p.byPiece[pc] = p.byPiece[pc].Xor(b)
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Xor(b)
	p.occ = p.occ.Xor(b)
	if pc.Type() == King {
		p.kingSq[pc.Color()] = to
	}
}

// legalFor reports whether colour us may play from -> to (a pseudo-legal
// move or capture of its piece on from) without leaving its king attacked,
// whoever is to move.
func (p *Position) legalFor(us position.Color, from, to position.Square) bool {
	toBB := squareBB[to]
	occ := p.occ.Xor(squareBB[from]).Or(toBB)
	ksq := p.kingSq[us]
	if from == ksq {
		ksq = to
	}
	return !p.attacked(ksq, occ, us^1, toBB)
}

// pieceAttacks returns the points a piece of type pt and colour c on sq
// could capture on with the current occupancy.
func (p *Position) pieceAttacks(pt position.PieceType, c position.Color, sq position.Square) Bitboard {
	switch pt {
	case Rook:
		return rookAttacks(sq, p.occ)
	case Cannon:
		return cannonCaptures(sq, p.occ)
	case Horse:
		return horseAttacks(sq, p.occ)
	case Elephant:
		return elephantAttacks(sq, p.occ)
	case Advisor:
		return advisorAttacks[sq]
	case King:
		return kingAttacks[sq]
	case Pawn:
		return pawnAttacks[c][sq]
	}
	return Bitboard{}
}

// chasedBy returns the identities (bits of ids) of the enemy pieces colour x
// chases in the current position, whoever is to move. Following the AXF
// rules and Pikafish's reading of them:
//   - the chasers are x's rooks, cannons, horses, elephants and advisors:
//     the king and the pawns may chase without penalty;
//   - a chaser pinned to its own king chases only what it can legally
//     capture (the capture must be legal, below), which is its pinner at
//     most: an attack off the line of the pin is no threat (AXF Rule 27,
//     Diagram 63: the moves of a rook confined to a line by a cannon chase
//     nothing off that line; ruling C11), but a rook that blocks a cannon's
//     check and so attacks the cannon chases it (Rule 18, Diagram 37 as
//     rebuilt from its moves; ruling D37: the rook loses). A piece held on
//     a horse's leg that could take the horse does not chase it only
//     because that attack stands while its owner moves other pieces (Rule
//     19, Diagrams 39-41). Pikafish likewise lets a pinned piece chase only
//     a pinning piece, by a legal capture; Fairy-Stockfish never asks
//     whether the capture is legal, so its pinned pieces chase off their
//     line too (C11 is a perpetual chase for it);
//   - the targets are the enemy's pieces except the king (attacking it is a
//     check), pawns that have not crossed the river, and pieces held on the
//     leg of an x horse aimed at their king (see heldChasedBy, which judges
//     those);
//   - the capture must be legal for x (the generals may not face);
//   - a horse or cannon attacking a rook chases it even when it is
//     protected (AXF Rule 15); any other target is chased only if no enemy
//     piece can legally recapture on its point after the capture (a
//     defender that is pinned, or that would face the generals, does not
//     protect: Diagrams 83-85);
//   - attacking a piece of the same kind that can legally capture back is
//     an offer to exchange, not a chase (AXF Rule 24); the offer excuses
//     only that attacker: another piece attacking the same target still
//     chases it (Rule 36, Diagrams 90-93).
func (p *Position) chasedBy(x position.Color, ids *[NumSquares]uint8) uint32 {
	y := x ^ 1
	var set uint32
	targets := p.byColor[y].
		AndNot(p.byPiece[position.MakePiece(y, King)]).
		AndNot(p.byPiece[position.MakePiece(y, Pawn)].And(halfBB[y])).
		AndNot(p.heldBy(x))
	if targets.IsEmpty() {
		return 0
	}
	chasers := p.byColor[x].
		AndNot(p.byPiece[position.MakePiece(x, King)]).
		AndNot(p.byPiece[position.MakePiece(x, Pawn)])
	for chasers.Any() {
		a := chasers.PopLSB()
		for t := p.pieceAttacks(p.board[a].Type(), x, a).And(targets); t.Any(); {
			s := t.PopLSB()
			bit := uint32(1) << ids[s]
			if set&bit == 0 && p.chases(x, a, s) {
				set |= bit
			}
		}
	}
	return set
}

// heldBy returns the enemy pieces that stand on the leg of a horse of
// colour x aimed at their own king: they cannot leave the point (AXF Rule
// 19, "a rook that cannot move because of an opponent's horse"). The rule's
// diagrams show a rook; we extend it on purpose to any piece held that way
// (pawns that have not crossed the river are never chased anyway), since
// the reason, a piece that cannot run, is the same.
func (p *Position) heldBy(x position.Color) Bitboard {
	var held Bitboard
	ksq := p.kingSq[x^1]
	for h := p.byPiece[position.MakePiece(x, Horse)].And(horseReach[ksq]); h.Any(); {
		leg := horseLegTo(h.PopLSB(), ksq)
		if p.byColor[x^1].Has(leg) {
			held = held.Or(squareBB[leg])
		}
	}
	return held
}

// heldChasedBy returns the identities of the held enemy pieces (see heldBy)
// that the x piece on a, the piece x has just moved, chases. A held piece
// cannot run, so an attack its owner leaves standing is no excuse: each
// move of x that renews an attack on it is a chase (AXF Rule 19, Diagrams
// 39-41: the side that keeps attacking a rook held by its horse loses). An
// attack that merely stands while x moves other pieces is not renewed and
// does not count. Known limit: only attacks by the piece that moved count,
// so an attack discovered on a held piece (by moving a cannon's screen or a
// horse's leg blocker) is not seen as renewed.
func (p *Position) heldChasedBy(x position.Color, a position.Square, ids *[NumSquares]uint8) uint32 {
	held := p.heldBy(x)
	pc := p.board[a]
	if held.IsEmpty() || pc == position.NoPiece || pc.Color() != x || pc.Type() == King || pc.Type() == Pawn {
		return 0
	}
	var set uint32
	for t := p.pieceAttacks(pc.Type(), x, a).And(held); t.Any(); {
		s := t.PopLSB()
		if p.board[s].Type() == King || p.board[s].Type() == Pawn && halfBB[x^1].Has(s) {
			continue
		}
		if p.chases(x, a, s) {
			set |= uint32(1) << ids[s]
		}
	}
	return set
}

// chases reports whether colour x's piece on a, which attacks the enemy
// piece on s, chases it: the capture is legal, and the target is a rook
// attacked by a horse or cannon, or is not the same kind able to capture
// back, and is not protected.
func (p *Position) chases(x position.Color, a, s position.Square) bool {
	if !p.legalFor(x, a, s) {
		return false
	}
	at, tt := p.board[a].Type(), p.board[s].Type()
	if tt == Rook && (at == Horse || at == Cannon) {
		return true
	}
	if tt == at && p.pieceAttacks(tt, x^1, s).Has(a) && p.legalFor(x^1, s, a) {
		return false // an offer to exchange
	}
	return !p.protectedAfter(x, a, s)
}

// protectedAfter reports whether, after colour x's piece on a captures the
// enemy piece on s, the enemy can legally recapture on s.
func (p *Position) protectedAfter(x position.Color, a, s position.Square) bool {
	y := x ^ 1
	victim := p.board[s]
	sBB := squareBB[s]
	// Take the victim off and move the capturer onto s.
	p.byPiece[victim] = p.byPiece[victim].Xor(sBB)
	p.byColor[y] = p.byColor[y].Xor(sBB)
	p.occ = p.occ.Xor(sBB)
	p.board[s] = position.NoPiece
	p.shiftPiece(a, s)

	base := position.Piece(y) << 3
	occ := p.occ
	def := rookAttacks(s, occ).And(p.byPiece[base|position.Piece(Rook)])
	def = def.Or(cannonCaptures(s, occ).And(p.byPiece[base|position.Piece(Cannon)]))
	def = def.Or(horseAttackersTo(s, occ, p.byPiece[base|position.Piece(Horse)]))
	def = def.Or(pawnAttackersTo[y][s].And(p.byPiece[base|position.Piece(Pawn)]))
	def = def.Or(advisorAttacks[s].And(p.byPiece[base|position.Piece(Advisor)]))
	def = def.Or(elephantAttacks(s, occ).And(p.byPiece[base|position.Piece(Elephant)]))
	def = def.Or(kingAttacks[s].And(p.byPiece[base|position.Piece(King)]))
	protected := false
	for def.Any() {
		if p.legalFor(y, def.PopLSB(), s) {
			protected = true
			break
		}
	}

	p.shiftPiece(s, a)
	p.board[s] = victim
	p.byPiece[victim] = p.byPiece[victim].Xor(sBB)
	p.byColor[y] = p.byColor[y].Xor(sBB)
	p.occ = p.occ.Xor(sBB)
	return protected
}

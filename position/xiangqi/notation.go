// ICCS move coordinates ("h2e2"), as Pikafish speaks them.
package xiangqi

import (
	"fmt"

	"dualnnue/position"
)

// MoveString renders m in ICCS coordinates: from and to as file a–i and
// rank 0–9 ("h2e2"). MoveNull is "0000", MoveNone "(none)"; other
// off-board values render their squares as "-".
func (p *Position) MoveString(m position.Move) string { return MoveString(m) }

// MoveString renders m in ICCS coordinates (see Position.MoveString).
func MoveString(m position.Move) string {
	switch m {
	case position.MoveNone:
		return "(none)"
	case position.MoveNull:
		return "0000"
	}
	return SquareString(MoveFrom(m)) + SquareString(MoveTo(m))
}

// parseSquare reads an ICCS square ("e0"), case-insensitive.
func parseSquare(s string) (position.Square, bool) {
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return 0, false
	}
	return MakeSquare(int(f-'a'), int(r-'0')), true
}

// ParseMove reads a move in ICCS coordinates ("h2e2"; upper case and the
// traditional "H2-E2" are accepted too) and returns it if it is legal in
// this position. The error names the move and what is wrong: unparsable
// text, no own piece on the origin, or a move that is not legal here.
func (p *Position) ParseMove(s string) (position.Move, error) {
	t := s
	if len(t) == 5 && t[2] == '-' {
		t = t[:2] + t[3:]
	}
	if len(t) != 4 {
		return position.MoveNone, fmt.Errorf("xiangqi: move %q: want ICCS coordinates like h2e2 (files a-i, ranks 0-9)", clip(s))
	}
	from, ok1 := parseSquare(t[:2])
	to, ok2 := parseSquare(t[2:])
	if !ok1 || !ok2 {
		return position.MoveNone, fmt.Errorf("xiangqi: move %q: want ICCS coordinates like h2e2 (files a-i, ranks 0-9)", s)
	}
	m := NewMove(from, to)
	pc := p.board[from]
	if pc == position.NoPiece || pc.Color() != p.side {
		return position.MoveNone, fmt.Errorf("xiangqi: move %q: no %s piece on %s", s, colorName(p.side), SquareString(from))
	}
	if !p.PseudoLegal(m) || !p.Legal(m) {
		return position.MoveNone, fmt.Errorf("xiangqi: move %q is not legal in %s", s, p.FEN())
	}
	return m, nil
}

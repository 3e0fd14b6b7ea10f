// Threats: hand-checked sets, a differential test against a mailbox reference along random games, no allocation.
package xiangqi

import (
	"fmt"
	"strings"
	"testing"

	"dualnnue/position"
)

// threatSetString lists the squares of s in ICCS coordinates, in square
// order.
func threatSetString(s position.SquareSet) string {
	var out []string
	for sq := position.Square(0); sq < 128; sq++ {
		if s.Has(sq) {
			out = append(out, SquareString(sq))
		}
	}
	return strings.Join(out, " ")
}

// threatsString renders the six sets of th, one per line.
func threatsString(th position.Threats) string {
	var out []string
	for k := 0; k < 3; k++ {
		out = append(out, fmt.Sprintf("By[%d] %s", k, threatSetString(th.By[k])))
	}
	for k := 0; k < 3; k++ {
		out = append(out, fmt.Sprintf("Threatened[%d] %s", k, threatSetString(th.Threatened[k])))
	}
	return strings.Join(out, "\n")
}

// threatSetOf builds the set of the ICCS squares in list (space separated).
func threatSetOf(t *testing.T, list string) position.SquareSet {
	t.Helper()
	var s position.SquareSet
	for _, name := range strings.Fields(list) {
		sq, ok := parseSquare(name)
		if !ok {
			t.Fatalf("bad square %q", name)
		}
		s.Add(sq)
	}
	return s
}

// TestThreatsCases checks Threats on hand-worked positions: every set
// exactly.
func TestThreatsCases(t *testing.T) {
	for _, c := range []struct {
		name, fen  string
		by, threat [3]string
	}{
		{
			// Red to move. Black's soldier e6 has not crossed the river
			// (e5 only), e3 has (e2, d3, f3). The advisor d7 reaches e8
			// only (the palace). The elephant c9's eye d8 is blocked
			// (a7 only), g5's eye h6 too (e7 only; e3 and i3 are across
			// the river). The horse d8's legs d7 and e8 are blocked and
			// its north leg leads off the board: b9 and b7 only. The
			// cannon h9 hops over the rook h6 (h5, h4 and the rook h3)
			// and over the elephant c9 (b9, a9); the cannon i4 has no
			// screen before the horse g4 (not attacked) and hops over it
			// to f4 … c4, stopping at the soldier. Threatened: the
			// elephant e2 by a soldier, the cannon a7 by an elephant, the
			// rook h3 by a cannon; the rook h6, the cannons' screen, and
			// the horse g4 are not attacked.
			name: "red",
			fen:  "2b4c1/3nk4/C2a5/4p2R1/6b2/2P3N1c/4p2R1/4B4/9/3K5 w - - 0 1",
			by: [3]string{
				"e2 d3 f3 e5",
				"e2 d3 f3 e5 a7 e7 e8",
				"e2 d3 f3 h3 c4 d4 e4 f4 h4 e5 h5 a7 b7 e7 e8 a9 b9",
			},
			threat: [3]string{"e2", "a7", "h3"},
		},
		{
			// Black to move. Red's soldier g3 has not crossed (g4 only,
			// not f3 or h3); c6, b5 and d8 have (forward and sideways);
			// i9 on the last rank attacks h9 only. The advisor e1 covers
			// its palace diagonals, the elephant c4 a2 and e2 (never
			// across the river). The horse f5 has all four legs free;
			// the cannon b2 hops over the soldier b5 (b6, the cannon b7)
			// and over the rook e2 (f2 … i2); nothing on its file below
			// or on a2 makes a screen. The rook a0 and the king attack
			// nothing here. Threatened: the advisor d9 by a soldier, the
			// horses d6 and h9 by soldiers, the rooks e2 (elephant) and
			// g4 (soldier); the elephant e7 (a horse only) and the cannon
			// b7 (a cannon only) are not.
			name: "black",
			fen:  "3ak2nP/3P5/1c2b4/2Pn5/1P3N3/2B3r2/6P2/1C2r4/4A4/R3K4 b - - 0 1",
			by: [3]string{
				"g4 a5 c5 b6 d6 c7 c8 e8 d9 h9",
				"d0 f0 a2 d2 e2 f2 g4 a5 c5 b6 d6 c7 c8 e8 d9 h9",
				"d0 f0 a2 d2 e2 f2 g2 h2 i2 e3 g3 d4 g4 h4 a5 c5 b6 d6 h6 b7 c7 e7 g7 c8 e8 d9 h9",
			},
			threat: [3]string{"d9", "d6 h9", "e2 g4"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			var th position.Threats
			p.Threats(&th)
			for k := 0; k < 3; k++ {
				if want := threatSetOf(t, c.by[k]); th.By[k] != want {
					t.Errorf("By[%d] = %s, want %s", k, threatSetString(th.By[k]), threatSetString(want))
				}
				if want := threatSetOf(t, c.threat[k]); th.Threatened[k] != want {
					t.Errorf("Threatened[%d] = %s, want %s", k, threatSetString(th.Threatened[k]), threatSetString(want))
				}
			}
			if ref := naiveThreats(p); ref != th {
				t.Errorf("the reference disagrees: %s", threatsString(ref))
			}
		})
	}
}

// naiveAttacks reports, from the rules alone (the mailbox, no tables),
// whether the piece on s attacks point (f, r): could capture a piece of the
// other colour standing there. Kings and rooks report false (they are no
// threat source), as does s itself.
func naiveAttacks(b *[NumSquares]position.Piece, s position.Square, f, r int) bool {
	pc := b[s]
	c := pc.Color()
	f0, r0 := FileOf(s), RankOf(s)
	df, dr := f-f0, r-r0
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	if df == 0 && dr == 0 {
		return false
	}
	switch pc.Type() {
	case Pawn:
		fwd := 1
		if c == position.Black {
			fwd = -1
		}
		return (df == 0 && dr == fwd) || (!ownHalf(c, r0) && dr == 0 && abs(df) == 1)
	case Advisor:
		return abs(df) == 1 && abs(dr) == 1 && inPalace(c, f, r)
	case Elephant:
		return abs(df) == 2 && abs(dr) == 2 && ownHalf(c, r) && naiveAt(b, f0+df/2, r0+dr/2) == 0
	case Horse:
		switch {
		case abs(df) == 2 && abs(dr) == 1:
			return naiveAt(b, f0+df/2, r0) == 0
		case abs(df) == 1 && abs(dr) == 2:
			return naiveAt(b, f0, r0+dr/2) == 0
		}
		return false
	case Cannon:
		if df != 0 && dr != 0 {
			return false
		}
		n := 0
		steps := max(abs(df), abs(dr))
		for i := 1; i < steps; i++ {
			if naiveAt(b, f0+i*df/steps, r0+i*dr/steps) != 0 {
				n++
			}
		}
		return n == 1
	}
	return false
}

// naiveThreats is Threats from naiveAttacks, point by point.
func naiveThreats(p *Position) position.Threats {
	var b [NumSquares]position.Piece
	for sq := range b {
		b[sq] = p.PieceOn(position.Square(sq))
	}
	us := p.SideToMove()
	// class of a piece type as a threat source, and as a threatened piece
	// (Threatened index + 1); -1: none.
	class := [8]int{King: -1, Advisor: 1, Elephant: 1, Horse: 2, Cannon: 2, Rook: 3, Pawn: 0}
	var th position.Threats
	for t := 0; t < NumSquares; t++ {
		f, r := FileOf(position.Square(t)), RankOf(position.Square(t))
		low := 4 // the lowest class of an enemy piece attacking t
		for s := 0; s < NumSquares; s++ {
			if pc := b[s]; pc != 0 && pc.Color() != us && naiveAttacks(&b, position.Square(s), f, r) {
				low = min(low, class[pc.Type()])
			}
		}
		for k := low; k < 3; k++ {
			th.By[k].Add(position.Square(t))
		}
		if pc := b[t]; pc != 0 && pc.Color() == us {
			if k := class[pc.Type()] - 1; k >= 0 && k < 3 && low <= k {
				th.Threatened[k].Add(position.Square(t))
			}
		}
	}
	return th
}

// TestThreatsRandom compares Threats with naiveThreats at every ply of
// random games, half of whose moves are captures when there are any (to
// reach the endgames).
func TestThreatsRandom(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	checked := 0
	for g := 0; g < games; g++ {
		rng := newRand(uint64(1000 + g))
		p := mustFEN(t, StartFEN)
		greedy := g%2 == 0
		states := make([]position.State, 250)
		for ply := 0; ply < len(states); ply++ {
			var th position.Threats
			p.Threats(&th)
			if ref := naiveThreats(p); ref != th {
				t.Fatalf("game %d ply %d, %s: Threats\n%s\nthe reference\n%s", g, ply, p.FEN(), threatsString(th), threatsString(ref))
			}
			checked++
			var list position.MoveList
			p.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := randomMove(p, &list, rng, greedy)
			p.DoMove(m, &states[ply])
		}
	}
	t.Logf("%d positions", checked)
}

func TestThreatsAllocs(t *testing.T) {
	p := mustFEN(t, "2b4c1/3nk4/C2a5/4p2R1/6b2/2P3N1c/4p2R1/4B4/9/3K5 w - - 0 1")
	var th position.Threats
	if allocs := testing.AllocsPerRun(100, func() { p.Threats(&th) }); allocs != 0 {
		t.Fatalf("Threats allocates %v times per run", allocs)
	}
}

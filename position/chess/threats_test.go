// Threats: hand-checked sets, a differential test against a mailbox reference along random games, no allocation.
package chess

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/position"
)

// threatSetString lists the squares of s in algebraic notation, in square
// order.
func threatSetString(s position.SquareSet) string {
	var out []string
	for sq := position.Square(0); sq < 128; sq++ {
		if s.Has(sq) {
			out = append(out, squareName(sq))
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

// threatSetOf builds the set of the algebraic squares in list (space
// separated).
func threatSetOf(t *testing.T, list string) position.SquareSet {
	t.Helper()
	var s position.SquareSet
	for _, name := range strings.Fields(list) {
		if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
			t.Fatalf("bad square %q", name)
		}
		s.Add(makeSquare(int(name[0]-'a'), int(name[1]-'1')))
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
			// White to move. Black pawns attack downwards (d5: c4 and e4,
			// h7: g6). The knight b8 reaches a6, c6 and d7, the bishop f8
			// stops at the bishop c5; the rook a2 at the pawn c2, the rook
			// a1 and the queen a5. Threatened: the knights e4 and g6 by
			// pawns, the rook c6 by a knight, the queen a5 by a rook. Not:
			// the bishop c5 (a bishop only), the rook a1 (a rook only),
			// the knight h3 (nothing).
			name: "white",
			fen:  "1n2kb2/7p/2R3N1/Q1Bp4/4N3/7N/r1P5/R3K3 w - - 0 1",
			by: [3]string{
				"c4 e4 g6",
				"c4 e4 c5 a6 c6 d6 g6 h6 d7 e7 g7",
				"a1 b2 c2 a3 a4 c4 e4 a5 c5 a6 c6 d6 g6 h6 d7 e7 g7",
			},
			threat: [3]string{"e4 g6", "c6", "a5"},
		},
		{
			// Black to move. White pawns attack upwards (a2: b3 only, on
			// the edge; h4: g5 only; e5: d6 and f6). The knight c3
			// attacks its own pawn a2 and rook d1 too; the bishop h1 the
			// whole long diagonal; the rook d1 stops at the queen a1, its
			// own king and the knight d6. Threatened: the knight d6 and
			// the bishop g5 by pawns, the rook f6 by a pawn, the queen a1
			// by the rook. The pawn b3 is in no class.
			name: "black",
			fen:  "4k3/8/3n1r2/4P1b1/7P/1pN5/P7/q2RK2B b - - 0 1",
			by: [3]string{
				"b3 d6 f6 g5",
				"b1 d1 a2 e2 g2 b3 f3 e4 a4 b5 d5 g5 c6 d6 f6 b7 a8",
				"a1 b1 c1 d1 e1 a2 d2 e2 g2 b3 d3 f3 d4 e4 a4 b5 d5 g5 c6 d6 f6 b7 a8",
			},
			threat: [3]string{"d6 g5", "f6", "a1"},
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
				t.Errorf("the reference disagrees:\n%s", threatsString(ref))
			}
		})
	}
}

// naiveAttacks reports, from the rules alone (the mailbox, no tables),
// whether the piece on s attacks square (f, r): could capture a piece of
// the other colour standing there (pawns diagonally forward, no en
// passant). Kings and queens report false (they are no threat source), as
// does s itself.
func naiveAttacks(p *Position, s position.Square, f, r int) bool {
	pc := p.PieceOn(s)
	f0, r0 := fileOf(s), rankOf(s)
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
	clear := func() bool { // the squares strictly between are empty
		steps := max(abs(df), abs(dr))
		for i := 1; i < steps; i++ {
			if p.PieceOn(makeSquare(f0+i*df/steps, r0+i*dr/steps)) != position.NoPiece {
				return false
			}
		}
		return true
	}
	switch pc.Type() {
	case Pawn:
		fwd := 1
		if pc.Color() == position.Black {
			fwd = -1
		}
		return abs(df) == 1 && dr == fwd
	case Knight:
		return abs(df)*abs(dr) == 2
	case Bishop:
		return abs(df) == abs(dr) && clear()
	case Rook:
		return (df == 0 || dr == 0) && clear()
	}
	return false
}

// naiveThreats is Threats from naiveAttacks, square by square.
func naiveThreats(p *Position) position.Threats {
	us := p.SideToMove()
	// class of a piece type as a threat source, and as a threatened piece
	// (Threatened index + 1); -1: none.
	class := [8]int{Pawn: 0, Knight: 1, Bishop: 1, Rook: 2, Queen: 3, King: -1}
	var th position.Threats
	for t := position.Square(0); t < 64; t++ {
		low := 4 // the lowest class of an enemy piece attacking t
		for s := position.Square(0); s < 64; s++ {
			if pc := p.PieceOn(s); pc != position.NoPiece && pc.Color() != us && naiveAttacks(p, s, fileOf(t), rankOf(t)) {
				low = min(low, class[pc.Type()])
			}
		}
		for k := low; k < 3; k++ {
			th.By[k].Add(t)
		}
		if pc := p.PieceOn(t); pc != position.NoPiece && pc.Color() == us {
			if k := class[pc.Type()] - 1; k >= 0 && k < 3 && low <= k {
				th.Threatened[k].Add(t)
			}
		}
	}
	return th
}

// TestThreatsRandom compares Threats with naiveThreats at every ply of
// random games from the start position and the perft suite's positions,
// half of whose moves are captures or promotions when there are any (to
// reach the endgames).
func TestThreatsRandom(t *testing.T) {
	fens := append([]string{StartFEN}, suitePositions(t)...)
	games := 60
	if testing.Short() {
		games = 15
	}
	checked := 0
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(uint64(1000+g), 0x5851))
		p, err := anyFEN(fens[g%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
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
	p := mustFEN(t, "1n2kb2/7p/2R3N1/Q1Bp4/4N3/7N/r1P5/R3K3 w - - 0 1")
	var th position.Threats
	if allocs := testing.AllocsPerRun(100, func() { p.Threats(&th) }); allocs != 0 {
		t.Fatalf("Threats allocates %v times per run", allocs)
	}
}

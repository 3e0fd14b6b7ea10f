// Upcoming-repetition tests: the cuckoo tables and UpcomingRepetition against
// a brute-force search over the board's reversible moves.
package chess

import (
	"math/rand/v2"
	"testing"

	"dualnnue/position"
)

// TestCuckooTables: every reversible move of a knight, bishop, rook, queen
// or king of either colour between two squares is in the tables once, at
// one of its two slots (Stockfish counts 3,668 such moves).
func TestCuckooTables(t *testing.T) {
	if cuckooCount != 3668 {
		t.Fatalf("cuckooCount %d, want 3668", cuckooCount)
	}
	filled := 0
	seen := map[position.Key]bool{}
	for i, k := range cuckooKey {
		if k == 0 {
			continue
		}
		filled++
		if seen[k] {
			t.Fatalf("key %x twice", k)
		}
		seen[k] = true
		if i != cuckooH1(k) && i != cuckooH2(k) {
			t.Fatalf("slot %d holds key %x, whose slots are %d and %d", i, k, cuckooH1(k), cuckooH2(k))
		}
	}
	if filled != 3668 {
		t.Fatalf("%d filled slots, want 3668", filled)
	}
	// Every move is found from its key, both directions.
	for _, c := range []position.Color{position.White, position.Black} {
		for pt := Knight; pt <= King; pt++ {
			pc := position.MakePiece(c, pt)
			for a := position.Square(0); a < 64; a++ {
				for _, b := range attacksFrom(pt, c, a, 0).squares() {
					k := zobPiece[pc][a] ^ zobPiece[pc][b] ^ zobSide
					j := cuckooH1(k)
					if cuckooKey[j] != k {
						j = cuckooH2(k)
					}
					lo, hi := min(a, b), max(a, b)
					if cuckooKey[j] != k || cuckooMove[j] != [2]position.Square{lo, hi} {
						t.Fatalf("piece %d %v-%v: not in the tables", pc, a, b)
					}
				}
			}
		}
	}
}

// squares lists the squares of b, for tests.
func (b Bitboard) squares() []position.Square {
	var s []position.Square
	for ; b != 0; b &= b - 1 {
		s = append(s, lsb(b))
	}
	return s
}

// upcomingBrute is UpcomingRepetition by enumeration: a non-pawn piece of
// the side to move has a move on the current board (to an empty square over
// empty squares) after which the key is that of a position an odd number
// 3 ≤ i < ply of plies back, walking back through reversible moves only
// (no capture, pawn move or castling-right change: the walk stops at the
// first state whose move made one, read from the pieces and rights, not
// from Rule50) and not past a null move.
func upcomingBrute(p *Position, ply int) bool {
	earlier := map[position.Key]bool{}
	q := p.st
	for i := 1; i < ply && q.Prev != nil; i++ {
		if q.Move == position.MoveNull || q.Captured != position.NoPiece || q.Castling != q.Prev.Castling ||
			q.Move != position.MoveNone && q.Rule50 == 0 {
			break
		}
		q = q.Prev
		if i >= 3 && i%2 == 1 {
			earlier[q.Key] = true
		}
	}
	occ := p.byType[0]
	for from := position.Square(0); from < 64; from++ {
		pc := p.board[from]
		if pc == position.NoPiece || pc.Type() == Pawn || pc.Color() != p.side {
			continue
		}
		for _, to := range attacksFrom(pc.Type(), pc.Color(), from, 0).squares() {
			if occ&sqBB(to) != 0 || betweenBB[from][to]&occ != 0 {
				continue
			}
			if earlier[p.st.Key^zobPiece[pc][from]^zobPiece[pc][to]^zobSide] {
				return true
			}
		}
	}
	return false
}

// TestUpcomingRepetitionRandom plays random games from positions with few
// pawns, so that long reversible stretches happen, and compares
// UpcomingRepetition with the brute force at every ply, for a search root
// at the game's start, 4 and 6 plies back and half-way.
func TestUpcomingRepetitionRandom(t *testing.T) {
	fens := []string{
		"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
		"1n1qk1n1/8/8/2b5/5B2/8/8/1N1QK1N1 w - - 0 1",
		"4k3/2q5/8/8/3r4/8/5Q2/4K2R b - - 0 1",
		"r1b1k1nr/pppp1ppp/8/8/8/8/PPPP1PPP/RNB1KB1R w KQkq - 0 1",
	}
	rng := rand.New(rand.NewPCG(7, 11))
	positives, checked := 0, 0
	for g := 0; g < 400; g++ {
		p := mustFEN(t, fens[g%len(fens)])
		states := make([]position.State, 120)
		for ply := 0; ply < len(states); ply++ {
			for _, root := range []int{ply, 4, 6, ply/2 + 1} {
				got, want := p.UpcomingRepetition(root), upcomingBrute(p, root)
				if got != want {
					t.Fatalf("game %d ply %d root ply %d: %s: UpcomingRepetition %v, brute force %v", g, ply, root, p.FEN(), got, want)
				}
				checked++
				if got {
					positives++
				}
			}
			var list position.MoveList
			p.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			p.DoMove(list.Moves[rng.IntN(list.Len)], &states[ply])
		}
	}
	if positives < 100 {
		t.Fatalf("only %d of %d checks found an upcoming repetition: the test does not exercise the tables", positives, checked)
	}
	t.Logf("%d checks, %d upcoming repetitions", checked, positives)
}

// TestUpcomingRepetitionLines: hand-made lines. After Kf1 Kf8 Ke1 Black can
// repeat the start with Ke8, but only a position reached after the search
// root counts (the root's and earlier repetitions are the threefold rule's);
// a blocked path is no repetition.
func TestUpcomingRepetitionLines(t *testing.T) {
	p := mustFEN(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	play(t, p, []string{"e1f1", "e8f8", "f1e1"})
	if !p.UpcomingRepetition(4) {
		t.Error("Kf1 Kf8 Ke1 from the root: Black's Ke8 repeats the root, want true at ply 4")
	}
	if p.UpcomingRepetition(3) {
		t.Error("the root itself is 3 plies back at ply 3: want false")
	}
	// The rook goes a1-a3 while the kings shuffle: 3 plies later the rook
	// could return, unless something stands on a2.
	p = mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	play(t, p, []string{"e1f1", "e8f8", "a1a3", "f8e8"})
	if !p.UpcomingRepetition(10) {
		t.Error("Kf1 Kf8 Ra3 Ke8: Ra1 returns to the position after Kf1, want true")
	}
	p = mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	play(t, p, []string{"e1f1", "e8f8", "a1a3", "f8e8", "f1f2", "e8d8", "f2e1", "d8e8"})
	// Now Ra3-a1 would reach the position after Kf1 ... only with the king on
	// f1: not a repetition; e1 -> f1 would not either (the rook is on a3).
	if got, want := p.UpcomingRepetition(20), upcomingBrute(p, 20); got != want {
		t.Errorf("after the king's walk: %v, brute force %v", got, want)
	}
	// The root bounds the walk: after Kd1 Ke7 Kd2 Kf8 Ke1, Black's Ke8
	// reaches the root, 5 plies back, which counts only with the root
	// further back.
	p = mustFEN(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	play(t, p, []string{"e1d1", "e8e7", "d1d2", "e7f8", "d2e1"})
	if p.UpcomingRepetition(5) || !p.UpcomingRepetition(6) {
		t.Errorf("Kd1 Ke7 Kd2 Kf8 Ke1: at ply 5 %v (want false), at ply 6 %v (want true)", p.UpcomingRepetition(5), p.UpcomingRepetition(6))
	}
	// Only the side to move's own move repeats: here the queen's moves b1-b2,
	// b2-b3, b3-b8 do not cancel, and Black, mated, has no move at all
	// (Stockfish's has_game_cycle, before 6b78221, said yes here).
	p = mustFEN(t, "6k1/8/6K1/8/8/8/8/1Q6 b - - 0 1")
	play(t, p, []string{"g8h8", "b1b2", "h8g8", "b2b3", "g8h8", "b3b8"})
	if p.UpcomingRepetition(6) || p.UpcomingRepetition(20) {
		t.Error("mated after Qb8: want no upcoming repetition")
	}
	// A reversible move is a pawn-free one: a pawn push resets the history.
	p = mustFEN(t, "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1")
	play(t, p, []string{"e1f1", "e8f8", "a2a3", "f8e8"})
	if p.UpcomingRepetition(10) {
		t.Error("a pawn move 1 ply back: want false")
	}
}

func TestUpcomingRepetitionNoAllocs(t *testing.T) {
	p := mustFEN(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	play(t, p, []string{"e1f1", "e8f8", "f1e1"})
	allocs := testing.AllocsPerRun(100, func() {
		if !p.UpcomingRepetition(4) {
			panic("want true")
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per call", allocs)
	}
}

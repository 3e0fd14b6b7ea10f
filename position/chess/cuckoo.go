// Upcoming repetition: the cuckoo tables of reversible moves.
package chess

import "dualnnue/position"

// The cuckoo tables (Marcel van Kervinck's method, as Stockfish's
// Position::upcoming_repetition uses it) hold, for every move of a knight,
// bishop, rook, queen or king of either colour between two squares a..b
// with a < b that the piece could make on an empty board, the Zobrist
// difference the move makes to a position's key: the piece's keys on a
// and b and the side-to-move key. That difference is the same for the
// move a→b and b→a, so one entry answers both. Each key has two slots,
// cuckooH1 and cuckooH2 of the key; insertion displaces a resident into
// its other slot. 3,668 moves fit the 8,192 slots.
const cuckooSize = 8192

var (
	cuckooKey  [cuckooSize]position.Key // 0: an empty slot
	cuckooMove [cuckooSize][2]position.Square
	// cuckooCount is the number of moves in the tables (3,668).
	cuckooCount int
)

func cuckooH1(k position.Key) int { return int(k & (cuckooSize - 1)) }
func cuckooH2(k position.Key) int { return int(k >> 16 & (cuckooSize - 1)) }

// initCuckoo fills the cuckoo tables; it runs after the attack tables
// (initBitboards, initMagics) and initZobrist.
func initCuckoo() {
	for _, c := range []position.Color{position.White, position.Black} {
		for t := Knight; t <= King; t++ {
			pc := position.MakePiece(c, t)
			for a := position.Square(0); a < 64; a++ {
				for b := a + 1; b < 64; b++ {
					if attacksFrom(t, c, a, 0)&sqBB(b) == 0 {
						continue
					}
					key := zobPiece[pc][a] ^ zobPiece[pc][b] ^ zobSide
					mv := [2]position.Square{a, b}
					i := cuckooH1(key)
					for {
						cuckooKey[i], key = key, cuckooKey[i]
						cuckooMove[i], mv = mv, cuckooMove[i]
						if key == 0 {
							break
						}
						if i == cuckooH1(key) {
							i = cuckooH2(key)
						} else {
							i = cuckooH1(key)
						}
					}
					cuckooCount++
				}
			}
		}
	}
}

// UpcomingRepetition reports whether the side to move has a move that
// brings back a position reached after the search root (fewer than ply
// plies ago): the line can then be drawn by repetition, so its value is at
// least a draw (Marcel van Kervinck's upcoming-repetition test, as in
// Stockfish's upcoming_repetition since 6b78221, 2024; Weiss 073eda5
// measured +3.6/+5.4 Elo). For each position an odd number i < ply of
// plies back, within the plies since the last irreversible move or null
// move, the opponent's moves since then must cancel out (other, the XOR of
// their key changes, is 0) and the difference of the keys must be one
// reversible move in the cuckoo tables whose path is empty now; the piece
// is then the side to move's. Positions at or before the root are left to
// RuleVerdict's threefold rule. It costs a few table reads per two plies
// of reversible history and allocates nothing.
func (p *Position) UpcomingRepetition(ply int) bool {
	st := p.st
	end := min(st.Rule50, st.PliesFromNull, ply-1)
	if end < 3 || st.Prev == nil {
		return false
	}
	q := st.Prev
	other := st.Key ^ q.Key ^ zobSide // the opponent's last move
	for i := 3; i <= end; i += 2 {
		if q.Prev == nil || q.Prev.Prev == nil {
			return false
		}
		q = q.Prev
		other ^= q.Key ^ q.Prev.Key ^ zobSide // the opponent's move before it
		q = q.Prev
		if other != 0 {
			continue
		}
		diff := st.Key ^ q.Key
		j := cuckooH1(diff)
		if cuckooKey[j] != diff {
			j = cuckooH2(diff)
			if cuckooKey[j] != diff {
				continue
			}
		}
		mv := cuckooMove[j]
		if betweenBB[mv[0]][mv[1]]&p.byType[0] == 0 {
			return true
		}
	}
	return false
}

// Piece-balance buckets: a second bucket factor from a perspective's own piece counts (Pikafish's idea).
package features

import (
	"fmt"

	"dualnnue/position"
)

// MaxBalanceCount is the largest own-piece count a balance map lists;
// larger counts (impossible in a legal game for the shipped sets) take
// the bucket of MaxBalanceCount.
const MaxBalanceCount = 7

// xiangqiDefenders3 is the balance map of xiangqi-kb6-d3-hm, indexed by
// the number of the perspective's own advisors and elephants (0–4): the
// palace defence intact (4: bucket 0), damaged (2–3: bucket 1) or broken
// (0–1: bucket 2). Counts above 4 cannot occur in a legal game and
// take bucket 0.
var xiangqiDefenders3 = [MaxBalanceCount + 1]uint8{2, 2, 1, 1, 0, 0, 0, 0}

// balanced gives the king-bucketed set s a balance factor: a perspective's
// count of its own pieces of the types in mask (bit t: type t) picks a
// balance bucket through m (count → bucket, counts 0..MaxBalanceCount),
// and the set's bucket becomes kingBucket·Balance + balanceBucket. It
// panics on a bad shipped map.
func balanced(s *Set, mask uint8, m []uint8) *Set {
	if err := s.setBalance(mask, m); err != nil {
		panic(err)
	}
	return s
}

// setBalance installs the balance factor (see balanced) on s: it checks
// that m has MaxBalanceCount+1 entries using buckets 0..Q-1 with none
// skipped, that mask names piece types of the game other than the king,
// and that the KingBuckets·Q·BaseSize features fit a uint16 index.
func (s *Set) setBalance(mask uint8, m []uint8) error {
	if len(m) != MaxBalanceCount+1 {
		return fmt.Errorf("features: %s: balance map of %d entries, want %d", s.Name, len(m), MaxBalanceCount+1)
	}
	if mask == 0 || mask&1 != 0 || mask>>(s.Types+1) != 0 || mask&(1<<s.King) != 0 {
		return fmt.Errorf("features: %s: balance piece-type mask %#02x not a set of the game's non-king types 1..%d", s.Name, mask, s.Types)
	}
	q := 0
	var used [MaxBalanceCount + 1]bool
	for _, b := range m {
		if int(b) > MaxBalanceCount {
			return fmt.Errorf("features: %s: balance bucket %d not below %d", s.Name, b, MaxBalanceCount+1)
		}
		used[b] = true
		q = max(q, int(b)+1)
	}
	for i := 0; i < q; i++ {
		if !used[i] {
			return fmt.Errorf("features: %s: balance map skips bucket %d of 0..%d", s.Name, i, q-1)
		}
	}
	kb := max(1, s.KingBuckets)
	if kb*q*s.BaseSize > 1<<16 || 2*kb*q > 1<<8 {
		return fmt.Errorf("features: %s: %d king × %d balance buckets × %d features exceed 65536", s.Name, kb, q, s.BaseSize)
	}
	s.Balance = q
	s.balanceTypes = mask
	copy(s.balanceOf[:], m)
	s.Size = kb * q * s.BaseSize
	return nil
}

// Buckets returns the number of input buckets, KingBuckets × Balance (1
// for a set with neither); Size = Buckets()·BaseSize.
func (s *Set) Buckets() int { return max(1, s.KingBuckets) * max(1, s.Balance) }

// Counted reports whether pieces of type t count towards their owner's
// balance bucket (false for every type of a set without one).
func (s *Set) Counted(t int) bool { return t < 8 && s.balanceTypes&(1<<t) != 0 }

// BalanceOf returns the balance bucket of a perspective owning count
// pieces of the counted types (0 for a set without balance buckets;
// counts outside 0..MaxBalanceCount are clamped).
func (s *Set) BalanceOf(count int) int {
	if s.Balance <= 1 {
		return 0
	}
	return int(s.balanceOf[min(max(count, 0), MaxBalanceCount)])
}

// BalanceMap returns the counted piece types (bit t: type t) and the
// balance bucket of every count 0..MaxBalanceCount (a copy), the block a
// net file records; mask 0 for a set without balance buckets.
func (s *Set) BalanceMap() (mask uint8, m []uint8) {
	return s.balanceTypes, append([]uint8(nil), s.balanceOf[:]...)
}

// CheckBalance reports whether mask and m (as BalanceMap returns them) are
// the balance factor of s, naming the first field that differs.
func (s *Set) CheckBalance(mask uint8, m []uint8) error {
	if mask != s.balanceTypes {
		return fmt.Errorf("balance piece types: %#02x, feature set %s counts %#02x", mask, s.Name, s.balanceTypes)
	}
	if len(m) != MaxBalanceCount+1 {
		return fmt.Errorf("balance map has %d entries, want %d", len(m), MaxBalanceCount+1)
	}
	for c, b := range m {
		if b != s.balanceOf[c] {
			return fmt.Errorf("balance map gives count %d bucket %d, feature set %s gives %d", c, b, s.Name, s.balanceOf[c])
		}
	}
	return nil
}

// Census returns the squares of both kings (SquareNone when absent) and
// each colour's count of the balance-counted piece types in a piece list
// of PackPiece entries.
func (s *Set) Census(pieces []uint16) (kings [2]position.Square, counts [2]int) {
	kings = [2]position.Square{position.SquareNone, position.SquareNone}
	for _, v := range pieces {
		p, sq := UnpackPiece(v)
		switch t := int(p.Type()); {
		case t == int(s.King):
			kings[p.Color()&1] = sq
		case s.Counted(t):
			counts[p.Color()&1]++
		}
	}
	return kings, counts
}

// Transposition table: 16-byte entries in 64-byte buckets, lock-free and race-free.
package search

import (
	"sync/atomic"

	"dualnnue/position"
)

// Bound says how a stored value relates to the true score of the position.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the value is an upper bound (fail low)
	BoundLower Bound = 2 // the value is a lower bound (fail high)
	BoundExact Bound = BoundUpper | BoundLower
)

// ttEntry is 16 bytes: the data word and the key xor-ed with it. Both are
// read and written with atomic 64-bit operations, so concurrent access is
// race-free; a torn pair (key word from one write, data word from another)
// fails the xor check and reads as a miss — the "lockless hashing" of
// Hyatt and Mann (2002).
//
// Data layout (low to high): move 16 | value 16 | eval 16 | depth 8 | bound 2 | pv 1 | generation 5.
type ttEntry struct {
	check atomic.Uint64 // Zobrist key ^ data
	data  atomic.Uint64
}

// bucketSize entries share one 64-byte cache line.
const bucketSize = 4

// The top byte of an entry's data: bound (2 bits), the PV flag, then the
// generation (5 bits, Stockfish's width: an entry 32 searches old reads as
// new again, which only changes whom a full bucket replaces).
const (
	pvBit    = uint64(1) << 58
	genShift = 59
	genMask  = 31
)

// depthOffset lets depths down to -8 (quiescence) fit an unsigned byte.
const depthOffset = 8

// ttDepthUnsearched is the depth of an entry that holds only a static eval
// (bound none): below every searched depth, so it is the first replaced
// among the entries of its search (age counts too: see store).
const ttDepthUnsearched = -depthOffset + 1

// TT is a shared transposition table. The zero value is unusable; make it
// with NewTT. Probe and Store may be called from any number of goroutines;
// Resize and Clear must not run concurrently with a search.
type TT struct {
	entries    []ttEntry // len = buckets*bucketSize
	mask       uint64    // buckets-1
	generation uint8     // 6 bits, bumped by NewSearch
}

// TTEntrySize is the size of one entry in bytes.
const TTEntrySize = 16

// NewTT returns a table of the largest power-of-two number of buckets that
// fits in mib MiB (at least one bucket).
func NewTT(mib int) *TT {
	t := &TT{}
	t.Resize(mib)
	return t
}

// Resize reallocates the table to the largest power of two of 64-byte
// buckets that fits in mib MiB (mib < 1 counts as 1) and clears it.
func (t *TT) Resize(mib int) {
	if mib < 1 {
		mib = 1
	}
	bytes := uint64(mib) << 20
	buckets := uint64(1)
	for buckets*2*bucketSize*TTEntrySize <= bytes {
		buckets *= 2
	}
	t.entries = newEntries(int(buckets * bucketSize))
	t.mask = buckets - 1
	t.generation = 0
}

// Clear empties every entry.
//
// Clear must not run concurrently with a search (the searcher's goroutines
// start after it, which orders the plain writes before their atomic reads).
func (t *TT) Clear() {
	clear(t.entries)
	t.generation = 0
}

// SizeBytes returns the table's size in bytes.
func (t *TT) SizeBytes() int { return len(t.entries) * TTEntrySize }

// NewSearch ages the table so that entries of older searches are replaced first.
func (t *TT) NewSearch() { t.generation = (t.generation + 1) & genMask }

// ttData is an unpacked entry.
type ttData struct {
	move  position.Move
	value position.Value
	eval  position.Value
	depth int
	bound Bound
	pv    bool // the entry was stored from a node on, or once on, a PV (Params.TTPv)
}

func pack(m position.Move, v, ev position.Value, depth int, b Bound, pv bool, gen uint8) uint64 {
	d := uint64(m) | uint64(uint16(int16(v)))<<16 | uint64(uint16(int16(ev)))<<32 |
		uint64(uint8(depth+depthOffset))<<48 | uint64(b&3)<<56 | uint64(gen&genMask)<<genShift
	if pv {
		d |= pvBit
	}
	return d
}

func unpack(d uint64) ttData {
	return ttData{
		move:  position.Move(d),
		value: position.Value(int16(d >> 16)),
		eval:  position.Value(int16(d >> 32)),
		depth: int(uint8(d>>48)) - depthOffset,
		bound: Bound(d>>56) & 3,
		pv:    d&pvBit != 0,
	}
}

func (t *TT) bucket(key position.Key) []ttEntry {
	i := (uint64(key) & t.mask) * bucketSize
	return t.entries[i : i+bucketSize : i+bucketSize]
}

// probe looks key up. On a hit it refreshes the entry's age and returns its data.
func (t *TT) probe(key position.Key) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == uint64(key) && d != 0 {
			if gen := uint8(d>>genShift) & genMask; gen != t.generation {
				nd := d&^(uint64(genMask)<<genShift) | uint64(t.generation)<<genShift
				b[i].data.Store(nd)
				b[i].check.Store(uint64(key) ^ nd)
			}
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// store writes an entry for key, replacing in its bucket either the entry of
// the same key (keeping its move when m is MoveNone and its deeper data when
// the new data is shallower and not exact) or the least valuable entry by
// depth and age. pv is the entry's PV flag (Params.TTPv; false without it).
func (t *TT) store(key position.Key, m position.Move, v, ev position.Value, depth int, b Bound, pv bool) {
	bk := t.bucket(key)
	victim := 0
	worst := 1 << 30
	for i := range bk {
		d := bk[i].data.Load()
		if d == 0 {
			if worst > -1<<20 {
				victim, worst = i, -1<<20
			}
			continue
		}
		if bk[i].check.Load()^d == uint64(key) {
			old := unpack(d)
			if m == position.MoveNone {
				m = old.move
			}
			if b != BoundExact && depth+4 < old.depth && uint8(d>>genShift)&genMask == t.generation {
				// Keep the deeper entry, only refresh its move.
				if m != old.move {
					nd := d&^0xFFFF | uint64(m)
					bk[i].data.Store(nd)
					bk[i].check.Store(uint64(key) ^ nd)
				}
				return
			}
			victim = i
			break
		}
		age := int((t.generation - uint8(d>>genShift)) & genMask)
		score := int(uint8(d>>48)) - 8*age
		if score < worst {
			victim, worst = i, score
		}
	}
	nd := pack(m, v, ev, depth, b, pv, t.generation)
	bk[victim].data.Store(nd)
	bk[victim].check.Store(uint64(key) ^ nd)
}

// Hashfull returns the permille of entries written in the current search,
// sampled over the first 1000 entries (or all, if fewer).
func (t *TT) Hashfull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := 0; i < n; i++ {
		d := t.entries[i].data.Load()
		if d != 0 && uint8(d>>genShift)&genMask == t.generation {
			used++
		}
	}
	return used * 1000 / n
}

// valueToTT converts a score relative to the root into one relative to the
// node at ply, so that a stored mate distance stays right wherever the
// position is met again.
func valueToTT(v position.Value, ply int) position.Value {
	switch {
	case v >= position.ValueMateInMaxPly:
		return v + position.Value(ply)
	case v <= -position.ValueMateInMaxPly:
		return v - position.Value(ply)
	}
	return v
}

// valueFromTT is the inverse of valueToTT.
func valueFromTT(v position.Value, ply int) position.Value {
	switch {
	case v == position.ValueNone:
		return v
	case v >= position.ValueMateInMaxPly:
		return v - position.Value(ply)
	case v <= -position.ValueMateInMaxPly:
		return v + position.Value(ply)
	}
	return v
}

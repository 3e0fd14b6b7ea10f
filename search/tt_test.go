// Transposition table tests (internal: entry packing, sizes, replacement, concurrency).
package search

import (
	"sync"
	"testing"
	"unsafe"

	"dualnnue/position"
)

func TestTTSizes(t *testing.T) {
	if s := unsafe.Sizeof(ttEntry{}); s != 16 {
		t.Fatalf("entry is %d bytes, want 16", s)
	}
	for _, c := range []struct{ mib, bytes int }{{1, 1 << 20}, {16, 16 << 20}, {3, 2 << 20}, {0, 1 << 20}} {
		tt := NewTT(c.mib)
		if tt.SizeBytes() != c.bytes || (tt.mask+1)&tt.mask != 0 {
			t.Errorf("Hash %d MiB: %d bytes, mask %x", c.mib, tt.SizeBytes(), tt.mask)
		}
	}
}

func TestTTStoreProbe(t *testing.T) {
	tt := NewTT(1)
	key := position.Key(0x123456789ABCDEF1)
	if _, hit := tt.probe(key); hit {
		t.Fatal("hit in an empty table")
	}
	tt.store(key, 0x1234, -517, 33, 7, BoundLower, false)
	d, hit := tt.probe(key)
	if !hit || d.move != 0x1234 || d.value != -517 || d.eval != 33 || d.depth != 7 || d.bound != BoundLower {
		t.Fatalf("probe: %+v %v", d, hit)
	}
	if _, hit := tt.probe(key ^ 1<<40); hit {
		t.Fatal("hit for another key in the same bucket")
	}
	// Quiescence depth, a mate score and a missing eval survive packing.
	tt.store(key, position.MoveNone, position.MateIn(3), position.ValueNone, -1, BoundExact, false)
	d, _ = tt.probe(key)
	if d.move != 0x1234 || d.value != position.MateIn(3) || d.eval != position.ValueNone || d.depth != -1 || d.bound != BoundExact {
		t.Fatalf("second store kept %+v", d)
	}
	tt.Clear()
	if _, hit := tt.probe(key); hit {
		t.Fatal("hit after Clear")
	}
	// Mate scores are stored relative to the node: a mate in 5 plies from
	// the root seen at ply 2 is a mate in 3 from that node.
	if v := valueToTT(position.MateIn(5), 2); v != position.MateIn(3) || valueFromTT(v, 2) != position.MateIn(5) {
		t.Fatalf("mate adjust %v", v)
	}
	if v := valueToTT(position.MatedIn(6), 4); v != position.MatedIn(2) || valueFromTT(v, 4) != position.MatedIn(6) {
		t.Fatalf("mated adjust %v", v)
	}
}

// oneBucketKeys returns five keys of the bucket at index slot: one more than a bucket holds.
func oneBucketKeys(tt *TT, slot uint64) [5]position.Key {
	var keys [5]position.Key
	for i := range keys {
		keys[i] = position.Key(uint64(i+1)*(tt.mask+1) + slot)
	}
	return keys
}

// checkHits fails t for each key whose probe does not hit as want says.
func checkHits(t *testing.T, tt *TT, keys [5]position.Key, want [5]bool) {
	t.Helper()
	for i := range keys {
		if _, hit := tt.probe(keys[i]); hit != want[i] {
			t.Errorf("key %d: hit %v, want %v", i, hit, want[i])
		}
	}
}

func TestTTReplacement(t *testing.T) {
	tt := NewTT(1)
	// Five keys of one bucket: the shallowest of the first four goes.
	keys := oneBucketKeys(tt, 5)
	for i, d := range []int{10, 3, 8, 12} {
		tt.store(keys[i], 1, 0, 0, d, BoundExact, false)
	}
	tt.store(keys[4], 1, 0, 0, 5, BoundExact, false)
	checkHits(t, tt, keys, [5]bool{true, false, true, true, true})
	if hf := tt.Hashfull(); hf != 4 { // 4 used entries among the 1000 sampled
		t.Errorf("hashfull %d", hf)
	}
}

// TestTTEvalOnly: an entry that holds only a static eval (TTEvalStore)
// reads back with bound none and no value, is the first one replaced in its
// bucket, and a searched result of the same key replaces it, move and all.
func TestTTEvalOnly(t *testing.T) {
	tt := NewTT(1)
	keys := oneBucketKeys(tt, 9)
	tt.store(keys[0], position.MoveNone, valueNone, -41, ttDepthUnsearched, BoundNone, false)
	d, hit := tt.probe(keys[0])
	if !hit || d.move != position.MoveNone || d.value != valueNone || d.eval != -41 || d.depth != ttDepthUnsearched || d.bound != BoundNone {
		t.Fatalf("eval-only entry reads %+v %v", d, hit)
	}
	if d.bound&boundFor(true) != 0 || d.bound&boundFor(false) != 0 {
		t.Fatal("an eval-only entry passes a bound test")
	}
	// Quiescence entries (depth -1) in the other three slots: the
	// eval-only entry is the victim of a fifth key.
	for i := 1; i < 4; i++ {
		tt.store(keys[i], 1, 0, 0, -1, BoundUpper, false)
	}
	tt.store(keys[4], 1, 0, 0, -1, BoundUpper, false)
	checkHits(t, tt, keys, [5]bool{false, true, true, true, true})
	// A search's result replaces the eval-only entry of its key.
	tt.Clear()
	tt.store(keys[0], position.MoveNone, valueNone, 17, ttDepthUnsearched, BoundNone, false)
	tt.store(keys[0], 0x0456, 230, 17, 3, BoundLower, false)
	if d, _ := tt.probe(keys[0]); d.move != 0x0456 || d.value != 230 || d.depth != 3 || d.bound != BoundLower || d.eval != 17 {
		t.Fatalf("searched store over the eval-only entry: %+v", d)
	}
}

// TestTTConcurrent hammers one small table from several goroutines; under
// -race it proves the access protocol race-free, and every hit must be
// consistent (data stored for exactly that key).
func TestTTConcurrent(t *testing.T) {
	tt := NewTT(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20000; i++ {
				key := position.Key(uint64(i%512) * 0x9E3779B97F4A7C15)
				// The move is derived from the key, so a torn entry would show.
				m := position.Move(uint64(key)>>48) | 1
				if d, hit := tt.probe(key); hit && d.move != m {
					t.Errorf("key %x: move %x, want %x", key, d.move, m)
					return
				}
				tt.store(key, m, position.Value(g), 0, i%20, BoundExact, false)
			}
		}(g)
	}
	wg.Wait()
}

// TestTTPVFlag: the PV flag survives packing beside every other field, a
// probe that refreshes the entry's age keeps it, a later store without it
// clears it, and the generation wraps at 32 searches without touching it.
func TestTTPVFlag(t *testing.T) {
	tt := NewTT(1)
	key := position.Key(0x0FEDCBA987654321)
	tt.store(key, 0x2345, position.MatedIn(4), -1200, 90, BoundUpper, true)
	d, hit := tt.probe(key)
	if !hit || !d.pv || d.move != 0x2345 || d.value != position.MatedIn(4) || d.eval != -1200 || d.depth != 90 || d.bound != BoundUpper {
		t.Fatalf("probe: %+v %v", d, hit)
	}
	for i := 0; i < 31; i++ {
		tt.NewSearch()
	}
	if tt.generation != 31 {
		t.Fatalf("generation %d after 31 searches, want 31", tt.generation)
	}
	if d, _ = tt.probe(key); !d.pv || d.bound != BoundUpper || d.depth != 90 {
		t.Fatalf("probe in generation 31 (refreshing the age): %+v", d)
	}
	if gen := uint8(tt.entries[(uint64(key)&tt.mask)*bucketSize].data.Load() >> genShift); gen != 31 {
		t.Fatalf("the entry's generation is %d after the refreshing probe, want 31", gen)
	}
	tt.NewSearch()
	if tt.generation != 0 {
		t.Fatalf("generation %d after 32 searches, want 0 (5 bits)", tt.generation)
	}
	tt.store(key, 0x2345, 15, -1200, 91, BoundLower, false)
	if d, _ = tt.probe(key); d.pv || d.value != 15 || d.bound != BoundLower || d.depth != 91 {
		t.Fatalf("store without the flag: %+v", d)
	}
	if got := pack(0, 0, 0, -depthOffset, BoundNone, true, 0); got != pvBit {
		t.Fatalf("pack of the flag alone = %#x, want %#x", got, pvBit)
	}
	if got := pack(0, 0, 0, -depthOffset, BoundExact, false, 31); got != 3<<56|31<<genShift {
		t.Fatalf("pack of bound and generation = %#x", got)
	}
}

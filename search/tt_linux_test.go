// The TT's memory on Linux: length, zeroing and 2 MiB alignment of newEntries.
package search

import (
	"testing"
	"unsafe"
)

func TestNewEntriesAligned(t *testing.T) {
	for _, n := range []int{4, hugePage/TTEntrySize - 4, hugePage / TTEntrySize, 1 << 20, 3 << 17} {
		e := newEntries(n)
		if len(e) != n || cap(e) != n {
			t.Fatalf("newEntries(%d): len %d cap %d", n, len(e), cap(e))
		}
		addr := uintptr(unsafe.Pointer(&e[0]))
		if n*TTEntrySize >= hugePage && addr%hugePage != 0 {
			t.Errorf("newEntries(%d) starts at %#x, not on a 2 MiB boundary", n, addr)
		}
		for i := range e {
			if e[i].data.Load() != 0 || e[i].check.Load() != 0 {
				t.Fatalf("newEntries(%d): entry %d not zero", n, i)
			}
		}
	}
	// A table written, cleared and resized reads as empty.
	tt := NewTT(4)
	tt.store(12345, 1, 2, 3, 4, BoundExact, false)
	tt.Resize(2)
	if _, hit := tt.probe(12345); hit {
		t.Error("hit after Resize")
	}
	if tt.SizeBytes() != 2<<20 {
		t.Errorf("Resize(2): %d bytes", tt.SizeBytes())
	}
}

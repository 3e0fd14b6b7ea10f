// The TT's memory on Linux: aligned to 2 MiB and advised for transparent huge pages.

package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of an amd64/arm64 transparent huge page.
const hugePage = 2 << 20

// madvHugepage is MADV_HUGEPAGE (14 on every Linux architecture).
const madvHugepage = 14

// newEntries returns n zero entries. A table of at least one huge page
// starts on a 2 MiB boundary and is advised MADV_HUGEPAGE, so that where
// the kernel's transparent huge pages are "madvise" or "always" it is
// backed by 2 MiB pages: a probe at a random bucket then misses the TLB
// far less often than with 4 KiB pages (a 16 MiB table spans 4,096 of
// those). The advice is a hint: if the kernel refuses it, the table works
// the same with small pages.
func newEntries(n int) []ttEntry {
	size := n * TTEntrySize
	if size < hugePage {
		return make([]ttEntry, n)
	}
	extra := hugePage / TTEntrySize
	all := make([]ttEntry, n+extra)
	off := 0
	if r := uintptr(unsafe.Pointer(&all[0])) % hugePage; r != 0 {
		off = int(hugePage-r) / TTEntrySize
	}
	e := all[off : off+n : off+n]
	mem := unsafe.Slice((*byte)(unsafe.Pointer(&e[0])), size)
	_ = syscall.Madvise(mem, madvHugepage)
	return e
}

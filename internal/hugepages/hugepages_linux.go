// Transparent huge pages by madvise (Linux).
package hugepages

import (
	"syscall"
	"unsafe"
)

// Advise asks the kernel to back the whole 2 MiB pages inside s's memory
// (its capacity) with transparent huge pages (madvise MADV_HUGEPAGE). It is
// a hint: errors are ignored, a kernel with THP off ignores it, and buffers
// under 4 MiB are left alone. Call it before the memory is first written.
func Advise[T any](s []T) {
	const huge = 2 << 20
	var zero T
	n := uintptr(cap(s)) * unsafe.Sizeof(zero)
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

// The TT prefetch on amd64: one PREFETCHT0 instruction in assembly.

//go:build amd64 && !purego

package search

import "dualnnue/position"

// touch asks the CPU to bring key's bucket into the cache without waiting
// for it, so that the cache miss overlaps the work between a DoMove and the
// child's probe. It returns 0 (the signature is the one of the portable
// touch in prefetch_other.go, whose load must be kept alive).
func (t *TT) touch(key position.Key) uint64 {
	prefetch(&t.entries[(uint64(key)&t.mask)*bucketSize])
	return 0
}

// prefetch is PREFETCHT0 of addr's cache line: the instructions that
// follow go on while the line arrives, where a load would hold them up once
// the reorder buffer fills. A hint only: it never faults and changes no
// value.
//
//go:noescape
func prefetch(addr *ttEntry)

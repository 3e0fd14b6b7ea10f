// The TT prefetch elsewhere: an atomic load (Go has no prefetch intrinsic).

//go:build !amd64 || purego

package search

import "dualnnue/position"

// touch loads the first word of key's bucket so that the cache miss
// overlaps the work between a DoMove and the child's probe (Go has no
// prefetch instruction; an atomic load the compiler cannot drop comes
// closest, though an out-of-order CPU stalls on it once its reorder buffer
// fills). The result is returned for the caller to discard.
func (t *TT) touch(key position.Key) uint64 {
	return t.entries[(uint64(key)&t.mask)*bucketSize].data.Load()
}

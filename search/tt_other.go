// The TT's memory outside Linux: a plain slice.

//go:build !linux

package search

// newEntries returns n zero entries.
func newEntries(n int) []ttEntry { return make([]ttEntry, n) }

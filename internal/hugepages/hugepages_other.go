//go:build !linux

// Transparent huge pages: nothing to do outside Linux.
package hugepages

// Advise does nothing outside Linux.
func Advise[T any](s []T) {}

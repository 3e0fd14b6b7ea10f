//go:build !linux

// Package hugepages asks the kernel for transparent huge pages behind large buffers.
package hugepages

// Advise does nothing outside Linux.
func Advise[T any](s []T) {}

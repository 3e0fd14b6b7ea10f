//go:build !linux

// Physical memory size where it is not known: no check.
package uci

// physicalMiB returns 0: unknown.
func physicalMiB() int { return 0 }

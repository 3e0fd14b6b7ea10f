//go:build linux

// Thread CPU time for tests and benchmarks on a shared machine (Linux).
package search_test

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user+system) of the calling OS thread;
// the caller locks its goroutine to the thread.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// CPU-time clocks for the benchmarks (the shared machine's load distorts wall time).

//go:build linux

package nn_test

import (
	"syscall"
	"time"
)

// threadCPU returns the calling thread's user+system CPU time
// (RUSAGE_THREAD); callers lock the goroutine to its thread.
func threadCPU() time.Duration { return rusage(1) }

// processCPU returns the process's user+system CPU time (RUSAGE_SELF).
func processCPU() time.Duration { return rusage(syscall.RUSAGE_SELF) }

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Thread CPU time for benchmarks on a shared machine (Linux).
package xiangqi

import "syscall"

// threadCPUSeconds returns the CPU time (user+system) of the calling OS
// thread; the caller locks its goroutine to the thread.
func threadCPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

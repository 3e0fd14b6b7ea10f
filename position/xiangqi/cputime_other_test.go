//go:build !linux

// Thread CPU time for benchmarks: unavailable off Linux.
package xiangqi

func threadCPUSeconds() float64 { return 0 }

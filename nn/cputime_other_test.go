// CPU-time clocks are Linux-only; elsewhere the benchmarks report wall time only.

//go:build !linux

package nn_test

import "time"

func threadCPU() time.Duration  { return 0 }
func processCPU() time.Duration { return 0 }

//go:build !linux

// Thread CPU time fallback: none (callers then use wall time).
package search_test

import "time"

func threadCPU() time.Duration { return 0 }

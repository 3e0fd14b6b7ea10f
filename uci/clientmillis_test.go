package uci

import (
	"math"
	"testing"
	"time"
)

// TestClientMillis: client times are clamped to [0, a year], so a huge
// "wtime" is a long clock, never an overflowed negative or tiny one.
func TestClientMillis(t *testing.T) {
	year := 365 * 24 * time.Hour
	for _, c := range []struct {
		ms   int64
		want time.Duration
	}{
		{-5, 0}, {0, 0}, {1500, 1500 * time.Millisecond},
		{math.MaxInt64, year}, {math.MaxInt64 / 1000, year}, {1 << 53, year},
	} {
		if got := clientMillis(c.ms); got != c.want {
			t.Errorf("clientMillis(%d) = %v, want %v", c.ms, got, c.want)
		}
	}
}

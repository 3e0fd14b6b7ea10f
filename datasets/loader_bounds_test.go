// Issue 24 N1: the loader's shuffle buffer and worker count have bounds,
// and the buffer holds no more than the data.
package datasets

import (
	"math"
	"runtime"
	"testing"

	"dualnnue/position"
)

// TestLoaderBounds: a shuffle buffer or worker count of 2^63−1 (a Go panic
// before) or below 0 is an error naming the range; a buffer of 5·10^7 over
// a small file (4.1 GB before) holds only the file's positions: the
// loader's effective buffer is exactly the blocks' record count, one pass
// hands out every position once, and the whole pass allocates less than
// 64 MiB (the old buffer alone was 5·10^7·SampleBytes = 3.7 GiB).
func TestLoaderBounds(t *testing.T) {
	files := writeShards(t, position.Chess, 2, 20, fullGen)
	var records int64
	for _, f := range files {
		var st Stats
		if err := st.Add(f); err != nil {
			t.Fatal(err)
		}
		records += st.Positions
	}
	for _, c := range []struct {
		cfg  LoaderConfig
		want string
	}{
		{LoaderConfig{ShuffleBuffer: math.MaxInt}, "datasets: shuffle buffer 9223372036854775807 out of range [0, 134217728] (0: 1048576)"},
		{LoaderConfig{ShuffleBuffer: MaxShuffleBuffer + 1}, "datasets: shuffle buffer 134217729 out of range [0, 134217728] (0: 1048576)"},
		{LoaderConfig{ShuffleBuffer: -1}, "datasets: shuffle buffer -1 out of range [0, 134217728] (0: 1048576)"},
		{LoaderConfig{Workers: math.MaxInt}, "datasets: loader workers 9223372036854775807 out of range [0, 256] (0: one per core)"},
		{LoaderConfig{Workers: -1}, "datasets: loader workers -1 out of range [0, 256] (0: one per core)"},
	} {
		c.cfg.Files = files
		l, err := NewLoader(c.cfg)
		if err == nil {
			l.Close()
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
	for _, buf := range []int{50_000_000, MaxShuffleBuffer, 0, 100} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l, err := NewLoader(LoaderConfig{Files: files, BatchSize: 64, ShuffleBuffer: buf, Workers: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := min(int64(buf), records)
		if buf == 0 {
			want = min(1<<20, records)
		}
		if int64(l.cfg.ShuffleBuffer) != want {
			t.Errorf("shuffle buffer %d over %d positions: holds %d, want %d", buf, records, l.cfg.ShuffleBuffer, want)
		}
		n := int64(0)
		for b, ok := l.Next(); ok; b, ok = l.Next() {
			n += int64(b.Len)
		}
		if err := l.Err(); err != nil {
			t.Fatal(err)
		}
		l.Close()
		runtime.ReadMemStats(&after)
		if n != records {
			t.Errorf("shuffle buffer %d: one pass handed out %d positions, want %d", buf, n, records)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 64<<20 {
			t.Errorf("shuffle buffer %d over %d positions: %d bytes allocated", buf, records, a)
		}
	}
}

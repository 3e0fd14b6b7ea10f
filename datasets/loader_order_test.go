package datasets

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"dualnnue/internal/splitmix"
	"dualnnue/position"
)

// refShuffle is the loader's windowed shuffle written plainly (see
// Loader.shuffle): fill a window of size positions, permute it with the
// permutation of its ordinal, hand it out in order while the next window
// takes the handed-out slots, and at the end hand out the rest of the
// window, then the next window's arrivals permuted.
func refShuffle(seq []Sample, size int, seed uint64) []Sample {
	permute := func(buf []Sample, w int64) {
		rng := splitmix.Hash(splitmix.Hash(seed^0xA5A5A5A5A5A5A5A5) ^ uint64(w))
		for i := len(buf) - 1; i > 0; i-- {
			j := int(splitmix.Next(&rng) % uint64(i+1))
			buf[i], buf[j] = buf[j], buf[i]
		}
	}
	var out []Sample
	buf := slices.Clone(seq[:min(size, len(seq))])
	if len(buf) < size {
		permute(buf, 0)
		return append(out, buf...)
	}
	window := int64(0)
	permute(buf, window)
	e := 0
	for _, s := range seq[size:] {
		out = append(out, buf[e])
		buf[e] = s
		if e++; e == size {
			window, e = window+1, 0
			permute(buf, window)
		}
	}
	out = append(out, buf[e:]...)
	permute(buf[:e], window+1)
	return append(out, buf[:e]...)
}

// TestLoaderOrder pins the order a one-worker loader hands out positions
// in: the plain windowed shuffle above over the file's positions, with the
// window ending mid-way, exactly at the end, and larger than the data.
func TestLoaderOrder(t *testing.T) {
	g := position.Chess
	games := randomGames(t, g, 30, 41, genOptions{maxPlies: 60, book: true})
	path := filepath.Join(t.TempDir(), "order.dnds")
	if err := os.WriteFile(path, writeGames(t, g, games, &WriterOptions{BlockSize: 2048}), 0o644); err != nil {
		t.Fatal(err)
	}
	var seq []Sample
	if _, err := ReadSamples([]string{path}, g, &Filter{}, func(s *Sample) error {
		c := *s
		c.Game = 0
		seq = append(seq, c)
		return nil
	}, nil); err != nil {
		t.Fatal(err)
	}
	n := len(seq)
	if n < 500 {
		t.Fatalf("only %d positions", n)
	}
	for _, size := range []int{97, n / 2, n, 3 * n} {
		l, err := NewLoader(LoaderConfig{Files: []string{path}, BatchSize: 13, ShuffleBuffer: size, Workers: 1, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		var got Batch
		for b, ok := l.Next(); ok; b, ok = l.Next() {
			for i := 0; i < b.Len; i++ {
				stm, nstm, score, result, bucket := b.Position(i)
				got.Add(stm, nstm, score, result, uint8(bucket))
			}
		}
		l.Close()
		want := newBatch(n)
		for _, s := range refShuffle(seq, size, 9) {
			want.addSample(&s, &l.format)
		}
		if got.Len != n || !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Stm, want.Stm) ||
			!slices.Equal(got.Nstm, want.Nstm) || !slices.Equal(got.Score, want.Score) || !slices.Equal(got.Result, want.Result) {
			t.Errorf("shuffle buffer %d: the loader's %d positions are not the reference order of %d", size, got.Len, n)
		}
	}
}

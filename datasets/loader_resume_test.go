// Loader resume: a loader started from another's State hands out exactly
// the batches the first would have handed out next, reading only the
// blocks of the last two shuffle windows.
package datasets

import (
	"dualnnue/position"
	"encoding/json"
	"strings"
	"testing"
)

// batchKeys returns the sample keys of b in order.
func batchKeys(b *Batch) []string {
	out := make([]string, b.Len)
	for i := range out {
		lo, hi := b.Offsets[i], b.Offsets[i+1]
		out[i] = sampleKey(b.Stm[lo:hi], b.Nstm[lo:hi], b.Score[i], b.Result[i])
	}
	return out
}

func TestLoaderResumeExact(t *testing.T) {
	for _, g := range bothGames {
		t.Run(g.String(), func(t *testing.T) {
			files := writeShards(t, g, 3, 30, fullGen)
			cfg := LoaderConfig{Files: files, BatchSize: 97, ShuffleBuffer: 700, Workers: 1, Loop: true, Seed: 5,
				Filter: Filter{SkipInCheck: true, RandomSkip: 0.25}}
			l, err := NewLoader(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			if _, ok := l.State(); ok {
				t.Fatal("a state before the first batch")
			}
			// Several passes over the ~ 3 × 30 games' positions.
			const total = 400
			var batches [][]string
			states := map[int]LoaderState{}
			decoded := map[int]int64{}
			for i := 0; i < total; i++ {
				b, ok := l.Next()
				if !ok {
					t.Fatalf("loader ended at batch %d: %v", i, l.Err())
				}
				batches = append(batches, batchKeys(b))
				st, ok := l.State()
				if !ok {
					t.Fatalf("no state after batch %d", i)
				}
				states[i+1] = st
				decoded[i+1] = l.Decoded()
			}
			passes := states[total].Pass
			if passes < 3 {
				t.Fatalf("only %d passes over the files in %d batches", passes, total)
			}
			tried := 0
			for _, at := range []int{1, 7, 8, 50, 123, 251, 300} {
				st := states[at]
				// Through JSON, as a checkpoint keeps it.
				js, err := json.Marshal(st)
				if err != nil {
					t.Fatal(err)
				}
				var back LoaderState
				if err := json.Unmarshal(js, &back); err != nil || back != st {
					t.Fatalf("state %+v through JSON: %+v, %v", st, back, err)
				}
				c := cfg
				c.Start = &back
				r, err := NewLoader(c)
				if err != nil {
					t.Fatal(err)
				}
				for i := at; i < min(at+60, total); i++ {
					b, ok := r.Next()
					if !ok {
						t.Fatalf("resumed loader ended: %v", r.Err())
					}
					if got, want := strings.Join(batchKeys(b), "|"), strings.Join(batches[i], "|"); got != want {
						t.Fatalf("resumed after batch %d (%+v): batch %d differs", at, st, i+1)
					}
					if i == at {
						// Before its first batch the resumed loader decoded
						// the records of at most two windows of 700
						// positions and the blocks in flight, never those
						// the first loader read before them.
						d := r.Decoded()
						t.Logf("resumed after batch %d (pass %d): %d records decoded before the first batch, the first loader %d", at, st.Pass, d, decoded[at])
						if at > 100 && d >= decoded[at]/2 {
							t.Fatalf("resumed after batch %d: decoded %d records, the first loader %d by then", at, d, decoded[at])
						}
					}
				}
				if st2, _ := r.State(); st2 != states[min(at+60, total)] {
					t.Fatalf("resumed loader's state %+v, want %+v", st2, states[min(at+60, total)])
				}
				r.Close()
				tried++
			}
			if tried != 7 {
				t.Fatal(tried)
			}
		})
	}
}

// TestLoaderResumeRefused: a state that does not fit the files is an error
// (wrong path, no block at the offset), never a silently different stream.
func TestLoaderResumeRefused(t *testing.T) {
	files := writeShards(t, position.Chess, 2, 10, fullGen)
	cfg := LoaderConfig{Files: files, BatchSize: 50, ShuffleBuffer: 200, Workers: 1, Loop: true, Seed: 1}
	l, err := NewLoader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if _, ok := l.Next(); !ok {
			t.Fatal(l.Err())
		}
	}
	st, _ := l.State()
	l.Close()

	bad := st
	bad.Path = "elsewhere.dnds"
	c := cfg
	c.Start = &bad
	if _, err := NewLoader(c); err == nil || !strings.Contains(err.Error(), "the data files changed") {
		t.Fatalf("another path: %v", err)
	}
	bad = st
	bad.Emitted = 200
	c.Start = &bad
	if _, err := NewLoader(c); err == nil || !strings.Contains(err.Error(), "impossible") {
		t.Fatalf("emitted = buffer size: %v", err)
	}
	bad = st
	bad.Offset++
	c.Start = &bad
	r, err := NewLoader(c)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, ok := r.Next(); ok {
		t.Fatal("a batch from a state whose block is not there")
	}
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "the file changed") {
		t.Fatalf("offset off by one: %v", err)
	}
}

// Filter and concurrent-writer tests.
package datasets

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"dualnnue/position"
)

func TestFilters(t *testing.T) {
	for _, g := range bothGames {
		games := randomGames(t, g, 80, 31+uint64(g), fullGen)
		data := writeGames(t, g, games, nil)
		type rec struct {
			inCheck, capture, bestCapture bool
			ply                           int
			score                         position.Value
		}
		var all []rec
		r, _ := NewReader(bytes.NewReader(data), nil)
		for r.Next() {
			p, x := r.Position(), r.Record()
			all = append(all, rec{p.State().InCheck, x.Move != position.MoveNone && p.IsCapture(x.Move), p.IsCapture(x.Best) && x.Best != position.MoveNone, p.State().GamePly, x.Score})
		}
		count := func(f Filter) int {
			r, err := NewReader(bytes.NewReader(data), &f)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for r.Next() {
				n++
			}
			return n
		}
		want := func(pred func(rec) bool) int {
			n := 0
			for _, x := range all {
				if pred(x) {
					n++
				}
			}
			return n
		}
		cases := []struct {
			name string
			f    Filter
			keep func(rec) bool
		}{
			{"in check", Filter{SkipInCheck: true}, func(x rec) bool { return !x.inCheck }},
			{"captures", Filter{SkipCaptures: true}, func(x rec) bool { return !x.capture }},
			{"best captures", Filter{SkipBestCaptures: true}, func(x rec) bool { return !x.bestCapture }},
			{"min ply", Filter{MinPly: 16}, func(x rec) bool { return x.ply >= 16 }},
			{"max score", Filter{MaxAbsScore: 300}, func(x rec) bool { return x.score <= 300 && x.score >= -300 }},
			{"all", Filter{SkipInCheck: true, SkipCaptures: true, SkipBestCaptures: true, MinPly: 8, MaxAbsScore: 1000},
				func(x rec) bool {
					return !x.inCheck && !x.capture && !x.bestCapture && x.ply >= 8 && x.score <= 1000 && x.score >= -1000
				}},
		}
		for _, c := range cases {
			if got, w := count(c.f), want(c.keep); got != w || w == len(all) || w == 0 {
				t.Errorf("%v %s: kept %d, want %d of %d", g, c.name, got, w, len(all))
			}
		}
		half := count(Filter{RandomSkip: 0.5, Seed: 9})
		if again := count(Filter{RandomSkip: 0.5, Seed: 9}); again != half || half < len(all)*4/10 || half > len(all)*6/10 {
			t.Errorf("%v random skip 0.5: kept %d then %d of %d", g, half, again, len(all))
		}
		// A probability of 1 (keep nothing) is refused (TestFilterValidate).
	}
}

func TestConcurrentWriter(t *testing.T) {
	g := position.Chess
	games := randomGames(t, g, 64, 77, fullGen)
	var buf bytes.Buffer
	w, err := NewWriter(&buf, g, GeneratorInfo{}, &WriterOptions{BlockSize: 2000})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for k := 0; k < 4; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			for i := k; i < len(games); i += 4 {
				if err := w.WriteGame(&games[i]); err != nil {
					t.Error(err)
				}
			}
		}(k)
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got, probs := readGames(t, buf.Bytes())
	if len(probs) != 0 || len(got) != len(games) {
		t.Fatalf("%d games, problems %v", len(got), probs)
	}
	var a, b []string
	for i := range games {
		a = append(a, fmt.Sprint(normalized(games[i])))
		b = append(b, fmt.Sprint(got[i]))
	}
	sort.Strings(a)
	sort.Strings(b)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("game sets differ")
		}
	}
}

func TestWriterRejectsIllegal(t *testing.T) {
	var buf bytes.Buffer
	w, _ := NewWriter(&buf, position.Chess, GeneratorInfo{}, nil)
	good := randomGames(t, position.Chess, 2, 5, fullGen)
	bad := GameRecord{Plies: []Ply{{Move: mustMove(t, position.Chess, "", "e2e4"), Score: 1}, {Move: mustMove(t, position.Chess, "", "e2e4"), Score: 2}}}
	if err := w.WriteGame(&good[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteGame(&bad); err == nil {
		t.Fatal("illegal move accepted")
	}
	if err := w.WriteGame(&GameRecord{StartFEN: "not a fen", Plies: []Ply{{Score: 1}}}); err == nil {
		t.Fatal("bad FEN accepted")
	}
	if err := w.WriteGame(&GameRecord{Plies: []Ply{{Score: 1}, {Move: mustMove(t, position.Chess, "", "e2e4")}}}); err == nil {
		t.Fatal("move-less ply before the last accepted")
	}
	if err := w.WriteGame(&good[1]); err != nil {
		t.Fatal(err)
	}
	w.Close()
	got, probs := readGames(t, buf.Bytes())
	if len(probs) != 0 || len(got) != 2 || fmt.Sprint(got[1]) != fmt.Sprint(normalized(good[1])) {
		t.Fatalf("after rejected games: %d games, problems %v", len(got), probs)
	}
}

func TestReaderNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, g := range bothGames {
		o := fullGen
		o.fenStarts = false // a FEN start costs a SetFEN per game
		data := writeGames(t, g, randomGames(t, g, 60, 3, o), &WriterOptions{BlockSize: 1 << 20})
		r, err := NewReader(bytes.NewReader(data), &Filter{SkipInCheck: true, RandomSkip: 0.3})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 100; i++ {
			r.Next()
		}
		allocs := testing.AllocsPerRun(2000, func() {
			if !r.Next() {
				t.Fatal("data ended")
			}
		})
		if allocs != 0 {
			t.Fatalf("%v: %.3f allocations per position", g, allocs)
		}
	}
}

// Issue 24 N5: a filter without meaning (a random-skip probability outside
// [0, 1) or NaN, a negative min ply or score limit) is an error from every
// reader (Open, NewReader, ReadSamples, NewLoader), never a silent 0 or an
// empty read.
func TestFilterValidate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.dnds")
	w, err := Create(path, position.Chess, GeneratorInfo{}, &WriterOptions{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    Filter
		want string
	}{
		{Filter{RandomSkip: 1e9}, "datasets: filter: random skip 1e+09 out of range [0, 1) (the probability of skipping a position)"},
		{Filter{RandomSkip: 1}, "datasets: filter: random skip 1 out of range [0, 1) (the probability of skipping a position)"},
		{Filter{RandomSkip: -0.25}, "datasets: filter: random skip -0.25 out of range [0, 1) (the probability of skipping a position)"},
		{Filter{RandomSkip: math.NaN()}, "datasets: filter: random skip NaN out of range [0, 1) (the probability of skipping a position)"},
		{Filter{MinPly: -1}, "datasets: filter: min ply -1 is negative"},
		{Filter{MaxAbsScore: -1}, "datasets: filter: max abs score -1 is negative (0: no limit)"},
	} {
		if err := c.f.Validate(); fmt.Sprint(err) != c.want {
			t.Errorf("%+v: Validate %v, want %q", c.f, err, c.want)
		}
		if _, err := Open(path, &c.f); fmt.Sprint(err) != c.want {
			t.Errorf("%+v: Open %v", c.f, err)
		}
		if _, err := NewReader(bytes.NewReader(nil), &c.f); fmt.Sprint(err) != c.want {
			t.Errorf("%+v: NewReader %v", c.f, err)
		}
		if _, err := ReadSamples([]string{path}, position.Chess, &c.f, func(*Sample) error { return nil }, nil); fmt.Sprint(err) != c.want {
			t.Errorf("%+v: ReadSamples %v", c.f, err)
		}
		if _, err := NewLoader(LoaderConfig{Files: []string{path}, Filter: c.f}); fmt.Sprint(err) != c.want {
			t.Errorf("%+v: NewLoader %v", c.f, err)
		}
	}
	for _, f := range []Filter{{}, {RandomSkip: 0.999, MinPly: 4, MaxAbsScore: 3000}} {
		if err := f.Validate(); err != nil {
			t.Errorf("%+v: %v", f, err)
		}
	}
}

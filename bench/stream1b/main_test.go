package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/datasets"
)

// src is a real dataset of the repository: 12 chess games, 1,038 positions.
var src = filepath.Join("..", "..", "datasets", "testdata", "v1-chess.dnds")

// defaultFilter is the filter flags' defaults (the trainer configs' filter).
var defaultFilter = datasets.Filter{SkipInCheck: true, SkipBestCaptures: true, MaxAbsScore: 3000}

// gameKeyOf identifies a game by its start and moves.
func gameKeyOf(g *datasets.GameRecord) string {
	var b strings.Builder
	fmt.Fprint(&b, g.StartFEN, g.Book, g.Result)
	for _, p := range g.Plies {
		fmt.Fprint(&b, p.Move, p.Best, p.Score)
	}
	return b.String()
}

func readAll(t *testing.T, path string, f *datasets.Filter) (games []datasets.GameRecord, positions int) {
	t.Helper()
	r, err := datasets.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var g datasets.GameRecord
	for r.NextGame(&g) {
		games = append(games, datasets.GameRecord{StartFEN: g.StartFEN, Result: g.Result,
			Book: append(g.Book[:0:0], g.Book...), Plies: append(g.Plies[:0:0], g.Plies...)})
	}
	if err := r.Err(); err != nil || len(r.Problems()) > 0 {
		t.Fatalf("%s: %v %v", path, err, r.Problems())
	}
	r.Close()
	if f != nil {
		r, err := datasets.Open(path, f)
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			positions++
		}
		r.Close()
	}
	return games, positions
}

func TestShards(t *testing.T) {
	srcGames, srcKept := readAll(t, src, &defaultFilter)
	if len(srcGames) != 12 || srcKept != 754 {
		t.Fatalf("source: %d games, %d pass the filter; want 12, 754", len(srcGames), srcKept)
	}
	dir := t.TempDir()
	var out bytes.Buffer
	if err := shardsCmd([]string{"-o", dir, "-positions", "4000", "-shards", "3", "-seed", "7", src}, &out); err != nil {
		t.Fatal(err)
	}
	want := "stream1b: 3 shards in " + dir + ": 4000 positions (45 games; 2920 pass the filter), "
	if !strings.HasPrefix(out.String(), want) {
		t.Fatalf("output %q, want it to start %q", out.String(), want)
	}
	sourceKeys := map[string]int{}
	for i := range srcGames {
		sourceKeys[gameKeyOf(&srcGames[i])]++
	}
	kept, firsts := 0, map[string]bool{}
	for i, n := range []int{1334, 1333, 1333} {
		path := filepath.Join(dir, shardName(i))
		games, k := readAll(t, path, &defaultFilter)
		kept += k
		pos := 0
		for j := range games {
			pos += len(games[j].Plies)
		}
		if pos != n {
			t.Errorf("shard %d: %d positions, want %d", i, pos, n)
		}
		// The first 12 games are a permutation of the source's; the rest
		// begin the next permutation, the last one cut.
		seen := map[string]int{}
		for j := range games[:12] {
			seen[gameKeyOf(&games[j])]++
		}
		if fmt.Sprint(seen) != fmt.Sprint(sourceKeys) {
			t.Errorf("shard %d: its first 12 games are not a permutation of the source's", i)
		}
		firsts[gameKeyOf(&games[0])+gameKeyOf(&games[1])] = true
	}
	if kept != 2920 {
		t.Errorf("the shards hold %d positions that pass the filter, the manifest says 2920", kept)
	}
	if len(firsts) != 3 {
		t.Errorf("shards start with the same games: not different shuffles")
	}
	m, err := os.ReadFile(filepath.Join(dir, "manifest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	wantM := "sources=v1-chess.dnds\nsource_games=12\nsource_positions=1038\nseed=7\nshards=3\npositions=4000\ngames=45\nkept=2920\n"
	if !strings.HasPrefix(string(m), wantM) {
		t.Errorf("manifest:\n%s\nwant it to start\n%s", m, wantM)
	}

	// The loader, one pass with the same filter, hands out exactly the
	// positions the manifest counts.
	files, _ := filepath.Glob(filepath.Join(dir, "shard-*.dnds"))
	st, err := runLoader(datasets.LoaderConfig{Files: files, BatchSize: 64, ShuffleBuffer: 1000, Workers: 2, Filter: defaultFilter, Seed: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if st.decoded != 4000 || st.emitted != 2920 {
		t.Errorf("loader: %d decoded, %d passed; want 4000, 2920", st.decoded, st.emitted)
	}

	// The same seed writes the same bytes; another seed other shuffles.
	again := t.TempDir()
	if err := shardsCmd([]string{"-o", again, "-positions", "4000", "-shards", "3", "-seed", "7", "-workers", "1", src}, &out); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	if err := shardsCmd([]string{"-o", other, "-positions", "4000", "-shards", "3", "-seed", "8", src}, &out); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		a, _ := os.ReadFile(filepath.Join(dir, shardName(i)))
		b, _ := os.ReadFile(filepath.Join(again, shardName(i)))
		c, _ := os.ReadFile(filepath.Join(other, shardName(i)))
		if !bytes.Equal(a, b) {
			t.Errorf("shard %d differs between two runs with seed 7", i)
		}
		if bytes.Equal(a, c) {
			t.Errorf("shard %d is the same with seeds 7 and 8", i)
		}
	}
}

func TestShardsErrors(t *testing.T) {
	dir := t.TempDir()
	damaged := filepath.Join(dir, "damaged.dnds")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(damaged, data[:len(data)-100], 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-positions", "10", src}, "-o DIR is required"},
		{[]string{"-o", out, "-positions", "2", "-shards", "3", src}, "-positions 2 is fewer than one per shard (-shards 3)"},
		{[]string{"-o", out, "-shards", "0", src}, "-shards 0 out of range [1, 100000]"},
		{[]string{"-o", out, "-workers", "0", src}, "-workers 0 must be at least 1"},
		{[]string{"-o", out}, "no input datasets"},
		{[]string{"-o", out, "-max-abs-score", "-1", src}, "max abs score -1 is negative"},
		{[]string{"-o", out, "-positions", "10", "-shards", "1", damaged}, "refusing damaged input"},
		{[]string{"-o", out, "-positions", "10", "-shards", "1", filepath.Join(dir, "missing.dnds")}, "no such file"},
	} {
		err := shardsCmd(c.args, new(bytes.Buffer))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("shards %v: error %v, want one containing %q", c.args, err, c.want)
		}
	}
	// An existing shard is never overwritten.
	if err := shardsCmd([]string{"-o", out, "-positions", "10", "-shards", "1", src}, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	err = shardsCmd([]string{"-o", out, "-positions", "10", "-shards", "1", src}, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("second run into the same directory: error %v, want one saying the shard exists", err)
	}
}

func TestLoaderCmd(t *testing.T) {
	var out bytes.Buffer
	if err := loaderCmd([]string{"-features", "chess-ps768-hm", "-workers", "2", src}, &out); err != nil {
		t.Fatal(err)
	}
	want := "stream1b loader: 2 workers, 1038 positions decoded, 754 handed out, "
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("output %q, want it to start %q", out.String(), want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no dataset files"},
		{[]string{"-limit", "-1", src}, "-limit -1 is negative"},
		{[]string{"-features", "nope", src}, "nope"},
		{[]string{"-features", "xiangqi-ps1260", src}, "the data is chess"},
	} {
		err := loaderCmd(c.args, new(bytes.Buffer))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("loader %v: error %v, want one containing %q", c.args, err, c.want)
		}
	}
}

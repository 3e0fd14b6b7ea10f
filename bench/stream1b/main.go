package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"dualnnue/datasets"
	"dualnnue/internal/splitmix"
	"dualnnue/nn/features"
	"dualnnue/position"
)

func main() {
	if len(os.Args) < 2 {
		usage(os.Stderr)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "shards":
		err = shardsCmd(os.Args[2:], os.Stdout)
	case "loader":
		err = loaderCmd(os.Args[2:], os.Stdout)
	case "-h", "-help", "help":
		usage(os.Stdout)
		return
	default:
		fmt.Fprintf(os.Stderr, "stream1b: unknown command %q\n", os.Args[1])
		usage(os.Stderr)
		os.Exit(2)
	}
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "stream1b:", err)
		os.Exit(1)
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: stream1b shards -o DIR -positions N -shards K -seed S [filter flags] FILE.dnds...")
	fmt.Fprintln(w, "       stream1b loader [-features NAME] [-workers W] [-limit N] [-shuffle N] [filter flags] FILE.dnds...")
}

// filterFlags adds the trainer's filter settings to fs (defaults: those of
// configs/train-*.toml).
func filterFlags(fs *flag.FlagSet) *datasets.Filter {
	f := &datasets.Filter{}
	fs.BoolVar(&f.SkipInCheck, "skip-in-check", true, "skip positions whose side to move is in check")
	fs.BoolVar(&f.SkipCaptures, "skip-captures", false, "skip positions whose move played captures")
	fs.BoolVar(&f.SkipBestCaptures, "skip-best-captures", true, "skip positions whose best move captures")
	fs.IntVar(&f.MaxAbsScore, "max-abs-score", 3000, "skip |score| above this many centipawns (0: no limit)")
	fs.IntVar(&f.MinPly, "min-ply", 0, "skip positions before this game ply")
	return f
}

// source is the input games with, per game, how many of its first k plies
// pass the filter (kept[i][k]).
type source struct {
	game  position.Variant
	info  datasets.GeneratorInfo
	games []datasets.GameRecord
	kept  [][]int32
}

// gameKey names a game by its file, block and ordinal in the block.
type gameKey struct{ file, block, game int }

// readSource reads the games of files (one game; damaged files are refused)
// and counts the positions of each that pass f, by reading the files again
// through a Reader with the filter, so that the count is the loader's.
func readSource(files []string, f *datasets.Filter) (*source, error) {
	if len(files) == 0 {
		return nil, errors.New("no input datasets")
	}
	src := &source{}
	index := map[gameKey]int{}
	for fi, path := range files {
		r, err := datasets.Open(path, nil)
		if err != nil {
			return nil, err
		}
		if fi == 0 {
			src.game, src.info = r.Header().Game, r.Header().Generator
		} else if r.Header().Game != src.game {
			r.Close()
			return nil, fmt.Errorf("%s holds %v, %s holds %v", files[0], src.game, path, r.Header().Game)
		}
		lastBlock, inBlock := -1, 0
		var g datasets.GameRecord
		for r.NextGame(&g) {
			_, blk, _ := r.Scanner().Block()
			if blk != lastBlock {
				lastBlock, inBlock = blk, 0
			}
			index[gameKey{fi, blk, inBlock}] = len(src.games)
			inBlock++
			src.games = append(src.games, datasets.GameRecord{StartFEN: g.StartFEN, Result: g.Result,
				Book: append([]position.Move(nil), g.Book...), Plies: append([]datasets.Ply(nil), g.Plies...)})
		}
		err = r.Err()
		probs := r.Problems()
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(probs) > 0 {
			return nil, fmt.Errorf("%s: %v: refusing damaged input (run selfplay data verify)", path, probs[0])
		}
	}
	plies := 0
	for _, g := range src.games {
		plies += len(g.Plies)
	}
	if plies == 0 {
		return nil, errors.New("the inputs hold no scored positions")
	}
	flags := make([][]bool, len(src.games))
	for i, g := range src.games {
		flags[i] = make([]bool, len(g.Plies))
	}
	for fi, path := range files {
		r, err := datasets.Open(path, f)
		if err != nil {
			return nil, err
		}
		for r.Next() {
			_, blk, _ := r.Scanner().Block()
			rec := r.Record()
			gi, ok := index[gameKey{fi, blk, rec.Game}]
			k := rec.Ply - len(src.games[gi].Book)
			if !ok || k < 0 || k >= len(flags[gi]) {
				r.Close()
				return nil, fmt.Errorf("%s: block %d game %d ply %d: no such position among the games read", path, blk, rec.Game, rec.Ply)
			}
			flags[gi][k] = true
		}
		err = r.Err()
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	src.kept = make([][]int32, len(src.games))
	for i, fl := range flags {
		c := make([]int32, len(fl)+1)
		for k, ok := range fl {
			c[k+1] = c[k]
			if ok {
				c[k+1]++
			}
		}
		src.kept[i] = c
	}
	return src, nil
}

// shardCount is what one shard holds.
type shardCount struct {
	positions, games, kept, bytes int64
}

// shardName is the file name of shard i.
func shardName(i int) string { return fmt.Sprintf("shard-%05d.dnds", i) }

// writeShard writes shard i of the set to path: positions scored positions,
// the games in permutations drawn from seed and i, the last game cut.
func writeShard(src *source, path string, i int, positions int64, seed uint64, sources string) (shardCount, error) {
	info := src.info
	info.Seed = seed
	info.Extra = map[string]string{"stream1b": fmt.Sprintf("shard %d: %d positions, games of %s repeated in permutations from seed %d", i, positions, sources, seed)}
	w, err := datasets.Create(path, src.game, info, &datasets.WriterOptions{NoSync: true})
	if err != nil {
		return shardCount{}, err
	}
	rng := splitmix.Hash(splitmix.Hash(seed^0x5354524541314221) ^ uint64(i))
	order := make([]int, len(src.games))
	var c shardCount
	for c.positions < positions {
		for j := range order {
			order[j] = j
		}
		for j := len(order) - 1; j > 0; j-- {
			k := int(splitmix.Next(&rng) % uint64(j+1))
			order[j], order[k] = order[k], order[j]
		}
		for _, gi := range order {
			if c.positions == positions {
				break
			}
			g := src.games[gi]
			n := int64(len(g.Plies))
			if n == 0 {
				continue
			}
			if rest := positions - c.positions; n > rest {
				n = rest
				g.Plies = g.Plies[:n]
			}
			if err := w.WriteGame(&g); err != nil {
				w.Abort()
				return shardCount{}, fmt.Errorf("%s: %w", path, err)
			}
			c.positions += n
			c.games++
			c.kept += int64(src.kept[gi][n])
		}
	}
	if err := w.Close(); err != nil {
		return shardCount{}, err
	}
	_, _, _, c.bytes = w.Stats()
	return c, nil
}

func shardsCmd(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("stream1b shards", flag.ContinueOnError)
	dir := fs.String("o", "", "output directory (created; shard files must not exist)")
	positions := fs.Int64("positions", 1_000_000_000, "scored positions in all the shards")
	shards := fs.Int("shards", 100, "number of shard files")
	seed := fs.Uint64("seed", 1, "seed of the permutations")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "shards written at once")
	f := filterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *dir == "":
		return errors.New("shards: -o DIR is required")
	case *shards < 1 || *shards > 100000:
		return fmt.Errorf("shards: -shards %d out of range [1, 100000]", *shards)
	case *positions < int64(*shards):
		return fmt.Errorf("shards: -positions %d is fewer than one per shard (-shards %d)", *positions, *shards)
	case *workers < 1:
		return fmt.Errorf("shards: -workers %d must be at least 1", *workers)
	case fs.NArg() == 0:
		return errors.New("shards: no input datasets")
	}
	if err := f.Validate(); err != nil {
		return err
	}
	src, err := readSource(fs.Args(), f)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	var names []string
	for _, p := range fs.Args() {
		names = append(names, filepath.Base(p))
	}
	sources := strings.Join(names, ",")
	counts := make([]shardCount, *shards)
	errs := make([]error, *shards)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(*workers, *shards); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				n := *positions / int64(*shards)
				if int64(i) < *positions%int64(*shards) {
					n++
				}
				counts[i], errs[i] = writeShard(src, filepath.Join(*dir, shardName(i)), i, n, *seed, sources)
			}
		}()
	}
	for i := 0; i < *shards; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	var total shardCount
	for i, c := range counts {
		if errs[i] != nil {
			return errs[i]
		}
		total.positions += c.positions
		total.games += c.games
		total.kept += c.kept
		total.bytes += c.bytes
	}
	srcPos := int64(0)
	for _, g := range src.games {
		srcPos += int64(len(g.Plies))
	}
	m := fmt.Sprintf("sources=%s\nsource_games=%d\nsource_positions=%d\nseed=%d\nshards=%d\npositions=%d\ngames=%d\nkept=%d\nbytes=%d\nfilter=%s\n",
		sources, len(src.games), srcPos, *seed, *shards, total.positions, total.games, total.kept, total.bytes, filterString(f))
	if err := os.WriteFile(filepath.Join(*dir, "manifest.txt"), []byte(m), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "stream1b: %d shards in %s: %d positions (%d games; %d pass the filter), %d bytes (%.3f bytes/position), from %d positions of %s\n",
		*shards, *dir, total.positions, total.games, total.kept, total.bytes, float64(total.bytes)/float64(total.positions), srcPos, sources)
	return nil
}

// filterString writes f as the trainer's config keys.
func filterString(f *datasets.Filter) string {
	return fmt.Sprintf("skip_in_check=%v skip_captures=%v skip_best_captures=%v max_abs_score=%d min_ply=%d",
		f.SkipInCheck, f.SkipCaptures, f.SkipBestCaptures, f.MaxAbsScore, f.MinPly)
}

// cpuTime returns the CPU time (user + system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadStats is what one loader run did.
type loadStats struct {
	decoded, emitted int64
	wall, cpu        time.Duration
}

// runLoader reads files through a one-pass datasets.Loader until the pass
// ends or limit records (0: no limit) are decoded.
func runLoader(cfg datasets.LoaderConfig, limit int64) (loadStats, error) {
	cpu0, t0 := cpuTime(), time.Now()
	l, err := datasets.NewLoader(cfg)
	if err != nil {
		return loadStats{}, err
	}
	var st loadStats
	for limit == 0 || l.Decoded() < limit {
		b, ok := l.Next()
		if !ok {
			break
		}
		st.emitted += int64(b.Len)
	}
	l.Close()
	st.decoded = l.Decoded()
	st.wall, st.cpu = time.Since(t0), cpuTime()-cpu0
	return st, l.Err()
}

func loaderCmd(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("stream1b loader", flag.ContinueOnError)
	name := fs.String("features", "", "feature set of the batches (default: the game's plain set)")
	workers := fs.Int("workers", 1, "decoding goroutines")
	limit := fs.Int64("limit", 0, "stop after about this many decoded positions (0: one pass)")
	shuffle := fs.Int("shuffle", 1<<20, "shuffle buffer (positions)")
	batch := fs.Int("batch", 16384, "batch size")
	seed := fs.Uint64("seed", 1, "loader seed")
	prof := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	f := filterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("loader: no dataset files")
	}
	if *limit < 0 {
		return fmt.Errorf("loader: -limit %d is negative", *limit)
	}
	files := append([]string(nil), fs.Args()...)
	sort.Strings(files)
	var set *features.Set
	if *name != "" {
		var err error
		if set, err = features.ByName(*name); err != nil {
			return err
		}
	}
	if *prof != "" {
		pf, err := os.Create(*prof)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	st, err := runLoader(datasets.LoaderConfig{Files: files, Features: set, BatchSize: *batch, ShuffleBuffer: *shuffle,
		Workers: *workers, Filter: *f, Seed: *seed}, *limit)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "stream1b loader: %d workers, %d positions decoded, %d handed out, %.2f s wall, %.2f s CPU: %.2f M positions/s per core (%.2f M/s wall)\n",
		*workers, st.decoded, st.emitted, st.wall.Seconds(), st.cpu.Seconds(),
		float64(st.decoded)/st.cpu.Seconds()/1e6, float64(st.decoded)/st.wall.Seconds()/1e6)
	return nil
}

// A self-play run: shards, workers, ordered writing, resume, progress.
package selfplay

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"dualnnue/datasets"
	"dualnnue/internal/progress"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/search"
	"dualnnue/variants"
)

// Options are how a run reports (not part of the data's identity).
type Options struct {
	// Progress receives a progress bar when it is a terminal, and a plain
	// progress line every ProgressEvery (0: 15 s) otherwise (nil: none).
	Progress      io.Writer
	ProgressEvery time.Duration
	// Log receives structured progress lines every LogEvery (nil: none).
	Log      *slog.Logger
	LogEvery time.Duration
	// Version names the engine build in the file header.
	Version string
}

// Summary describes what a run did.
type Summary struct {
	Game       position.Variant
	Shard      string
	Games      int // games played by this run
	Resumed    int // games already on disk when the run started
	Positions  uint64
	Nodes      uint64 // searched by all workers (including dropped games)
	Results    [4]int // indexed by position.Result
	Reasons    map[string]int
	Elapsed    time.Duration
	Files      []string
	Interrupts bool // the run was stopped before all games were played
}

// PositionsPerSecond is the run's throughput.
func (s *Summary) PositionsPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Positions) / s.Elapsed.Seconds()
}

// String is the one-line summary printed at the end of a run.
func (s *Summary) String() string {
	return fmt.Sprintf("selfplay %s shard %s: %d games (%d resumed), %d positions in %.1fs (%.0f pos/s, %.0f nodes/s); results 1-0 %d, 1/2 %d, 0-1 %d",
		s.Game, s.Shard, s.Games, s.Resumed, s.Positions, s.Elapsed.Seconds(), s.PositionsPerSecond(), float64(s.Nodes)/max(s.Elapsed.Seconds(), 1e-9),
		s.Results[position.WhiteWin], s.Results[position.Draw], s.Results[position.BlackWin])
}

// playFingerprint names the settings that decide which games are played
// (besides seed, evaluator and shard): the search budget and TT size, the
// opening and the adjudication, and the chase reading when it is not the
// default (so default runs keep their earlier fingerprint). Games, threads
// and flushing are not part of it: a resumed run may extend a run or use
// other hardware.
func (c *Config) playFingerprint() string {
	// The opening settings added later enter only when set, so runs made
	// before them keep their fingerprint (and resume).
	o := c.Opening
	extra := fmt.Sprintf("|plies_max=%d|safe=%v|verify=%d,%d", o.RandomPliesMax, o.SafeRandom, o.VerifyNodes, o.VerifyScore)
	if o.RandomPliesMax == 0 && !o.SafeRandom && o.VerifyNodes == 0 {
		extra = ""
	}
	o.RandomPliesMax, o.SafeRandom, o.VerifyNodes, o.VerifyScore = 0, false, 0, 0
	old := struct {
		RandomPlies   int
		MultiPVMargin int
		Book          string
	}{o.RandomPlies, o.MultiPVMargin, o.Book}
	b := fmt.Appendf(nil, "%+v|%+v|%+v|%d%s", c.Search, old, c.Adjudication, c.HashMiB, extra)
	if c.CheckChaseLoses {
		b = append(b, "|check_chase_loses"...)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// filePrefix names a shard's files.
func filePrefix(game position.VariantName, shard, shards int) string {
	return fmt.Sprintf("%s-s%dof%d", game, shard, shards)
}

// ShardGames returns how many of n games fall to shard i of k.
func ShardGames(n, i, k int) int {
	if i >= n {
		return 0
	}
	return (n - i + k - 1) / k
}

// Run plays cfg's games for its shard, writing dataset files under
// cfg.Output. Cancelling ctx (SIGINT/SIGTERM in the command) stops the run:
// games in flight are dropped, finished games are flushed and the file is
// closed, so nothing written before is lost; Resume continues later.
func Run(ctx context.Context, cfg Config, opt Options) (Summary, error) {
	if err := cfg.Validate(); err != nil {
		return Summary{}, err
	}
	switch cfg.Game.Variant() {
	case position.Xiangqi:
		return runGame(ctx, &cfg, opt, variants.Xiangqi)
	case position.Chess:
		return runGame(ctx, &cfg, opt, variants.Chess)
	}
	return Summary{}, fmt.Errorf("selfplay: unsupported game %v", cfg.Game.Variant())
}

// readBook reads an EPD/FEN opening file of game g with
// notation.ParseOpenings: a FEN or EPD per line (hmvc/fmvn operations
// honoured), '#' comments; a line the game core rejects or whose position
// is already decided (rules.Undecided) is an error naming it.
func readBook(path string, g position.Variant) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening book: %w", err)
	}
	defer f.Close()
	ops, err := notation.ParseOpenings(f, g, rules.Undecided)
	if err != nil {
		return nil, fmt.Errorf("opening book %s: %w", path, err)
	}
	fens := make([]string, len(ops))
	for i, op := range ops {
		fens[i] = op.FEN
	}
	return fens, nil
}

// result of one game from a worker.
type played struct {
	k   int // index within the shard
	rec *datasets.GameRecord
	out rules.Verdict
	err error
}

// generatorInfo is the header of the run's files: engine, evaluator, search
// limits, seed and the fingerprint of every setting that shapes a game.
func generatorInfo(cfg *Config, version, netHash, shard string) datasets.GeneratorInfo {
	return datasets.GeneratorInfo{
		Engine:        "dualnnue selfplay",
		EngineVersion: version,
		NetHash:       netHash,
		SearchLimits:  cfg.SearchLimits(),
		Seed:          cfg.Seed,
		Extra: map[string]string{
			"eval":         cfg.Eval,
			"shard":        shard,
			"random_plies": fmt.Sprint(cfg.Opening.RandomPlies),
			"score_limit":  fmt.Sprint(cfg.Adjudication.ScoreLimit),
			"play_config":  cfg.playFingerprint(),
		},
	}
}

// runField is one setting a resumed run must share with the files on disk.
type runField struct {
	name string
	get  func(h *datasets.GeneratorInfo) string
	// optional: a file written before the field existed lacks it.
	optional bool
}

// runFields make two files parts of the same run: the same seed, search,
// evaluator, opening randomness and shard, or the games would not be the
// ones the indices promise.
var runFields = []runField{
	{name: "seed", get: func(h *datasets.GeneratorInfo) string { return fmt.Sprint(h.Seed) }},
	{name: "search", get: func(h *datasets.GeneratorInfo) string { return h.SearchLimits }},
	{name: "net", get: func(h *datasets.GeneratorInfo) string { return h.NetHash }},
	{name: "random_plies", get: func(h *datasets.GeneratorInfo) string { return h.Extra["random_plies"] }},
	{name: "shard", get: func(h *datasets.GeneratorInfo) string { return h.Extra["shard"] }},
	{name: "search, opening and adjudication settings", get: func(h *datasets.GeneratorInfo) string { return h.Extra["play_config"] }, optional: true},
}

// sameRun returns the check that a file found on resume belongs to the run
// described by info (runFields).
func sameRun(info *datasets.GeneratorInfo) func(path string, h datasets.GeneratorInfo) error {
	return func(path string, h datasets.GeneratorInfo) error {
		if h.Engine == "" {
			return nil // header info unreadable (a problem reported elsewhere)
		}
		for _, f := range runFields {
			got, want := f.get(&h), f.get(info)
			if f.optional && got == "" {
				continue
			}
			if got != want {
				return fmt.Errorf("selfplay: %s was made with %s %q, this run has %q: resume only the same run (or choose another output)", path, f.name, got, want)
			}
		}
		return nil
	}
}

// startWorkers starts cfg.Threads workers that play the games first,
// next(first), next(next(first)) ... (shard-local indices) until next
// returns -1 or ctx ends, and returns the workers and the channel of their
// games, closed when all have stopped. A worker's panic becomes an error
// result.
func startWorkers[T any, P search.GamePtr[T]](ctx context.Context, cfg *Config, def *variants.Def[T, P], newEval func() position.Evaluator[P], book []string, first int, next func(int) int) ([]*worker[T, P], <-chan played) {
	jobs := make(chan int)
	results := make(chan played, cfg.Threads)
	var wg sync.WaitGroup
	workers := make([]*worker[T, P], cfg.Threads)
	for t := 0; t < cfg.Threads; t++ {
		wk := newWorker(cfg, def, newEval, book)
		workers[t] = wk
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					results <- played{k: -1, err: fmt.Errorf("selfplay worker panic: %v\n%s", r, debug.Stack())}
				}
			}()
			for k := range jobs {
				rec := &datasets.GameRecord{}
				idx := uint64(cfg.Shard + k*cfg.Shards)
				out, err := wk.play(idx, rec)
				rec.Result = out.Result // the dataset stores the game result once per game
				results <- played{k: k, rec: rec, out: out, err: err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := first; k >= 0; k = next(k) {
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	return workers, results
}

// writeInOrder writes the games arriving on results to w in the order
// first, next(first), ... whatever order they finish in, counts each in sum
// and calls report after it. On the first error (a game's or w's) it
// cancels the run and drops what follows; games finished after ctx ends
// are dropped too (a resumed run plays them again). It returns the first
// game not written (-1: all) and the first error.
func writeInOrder(ctx context.Context, results <-chan played, w *datasets.Writer, first int, next func(int) int, cancel func(), sum *Summary, report func()) (int, error) {
	pending := map[int]played{}
	k := first
	var firstErr error
	for p := range results {
		if p.err != nil {
			if firstErr == nil {
				firstErr = p.err
				cancel()
			}
			continue
		}
		if firstErr != nil || ctx.Err() != nil {
			continue
		}
		pending[p.k] = p
		for {
			q, ok := pending[k]
			if !ok {
				break
			}
			delete(pending, k)
			if err := w.WriteGame(q.rec); err != nil {
				firstErr = err
				cancel()
				break
			}
			k = next(k)
			sum.Games++
			sum.Positions += uint64(len(q.rec.Plies))
			sum.Results[q.out.Result]++
			sum.Reasons[q.out.Reason]++
			report()
		}
	}
	return k, firstErr
}

// runGame is Run for one game: it reads what is on disk, plays the games
// missing from this shard with cfg.Threads workers and writes them in order
// to a new part file.
func runGame[T any, P search.GamePtr[T]](ctx context.Context, cfg *Config, opt Options, def *variants.Def[T, P]) (Summary, error) {
	start := time.Now()
	sum := Summary{Game: cfg.Game.Variant(), Shard: fmt.Sprintf("%d/%d", cfg.Shard, cfg.Shards), Reasons: map[string]int{}}
	ev, err := def.Evaluator(cfg.evalChoice)
	if err != nil {
		return sum, fmt.Errorf("eval net: %w", err)
	}
	newEval, netHash := ev.New, ev.ID
	var book []string
	if cfg.Opening.Book != "" {
		book, err = readBook(cfg.Opening.Book, def.Variant)
		if err != nil {
			return sum, err
		}
	}
	total := ShardGames(cfg.runGames(), cfg.Shard, cfg.Shards)
	if err := os.MkdirAll(cfg.Output, 0o755); err != nil {
		return sum, fmt.Errorf("output: %w", err)
	}
	prefix := filepath.Join(cfg.Output, filePrefix(cfg.Game, cfg.Shard, cfg.Shards))
	info := generatorInfo(cfg, opt.Version, netHash, sum.Shard)
	same := sameRun(&info)
	// Resume by game identity, never by count: the parts' headers and the
	// games' ordinals in their files say which games are on disk; the run
	// plays the others (those of a damaged block included), in order.
	done, nextPart, files, err := resumeState(prefix, def.Variant, cfg.Resume, same, opt.Log)
	if err != nil {
		return sum, err
	}
	if repeats := done.normalize(); repeats > 0 && opt.Log != nil {
		opt.Log.Warn("games found twice on disk", "games", repeats)
	}
	sum.Resumed = done.count(total)
	sum.Files = files
	todo := done.missing(total)
	if len(todo) == 0 {
		sum.Elapsed = time.Since(start)
		return sum, nil
	}
	// nextGame returns the game to play after k (-1: none).
	nextGame := func(k int) int {
		for _, sp := range todo {
			if k+1 < sp.hi {
				return max(k+1, sp.lo)
			}
		}
		return -1
	}

	info.Extra["first_game"] = fmt.Sprint(todo[0].lo)
	if len(todo) > 1 || todo[0].hi != total {
		info.Extra["games"] = formatSpans(todo)
	}
	path := fmt.Sprintf("%s-p%03d.dnds", prefix, nextPart)
	w, err := datasets.Create(path, def.Variant, info, &datasets.WriterOptions{FlushInterval: time.Duration(cfg.FlushSeconds * float64(time.Second))})
	if err != nil {
		return sum, err
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers, results := startWorkers(runCtx, cfg, def, newEval, book, todo[0].lo, nextGame)

	// A run until stopped has no total: its bar shows the count and the
	// rate, but no time left.
	barTotal := int64(total - sum.Resumed)
	if cfg.Games == UntilStopped {
		barTotal = -1
	}
	bar := progress.NewBar(opt.Progress, barTotal, progress.BarOptions{
		Description: fmt.Sprintf("selfplay %s", cfg.Game), Unit: "games", Every: opt.ProgressEvery})
	defer bar.Finish()
	lastLog := time.Now()
	report := func() {
		if bar != nil {
			el := time.Since(start).Seconds()
			bar.Describe(fmt.Sprintf("selfplay %s: %d positions, %.0f pos/s", cfg.Game, sum.Positions, float64(sum.Positions)/max(el, 1e-9)))
			bar.Add(1)
		}
		if opt.Log != nil && time.Since(lastLog) >= opt.LogEvery {
			lastLog = time.Now()
			el := time.Since(start).Seconds()
			args := []any{"game", cfg.Game, "shard", sum.Shard, "games", sum.Resumed + sum.Games}
			if cfg.Games != UntilStopped {
				args = append(args, "of", total)
			}
			opt.Log.Info("selfplay progress", append(args, "positions", sum.Positions, "pos_per_s", int(float64(sum.Positions)/max(el, 1e-9)))...)
		}
	}
	next, firstErr := writeInOrder(runCtx, results, w, todo[0].lo, nextGame, cancel, &sum, report)
	cerr := w.Close()
	sum.Elapsed = time.Since(start)
	for _, wk := range workers {
		sum.Nodes += wk.nodes
	}
	sum.Files = append(sum.Files, path)
	if next >= 0 {
		sum.Interrupts = true
	}
	if firstErr != nil {
		return sum, errors.Join(firstErr, cerr)
	}
	return sum, cerr
}

// resumeState inspects a shard's existing files. Without resume any file is
// an error (never overwrite or mix runs silently). With resume, the games
// of the finished parts are collected by identity (see partGames), a torn
// .tmp part (a killed run) is salvaged into a closed part, a finished part
// with a damaged block is salvaged likewise and moved aside (moveAside),
// and the set of games on disk and the next part number are returned.
//
// A salvage can itself be killed at any point and the next resume finds a
// consistent state: the copy is written as <part>.salvaging (removed when
// found: its source is still there), renamed to the part, and only then is
// the source removed; a source whose games already are in a part (the part's
// header names it in "salvaged_from") is removed (a damaged part: moved
// aside) without a second copy.
func resumeState(prefix string, g position.Variant, resume bool, same func(string, datasets.GeneratorInfo) error, log *slog.Logger) (done gameSet, nextPart int, files []string, err error) {
	if same == nil {
		same = func(string, datasets.GeneratorInfo) error { return nil }
	}
	parts, _ := filepath.Glob(prefix + "-p*.dnds")
	tmps, _ := filepath.Glob(prefix + "-p*.dnds.tmp")
	// .tmp.salvage: the source of a salvage by an earlier version, whose
	// partial copy took the source's .tmp name.
	legacy, _ := filepath.Glob(prefix + "-p*.dnds.tmp.salvage")
	partial, _ := filepath.Glob(prefix + "-p*.dnds.salvaging")
	if len(parts)+len(tmps)+len(legacy)+len(partial) == 0 {
		return done, 0, nil, nil
	}
	if !resume {
		return done, 0, nil, fmt.Errorf("selfplay: %s-p*.dnds already exist: pass -resume to continue that run, or choose another output", prefix)
	}
	for _, p := range partial {
		if err := os.Remove(p); err != nil {
			return done, 0, nil, fmt.Errorf("selfplay: remove partial salvage: %w", err)
		}
	}
	sources := map[string]bool{}
	for _, t := range tmps {
		sources[t] = true
	}
	for _, l := range legacy {
		if tmp := strings.TrimSuffix(l, ".salvage"); sources[tmp] {
			// That .tmp is the legacy salvage's partial copy.
			if err := os.Remove(tmp); err != nil {
				return done, 0, nil, err
			}
			delete(sources, tmp)
		}
		sources[l] = true
	}
	sort.Strings(parts)
	salvaged := map[string]bool{}
	var damaged []string
	for _, p := range parts {
		var ks []int
		h, problems, err := partGames(p, func(k int, _ *datasets.GameRecord) error {
			ks = append(ks, k)
			return nil
		})
		if err != nil {
			return done, 0, nil, err
		}
		if err := same(p, h); err != nil {
			return done, 0, nil, err
		}
		var k int
		if _, err := fmt.Sscanf(strings.TrimPrefix(p, prefix), "-p%03d.dnds", &k); err == nil && k >= nextPart {
			nextPart = k + 1
		}
		if len(problems) > 0 {
			// A damaged finished part: its intact games are copied to a
			// new part and it is moved aside (below), so that the run's
			// parts verify once the lost games are played again.
			for _, pr := range problems {
				if log != nil {
					log.Warn("dataset problem (the part is moved aside, its lost games are played again)", "file", p, "problem", pr.String())
				}
			}
			damaged = append(damaged, p)
			continue
		}
		for _, k := range ks {
			done.add(k)
		}
		if from := h.Extra["salvaged_from"]; from != "" {
			salvaged[from] = true
		}
		files = append(files, p)
	}
	for _, p := range damaged {
		if !salvaged[filepath.Base(p)] {
			out := fmt.Sprintf("%s-p%03d.dnds", prefix, nextPart)
			n, err := salvage(p, out, g, same, log, true)
			if err != nil {
				return done, 0, nil, err
			}
			if n > 0 {
				if _, err := partGamesInto(out, &done, log); err != nil {
					return done, 0, nil, err
				}
				nextPart++
				files = append(files, out)
			}
			continue
		}
		// Its intact games are already in a part (a run killed after the
		// copy): only the move aside is left.
		if err := moveAside(p, log); err != nil {
			return done, 0, nil, err
		}
	}
	srcList := make([]string, 0, len(sources))
	for t := range sources {
		srcList = append(srcList, t)
	}
	sort.Strings(srcList)
	for _, t := range srcList {
		if salvaged[filepath.Base(t)] {
			if log != nil {
				log.Info("removing an already salvaged part", "file", t)
			}
			if err := os.Remove(t); err != nil {
				return done, 0, nil, err
			}
			continue
		}
		out := fmt.Sprintf("%s-p%03d.dnds", prefix, nextPart)
		n, err := salvage(t, out, g, same, log, false)
		if err != nil {
			return done, 0, nil, err
		}
		if n == 0 {
			continue
		}
		if _, err := partGamesInto(out, &done, log); err != nil {
			return done, 0, nil, err
		}
		nextPart++
		files = append(files, out)
	}
	return done, nextPart, files, nil
}

// partGamesInto adds the games of a finished part to done, logging the
// file's problems (a damaged block's games are missing from done, so the
// run plays them again), and returns the part's generator info.
func partGamesInto(path string, done *gameSet, log *slog.Logger) (datasets.GeneratorInfo, error) {
	info, problems, err := partGames(path, func(k int, _ *datasets.GameRecord) error {
		done.add(k)
		return nil
	})
	for _, p := range problems {
		if log != nil {
			log.Warn("dataset problem (its games are played again)", "file", path, "problem", p.String())
		}
	}
	return info, err
}

// tornHeader reports whether an Open error means the file ends inside its
// header: a writer killed before its first block, whose file holds nothing.
func tornHeader(err error, size int64) bool {
	if size == 0 {
		return true
	}
	msg := err.Error()
	return !errors.Is(err, datasets.ErrNotDataset) &&
		(strings.Contains(msg, "too short for a header") || strings.Contains(msg, "file header truncated"))
}

// salvage copies the readable games of a killed run's .tmp file into the
// closed part out and removes the .tmp; a .tmp without a finished game is
// just removed (n = 0, no part). The part's header lists the games it
// holds ("games"), so that their identity survives the copy. With aside,
// tmp is a damaged finished part, which is moved aside (moveAside) instead
// of removed.
func salvage(tmp, out string, g position.Variant, same func(string, datasets.GeneratorInfo) error, log *slog.Logger, aside bool) (n int, err error) {
	finish := func() error {
		if aside {
			return moveAside(tmp, log)
		}
		return os.Remove(tmp)
	}
	r, err := datasets.Open(tmp, nil)
	if err != nil {
		if st, serr := os.Stat(tmp); serr == nil && tornHeader(err, st.Size()) {
			if log != nil {
				log.Info("removing an interrupted part without games", "file", tmp)
			}
			return 0, os.Remove(tmp)
		}
		return 0, fmt.Errorf("salvage %s: %w", tmp, err)
	}
	info := r.Header().Generator
	r.Close()
	if err := same(tmp, info); err != nil {
		return 0, err
	}
	// First pass: which games are readable.
	var have gameSet
	if _, _, err := partGames(tmp, func(k int, _ *datasets.GameRecord) error {
		have.add(k)
		return nil
	}); err != nil {
		return 0, fmt.Errorf("salvage %s: %w", tmp, err)
	}
	if len(have.spans) == 0 {
		if log != nil && !aside {
			log.Info("removing an interrupted part without games", "file", tmp)
		}
		return 0, finish()
	}
	extra := make(map[string]string, len(info.Extra)+2)
	for k, v := range info.Extra {
		extra[k] = v
	}
	extra["salvaged_from"] = filepath.Base(tmp)
	extra["first_game"] = fmt.Sprint(have.spans[0].lo)
	extra["games"] = formatSpans(have.spans)
	info.Extra = extra

	partial := out + ".salvaging"
	f, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return 0, fmt.Errorf("salvage: %w", err)
	}
	defer func() {
		if f != nil {
			f.Close()
			os.Remove(partial)
		}
	}()
	w, err := datasets.NewWriter(f, g, info, nil)
	if err != nil {
		return 0, err
	}
	// Second pass: the copy, in the same order.
	if _, _, err := partGames(tmp, func(_ int, rec *datasets.GameRecord) error {
		n++
		return w.WriteGame(rec)
	}); err != nil {
		return n, fmt.Errorf("salvage %s: %w", tmp, err)
	}
	if want := have.count(int(^uint(0) >> 1)); n != want {
		return n, fmt.Errorf("salvage %s: read %d games, then %d", tmp, want, n)
	}
	if err := w.Close(); err != nil {
		return n, err
	}
	if err := f.Sync(); err != nil {
		return n, err
	}
	if err := f.Close(); err != nil {
		f = nil
		os.Remove(partial)
		return n, err
	}
	f = nil
	if err := os.Rename(partial, out); err != nil {
		return n, fmt.Errorf("salvage: %w", err)
	}
	if d, err := os.Open(filepath.Dir(out)); err == nil {
		d.Sync()
		d.Close()
	}
	if log != nil {
		log.Info("salvaged part", "from", tmp, "to", out, "games", n)
	}
	return n, finish()
}

// DamagedSuffix is appended to the name of a damaged part that a resume
// moved aside ("chess-s0of1-p000.dnds.damaged"): the file stays for
// inspection, but no "*.dnds" pattern of verify, merge or train picks it up.
const DamagedSuffix = ".damaged"

// moveAside renames the damaged part p to p+DamagedSuffix (p+".damaged.1",
// ".2", ... when that name is taken).
func moveAside(p string, log *slog.Logger) error {
	to := p + DamagedSuffix
	for i := 1; ; i++ {
		if _, err := os.Lstat(to); errors.Is(err, os.ErrNotExist) {
			break
		}
		to = fmt.Sprintf("%s%s.%d", p, DamagedSuffix, i)
	}
	if err := os.Rename(p, to); err != nil {
		return fmt.Errorf("selfplay: move the damaged part aside: %w", err)
	}
	if log != nil {
		log.Warn("damaged part moved aside (its intact games were copied, the lost ones are played again)", "file", to)
	}
	return nil
}

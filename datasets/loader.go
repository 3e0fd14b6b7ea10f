// Loader: parallel, shuffling training-data loader filling flat batches (its configuration, state, start and the consumer's side; the goroutines are in loader_feed.go, loader_decode.go and loader_shuffle.go).
package datasets

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// LoaderConfig configures a Loader.
type LoaderConfig struct {
	Files []string // dataset files (all of one game)
	// Features is the feature set (default features.Default of the files' game).
	Features *features.Set
	// Bucket gives the output bucket of a position from its count of
	// active features (nil: bucket 0).
	Bucket func(active int) int
	// BatchSize is the number of positions per batch (default 16384).
	BatchSize int
	// ShuffleBuffer is the number of positions held for shuffling, at
	// most MaxShuffleBuffer (0: 1<<20; SampleBytes each). The loader
	// holds no more than the files' scored positions (their blocks'
	// record counts), so a buffer larger than the data costs only the data.
	ShuffleBuffer int
	// Workers is the number of decoding goroutines, at most
	// MaxLoaderWorkers (0: GOMAXPROCS, capped the same).
	Workers int
	// Filter selects positions (random skipping is seeded per block).
	Filter Filter
	// Seed seeds shuffling and skipping.
	Seed uint64
	// Loop cycles over the files forever (epochs); otherwise the loader
	// ends after one pass, emitting the shuffle buffer's last positions.
	Loop bool
	// OnProblem is called (from loader goroutines) for every damage found.
	OnProblem func(file string, p Problem)
	// Start, when set, continues the stream of a loader of the same
	// configuration and files from the state its State returned, reading
	// only the blocks of the shuffle window then being handed out and
	// those after it (at most about two shuffle buffers of positions are
	// decoded before the first batch). With one worker the batches are
	// exactly those the first loader would have handed out next; with more
	// they are the same data in a scheduling-dependent order.
	Start *LoaderState
}

// LoaderState is where a Loader stands between two batches (Loader.State):
// the shuffle window being handed out, where its first position came from
// and how much of it was handed out. It is plain data (JSON-encodable), to
// be kept in a training checkpoint and given back as LoaderConfig.Start.
//
// The loader shuffles in windows of ShuffleBuffer positions: a window is
// permuted (a permutation drawn from the seed and the window's ordinal) and
// handed out while the next window arrives, one position out for each one
// in, so the state depends on no position outside the last two windows.
type LoaderState struct {
	Pass    int    `json:"pass"`    // pass over the files (each pass draws its own file order)
	File    int    `json:"file"`    // position in that pass's file order
	Path    string `json:"path"`    // that file (checked when resuming)
	Offset  int64  `json:"offset"`  // byte offset of the window's first block in the file
	Block   int    `json:"block"`   // that block's ordinal (BlockScanner.Block)
	Skip    int    `json:"skip"`    // positions of the block that passed the filter before the window's first
	Window  int64  `json:"window"`  // ordinal of the window being handed out
	Emitted int    `json:"emitted"` // positions of that window already handed out
}

// Bounds of LoaderConfig: a shuffle buffer of MaxShuffleBuffer positions
// holds MaxShuffleBuffer·SampleBytes bytes (10 GiB); decoding goroutines
// beyond a few per core gain nothing, and each holds buffers of its own
// (12 blocks and chunks of samples).
const (
	MaxShuffleBuffer = 1 << 27
	MaxLoaderWorkers = 256
)

// SampleBytes is the memory of one position in the loader's shuffle
// buffer (a Sample).
const SampleBytes = int64(unsafe.Sizeof(Sample{}))

// loaderState is a LoaderState without its path (filled in by State).
type loaderState struct {
	at      sampleAt
	window  int64
	emitted int
}

// sampleAt says where a position came from: the pass, the position in the
// pass's file order, the block and the position's rank among the block's
// positions that passed the filter.
type sampleAt struct {
	offset            int64
	pass, file, block int32
	k                 int32
}

// Loader reads many dataset files in parallel goroutines, shuffles their
// positions through a large buffer and hands out flat batches. After
// warm-up it does not allocate per position.
//
//	l, err := datasets.NewLoader(datasets.LoaderConfig{Files: files, BatchSize: 16384, Loop: true})
//	for b := range l.Batches() { ... } // or b, ok := l.Next()
//	l.Close()
type Loader struct {
	cfg      LoaderConfig
	game     position.Variant
	format   Format
	blocks   chan *rawBlock
	freeBlk  chan *rawBlock
	chunks   chan *chunk
	freeChk  chan *chunk
	ready    chan *Batch
	freeBat  chan *Batch
	current  *Batch
	done     chan struct{}
	wg       sync.WaitGroup
	checked  sync.Map // checkedBlock -> struct{}: blocks whose moves were checked legal
	errMu    sync.Mutex
	err      error
	closeOne sync.Once
	decoded  atomic.Int64 // records decoded by the workers
}

type checkedBlock struct {
	file   string
	offset int64
	crc    uint32
}

type rawBlock struct {
	h      BlockHeader
	stored []byte
	file   string
	index  int
	offset int64
	seed   uint64
	pass   int // pass over the files
	order  int // position of the file in the pass's order
	skip   int // positions passing the filter to drop (a resumed loader's first block)
}

const chunkSize = 1024

type chunk struct {
	n  int
	s  [chunkSize]Sample
	at [chunkSize]sampleAt
}

// NewLoader opens the files' headers and starts the goroutines.
func NewLoader(cfg LoaderConfig) (*Loader, error) {
	if len(cfg.Files) == 0 {
		return nil, errors.New("datasets: loader needs at least one file")
	}
	if err := cfg.Filter.Validate(); err != nil {
		return nil, err
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 16384
	}
	switch {
	case cfg.ShuffleBuffer < 0 || cfg.ShuffleBuffer > MaxShuffleBuffer:
		return nil, fmt.Errorf("datasets: shuffle buffer %d out of range [0, %d] (0: %d)", cfg.ShuffleBuffer, MaxShuffleBuffer, 1<<20)
	case cfg.Workers < 0 || cfg.Workers > MaxLoaderWorkers:
		return nil, fmt.Errorf("datasets: loader workers %d out of range [0, %d] (0: one per core)", cfg.Workers, MaxLoaderWorkers)
	}
	if cfg.ShuffleBuffer == 0 {
		cfg.ShuffleBuffer = 1 << 20
	}
	if cfg.Workers == 0 {
		cfg.Workers = min(runtime.GOMAXPROCS(0), MaxLoaderWorkers)
	}
	var game position.Variant
	var records int64 // scored positions in the files' blocks, counted up to the shuffle buffer
	for _, f := range cfg.Files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc, err := NewBlockScanner(fh)
		if err != nil {
			fh.Close()
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if game == 0 {
			game = sc.Header().Game
		} else if sc.Header().Game != game {
			fh.Close()
			return nil, fmt.Errorf("datasets: %s holds %v, %s holds %v", cfg.Files[0], game, f, sc.Header().Game)
		}
		// The blocks' record counts (read without decoding; damaged blocks
		// are skipped as the feeder skips them) bound the positions the
		// loader can hold: the shuffle buffer never exceeds them.
		for records < int64(cfg.ShuffleBuffer) {
			if _, ok := sc.Next(); !ok {
				break
			}
			h, _, _ := sc.Block()
			records += int64(h.Records)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	cfg.ShuffleBuffer = int(max(min(int64(cfg.ShuffleBuffer), records), 1))
	if st := cfg.Start; st != nil {
		order := passOrder(cfg.Seed, st.Pass, len(cfg.Files))
		switch {
		case st.Pass < 0 || st.Pass > math.MaxInt32 || st.File < 0 || st.File >= len(cfg.Files) || st.Block < 0 || st.Block > math.MaxInt32 ||
			st.Offset < 0 || st.Skip < 0 || st.Skip > math.MaxInt32 || st.Window < 0 || st.Emitted < 0 || st.Emitted >= cfg.ShuffleBuffer:
			return nil, fmt.Errorf("datasets: loader state %+v impossible for %d files and a shuffle buffer of %d", *st, len(cfg.Files), cfg.ShuffleBuffer)
		case st.Path != cfg.Files[order[st.File]]:
			return nil, fmt.Errorf("datasets: loader state names %s as file %d of pass %d, the files give %s: the data files changed", st.Path, st.File, st.Pass, cfg.Files[order[st.File]])
		}
	}
	set := cfg.Features
	if set == nil {
		set = features.Default(game)
	}
	if set.Game != game {
		return nil, fmt.Errorf("datasets: feature set %s is for %v, the data is %v", set.Name, set.Game, game)
	}
	l := &Loader{
		cfg: cfg, game: game, format: Format{Set: set, Bucket: cfg.Bucket},
		blocks:  make(chan *rawBlock, 2*cfg.Workers),
		freeBlk: make(chan *rawBlock, 4*cfg.Workers),
		chunks:  make(chan *chunk, 4*cfg.Workers),
		freeChk: make(chan *chunk, 8*cfg.Workers),
		ready:   make(chan *Batch, 2),
		freeBat: make(chan *Batch, 4),
		done:    make(chan struct{}),
	}
	for i := 0; i < 4*cfg.Workers; i++ {
		l.freeBlk <- &rawBlock{}
	}
	for i := 0; i < 8*cfg.Workers; i++ {
		l.freeChk <- &chunk{}
	}
	for i := 0; i < 4; i++ {
		l.freeBat <- newBatch(cfg.BatchSize)
	}
	// Check the decoders can be built before starting anything.
	if _, err := newReplayer(game); err != nil {
		return nil, err
	}
	var workers sync.WaitGroup
	l.wg.Add(cfg.Workers + 2)
	workers.Add(cfg.Workers)
	go l.feed()
	for i := 0; i < cfg.Workers; i++ {
		go func() {
			defer l.wg.Done()
			defer workers.Done()
			l.work()
		}()
	}
	go func() {
		workers.Wait()
		close(l.chunks)
	}()
	go l.shuffle()
	return l, nil
}

func (l *Loader) fail(err error) {
	l.errMu.Lock()
	if l.err == nil {
		l.err = err
	}
	l.errMu.Unlock()
}

// Err returns the first I/O error met (damage is reported via OnProblem).
func (l *Loader) Err() error {
	l.errMu.Lock()
	defer l.errMu.Unlock()
	return l.err
}

func (l *Loader) problem(file string, p Problem) {
	if l.cfg.OnProblem != nil {
		l.cfg.OnProblem(file, p)
	}
}

// Next returns the next batch, valid until the following call to Next (it
// is then reused). It returns false when a single pass is over or the
// loader was closed; check Err then.
func (l *Loader) Next() (*Batch, bool) {
	if l.current != nil {
		select {
		case l.freeBat <- l.current:
		default:
		}
		l.current = nil
	}
	b, ok := <-l.ready
	if !ok {
		return nil, false
	}
	l.current = b
	return b, true
}

// State returns where the loader stands after the last batch Next
// returned, for LoaderConfig.Start; false before the first batch (the
// stream's start, or the state the loader was started from).
func (l *Loader) State() (LoaderState, bool) {
	if l.current == nil || !l.current.hasState {
		if l.cfg.Start != nil {
			return *l.cfg.Start, true
		}
		return LoaderState{}, false
	}
	st := l.current.state
	order := passOrder(l.cfg.Seed, int(st.at.pass), len(l.cfg.Files))
	return LoaderState{Pass: int(st.at.pass), File: int(st.at.file), Path: l.cfg.Files[order[st.at.file]],
		Offset: st.at.offset, Block: int(st.at.block), Skip: int(st.at.k), Window: st.window, Emitted: st.emitted}, true
}

// Decoded returns the number of records the loader's workers decoded so
// far: every record of every block read, whether its position passed the
// filter or not (a resumed loader decodes only from its state's block on).
func (l *Loader) Decoded() int64 { return l.decoded.Load() }

// Close stops the goroutines and waits for them.
func (l *Loader) Close() {
	l.closeOne.Do(func() {
		close(l.done)
		// Drain so that blocked senders see done.
		go func() {
			for range l.ready {
			}
		}()
		l.wg.Wait()
	})
}

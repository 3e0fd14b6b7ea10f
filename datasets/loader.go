// Loader: parallel, shuffling training-data loader filling flat batches.
package datasets

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"dualnnue/internal/splitmix"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Batch is a set of training positions in flat buffers, the one batch type
// between dataset files and the trainer: the Loader fills it in stream
// mode, the trainer's in-memory stream in memory mode, both through
// AddSample. Buffers are reused (no per-position allocation once grown).
//
// Position i activates the features Stm[Offsets[i]:Offsets[i+1]] seen from
// the side to move and Nstm[Offsets[i]:Offsets[i+1]] seen from the other
// side (every feature set emits one feature per piece for each perspective,
// so both perspectives have the same count).
type Batch struct {
	Len     int       // number of positions
	Offsets []int32   // Len+1 entries, Offsets[0] = 0
	Stm     []uint16  // side-to-move features, concatenated
	Nstm    []uint16  // other side's features, concatenated
	Score   []float32 // search score, centipawns from the side to move's view
	Result  []float32 // game result from the side to move's view: 1 win, 0.5 draw, 0 loss
	Bucket  []uint8   // output bucket of each position (0 when the net has one)

	state    loaderState // the Loader's state after this batch (Loader.State)
	hasState bool
}

// Format says how samples become batch entries: the net's feature set and
// its output bucket for a count of active features (nil: bucket 0).
type Format struct {
	Set    *features.Set
	Bucket func(active int) int
}

func newBatch(size int) *Batch {
	return &Batch{
		Offsets: make([]int32, 1, size+1),
		Stm:     make([]uint16, 0, size*MaxPieces),
		Nstm:    make([]uint16, 0, size*MaxPieces),
		Score:   make([]float32, 0, size),
		Result:  make([]float32, 0, size),
		Bucket:  make([]uint8, 0, size),
	}
}

// Reset empties b, keeping its buffers.
func (b *Batch) Reset() {
	b.Len = 0
	b.Offsets = append(b.Offsets[:0], 0)
	b.Stm, b.Nstm = b.Stm[:0], b.Nstm[:0]
	b.Score, b.Result, b.Bucket = b.Score[:0], b.Result[:0], b.Bucket[:0]
}

// Add appends one position given by its features. stm and nstm must have
// the same length.
func (b *Batch) Add(stm, nstm []uint16, score, result float32, bucket uint8) {
	if len(b.Offsets) == 0 {
		b.Offsets = append(b.Offsets, 0)
	}
	b.Stm = append(b.Stm, stm...)
	b.Nstm = append(b.Nstm, nstm...)
	b.Offsets = append(b.Offsets, int32(len(b.Stm)))
	b.Score = append(b.Score, score)
	b.Result = append(b.Result, result)
	b.Bucket = append(b.Bucket, bucket)
	b.Len++
}

// AddSample appends the position of a piece list (features.PackPiece
// entries), side to move side, score (centipawns, side to move's view) and
// result (side to move's view), its features from f.Set (mirrored as the
// set says) and its bucket from f.Bucket.
func (b *Batch) AddSample(pieces []uint16, side position.Color, score, result float32, f *Format) {
	var w, bl [MaxPieces]uint16
	n := f.Set.FromPieces(pieces, w[:len(pieces)], bl[:len(pieces)])
	stm, nstm := w[:n], bl[:n]
	if side != position.White {
		stm, nstm = nstm, stm
	}
	bucket := 0
	if f.Bucket != nil {
		bucket = f.Bucket(n)
	}
	b.Add(stm, nstm, score, result, uint8(bucket))
}

// Position returns the features, score, result and bucket of position i.
func (b *Batch) Position(i int) (stm, nstm []uint16, score, result float32, bucket int) {
	lo, hi := b.Offsets[i], b.Offsets[i+1]
	return b.Stm[lo:hi], b.Nstm[lo:hi], b.Score[i], b.Result[i], int(b.Bucket[i])
}

// Sample is one training position as the decoders hand it out: the pieces
// on the board, the colour to move, the search score, the game result and
// the identity of its game. It holds no features: a net's feature set
// turns it into a batch entry (Batch.AddSample), so one dataset trains any
// architecture.
type Sample struct {
	N      uint8           // pieces on the board
	Side   uint8           // colour to move (0 White/Red, 1 Black)
	Result position.Result // the game's result (White's/Red's view)
	Score  int32           // search score, centipawns, side to move's view
	// Game identifies the game the position comes from: a hash of the
	// Zobrist keys of its first recorded positions (ReadSamples only; 0 from
	// the Loader). It depends on the game alone, not on the file or block
	// holding it, so a held-out split by Game survives re-sharding, merging
	// and resumed self-play.
	Game   uint64
	Pieces [MaxPieces]uint16 // features.PackPiece entries, Pieces[:N]
}

// ResultScore returns the game result from the side to move's view: 1 win,
// 0.5 draw or unknown, 0 loss.
func (s *Sample) ResultScore() float32 { return s.Result.Score(position.Color(s.Side)) }

// add appends s to b through format f (never allocates: b has room for its
// batch size).
func (b *Batch) addSample(s *Sample, f *Format) {
	b.AddSample(s.Pieces[:s.N], position.Color(s.Side), float32(s.Score), s.ResultScore(), f)
}

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
	// ShuffleBuffer is the number of positions held for shuffling
	// (default 1<<20; about 140 bytes each).
	ShuffleBuffer int
	// Workers is the number of decoding goroutines (default GOMAXPROCS).
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
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 16384
	}
	if cfg.ShuffleBuffer <= 0 {
		cfg.ShuffleBuffer = 1 << 20
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
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
	var game position.Variant
	for _, f := range cfg.Files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc, err := NewBlockScanner(fh)
		fh.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if game == 0 {
			game = sc.Header().Game
		} else if sc.Header().Game != game {
			return nil, fmt.Errorf("datasets: %s holds %v, %s holds %v", cfg.Files[0], game, f, sc.Header().Game)
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

// passOrder returns the order of n files in pass p: a permutation drawn
// from the seed and the pass alone, so that a resumed loader knows it.
func passOrder(seed uint64, pass, n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rng := splitmix.Hash(splitmix.Hash(seed^0x5DEECE66D) ^ uint64(pass))
	for i := n - 1; i > 0; i-- {
		j := int(splitmix.Next(&rng) % uint64(i+1))
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// blockSeed returns the seed of the filter's random skipping in a block:
// drawn from the seed, the pass, the file and the block alone.
func blockSeed(seed uint64, pass, file, block int) uint64 {
	h := splitmix.Hash(seed ^ 0x2545F4914F6CDD1D)
	h = splitmix.Hash(h ^ uint64(pass))
	h = splitmix.Hash(h ^ uint64(file))
	return splitmix.Hash(h ^ uint64(block))
}

// feed reads the files' blocks (checksums verified) and hands them to the
// workers, in a file order drawn anew for every pass. A resumed loader
// starts at its state's block.
func (l *Loader) feed() {
	defer l.wg.Done()
	defer close(l.blocks)
	st := l.cfg.Start
	pass := 0
	if st != nil {
		pass = st.Pass
	}
	for ; ; pass++ {
		order := passOrder(l.cfg.Seed, pass, len(l.cfg.Files))
		first := 0
		if st != nil {
			first = st.File
		}
		any := false
		for oi := first; oi < len(order); oi++ {
			fi := order[oi]
			name := l.cfg.Files[fi]
			fh, err := os.Open(name)
			if err != nil {
				l.fail(err)
				return
			}
			sc, err := NewBlockScanner(fh)
			if err != nil {
				fh.Close()
				l.fail(fmt.Errorf("%s: %w", name, err))
				return
			}
			sc.SetClosed(IsClosedName(name))
			sc.OnProblem(func(p Problem) { l.problem(name, p) })
			seek := st
			st = nil
			if seek != nil {
				if err := sc.SeekBlock(seek.Offset, seek.Block); err != nil {
					fh.Close()
					l.fail(fmt.Errorf("%s: resuming the loader: %w", name, err))
					return
				}
			}
			for {
				stored, ok := sc.Next()
				if !ok {
					break
				}
				h, idx, off := sc.Block()
				skip := 0
				if seek != nil {
					if idx != seek.Block || off != seek.Offset {
						fh.Close()
						l.fail(fmt.Errorf("%s: resuming the loader: block %d at offset %d is not there (block %d at offset %d instead): the file changed", name, seek.Block, seek.Offset, idx, off))
						return
					}
					skip, seek = seek.Skip, nil
				}
				var rb *rawBlock
				select {
				case rb = <-l.freeBlk:
				case <-l.done:
					fh.Close()
					return
				}
				rb.h, rb.file, rb.index, rb.offset = *h, name, idx, off
				rb.stored = append(rb.stored[:0], stored...)
				rb.seed = blockSeed(l.cfg.Seed, pass, fi, idx)
				rb.pass, rb.order, rb.skip = pass, oi, skip
				select {
				case l.blocks <- rb:
					any = true
				case <-l.done:
					fh.Close()
					return
				}
			}
			fh.Close()
			if err := sc.Err(); err != nil {
				l.fail(fmt.Errorf("%s: %w", name, err))
				return
			}
			if seek != nil {
				l.fail(fmt.Errorf("%s: resuming the loader: no block %d at offset %d: the file changed", name, seek.Block, seek.Offset))
				return
			}
		}
		if !l.cfg.Loop || !any {
			return
		}
	}
}

// blockDecoder turns blocks into samples: one per worker.
type blockDecoder struct {
	codec  blockCodec
	cd     chainDecoder
	pt     *pieceTracker
	filter Filter
	thr    uint64
	rng    uint64
	// gameID, when set, gets each game's identity and is called at the
	// game's end (after its samples); identities are computed only then.
	gameID func(id uint64)
}

func newBlockDecoder(g position.Variant, f *Filter) (*blockDecoder, error) {
	rp, err := newReplayer(g)
	if err != nil {
		return nil, err
	}
	d := &blockDecoder{filter: *f, thr: skipThreshold(f.RandomSkip)}
	d.cd.rp = rp
	d.pt = newPieceTracker(g.Squares())
	return d, nil
}

// gameKeys is the number of recorded positions whose Zobrist keys make a
// game's identity: games that share them are the same game for the split.
const gameKeys = 8

// decode decodes one stored block, calling emit for every position that
// passes the filter with its sample filled in s. It returns the number of
// records decoded. trusted skips the legality check of each move: pass it
// only for a block whose identical bytes (same checksum) decoded without
// error before.
func (d *blockDecoder) decode(h *BlockHeader, stored []byte, seed uint64, trusted bool, s *Sample, emit func(*Sample)) (int, error) {
	raw, err := d.codec.decompress(h, stored)
	if err != nil {
		return 0, err
	}
	if err := d.cd.start(h, raw); err != nil {
		return 0, err
	}
	d.cd.trusted = trusted
	d.rng = seed
	n := 0
	rp := d.cd.rp
	var id uint64
	ended := true
	endGame := func() {
		if !ended && d.gameID != nil {
			d.gameID(id)
		}
		ended = true
	}
	defer endGame() // a damaged block ends its game where the damage starts
	for {
		rp.pt = nil // the book plies need no piece list: refresh after them
		ok, err := d.cd.startGame()
		if err != nil {
			return n, err
		}
		if !ok {
			return n, nil
		}
		d.pt.refresh(&rp.board)
		rp.pt = d.pt // later moves update the list as they are played
		id, ended = 0x9e3779b97f4a7c15, false
		keys := 0
		for {
			if keys < gameKeys {
				id = splitmix.Hash(id ^ uint64(rp.pos.State().Key))
				keys++
			}
			ok, err := d.cd.nextInGame()
			if err != nil {
				return n, err
			}
			if !ok {
				break
			}
			n++
			rec := &d.cd.rec
			if d.pt.bad || rec.Score == position.ValueNone || !d.filter.keep(rp.pos, rec, &d.rng, d.thr) {
				continue
			}
			s.N = uint8(d.pt.n)
			s.Side = uint8(rp.pos.SideToMove())
			s.Result = rec.Result
			s.Score = int32(rec.Score)
			copy(s.Pieces[:d.pt.n], d.pt.list[:d.pt.n])
			emit(s)
		}
		endGame()
	}
}

func (l *Loader) work() {
	d, err := newBlockDecoder(l.game, &l.cfg.Filter)
	if err != nil {
		l.fail(err)
		return
	}
	defer d.codec.close()
	var c *chunk
	var stopped bool
	get := func() bool {
		select {
		case c = <-l.freeChk:
			c.n = 0
			return true
		case <-l.done:
			return false
		}
	}
	if !get() {
		return
	}
	var tmp Sample
	var at sampleAt // where the next position comes from
	skip := 0       // positions still to drop (a resumed loader's first block)
	emit := func(s *Sample) {
		if stopped {
			return
		}
		if skip > 0 {
			skip--
			at.k++
			return
		}
		c.s[c.n] = *s
		c.at[c.n] = at
		at.k++
		c.n++
		if c.n == chunkSize {
			select {
			case l.chunks <- c:
			case <-l.done:
				stopped = true
				return
			}
			if !get() {
				stopped = true
			}
		}
	}
	for rb := range l.blocks {
		// A block whose moves were all checked legal in an earlier epoch
		// (same file, offset and payload checksum: the same bytes) is
		// replayed without the PseudoLegal/Legal checks.
		key := checkedBlock{rb.file, rb.offset, rb.h.PayloadCRC}
		_, trusted := l.checked.Load(key)
		at = sampleAt{offset: rb.offset, pass: int32(rb.pass), file: int32(rb.order), block: int32(rb.index)}
		skip = rb.skip
		n, err := d.decode(&rb.h, rb.stored, rb.seed, trusted, &tmp, emit)
		l.decoded.Add(int64(n))
		if err != nil {
			l.problem(rb.file, Problem{Block: rb.index, Offset: rb.offset, Msg: err.Error() + "; rest of the block skipped"})
		} else if !trusted {
			l.checked.Store(key, struct{}{})
		}
		select {
		case l.freeBlk <- rb:
		default:
		}
		if stopped {
			return
		}
	}
	if c.n > 0 {
		select {
		case l.chunks <- c:
		case <-l.done:
		}
	}
}

// permute shuffles buf with the permutation of window w.
func (l *Loader) permute(buf []Sample, w int64) {
	rng := splitmix.Hash(splitmix.Hash(l.cfg.Seed^0xA5A5A5A5A5A5A5A5) ^ uint64(w))
	for i := len(buf) - 1; i > 0; i-- {
		j := int(splitmix.Next(&rng) % uint64(i+1))
		buf[i], buf[j] = buf[j], buf[i]
	}
}

// shuffle shuffles in windows of ShuffleBuffer positions (see LoaderState):
// the first window fills the buffer; once full, the buffer is permuted and
// every arriving position takes the slot of the next one handed out, so
// that when a window is all handed out the buffer holds the next one.
func (l *Loader) shuffle() {
	defer l.wg.Done()
	defer close(l.ready)
	size := l.cfg.ShuffleBuffer
	buf := make([]Sample, 0, size)
	var (
		b         *Batch
		window    int64
		cur, nxt  sampleAt // where the current and the next window start
		full      bool     // buf holds the whole current window (permuted)
		e         int      // positions of the window handed out = of the next arrived
		handedOut int      // a resumed loader's positions of the next window that came before the state
	)
	if st := l.cfg.Start; st != nil {
		window, handedOut = st.Window, st.Emitted
	}
	next := func() bool {
		select {
		case b = <-l.freeBat:
			b.Reset()
			return true
		case <-l.done:
			return false
		}
	}
	if !next() {
		return
	}
	send := func() bool {
		b.state, b.hasState = loaderState{at: cur, window: window, emitted: e}, true
		select {
		case l.ready <- b:
		case <-l.done:
			return false
		}
		return next()
	}
	for c := range l.chunks {
		for i := 0; i < c.n; i++ {
			if !full {
				if len(buf) == 0 {
					cur = c.at[i]
				}
				buf = append(buf, c.s[i])
				if len(buf) == size {
					l.permute(buf, window)
					full = true
				}
				continue
			}
			if e == 0 {
				nxt = c.at[i]
			}
			if handedOut > 0 {
				handedOut-- // handed out before the state was taken
			} else {
				b.addSample(&buf[e], &l.format)
			}
			buf[e] = c.s[i]
			e++
			if e == size {
				window, cur, e = window+1, nxt, 0
				l.permute(buf, window)
			}
			if b.Len == l.cfg.BatchSize && !send() {
				return
			}
		}
		select {
		case l.freeChk <- c:
		default:
		}
	}
	// The end of a single pass: hand out the rest of the window, then the
	// part of the next one that arrived.
	if !full {
		l.permute(buf, window)
		e = 0
	}
	rest := buf[e:]
	if full && e > 0 {
		l.permute(buf[:e], window+1)
		rest = append(rest[:len(rest):len(rest)], buf[:e]...)
	}
	for i := range rest {
		b.addSample(&rest[i], &l.format)
		if b.Len == l.cfg.BatchSize && !send() {
			return
		}
	}
	if b.Len > 0 {
		send()
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

// Writer: streaming, crash-safe dataset writer.
package datasets

import (
	"dualnnue/position"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/klauspost/compress/zstd"
)

var errClosed = errors.New("datasets: writer is closed")

// WriterOptions tunes a Writer; the zero value is the default.
type WriterOptions struct {
	// BlockSize is the uncompressed payload size at which a block is
	// closed (default DefaultBlockSize). Smaller blocks lose less on a
	// crash and compress a little worse.
	BlockSize int
	// Level is the zstd level (default zstd.SpeedBestCompression: writing
	// is never the bottleneck of self-play; decoding speed hardly depends on it).
	Level zstd.EncoderLevel
	// FlushInterval closes the block in progress when it is older than
	// this at the next WriteGame (0: only by size).
	FlushInterval time.Duration
	// NoSync skips fsync after each block (tests and benchmarks only).
	NoSync bool
	// Overwrite lets Create replace an existing file of the final name.
	Overwrite bool
}

// tmpFile is what a Writer made by Create writes: an *os.File (in tests, a
// file whose writes fail).
type tmpFile interface {
	io.Writer
	Sync() error
	Close() error
}

// createTmp creates a Writer's .tmp file; tests replace it to make writes
// fail (a full disk).
var createTmp = func(name string) (tmpFile, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Writer appends games to a dataset. Completed blocks are written and (for
// files) synced at once, so a crash loses at most the block in progress.
// Its methods are safe for concurrent use by several self-play threads.
type Writer struct {
	mu        sync.Mutex
	w         io.Writer
	f         tmpFile
	path, tmp string
	fclosed   bool // f is closed
	renamed   bool // Close renamed tmp to path
	opt       WriterOptions
	game      position.Variant

	b       blockBuilder
	rp      *replayer
	codec   blockCodec
	raw     []byte
	out     []byte
	started time.Time

	records, games uint64
	blocks         int
	bytes          int64
	err            error
	closed         bool
}

// Create starts a dataset file: it writes path+".tmp" and renames it to
// path on Close. It refuses to truncate an existing .tmp (the remains of a
// killed writer are data: read or merge them first) and, unless
// opt.Overwrite, an existing path.
func Create(path string, game position.Variant, info GeneratorInfo, opt *WriterOptions) (*Writer, error) {
	var o WriterOptions
	if opt != nil {
		o = *opt
	}
	if !o.Overwrite {
		if _, err := os.Stat(path); err == nil {
			return nil, fmt.Errorf("datasets: %s exists", path)
		}
	}
	tmp := path + ".tmp"
	f, err := createTmp(tmp)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("datasets: %s exists (left by a killed writer? its finished blocks are readable: merge or remove it)", tmp)
		}
		return nil, err
	}
	w, err := newWriter(f, game, info, &o)
	if err == nil && !o.NoSync {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, err
	}
	w.f, w.path, w.tmp = f, path, tmp
	return w, nil
}

// NewWriter writes a dataset to w (no sync, no rename; Close does not close w).
func NewWriter(w io.Writer, game position.Variant, info GeneratorInfo, opt *WriterOptions) (*Writer, error) {
	var o WriterOptions
	if opt != nil {
		o = *opt
	}
	o.NoSync = true
	return newWriter(w, game, info, &o)
}

func newWriter(w io.Writer, game position.Variant, info GeneratorInfo, o *WriterOptions) (*Writer, error) {
	if o.BlockSize <= 0 {
		o.BlockSize = DefaultBlockSize
	}
	if o.BlockSize > MaxBlockSize/2 {
		return nil, fmt.Errorf("datasets: block size %d exceeds %d", o.BlockSize, MaxBlockSize/2)
	}
	if o.Level == 0 {
		o.Level = zstd.SpeedBestCompression
	}
	if info.Created == "" {
		info.Created = createdTime().Format(time.RFC3339)
	}
	rp, err := newReplayer(game)
	if err != nil {
		return nil, err
	}
	hdr, err := appendFileHeader(nil, &FileHeader{Version: FormatVersion, Game: game, Generator: info})
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(hdr); err != nil {
		return nil, err
	}
	wr := &Writer{w: w, opt: *o, game: game, rp: rp, bytes: int64(len(hdr))}
	wr.b.reset()
	return wr, nil
}

// Game returns the game of the dataset.
func (w *Writer) Game() position.Variant { return w.game }

// WriteGame encodes g into the block in progress, closing the block when it
// is full. A game whose moves are not legal is rejected with an error and
// nothing of it is written; the Writer stays usable.
func (w *Writer) WriteGame(g *GameRecord) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errClosed
	}
	if w.err != nil {
		return w.err
	}
	if w.b.nGames == 0 {
		w.started = time.Now()
	}
	if err := w.b.addGame(w.rp, g); err != nil {
		return err
	}
	if w.b.size() >= w.opt.BlockSize || (w.opt.FlushInterval > 0 && time.Since(w.started) >= w.opt.FlushInterval) {
		return w.flushLocked()
	}
	return nil
}

// Flush closes the block in progress (if any) and makes it durable.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errClosed
	}
	return w.flushLocked()
}

func (w *Writer) flushLocked() error {
	if w.err != nil {
		return w.err
	}
	if w.b.nGames == 0 {
		return nil
	}
	w.raw = w.b.payload(w.raw[:0]) // the raw payload: its size goes in the header
	h := BlockHeader{Version: FormatVersion, Game: w.game, Flags: blockFlagStreams, Records: uint32(w.b.nRecords), Games: uint32(w.b.nGames), RawSize: uint32(len(w.raw)),
		Seq: uint32(w.blocks), GamesBefore: w.games}
	w.out = append(w.out[:0], make([]byte, BlockHeaderSize)...)
	var err error
	if w.out, err = w.codec.compressStreams(w.out, &w.b, w.opt.Level); err != nil {
		w.err = err
		return err
	}
	payload := w.out[BlockHeaderSize:]
	h.Size = uint32(len(payload))
	h.PayloadCRC = crc32c(payload)
	appendBlockHeader(w.out[:0], &h)
	if err := w.writeSync(w.out); err != nil {
		return err
	}
	w.records += uint64(w.b.nRecords)
	w.games += uint64(w.b.nGames)
	w.blocks++
	w.b.reset()
	return nil
}

func (w *Writer) writeSync(b []byte) error {
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	w.bytes += int64(len(b))
	if w.f != nil && !w.opt.NoSync {
		if err := w.f.Sync(); err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// WriteBlock appends an intact block read elsewhere (a BlockScanner's
// current block, of any format version) without decoding its payload,
// after closing the block in progress; the header is rewritten in this
// writer's version with this file's sequence number and game count.
// merge uses it.
func (w *Writer) WriteBlock(bh *BlockHeader, stored []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errClosed
	}
	if bh.Game != w.game {
		return fmt.Errorf("datasets: block of game %v written to a %v dataset", bh.Game, w.game)
	}
	if bh.IsEnd() || len(stored) != int(bh.Size) {
		return fmt.Errorf("datasets: WriteBlock takes a data block and its stored payload")
	}
	if w.err != nil {
		return w.err
	}
	if err := w.flushLocked(); err != nil {
		return err
	}
	h := *bh
	h.Version, h.Seq, h.GamesBefore = FormatVersion, uint32(w.blocks), w.games
	w.out = appendBlockHeader(w.out[:0], &h)
	w.out = append(w.out, stored...)
	if err := w.writeSync(w.out); err != nil {
		return err
	}
	w.records += uint64(h.Records)
	w.games += uint64(h.Games)
	w.blocks++
	return nil
}

// Stats returns the records, games and blocks written so far and the
// bytes written, including the block in progress' records and games.
func (w *Writer) Stats() (records, games uint64, blocks int, bytes int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.records + uint64(w.b.nRecords), w.games + uint64(w.b.nGames), w.blocks, w.bytes
}

// Close flushes the block in progress, writes the end marker and, for a
// file made by Create, syncs it and renames it to its final name.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errClosed
	}
	w.closed = true
	defer w.codec.close()
	err := w.flushLocked()
	if err == nil {
		var p [16]byte
		binary.LittleEndian.PutUint64(p[:], w.records)
		binary.LittleEndian.PutUint64(p[8:], w.games)
		h := BlockHeader{Version: FormatVersion, Game: w.game, Flags: blockFlagEnd | blockFlagStored, RawSize: 16, Size: 16, PayloadCRC: crc32c(p[:]),
			Seq: uint32(w.blocks), GamesBefore: w.games}
		w.out = appendBlockHeader(w.out[:0], &h)
		w.out = append(w.out, p[:]...)
		err = w.writeSync(w.out)
	}
	if w.f == nil {
		return err
	}
	w.fclosed = true
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(w.tmp, w.path); err != nil {
		return err
	}
	w.renamed = true
	if !w.opt.NoSync {
		if d, err := os.Open(filepath.Dir(w.path)); err == nil {
			d.Sync()
			d.Close()
		}
	}
	return nil
}

// Abort discards an unfinished dataset: for a file made by Create it closes
// and removes the .tmp (it never renames it), so that a tool that failed
// (a full disk, a bad input) leaves nothing behind and can simply be run
// again. It may follow a failed Close; after a successful Close it does
// nothing (the file is finished: remove it by name). Self-play, whose .tmp
// holds finished games worth salvaging, does not call it.
func (w *Writer) Abort() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.renamed {
		return nil
	}
	if !w.closed {
		w.closed = true
		w.codec.close()
	}
	if w.f == nil {
		return nil
	}
	if !w.fclosed {
		w.fclosed = true
		w.f.Close()
	}
	if err := os.Remove(w.tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// createdTime is the time stamped into a new file's header: now, or the
// time SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds
// convention) names, so that two runs with the same seed write the same
// bytes. An unreadable SOURCE_DATE_EPOCH is ignored.
func createdTime() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if sec, err := strconv.ParseInt(s, 10, 64); err == nil && sec >= 0 {
			return time.Unix(sec, 0).UTC()
		}
	}
	return time.Now().UTC()
}

// BlockScanner: reads a dataset stream block by block, checking checksums
// and resynchronising after damage.
package datasets

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Problem is one piece of damage or irregularity found while reading.
type Problem struct {
	Block  int    // ordinal of the block slot where it was found (0-based)
	Offset int64  // byte offset in the file
	Msg    string // what is wrong
	// Warning marks the expected consequences of a killed writer (a torn
	// last block, no end marker): the data before it is intact.
	Warning bool
}

func (p Problem) String() string {
	kind := "error"
	if p.Warning {
		kind = "warning"
	}
	return fmt.Sprintf("%s: block %d at offset %d: %s", kind, p.Block, p.Offset, p.Msg)
}

// ErrConcatenated is the error (Err) of a stream holding a second dataset
// after the first one's end marker, as `cat a.dnds b.dnds` makes: an error,
// not a warning, so that no reader drops the second file's positions
// silently. Each file restarts the block sequence numbers and game counts
// that resuming loaders and self-play use to name a block or a game, so
// the stream is not read as one dataset; `selfplay data merge` joins files.
var ErrConcatenated = errors.New("datasets: concatenated datasets")

// BlockScanner reads the file header and then the blocks of a dataset from
// an io.Reader, verifying the header and payload checksums of every block
// and (format version 2) their sequence numbers, so that a removed,
// duplicated or misplaced block is reported (a repeated block is skipped).
// Damage never stops it: it records a Problem, skips to the next block
// (searching for the block magic when a header is bad) and goes on. Only
// I/O errors stop it (see Err).
type BlockScanner struct {
	r        io.Reader
	buf      []byte
	pos, end int
	eof      bool
	off      int64 // file offset of buf[pos]
	err      error

	header   FileHeader
	hsize    int // block header size of the file's version
	problems []Problem
	errors   int // problems found by the scanner that are not warnings
	onProb   func(Problem)
	slot     int  // ordinal of the next block slot (version 2: the next sequence number)
	ended    bool // the end marker was read
	closed   bool // the file must end with an end marker (see SetClosed)
	seeked   bool // SeekBlock skipped blocks: the end marker's totals cannot be checked

	// Accounting over the blocks whose header was intact.
	nextSeq     uint32 // version 2: sequence number expected next
	gamesSeen   uint64 // games before the next block
	recsSeen    uint64 // records of the blocks accounted
	unknownLoss bool   // damaged headers since the last accounted block
	lossEver    bool   // some damaged header hid how many games it lost

	// current block
	bh           BlockHeader
	bOff         int64
	bIndex       int
	bGamesBefore uint64
	bExact       bool

	// totals from the end marker
	endRecords, endGames uint64
}

// NewBlockScanner reads and checks the file header. It fails when the
// stream is not a dataset or its header is unreadable.
func NewBlockScanner(r io.Reader) (*BlockScanner, error) {
	s := &BlockScanner{r: r, buf: make([]byte, 1<<16)}
	if !s.ensure(fileHeaderFixed) {
		if s.err != nil {
			return nil, s.err
		}
		return nil, fmt.Errorf("datasets: file is %d bytes, too short for a header", s.end-s.pos)
	}
	h, infoLen, err := parseFileHeaderFixed(s.buf[s.pos:])
	if err != nil {
		return nil, err
	}
	total := fileHeaderFixed + infoLen + 4
	if !s.ensure(total) {
		if s.err != nil {
			return nil, s.err
		}
		return nil, fmt.Errorf("datasets: file header truncated (%d of %d bytes)", s.end-s.pos, total)
	}
	b := s.buf[s.pos : s.pos+total]
	if got, want := crc32c(b[:total-4]), binary.LittleEndian.Uint32(b[total-4:]); got != want {
		s.problem(0, fmt.Sprintf("file header checksum mismatch (stored %08x, computed %08x): generator info ignored", want, got), false)
	} else if err := json.Unmarshal(b[fileHeaderFixed:total-4], &h.Generator); err != nil {
		s.problem(0, fmt.Sprintf("generator info: %v", err), false)
	}
	s.header = h
	s.hsize = blockHeaderSize(h.Version)
	s.advance(total)
	return s, nil
}

// SetClosed declares whether the stream is a closed file, one that must end
// with an end marker: every file but a writer's ".tmp" (the Writer renames
// its file on Close). In a closed file a missing end marker or a torn last
// block means the file was truncated later, and is reported as damage (an
// error), not as a killed writer's tail (a warning). Call it before Next.
func (s *BlockScanner) SetClosed(closed bool) { s.closed = closed }

// IsClosedName reports whether path names a file that must have been closed
// (see SetClosed): any name but a Writer's "*.tmp".
func IsClosedName(path string) bool { return !strings.HasSuffix(path, ".tmp") }

// openScanner opens path and starts a scanner on it, closed unless path is
// a ".tmp".
func openScanner(path string) (*os.File, *BlockScanner, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	sc, err := NewBlockScanner(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	sc.SetClosed(IsClosedName(path))
	return f, sc, nil
}

// SeekBlock moves the scanner to the block at byte offset off whose
// ordinal is index (both as Block returned them when the block was read
// before), so that the next call to Next reads that block and the ones
// after it without reading those before. The scanner's reader must be an
// io.Seeker. After a seek the checks that need the blocks before (the end
// marker's totals, a version 1 file's game counts) are not made; the
// caller checks that Block then names the block it asked for.
func (s *BlockScanner) SeekBlock(off int64, index int) error {
	sk, ok := s.r.(io.Seeker)
	if !ok {
		return fmt.Errorf("datasets: cannot seek in a %T", s.r)
	}
	if off < int64(fileHeaderFixed) || index < 0 || index > math.MaxUint32 {
		return fmt.Errorf("datasets: no block %d at offset %d", index, off)
	}
	if _, err := sk.Seek(off, io.SeekStart); err != nil {
		s.err = err
		return err
	}
	s.pos, s.end, s.eof, s.off = 0, 0, false, off
	s.slot, s.nextSeq = index, uint32(index)
	// The blocks before are not read: accept the next block's sequence
	// number and game count as they are.
	s.unknownLoss, s.lossEver, s.seeked = true, true, true
	return nil
}

// Header returns the file header.
func (s *BlockScanner) Header() *FileHeader { return &s.header }

// Problems returns every problem found so far.
func (s *BlockScanner) Problems() []Problem { return s.problems }

// OnProblem sets a function called for every new problem (e.g. to log it).
func (s *BlockScanner) OnProblem(f func(Problem)) { s.onProb = f }

// Err returns the I/O error that stopped the scanner, if any, or
// ErrConcatenated (wrapped) for a second dataset after the end marker.
func (s *BlockScanner) Err() error { return s.err }

// Ended reports whether the end marker of a cleanly closed file was read,
// and the totals it carries.
func (s *BlockScanner) Ended() (ended bool, records, games uint64) {
	return s.ended, s.endRecords, s.endGames
}

// Block returns the header, ordinal and file offset of the current block.
// The ordinal is the block's sequence number in version 2 files, its slot
// (intact or damaged blocks before it) in version 1 files.
func (s *BlockScanner) Block() (h *BlockHeader, index int, offset int64) {
	return &s.bh, s.bIndex, s.bOff
}

// GamesBefore returns the number of games the file's writer wrote before
// the current block, lost blocks included, so that a game's ordinal in its
// file is GamesBefore plus its index in the block. exact is false when the
// format cannot tell: in a version 1 file after a damaged block header
// (version 1 headers carry no count, and a removed block goes unseen there
// until the end marker).
func (s *BlockScanner) GamesBefore() (games uint64, exact bool) {
	return s.bGamesBefore, s.bExact
}

func (s *BlockScanner) problem(off int64, msg string, warning bool) {
	s.problemAt(s.slot, off, msg, warning)
}

func (s *BlockScanner) problemAt(block int, off int64, msg string, warning bool) {
	p := Problem{Block: block, Offset: off, Msg: msg, Warning: warning}
	if !warning {
		s.errors++
	}
	s.problems = append(s.problems, p)
	if s.onProb != nil {
		s.onProb(p)
	}
}

// account checks the sequence of a block whose header is intact (its
// payload may be damaged) and counts its games and records. It returns
// true for a block that repeats one read before (skip it).
func (s *BlockScanner) account(h *BlockHeader, idx int, off int64) (repeated bool) {
	if s.header.Version < 2 {
		s.bGamesBefore, s.bExact = s.gamesSeen, !s.lossEver
		if !h.IsEnd() {
			s.gamesSeen += uint64(h.Games)
			s.recsSeen += uint64(h.Records)
		}
		s.slot = idx + 1
		return false
	}
	switch {
	case h.Seq < s.nextSeq:
		s.problemAt(idx, off, fmt.Sprintf("block %d again after block %d (duplicated or misplaced): skipped, %d records", h.Seq, s.nextSeq-1, h.Records), false)
		return true
	case h.Seq > s.nextSeq && !s.unknownLoss:
		// (After a damaged header the loss is reported already.)
		what := fmt.Sprintf("block %d", s.nextSeq)
		if h.Seq-s.nextSeq > 1 {
			what = fmt.Sprintf("blocks %d to %d", s.nextSeq, h.Seq-1)
		}
		games := "?"
		if h.GamesBefore >= s.gamesSeen {
			games = fmt.Sprint(h.GamesBefore - s.gamesSeen)
		}
		s.problemAt(int(s.nextSeq), off, fmt.Sprintf("%s (%s games) missing before offset %d: removed from the file", what, games, off), false)
	case h.GamesBefore != s.gamesSeen && !s.unknownLoss:
		s.problemAt(idx, off, fmt.Sprintf("block %d says %d games come before it, the blocks before hold %d", h.Seq, h.GamesBefore, s.gamesSeen), false)
	}
	s.bGamesBefore, s.bExact = h.GamesBefore, true
	s.nextSeq = h.Seq + 1
	s.gamesSeen = h.GamesBefore + uint64(h.Games)
	s.recsSeen += uint64(h.Records)
	s.unknownLoss = false
	s.slot = int(s.nextSeq)
	return false
}

// ensure tries to make n bytes available at buf[pos:]; false at EOF or error.
func (s *BlockScanner) ensure(n int) bool {
	for s.end-s.pos < n {
		if s.eof || s.err != nil {
			return false
		}
		if s.pos > 0 && (s.pos+n > len(s.buf) || s.pos > len(s.buf)/2) {
			copy(s.buf, s.buf[s.pos:s.end])
			s.end -= s.pos
			s.pos = 0
		}
		if n > len(s.buf) {
			nb := make([]byte, max(n, 2*len(s.buf)))
			copy(nb, s.buf[s.pos:s.end])
			s.end -= s.pos
			s.pos = 0
			s.buf = nb
		}
		m, err := s.r.Read(s.buf[s.end:])
		s.end += m
		if err == io.EOF {
			s.eof = true
		} else if err != nil {
			s.err = err
		}
	}
	return true
}

func (s *BlockScanner) advance(n int) {
	s.pos += n
	s.off += int64(n)
}

// resync skips at least one byte and then up to the next block magic. It
// returns the number of bytes skipped.
func (s *BlockScanner) resync() int64 {
	start := s.off
	s.advance(1)
	for {
		if i := bytes.Index(s.buf[s.pos:s.end], []byte(blockMagic)); i >= 0 {
			s.advance(i)
			return s.off - start
		}
		// Keep a tail that may hold the start of a magic.
		if keep := len(blockMagic) - 1; s.end-s.pos > keep {
			s.advance(s.end - s.pos - keep)
		}
		if !s.ensure(s.end - s.pos + 1) {
			s.advance(s.end - s.pos)
			return s.off - start
		}
	}
}

// Next advances to the next intact block and returns its stored payload
// (valid until the next call). It returns false at the end of the data.
func (s *BlockScanner) Next() (payload []byte, ok bool) {
	for {
		if !s.ensure(s.hsize) {
			rest := s.end - s.pos
			switch {
			case s.err != nil:
				return nil, false
			case s.ended && rest >= len(fileMagic) && bytes.HasPrefix(s.buf[s.pos:s.end], []byte(fileMagic)):
				s.concatenated()
				return nil, false
			case s.ended && rest > 0:
				s.problem(s.off, fmt.Sprintf("%d bytes of garbage after the end marker ignored", rest), false)
			case s.ended:
			case rest > 0 && bytes.HasPrefix(s.buf[s.pos:s.end], []byte(blockMagic)[:min(rest, len(blockMagic))]):
				if s.closed {
					s.problem(s.off, fmt.Sprintf("torn block header (%d of %d bytes) in a closed file: the file was truncated here", rest, s.hsize), false)
				} else {
					s.problem(s.off, fmt.Sprintf("torn block header (%d of %d bytes): the writer stopped here", rest, s.hsize), true)
				}
			case rest > 0:
				s.problem(s.off, fmt.Sprintf("%d bytes of garbage at the end ignored", rest), false)
			case s.closed:
				s.problem(s.off, "no end marker in a closed file: the file was truncated after its last intact block", false)
			default:
				s.problem(s.off, "no end marker: the file was not closed (writer killed?); every block before is intact", true)
			}
			s.advance(rest)
			return nil, false
		}
		if s.ended && bytes.HasPrefix(s.buf[s.pos:s.end], []byte(fileMagic)) {
			s.concatenated()
			return nil, false
		}
		if s.ended {
			s.problem(s.off, fmt.Sprintf("%d+ bytes of garbage after the end marker ignored", s.end-s.pos), false)
			s.advance(s.end - s.pos)
			for s.ensure(1) {
				s.advance(s.end - s.pos)
			}
			return nil, false
		}
		off := s.off
		h, msg := parseBlockHeader(s.buf[s.pos:], s.header.Version)
		if msg != "" {
			skipped := s.resync()
			s.problem(off, fmt.Sprintf("%s; skipped %d bytes to the next block magic", msg, skipped), false)
			s.slot++
			s.unknownLoss, s.lossEver = true, true
			continue
		}
		idx := s.slot
		if s.header.Version >= 2 {
			idx = int(h.Seq)
		}
		n := s.hsize + int(h.Size)
		if !s.ensure(n) {
			if s.err != nil {
				return nil, false
			}
			got := s.end - s.pos
			if i := bytes.Index(s.buf[s.pos+1:s.end], []byte(blockMagic)); i >= 0 {
				// Another block follows: this one lost bytes in the middle.
				if !s.account(&h, idx, off) {
					s.problemAt(idx, off, fmt.Sprintf("block claims %d bytes but another block starts %d bytes later; %d records skipped", n, i+1, h.Records), false)
				}
				s.advance(i + 1)
				continue
			}
			if s.closed {
				s.problemAt(idx, off, fmt.Sprintf("torn block in a closed file: %d of %d bytes present (the file was truncated here); %d records lost", got, n, h.Records), false)
			} else {
				s.problemAt(idx, off, fmt.Sprintf("torn block: %d of %d bytes present (the writer stopped here); %d records lost", got, n, h.Records), true)
			}
			s.advance(got)
			return nil, false
		}
		p := s.buf[s.pos+s.hsize : s.pos+n]
		if got := crc32c(p); got != h.PayloadCRC {
			// Search for the next magic from just after this header rather
			// than trusting the size: a hole in the file must not cost the
			// next block too.
			if !s.account(&h, idx, off) {
				s.problemAt(idx, off, fmt.Sprintf("payload checksum mismatch (stored %08x, computed %08x): %d records skipped", h.PayloadCRC, got, h.Records), false)
			}
			s.resync()
			continue
		}
		s.advance(n)
		if s.account(&h, idx, off) {
			continue
		}
		if h.IsEnd() {
			if len(p) >= 16 {
				s.endRecords = binary.LittleEndian.Uint64(p)
				s.endGames = binary.LittleEndian.Uint64(p[8:])
			}
			s.ended = true
			if s.errors == 0 && !s.seeked && (s.endRecords != s.recsSeen || s.endGames != s.gamesSeen) {
				s.problemAt(idx, off, fmt.Sprintf("end marker counts %d positions / %d games, the blocks hold %d / %d: blocks removed or duplicated", s.endRecords, s.endGames, s.recsSeen, s.gamesSeen), false)
			}
			continue
		}
		s.bh, s.bIndex, s.bOff = h, idx, off
		if h.Game != s.header.Game {
			s.problemAt(idx, off, fmt.Sprintf("block of game %v in a %v file skipped", h.Game, s.header.Game), false)
			continue
		}
		return p, true
	}
}

// concatenated stops the scanner at a second dataset after the end marker.
func (s *BlockScanner) concatenated() {
	s.err = fmt.Errorf("%w: a second dataset starts at offset %d, after the end marker (files joined with cat?); its positions are not read: join datasets with 'selfplay data merge', or give the files one by one", ErrConcatenated, s.off)
}

// blockCodec compresses and decompresses block payloads, reusing buffers.
type blockCodec struct {
	enc *zstd.Encoder
	dec *zstd.Decoder
	raw []byte
	tmp []byte
}

func (c *blockCodec) decoder() (*zstd.Decoder, error) {
	if c.dec == nil {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(2*MaxBlockSize), zstd.WithDecoderMaxWindow(2*MaxBlockSize))
		if err != nil {
			return nil, err
		}
		c.dec = d
	}
	return c.dec, nil
}

// decompress returns the raw payload (stream table and streams) of a block.
func (c *blockCodec) decompress(h *BlockHeader, stored []byte) ([]byte, error) {
	switch {
	case h.Flags&blockFlagStored != 0:
		if len(stored) != int(h.RawSize) {
			return nil, fmt.Errorf("stored payload of %d bytes, header says %d", len(stored), h.RawSize)
		}
		return stored, nil
	case h.Flags&blockFlagStreams != 0:
		return c.decompressStreams(h, stored)
	}
	dec, err := c.decoder()
	if err != nil {
		return nil, err
	}
	if cap(c.raw) < int(h.RawSize) {
		c.raw = make([]byte, 0, h.RawSize)
	}
	raw, err := dec.DecodeAll(stored, c.raw[:0])
	if err != nil {
		return nil, fmt.Errorf("zstd: %w", err)
	}
	if cap(raw) > cap(c.raw) {
		c.raw = raw[:0]
	}
	if len(raw) != int(h.RawSize) {
		return nil, fmt.Errorf("payload decompresses to %d bytes, header says %d", len(raw), h.RawSize)
	}
	return raw, nil
}

// A block with blockFlagStreams stores its streams separately, so that
// zstd's entropy tables fit each stream:
//
//	uvarint games, uvarint rawLen[5]   (the raw payload's stream table)
//	uvarint storedLen[5]               (storedLen == rawLen: stored as is; else a zstd frame)
//	the stored streams
const numStreams = 5

func (c *blockCodec) decompressStreams(h *BlockHeader, stored []byte) ([]byte, error) {
	var rawLen, storedLen [numStreams]uint64
	b := stored
	var ok bool
	if _, b, ok = readUvarint(b); !ok {
		return nil, fmt.Errorf("bad stream table")
	}
	total := uint64(0)
	for i := range rawLen {
		if rawLen[i], b, ok = readUvarint(b); !ok || rawLen[i] > MaxBlockSize {
			return nil, fmt.Errorf("bad stream table")
		}
		total += rawLen[i]
	}
	table := len(stored) - len(b)
	for i := range storedLen {
		if storedLen[i], b, ok = readUvarint(b); !ok || storedLen[i] > rawLen[i] || storedLen[i] > uint64(len(b)) {
			return nil, fmt.Errorf("bad stream table")
		}
	}
	if total+uint64(table) != uint64(h.RawSize) {
		return nil, fmt.Errorf("streams of %d bytes, header says %d", total+uint64(table), h.RawSize)
	}
	if cap(c.raw) < int(h.RawSize) {
		c.raw = make([]byte, 0, h.RawSize)
	}
	raw := append(c.raw[:0], stored[:table]...)
	for i := range storedLen {
		if storedLen[i] > uint64(len(b)) {
			return nil, fmt.Errorf("stream %d overruns the block", i)
		}
		src := b[:storedLen[i]]
		b = b[storedLen[i]:]
		n := len(raw)
		if storedLen[i] == rawLen[i] {
			raw = append(raw, src...)
			continue
		}
		dec, err := c.decoder()
		if err != nil {
			return nil, err
		}
		if raw, err = dec.DecodeAll(src, raw); err != nil {
			return nil, fmt.Errorf("stream %d: zstd: %w", i, err)
		}
		if uint64(len(raw)-n) != rawLen[i] {
			return nil, fmt.Errorf("stream %d decompresses to %d bytes, table says %d", i, len(raw)-n, rawLen[i])
		}
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%d bytes after the streams", len(b))
	}
	c.raw = raw[:0]
	return raw, nil
}

// compressStreams appends the stored form (blockFlagStreams) of b's
// streams to dst.
func (c *blockCodec) compressStreams(dst []byte, b *blockBuilder, level zstd.EncoderLevel) ([]byte, error) {
	if c.enc == nil {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		c.enc = e
	}
	streams := [numStreams][]byte{b.games, b.from, b.to, b.scores, b.best}
	dst = binary.AppendUvarint(dst, uint64(b.nGames))
	for _, st := range streams {
		dst = binary.AppendUvarint(dst, uint64(len(st)))
	}
	c.tmp = c.tmp[:0]
	var cut [numStreams + 1]int
	for i, st := range streams {
		if len(st) > 0 {
			c.tmp = c.enc.EncodeAll(st, c.tmp)
		}
		if n := len(c.tmp) - cut[i]; n >= len(st) {
			c.tmp = append(c.tmp[:cut[i]], st...) // incompressible: store as is
		}
		cut[i+1] = len(c.tmp)
	}
	for i := range streams {
		dst = binary.AppendUvarint(dst, uint64(cut[i+1]-cut[i]))
	}
	return append(dst, c.tmp...), nil
}

func (c *blockCodec) close() {
	if c.dec != nil {
		c.dec.Close()
		c.dec = nil
	}
	if c.enc != nil {
		c.enc.Close()
		c.enc = nil
	}
}

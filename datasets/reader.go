// Reader: streaming position reader with the filters trainers use, and a
// game-level reader for the tools.
package datasets

import (
	"fmt"
	"io"
	"os"

	"dualnnue/internal/splitmix"
	"dualnnue/position"
)

// Filter selects the positions a Reader returns. The zero value keeps all
// scored positions (positions scored position.ValueNone are always skipped).
// These are the usual trainer filters of nnue-pytorch and bullet.
type Filter struct {
	SkipInCheck      bool // skip positions whose side to move is in check
	SkipCaptures     bool // skip positions where the move played captures
	SkipBestCaptures bool // skip positions where the search's best move captures
	// MinPly skips positions whose game ply (State().GamePly: plies from
	// the game's start, counting the FEN's move number) is below it.
	MinPly int
	// MaxAbsScore skips |score| > MaxAbsScore centipawns (0: no limit);
	// mate scores are above any limit below position.ValueMateInMaxPly.
	MaxAbsScore int
	// SkipUnknownResult skips positions of games without a result.
	SkipUnknownResult bool
	// RandomSkip is the probability of skipping a position that passed the
	// other filters (nnue-pytorch's random_fen_skipping N is N/(N+1)).
	RandomSkip float64
	// Seed seeds the random skipping (any value; 0 is a valid seed).
	Seed uint64
}

// Validate refuses settings that have no meaning (Open, NewReader,
// ReadSamples and NewLoader call it): RandomSkip outside [0, 1) (NaN
// included: a probability of 1 or more would keep nothing), and a negative
// MinPly or MaxAbsScore.
func (f *Filter) Validate() error {
	switch {
	case !(f.RandomSkip >= 0 && f.RandomSkip < 1):
		return fmt.Errorf("datasets: filter: random skip %v out of range [0, 1) (the probability of skipping a position)", f.RandomSkip)
	case f.MinPly < 0:
		return fmt.Errorf("datasets: filter: min ply %d is negative", f.MinPly)
	case f.MaxAbsScore < 0:
		return fmt.Errorf("datasets: filter: max abs score %d is negative (0: no limit)", f.MaxAbsScore)
	}
	return nil
}

// keep applies f to the record rec at the position pos. rng is the
// caller's generator state.
func (f *Filter) keep(pos position.Game, rec *Record, rng *uint64, threshold uint64) bool {
	if rec.Score == position.ValueNone {
		return false // unscored (e.g. a PGN move without an evaluation)
	}
	if f.MaxAbsScore > 0 && (rec.Score > position.Value(f.MaxAbsScore) || rec.Score < -position.Value(f.MaxAbsScore)) {
		return false
	}
	if f.SkipUnknownResult && rec.Result == position.ResultUnknown {
		return false
	}
	if f.MinPly > 0 && pos.State().GamePly < f.MinPly {
		return false
	}
	if f.SkipInCheck && pos.State().InCheck {
		return false
	}
	if f.SkipCaptures && rec.Move != position.MoveNone && pos.IsCapture(rec.Move) {
		return false
	}
	if f.SkipBestCaptures && rec.Best != position.MoveNone && pos.IsCapture(rec.Best) {
		return false
	}
	if threshold != 0 && splitmix.Next(rng) < threshold {
		return false
	}
	return true
}

// skipThreshold turns a probability into a threshold on 64-bit draws.
func skipThreshold(p float64) uint64 {
	switch {
	case p <= 0:
		return 0
	case p >= 1:
		return ^uint64(0)
	}
	return uint64(p * (1 << 63) * 2)
}

// Reader streams the scored positions of a dataset. Damage is reported
// through Problems and skipped; only I/O errors stop it (Err).
//
//	r, err := datasets.Open(path, &datasets.Filter{SkipInCheck: true})
//	for r.Next() {
//		pos, rec := r.Position(), r.Record()
//		...
//	}
//	if err := r.Err(); err != nil { ... }
//	for _, p := range r.Problems() { log.Print(p) }
type Reader struct {
	sc        *BlockScanner
	codec     blockCodec
	cd        chainDecoder
	filter    Filter
	rng       uint64
	threshold uint64
	inBlock   bool
	f         *os.File
	err       error

	// Statistics.
	Blocks, Games, Decoded, Returned int64
}

// Open opens a dataset file (a .tmp left by a killed writer included; any
// other name must be a closed file, see BlockScanner.SetClosed).
func Open(path string, f *Filter) (*Reader, error) {
	if f != nil {
		if err := f.Validate(); err != nil {
			return nil, err
		}
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r, err := NewReader(fh, f)
	if err != nil {
		fh.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r.sc.SetClosed(IsClosedName(path))
	r.f = fh
	return r, nil
}

// NewReader reads a dataset from rd. f may be nil (keep all positions);
// a filter Validate refuses is an error.
func NewReader(rd io.Reader, f *Filter) (*Reader, error) {
	if f != nil {
		if err := f.Validate(); err != nil {
			return nil, err
		}
	}
	sc, err := NewBlockScanner(rd)
	if err != nil {
		return nil, err
	}
	rp, err := newReplayer(sc.Header().Game)
	if err != nil {
		return nil, err
	}
	r := &Reader{sc: sc}
	r.cd.rp = rp
	if f != nil {
		r.filter = *f
	}
	r.rng = r.filter.Seed
	r.threshold = skipThreshold(r.filter.RandomSkip)
	return r, nil
}

// Header returns the file header.
func (r *Reader) Header() *FileHeader { return r.sc.Header() }

// Scanner returns the underlying block scanner.
func (r *Reader) Scanner() *BlockScanner { return r.sc }

// Problems returns the damage found so far (corrupt blocks skipped, a torn
// tail, a missing end marker, ...).
func (r *Reader) Problems() []Problem { return r.sc.Problems() }

// Err returns the I/O error that stopped the reader, if any.
func (r *Reader) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.sc.Err()
}

// GameOrdinal returns the ordinal in its file (0-based, over every game the
// writer wrote, lost blocks included) of the game of the current record
// (Next) or of the game NextGame returned last. exact is false when the
// format cannot tell (see BlockScanner.GamesBefore).
func (r *Reader) GameOrdinal() (ordinal uint64, exact bool) {
	before, exact := r.sc.GamesBefore()
	return before + uint64(max(r.cd.gameIndex, 0)), exact
}

// Position returns the current position (valid until the next call to Next).
func (r *Reader) Position() position.Game { return r.cd.rp.pos }

// Record returns the current record (valid until the next call to Next).
func (r *Reader) Record() *Record { return &r.cd.rec }

// Close releases the reader and closes a file opened by Open.
func (r *Reader) Close() error {
	r.codec.close()
	if r.f != nil {
		return r.f.Close()
	}
	return nil
}

// nextBlock loads the next intact block into the chain decoder.
func (r *Reader) nextBlock() bool {
	for {
		stored, ok := r.sc.Next()
		if !ok {
			return false
		}
		h, idx, off := r.sc.Block()
		raw, err := r.codec.decompress(h, stored)
		if err == nil {
			err = r.cd.start(h, raw)
		}
		if err != nil {
			r.blockProblem(idx, off, err)
			continue
		}
		r.Blocks++
		return true
	}
}

func (r *Reader) blockProblem(idx int, off int64, err error) {
	p := Problem{Block: idx, Offset: off, Msg: err.Error() + "; rest of the block skipped"}
	r.sc.problems = append(r.sc.problems, p)
	if r.sc.onProb != nil {
		r.sc.onProb(p)
	}
}

// Next advances to the next position that passes the filter.
func (r *Reader) Next() bool {
	for r.step() {
		if r.filter.keep(r.cd.rp.pos, &r.cd.rec, &r.rng, r.threshold) {
			r.Returned++
			return true
		}
	}
	return false
}

// step advances to the next decoded record, unfiltered.
func (r *Reader) step() bool {
	for {
		if r.cd.inGame {
			ok, err := r.cd.nextInGame()
			if err != nil {
				_, idx, off := r.sc.Block()
				r.blockProblem(idx, off, err)
				r.cd.inGame, r.inBlock = false, false
				continue
			}
			if ok {
				r.Decoded++
				return true
			}
		}
		if r.inBlock {
			ok, err := r.cd.startGame()
			if err != nil {
				_, idx, off := r.sc.Block()
				r.blockProblem(idx, off, err)
				r.inBlock = false
				continue
			}
			if ok {
				r.Games++
				continue
			}
			r.inBlock = false
		}
		if !r.nextBlock() {
			return false
		}
		r.inBlock = true
	}
}

// NextGame decodes the next whole game into g (the filter is ignored).
// It returns false at the end of the data; damaged blocks are skipped and
// reported as by Next. Do not mix NextGame and Next on one Reader.
func (r *Reader) NextGame(g *GameRecord) bool {
	r.cd.collect = true
	for {
		if r.inBlock {
			ok, err := r.cd.startGame()
			if err == nil && ok {
				g.Reset()
				if r.cd.fen != nil {
					g.StartFEN = string(r.cd.fen)
				}
				g.Book = append(g.Book, r.cd.book...)
				g.Result = r.cd.result
				for {
					more, err2 := r.cd.nextInGame()
					if err2 != nil {
						err = err2
						break
					}
					if !more {
						break
					}
					rec := &r.cd.rec
					g.Plies = append(g.Plies, Ply{Move: rec.Move, Best: rec.Best, Score: rec.Score})
				}
				if err == nil {
					r.Games++
					r.Decoded += int64(len(g.Plies))
					r.Returned += int64(len(g.Plies))
					return true
				}
			}
			if err != nil {
				_, idx, off := r.sc.Block()
				r.blockProblem(idx, off, err)
			}
			r.inBlock = false
		}
		if !r.nextBlock() {
			return false
		}
		r.inBlock = true
	}
}

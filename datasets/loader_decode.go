// The loader's worker goroutines: blocks decoded into filtered samples.
package datasets

import (
	"dualnnue/internal/splitmix"
	"dualnnue/position"
)

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
	if err := f.Validate(); err != nil {
		return nil, err
	}
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

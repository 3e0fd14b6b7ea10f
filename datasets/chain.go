// Chain encoding of games into a block payload, and its decoder.
package datasets

import (
	"encoding/binary"
	"errors"
	"fmt"

	"dualnnue/position"
	"dualnnue/position/setup"
)

// Ply is one scored position of a game: the move played from it, the
// search's best move and the search score.
type Ply struct {
	// Move is the move played. MoveNone is allowed on the last ply only: a
	// scored position that ends the chain with no move (e.g. the last line of
	// an imported FEN list).
	Move position.Move
	// Best is the search's best move when it differs from Move; MoveNone or
	// Move itself mean "the move played".
	Best position.Move
	// Score is the search score in centipawns from the side to move's view
	// (mate scores as position.Value mate values), within
	// [-position.ValueMate, position.ValueMate], or position.ValueNone for
	// a position without a score.
	Score position.Value
}

// GameRecord is one game as the Writer takes it and the GameReader returns it.
type GameRecord struct {
	// StartFEN is the initial position; "" is the game's standard start.
	StartFEN string
	// Book holds unscored plies played first (an opening book or random
	// opening moves). They are replayed but produce no record.
	Book []position.Move
	// Plies holds the scored positions in order, starting after Book.
	Plies []Ply
	// Result is the game's outcome from White's/Red's view.
	Result position.Result
}

// Reset empties g, keeping its slices.
func (g *GameRecord) Reset() {
	g.StartFEN = ""
	g.Book = g.Book[:0]
	g.Plies = g.Plies[:0]
	g.Result = position.ResultUnknown
}

const (
	gameFlagFEN   = 1 << 0
	gameFlagFinal = 1 << 3 // the last scored ply has no move
	gameResultSh  = 1
	gameFlagsMask = gameFlagFEN | 3<<gameResultSh | gameFlagFinal
)

// blockBuilder accumulates the four streams of a block payload.
type blockBuilder struct {
	games, from, to, scores, best []byte
	nGames, nRecords              int
	lastBest                      int // scored index of the last best-move exception, -1 if none
}

func (b *blockBuilder) reset() {
	b.games, b.from, b.to, b.scores, b.best = b.games[:0], b.from[:0], b.to[:0], b.scores[:0], b.best[:0]
	b.nGames, b.nRecords, b.lastBest = 0, 0, -1
}

// size is the uncompressed payload size so far (without the small prefix).
func (b *blockBuilder) size() int {
	return len(b.games) + len(b.from) + len(b.to) + len(b.scores) + len(b.best)
}

// payload appends the block payload to dst.
func (b *blockBuilder) payload(dst []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(b.nGames))
	for _, st := range [...][]byte{b.games, b.from, b.to, b.scores, b.best} {
		dst = binary.AppendUvarint(dst, uint64(len(st)))
	}
	dst = append(dst, b.games...)
	dst = append(dst, b.from...)
	dst = append(dst, b.to...)
	dst = append(dst, b.scores...)
	return append(dst, b.best...)
}

func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }
func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// addGame encodes g, replaying it on r to code and check its moves. On error
// nothing of g stays in the block.
func (b *blockBuilder) addGame(r *replayer, g *GameRecord) (err error) {
	lg, lf, lt, ls, lb, nr, last := len(b.games), len(b.from), len(b.to), len(b.scores), len(b.best), b.nRecords, b.lastBest
	defer func() {
		if err != nil {
			b.games, b.from, b.to, b.scores, b.best = b.games[:lg], b.from[:lf], b.to[:lt], b.scores[:ls], b.best[:lb]
			b.nRecords, b.lastBest = nr, last
		}
	}()
	if g.Result > position.WhiteWin {
		return fmt.Errorf("datasets: bad result %d", g.Result)
	}
	if n := len(g.Book) + len(g.Plies); n > maxGamePlies {
		return fmt.Errorf("datasets: game of %d plies exceeds the limit %d", n, maxGamePlies)
	}
	fen := g.StartFEN
	if fen == setup.StartFEN(r.game) {
		fen = ""
	}
	if err := r.reset(fen); err != nil {
		return fmt.Errorf("datasets: start position: %w", err)
	}
	flags := byte(g.Result) << gameResultSh
	if fen != "" {
		flags |= gameFlagFEN
	}
	for i, p := range g.Plies {
		if p.Score != position.ValueNone && (p.Score > position.ValueMate || p.Score < -position.ValueMate) {
			return fmt.Errorf("datasets: ply %d: score %d outside the mate range [%d, %d]", len(g.Book)+i, p.Score, -position.ValueMate, position.ValueMate)
		}
		if p.Move == position.MoveNone {
			if i != len(g.Plies)-1 {
				return fmt.Errorf("datasets: ply %d has no move but is not the last", i)
			}
			flags |= gameFlagFinal
		}
	}
	b.games = append(b.games, flags)
	if fen != "" {
		b.games = binary.AppendUvarint(b.games, uint64(len(fen)))
		b.games = append(b.games, fen...)
	}
	b.games = binary.AppendUvarint(b.games, uint64(len(g.Book)))
	b.games = binary.AppendUvarint(b.games, uint64(len(g.Plies)))

	for i, m := range g.Book {
		f, t, err := r.encode(m)
		if err != nil {
			return fmt.Errorf("datasets: book ply %d: %w", i, err)
		}
		b.from, b.to = append(b.from, f), append(b.to, t)
		r.do(m)
	}
	prev := int64(0) // prediction of the next score, side to move's view
	for i := range g.Plies {
		p := &g.Plies[i]
		b.scores = binary.AppendUvarint(b.scores, zigzag(int64(p.Score)-prev))
		prev = -int64(p.Score)
		if p.Best != position.MoveNone && p.Best != p.Move {
			f, t, err := r.encode(p.Best)
			if err != nil {
				return fmt.Errorf("datasets: ply %d: best move: %w", len(g.Book)+i, err)
			}
			b.best = binary.AppendUvarint(b.best, uint64(b.nRecords-b.lastBest-1))
			b.best = append(b.best, f, t)
			b.lastBest = b.nRecords
		}
		b.nRecords++
		if p.Move == position.MoveNone {
			break
		}
		f, t, err := r.encode(p.Move)
		if err != nil {
			return fmt.Errorf("datasets: ply %d: %w", len(g.Book)+i, err)
		}
		b.from, b.to = append(b.from, f), append(b.to, t)
		r.do(p.Move)
	}
	b.nGames++
	return nil
}

// Record is one scored position as a Reader returns it; the position itself
// is the Reader's Position() at the time.
type Record struct {
	Score  position.Value  // centipawns from the side to move's view, or a mate value
	Move   position.Move   // move played; MoveNone on a chain's final record
	Best   position.Move   // the search's best move (== Move unless it differed)
	Result position.Result // game result, White's/Red's view
	Ply    int             // plies from the chain's start position (book included)
	Game   int             // game ordinal within the block
	Index  int             // record ordinal within the block
}

var errCorrupt = errors.New("corrupt block payload")

func corruptf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errCorrupt}, args...)...)
}

// chainDecoder walks the games and records of one block payload, replaying
// them on its replayer.
type chainDecoder struct {
	rp                            *replayer
	games, from, to, scores, best []byte
	hdr                           BlockHeader
	gamesLeft                     int
	recIndex                      int // records decoded in this block
	nextBest                      int // record index of the next best-move exception, -1 if none
	nextBestCode                  [2]byte
	gameIndex                     int

	// current game
	inGame     bool
	scoredLeft int
	final      bool
	result     position.Result
	prev       int64
	ply        int
	fen        []byte // start FEN of the current game (nil: standard)
	collect    bool   // record book moves into book
	checkLegal bool   // also check every move against GenerateLegal (verify)
	trusted    bool   // skip the PseudoLegal/Legal check (block checked before)
	book       []position.Move
	pending    position.Move // move of the last record, played on the next call
	rec        Record
}

func readUvarint(b []byte) (uint64, []byte, bool) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), b[1:], true
	}
	v, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, b, false
	}
	return v, b[n:], true
}

// start prepares decoding of an uncompressed payload whose header is h.
func (d *chainDecoder) start(h *BlockHeader, raw []byte) error {
	d.hdr = *h
	var n [6]uint64
	var ok bool
	b := raw
	for i := range n {
		if n[i], b, ok = readUvarint(b); !ok {
			return corruptf("bad stream table")
		}
	}
	if n[0] != uint64(h.Games) {
		return corruptf("payload has %d games, header says %d", n[0], h.Games)
	}
	var streams [5][]byte
	for i := range streams {
		if n[i+1] > uint64(len(b)) {
			return corruptf("stream %d of %d bytes overruns the payload", i, n[i+1])
		}
		streams[i], b = b[:n[i+1]], b[n[i+1]:]
	}
	if len(b) != 0 {
		return corruptf("%d bytes after the streams", len(b))
	}
	if len(streams[1]) != len(streams[2]) {
		return corruptf("move streams of %d and %d bytes", len(streams[1]), len(streams[2]))
	}
	d.games, d.from, d.to, d.scores, d.best = streams[0], streams[1], streams[2], streams[3], streams[4]
	d.gamesLeft = int(n[0])
	d.recIndex, d.gameIndex = 0, -1
	d.inGame = false
	d.pending = position.MoveNone
	return d.loadBest(-1)
}

// loadBest reads the next best-move exception after record index last.
func (d *chainDecoder) loadBest(last int) error {
	if len(d.best) == 0 {
		d.nextBest = -1
		return nil
	}
	gap, rest, ok := readUvarint(d.best)
	if !ok || len(rest) < 2 || gap > uint64(d.hdr.Records) {
		return corruptf("bad best-move exception")
	}
	d.nextBest = last + 1 + int(gap)
	d.nextBestCode = [2]byte{rest[0], rest[1]}
	d.best = rest[2:]
	return nil
}

// decodeMove reads one move code and returns the move, checked legal.
func (d *chainDecoder) decodeMove() (position.Move, error) {
	if len(d.from) == 0 {
		return 0, corruptf("move stream exhausted")
	}
	f, t := d.from[0], d.to[0]
	d.from, d.to = d.from[1:], d.to[1:]
	m, ok := d.rp.decode(f, t, d.trusted)
	if !ok {
		return 0, corruptf("move code (%d,%d) is no legal move in %s", f, t, d.rp.pos.FEN())
	}
	if d.checkLegal && !d.rp.legal().Contains(m) {
		return 0, corruptf("move %s passes PseudoLegal and Legal but is not generated by GenerateLegal in %s", d.rp.pos.MoveString(m), d.rp.pos.FEN())
	}
	return m, nil
}

// startGame reads the next game header and replays its book plies.
// It returns false at the end of the block.
func (d *chainDecoder) startGame() (bool, error) {
	if d.gamesLeft == 0 {
		if left := len(d.games) + len(d.from) + len(d.to) + len(d.scores) + len(d.best); left != 0 || d.nextBest >= 0 {
			return false, corruptf("%d bytes left after the last game", left)
		}
		if d.recIndex != int(d.hdr.Records) {
			return false, corruptf("block holds %d records, header says %d", d.recIndex, d.hdr.Records)
		}
		return false, nil
	}
	d.gamesLeft--
	d.gameIndex++
	if len(d.games) == 0 {
		return false, corruptf("game stream exhausted")
	}
	flags := d.games[0]
	d.games = d.games[1:]
	if flags&^gameFlagsMask != 0 {
		return false, corruptf("unknown game flags %#x", flags)
	}
	d.fen = nil
	if flags&gameFlagFEN != 0 {
		n, rest, ok := readUvarint(d.games)
		if !ok || n == 0 || n > uint64(len(rest)) || n > 256 {
			return false, corruptf("bad start FEN length")
		}
		d.fen, d.games = rest[:n], rest[n:]
	}
	book, rest, ok := readUvarint(d.games)
	if !ok {
		return false, corruptf("bad book length")
	}
	scored, rest, ok := readUvarint(rest)
	if !ok || book+scored > maxGamePlies || scored > uint64(d.hdr.Records) {
		return false, corruptf("bad game length")
	}
	d.games = rest
	var err error
	if d.fen != nil {
		err = d.rp.reset(string(d.fen))
	} else {
		err = d.rp.reset("")
	}
	if err != nil {
		return false, corruptf("start position: %v", err)
	}
	d.result = position.Result(flags >> gameResultSh & 3)
	d.final = flags&gameFlagFinal != 0
	if d.final && scored == 0 {
		return false, corruptf("final flag on a game without records")
	}
	d.book = d.book[:0]
	for i := uint64(0); i < book; i++ {
		m, err := d.decodeMove()
		if err != nil {
			return false, err
		}
		if d.collect {
			d.book = append(d.book, m)
		}
		d.rp.do(m)
	}
	d.ply = int(book)
	d.scoredLeft = int(scored)
	d.prev = 0
	d.pending = position.MoveNone
	d.inGame = true
	return true, nil
}

// nextInGame decodes the next record of the current game into d.rec,
// first playing the move of the previous record. It returns false at the
// end of the game.
func (d *chainDecoder) nextInGame() (bool, error) {
	if d.pending != position.MoveNone {
		d.rp.do(d.pending)
		d.pending = position.MoveNone
		d.ply++
	}
	if d.scoredLeft == 0 {
		d.inGame = false
		return false, nil
	}
	d.scoredLeft--
	u, rest, ok := readUvarint(d.scores)
	if !ok {
		return false, corruptf("score stream exhausted")
	}
	d.scores = rest
	s := d.prev + unzigzag(u)
	if s < -1<<31 || s >= 1<<31 {
		return false, corruptf("score %d out of range", s)
	}
	d.prev = -s
	r := &d.rec
	r.Score = position.Value(s)
	r.Result = d.result
	r.Ply = d.ply
	r.Game = d.gameIndex
	r.Index = d.recIndex
	r.Move = position.MoveNone
	if d.scoredLeft > 0 || !d.final {
		m, err := d.decodeMove()
		if err != nil {
			return false, err
		}
		r.Move = m
		d.pending = m
	}
	r.Best = r.Move
	if d.recIndex == d.nextBest {
		m, ok := d.rp.decode(d.nextBestCode[0], d.nextBestCode[1], d.trusted)
		if !ok {
			return false, corruptf("best-move code %v is no legal move in %s", d.nextBestCode, d.rp.pos.FEN())
		}
		r.Best = m
		if r.Best == r.Move {
			return false, corruptf("best-move exception equals the move played")
		}
		if err := d.loadBest(d.recIndex); err != nil {
			return false, err
		}
	}
	d.recIndex++
	if d.recIndex > int(d.hdr.Records) {
		return false, corruptf("more records than the header's %d", d.hdr.Records)
	}
	return true, nil
}

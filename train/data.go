// Training data held in memory, and the deterministic shuffled stream of batches drawn from it.
package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"unsafe"

	"dualnnue/datasets"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Source yields the training stream: an endless sequence of positions
// indexed from 0 (the trainer's epochs cut it into runs of a fixed number of
// positions). SetPosition and Next together must be deterministic: after SetPosition(g)
// the batches are the same whatever was read before, which is what makes
// -resume reach the same weights as an uninterrupted run.
type Source interface {
	// SetPosition positions the stream at position g (≥ 0).
	SetPosition(g int64) error
	// Next fills b (reset first) with the next n positions for a net of
	// shape a.
	Next(b *Batch, n int, a nn.Arch) error
}

// Memory holds training positions compactly: each position's piece list
// (features.PackPiece entries, 2 bytes a piece), where it starts (8 bytes),
// its length (1 byte), score (int16 centipawns) and side to move with
// result (one byte): 12 + 2·pieces bytes (≈ 66 for chess, ≈ 70 for
// xiangqi self-play positions). Features are computed per batch from the
// net's feature set (Batch.AddSample), so the same Memory trains any
// architecture of its game, mirrored or not.
//
// Every array is a list of fixed-size chunks allocated once and never
// copied (a position's pieces never straddle two chunks), so Bytes is the
// memory the positions hold: no slice grows by copying into a larger one,
// which kept the old array alive beside the new one and left garbage for
// the collector (a 256 MiB budget stopped at 1.07 GB).
type Memory struct {
	pieces chunks[uint16] // features.PackPiece entries
	start  chunks[int64]  // position i's first entry in pieces
	n      chunks[uint8]  // its number of pieces
	score  chunks[int16]  // centipawns, side to move's view
	meta   chunks[uint8]  // side to move << 7 | result × 2 (side to move's view: 0 loss, 1 draw, 2 win)
}

// chunkLen is the length of every chunk of a Memory's arrays: 4 Ki
// entries (8 KiB of pieces, 32 KiB of starts, Go's largest small-object
// size), so a small set costs little and a position's pieces waste at
// most 31 entries of 4,096 at a chunk's end.
const chunkLen = 1 << 12

// chunks is an array of fixed-size chunks, each allocated once.
type chunks[T any] struct {
	c   [][]T
	len int64 // entries used, skipped ones at a chunk's end included
}

func (a *chunks[T]) at(i int64) T { return a.c[i/chunkLen][i%chunkLen] }

// full reports whether k more entries need a new chunk (appendRun's rule).
func (a *chunks[T]) full(k int) bool {
	return a.len == int64(len(a.c))*chunkLen || a.len%chunkLen+int64(k) > chunkLen
}

// growth returns the bytes that appending k entries in one run would
// allocate: nothing, or a chunk and the chunk list's growth.
func (a *chunks[T]) growth(k int) int64 {
	if !a.full(k) {
		return 0
	}
	var zero T
	b := chunkLen * int64(unsafe.Sizeof(zero))
	if len(a.c) == cap(a.c) {
		b += int64(2*cap(a.c)+8) * int64(unsafe.Sizeof(a.c[:0])) // append's growth of the list: at most double
	}
	return b
}

// bytes returns the memory the chunks and their list hold.
func (a *chunks[T]) bytes() int64 {
	var zero T
	return int64(len(a.c))*chunkLen*int64(unsafe.Sizeof(zero)) + int64(cap(a.c))*int64(unsafe.Sizeof(a.c[:0]))
}

// appendRun appends vs (at most chunkLen entries) within one chunk,
// leaving the rest of the last chunk unused when they do not fit, and
// returns the index of the first.
func (a *chunks[T]) appendRun(vs ...T) int64 {
	if a.full(len(vs)) {
		a.len = int64(len(a.c)) * chunkLen
		a.c = append(a.c, make([]T, chunkLen))
	}
	at := a.len
	copy(a.c[at/chunkLen][at%chunkLen:], vs)
	a.len += int64(len(vs))
	return at
}

// NewMemory returns empty storage.
func NewMemory() *Memory { return &Memory{} }

// Len returns the number of positions.
func (d *Memory) Len() int { return int(d.score.len) }

// Bytes returns the bytes the positions' arrays hold: every chunk
// allocated and the chunk lists.
func (d *Memory) Bytes() int64 {
	return d.pieces.bytes() + d.start.bytes() + d.n.bytes() + d.score.bytes() + d.meta.bytes()
}

// Growth returns the bytes that adding a position of pieces pieces would
// allocate (0 when it fits the chunks already allocated), so a caller can
// keep Bytes within a budget before spending it.
func (d *Memory) Growth(pieces int) int64 {
	return d.pieces.growth(pieces) + d.start.growth(1) + d.n.growth(1) + d.score.growth(1) + d.meta.growth(1)
}

// Add appends one position: its piece list (features.PackPiece entries, at
// most datasets.MaxPieces), side to move, score (centipawns from the side to
// move's view, rounded to an integer within ±32767) and result (side to
// move's view: 0, 0.5 or 1).
func (d *Memory) Add(pieces []uint16, side position.Color, score, result float32) error {
	if len(pieces) > datasets.MaxPieces {
		return fmt.Errorf("train: position with %d pieces (at most %d)", len(pieces), datasets.MaxPieces)
	}
	if side > position.Black {
		return fmt.Errorf("train: side to move %d", side)
	}
	if !(math.Abs(float64(score)) <= math.MaxInt16) {
		return fmt.Errorf("train: score %v outside ±%d", score, math.MaxInt16)
	}
	if result != 0 && result != 0.5 && result != 1 {
		return fmt.Errorf("train: result %v, want 0, 0.5 or 1", result)
	}
	d.add(pieces, int16(math.Round(float64(score))), uint8(side)<<7|uint8(result*2))
	return nil
}

func (d *Memory) add(pieces []uint16, score int16, meta uint8) {
	d.start.appendRun(d.pieces.appendRun(pieces...))
	d.n.appendRun(uint8(len(pieces)))
	d.score.appendRun(score)
	d.meta.appendRun(meta)
}

// AddSample appends a decoded sample.
func (d *Memory) AddSample(s *datasets.Sample) error {
	return d.Add(s.Pieces[:s.N], position.Color(s.Side), float32(s.Score), s.ResultScore())
}

// Position returns position i: its piece list (aliasing the Memory), side
// to move, score and result (side to move's view).
func (d *Memory) Position(i int) (pieces []uint16, side position.Color, score, result float32) {
	at := d.start.at(int64(i))
	lo := at % chunkLen
	hi := lo + int64(d.n.at(int64(i)))
	m := d.meta.at(int64(i))
	return d.pieces.c[at/chunkLen][lo:hi:hi], position.Color(m >> 7), float32(d.score.at(int64(i))), float32(m&3) / 2
}

// Split moves a pseudo-random fraction frac of the positions (chosen by
// seed, position by position) into a new Memory, for validation, and keeps
// the rest; both keep their order. Data read from files is split by game
// instead, as it is read (LoadDatasets): positions of one game are nearly
// alike, so a split by position measures memorisation of the training
// games (a from-scratch chess net showed half the validation loss of a
// fine-tuned one yet scored about 200 Elo below it). Split is for
// positions built in memory, which carry no game.
func (d *Memory) Split(frac float64, seed uint64) (train, valid *Memory) {
	train, valid = NewMemory(), NewMemory()
	rng := rand.New(rand.NewPCG(seed, 0x5eed5011))
	for i := 0; i < d.Len(); i++ {
		dst := train
		if rng.Float64() < frac {
			dst = valid
		}
		dst.copyFrom(d, i)
	}
	return train, valid
}

// copyFrom appends position i of src.
func (d *Memory) copyFrom(src *Memory, i int) {
	pieces, _, _, _ := src.Position(i)
	d.add(pieces, src.score.at(int64(i)), src.meta.at(int64(i)))
}

// formatOf returns the batch format of shape a: its feature set and
// output buckets.
func formatOf(a nn.Arch) (*datasets.Format, error) {
	set, err := features.Lookup(a.Set)
	if err != nil {
		return nil, err
	}
	if set.Game != a.Game {
		return nil, fmt.Errorf("train: feature set %s is for %v, the net plays %v", set.Name, set.Game, a.Game)
	}
	return &datasets.Format{Set: set, Bucket: a.Bucket}, nil
}

// fill appends positions idx of d to b in format f.
func (d *Memory) fill(b *Batch, idx []int32, f *datasets.Format) {
	for _, i := range idx {
		pieces, side, s, r := d.Position(int(i))
		b.AddSample(pieces, side, s, r, f)
	}
}

// Batches returns d cut into consecutive batches of at most n positions (in
// order, for validation) for a net of shape a.
func (d *Memory) Batches(n int, a nn.Arch) ([]*Batch, error) {
	f, err := formatOf(a)
	if err != nil {
		return nil, err
	}
	var out []*Batch
	idx := make([]int32, 0, n)
	for lo := 0; lo < d.Len(); lo += n {
		idx = idx[:0]
		for i := lo; i < min(lo+n, d.Len()); i++ {
			idx = append(idx, int32(i))
		}
		b := &Batch{}
		b.Reset()
		d.fill(b, idx, f)
		out = append(out, b)
	}
	return out, nil
}

// Stream is the Source over a Memory: pass k over the data visits the
// positions in the order of a permutation drawn from (seed, k), so position
// g of the stream is a pure function of g and the seed.
type Stream struct {
	data   *Memory
	seed   uint64
	pos    int64
	pass   int64 // pass whose permutation perm holds, −1 if none
	perm   []int32
	arch   nn.Arch // the shape format was made for
	format *datasets.Format
}

// NewStream returns a stream over d shuffled with seed. d must not be empty.
func NewStream(d *Memory, seed uint64) (*Stream, error) {
	if d.Len() == 0 {
		return nil, fmt.Errorf("train: no training positions")
	}
	if d.Len() > math.MaxInt32 {
		return nil, fmt.Errorf("train: %d positions exceed the in-memory limit", d.Len())
	}
	return &Stream{data: d, seed: seed, pass: -1, perm: make([]int32, d.Len())}, nil
}

// SetPosition implements Source.
func (s *Stream) SetPosition(g int64) error {
	if g < 0 {
		return fmt.Errorf("train: seek to %d", g)
	}
	s.pos = g
	return nil
}

// Next implements Source.
func (s *Stream) Next(b *Batch, n int, a nn.Arch) error {
	if s.format == nil || a != s.arch {
		f, err := formatOf(a)
		if err != nil {
			return err
		}
		s.format, s.arch = f, a
	}
	b.Reset()
	size := int64(s.data.Len())
	for n > 0 {
		pass, off := s.pos/size, s.pos%size
		if pass != s.pass {
			s.shuffle(pass)
		}
		k := min(int64(n), size-off)
		s.data.fill(b, s.perm[off:off+k], s.format)
		s.pos += k
		n -= int(k)
	}
	return nil
}

// shuffle draws the permutation of pass k (Fisher–Yates with PCG).
func (s *Stream) shuffle(k int64) {
	rng := rand.New(rand.NewPCG(s.seed, uint64(k)))
	for i := range s.perm {
		s.perm[i] = int32(i)
	}
	for i := len(s.perm) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		s.perm[i], s.perm[j] = s.perm[j], s.perm[i]
	}
	s.pass = k
}

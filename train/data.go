// Training data held in memory, and the deterministic shuffled stream of batches drawn from it.
package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"dualnnue/nn"
	"dualnnue/nn/features"
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

// Memory holds positions in flat arrays, features already seen from the
// side to move (stm) and the other side (nstm). Positions are added once and
// read by any number of Streams.
type Memory struct {
	Offsets []int64 // Len()+1 entries
	Stm     []uint16
	Nstm    []uint16
	Score   []float32 // centipawns, side to move's view
	Result  []float32 // 1 win, 0.5 draw, 0 loss, side to move's view
	// GameIndex is the ordinal of the game each position comes from
	// (positions loaded from datasets), or nil when unknown (positions added
	// with Add).
	GameIndex []int64
	inputs    int // features are < inputs
}

// NewMemory returns empty storage for features below inputs.
func NewMemory(inputs int) *Memory {
	return &Memory{Offsets: []int64{0}, inputs: inputs}
}

// Len returns the number of positions.
func (d *Memory) Len() int { return len(d.Score) }

// Inputs returns the feature-set size the data was built for.
func (d *Memory) Inputs() int { return d.inputs }

// Add appends one position; it checks the features, score and result.
func (d *Memory) Add(stm, nstm []uint16, score, result float32) error {
	if len(stm) != len(nstm) || len(stm) > features.MaxActive {
		return fmt.Errorf("train: position with %d and %d features per perspective (at most %d)", len(stm), len(nstm), features.MaxActive)
	}
	for i := range stm {
		if int(stm[i]) >= d.inputs || int(nstm[i]) >= d.inputs {
			return errFeature(int(max(stm[i], nstm[i])), d.inputs)
		}
	}
	if math.IsNaN(float64(score)) || math.IsInf(float64(score), 0) {
		return fmt.Errorf("train: score %v", score)
	}
	if !(result >= 0 && result <= 1) {
		return fmt.Errorf("train: result %v, want [0, 1]", result)
	}
	d.Stm = append(d.Stm, stm...)
	d.Nstm = append(d.Nstm, nstm...)
	d.Offsets = append(d.Offsets, int64(len(d.Stm)))
	d.Score = append(d.Score, score)
	d.Result = append(d.Result, result)
	return nil
}

// AddFromGame appends one position of game g (any ordinal that is the same
// for the positions of one game): Split then holds out whole games.
// Positions of one Memory are either all added with AddFromGame or all with Add.
func (d *Memory) AddFromGame(stm, nstm []uint16, score, result float32, g int64) error {
	if len(d.GameIndex) != d.Len() {
		return fmt.Errorf("train: AddFromGame after Add")
	}
	if err := d.Add(stm, nstm, score, result); err != nil {
		return err
	}
	d.GameIndex = append(d.GameIndex, g)
	return nil
}

// Position returns position i.
func (d *Memory) Position(i int) (stm, nstm []uint16, score, result float32) {
	lo, hi := d.Offsets[i], d.Offsets[i+1]
	return d.Stm[lo:hi], d.Nstm[lo:hi], d.Score[i], d.Result[i]
}

// Split moves a pseudo-random fraction frac of the positions (chosen by
// seed) into a new Memory, for validation, and keeps the rest. Both keep
// their original order. When the games of the positions are known
// (AddFromGame), whole games are held out: positions of one game are nearly
// alike, so a split by position would measure memorisation of the training
// games, not generalisation (a from-scratch chess net showed half the
// validation loss of a fine-tuned one yet scored about 200 Elo below it).
func (d *Memory) Split(frac float64, seed uint64) (train, valid *Memory) {
	train, valid = NewMemory(d.inputs), NewMemory(d.inputs)
	byGame := len(d.GameIndex) == d.Len()
	rng := rand.New(rand.NewPCG(seed, 0x5eed5011))
	for i := 0; i < d.Len(); i++ {
		stm, nstm, s, r := d.Position(i)
		var draw float64
		if byGame {
			// A game's fate is a pure function of (seed, game).
			draw = float64(splitmix64(seed^uint64(d.GameIndex[i])*0x9e3779b97f4a7c15)>>11) / (1 << 53)
		} else {
			draw = rng.Float64()
		}
		dst := train
		if draw < frac {
			dst = valid
		}
		if byGame {
			_ = dst.AddFromGame(stm, nstm, s, r, d.GameIndex[i]) // already checked
		} else {
			_ = dst.Add(stm, nstm, s, r) // already checked
		}
	}
	return train, valid
}

// splitmix64 is the SplitMix64 finaliser (Steele, Lea and Flood), a
// well-mixed hash of x.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// fill appends positions idx of d to b with the buckets of shape a.
func (d *Memory) fill(b *Batch, idx []int32, a nn.Arch) {
	for _, i := range idx {
		stm, nstm, s, r := d.Position(int(i))
		b.Add(stm, nstm, s, r, uint8(a.Bucket(len(stm))))
	}
}

// Batches returns d cut into consecutive batches of at most n positions (in
// order, for validation).
func (d *Memory) Batches(n int, a nn.Arch) []*Batch {
	var out []*Batch
	idx := make([]int32, 0, n)
	for lo := 0; lo < d.Len(); lo += n {
		idx = idx[:0]
		for i := lo; i < min(lo+n, d.Len()); i++ {
			idx = append(idx, int32(i))
		}
		b := &Batch{}
		b.Reset()
		d.fill(b, idx, a)
		out = append(out, b)
	}
	return out
}

// Stream is the Source over a Memory: pass k over the data visits the
// positions in the order of a permutation drawn from (seed, k), so position
// g of the stream is a pure function of g and the seed.
type Stream struct {
	data *Memory
	seed uint64
	pos  int64
	pass int64 // pass whose permutation perm holds, −1 if none
	perm []int32
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
	b.Reset()
	size := int64(s.data.Len())
	for n > 0 {
		pass, off := s.pos/size, s.pos%size
		if pass != s.pass {
			s.shuffle(pass)
		}
		k := min(int64(n), size-off)
		s.data.fill(b, s.perm[off:off+k], a)
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

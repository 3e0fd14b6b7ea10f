// Batch and Sample: the flat batch a Loader fills and the decoded position it fills it from.
package datasets

import (
	"slices"

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
	if len(b.Offsets) == 0 {
		b.Offsets = append(b.Offsets, 0)
	}
	// The features go straight into the batch (no copy through a
	// per-position buffer): room for every piece, then cut to the count.
	at, end := len(b.Stm), len(b.Stm)+len(pieces)
	b.Stm = slices.Grow(b.Stm, len(pieces))[:end]
	b.Nstm = slices.Grow(b.Nstm, len(pieces))[:end]
	white, black := b.Stm[at:], b.Nstm[at:]
	if side != position.White {
		white, black = black, white
	}
	var n int
	if t := tableOf(f.Set); t != nil {
		n = t.fromPieces(pieces, white, black)
	} else {
		n = f.Set.FromPieces(pieces, white, black)
	}
	b.Stm, b.Nstm = b.Stm[:at+n], b.Nstm[:at+n]
	bucket := 0
	if f.Bucket != nil {
		bucket = f.Bucket(n)
	}
	b.Offsets = append(b.Offsets, int32(at+n))
	b.Score = append(b.Score, score)
	b.Result = append(b.Result, result)
	b.Bucket = append(b.Bucket, uint8(bucket))
	b.Len++
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

// Flat, reusable batch buffers: sparse features of both perspectives, scores, results, buckets.
package train

import (
	"dualnnue/nn"
	"dualnnue/nn/features"

	"fmt"
	"math"
)

// Batch is a set of training positions in flat buffers that a loader fills
// and reuses (no per-position allocation).
//
// Position i activates the features Stm[Offsets[i]:Offsets[i+1]] seen from
// the side to move and Nstm[Offsets[i]:Offsets[i+1]] seen from the other
// side (every feature set here emits one feature per piece for each
// perspective, so both perspectives have the same count).
type Batch struct {
	Len     int       // number of positions
	Offsets []int32   // Len+1 entries, Offsets[0] = 0
	Stm     []uint16  // side-to-move features, concatenated
	Nstm    []uint16  // other side's features, concatenated
	Score   []float32 // search score, centipawns from the side to move's view
	Result  []float32 // game result from the side to move's view: 1 win, 0.5 draw, 0 loss
	Bucket  []uint8   // output bucket of each position (0 when the net has one)
}

// Reset empties b, keeping its buffers.
func (b *Batch) Reset() {
	b.Len = 0
	b.Offsets = append(b.Offsets[:0], 0)
	b.Stm = b.Stm[:0]
	b.Nstm = b.Nstm[:0]
	b.Score = b.Score[:0]
	b.Result = b.Result[:0]
	b.Bucket = b.Bucket[:0]
}

// Add appends one position. stm and nstm must have the same length.
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

// Position returns the features, score, result and bucket of position i.
func (b *Batch) Position(i int) (stm, nstm []uint16, score, result float32, bucket int) {
	lo, hi := b.Offsets[i], b.Offsets[i+1]
	return b.Stm[lo:hi], b.Nstm[lo:hi], b.Score[i], b.Result[i], int(b.Bucket[i])
}

// Validate checks that b is consistent and fits architecture a: buffer
// lengths, monotone offsets, feature indices < a.Inputs, buckets < a.Buckets,
// finite scores, results in [0, 1]. The training kernels index without
// checks, so every batch is validated once before use.
func (b *Batch) Validate(a nn.Arch) error {
	if b.Len < 0 || len(b.Offsets) != b.Len+1 || len(b.Score) < b.Len || len(b.Result) < b.Len || len(b.Bucket) < b.Len {
		return fmt.Errorf("train: batch of %d positions has %d offsets, %d scores, %d results, %d buckets",
			b.Len, len(b.Offsets), len(b.Score), len(b.Result), len(b.Bucket))
	}
	if b.Len == 0 {
		return nil
	}
	if b.Offsets[0] != 0 {
		return fmt.Errorf("train: batch offsets start at %d, want 0", b.Offsets[0])
	}
	for i := 0; i < b.Len; i++ {
		if k := b.Offsets[i+1] - b.Offsets[i]; k < 0 || k > features.MaxActive {
			return fmt.Errorf("train: position %d of the batch has %d features (offsets decrease or exceed %d)", i, k, features.MaxActive)
		}
	}
	end := int(b.Offsets[b.Len])
	if end > len(b.Stm) || end > len(b.Nstm) {
		return fmt.Errorf("train: batch offsets reach %d but hold %d/%d features", end, len(b.Stm), len(b.Nstm))
	}
	for _, f := range b.Stm[:end] {
		if int(f) >= a.Inputs {
			return errFeature(int(f), a.Inputs)
		}
	}
	for _, f := range b.Nstm[:end] {
		if int(f) >= a.Inputs {
			return errFeature(int(f), a.Inputs)
		}
	}
	for i := 0; i < b.Len; i++ {
		if int(b.Bucket[i]) >= a.Buckets {
			return fmt.Errorf("train: position %d has bucket %d, net has %d", i, b.Bucket[i], a.Buckets)
		}
		if s := float64(b.Score[i]); math.IsNaN(s) || math.IsInf(s, 0) {
			return fmt.Errorf("train: position %d has score %v", i, s)
		}
		if r := b.Result[i]; !(r >= 0 && r <= 1) {
			return fmt.Errorf("train: position %d has result %v, want [0, 1]", i, r)
		}
	}
	return nil
}

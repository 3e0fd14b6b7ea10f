// The batch type (datasets.Batch) and its check against a net shape.
package train

import (
	"fmt"
	"math"

	"dualnnue/datasets"
	"dualnnue/nn"
	"dualnnue/nn/features"
)

// Batch is the one batch type between dataset files and the trainer,
// datasets.Batch: flat, reusable buffers of sparse features (side to move
// first), scores, results and output buckets.
type Batch = datasets.Batch

// ValidateBatch checks that b is consistent and fits architecture a: buffer
// lengths, monotone offsets, feature indices < a.Inputs, buckets < a.Buckets,
// finite scores, results in [0, 1]. The training kernels index without
// checks, so every batch is validated once before use.
func ValidateBatch(b *Batch, a nn.Arch) error {
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

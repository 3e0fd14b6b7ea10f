// Ordering a batch's positions by input bucket, so the sparse first layer's rows stay in cache.
package train

import (
	"dualnnue/nn"
	"dualnnue/nn/features"
)

// bucketOrder sorts a batch of a bucketed feature set (king or balance
// buckets, features.Set.Buckets > 1) by the input buckets of its
// positions' two perspectives: the side to move's bucket first, then the
// other side's. A perspective's features all lie in its bucket's block of
// BaseSize rows, so after the sort a chunk of consecutive positions reads
// (and its gradient writes) one or two blocks of the first layer instead
// of rows spread over all of them: at 16 buckets × 768 features × 512
// units the first layer is 24 MiB, one block 1.5 MiB.
//
// The sort is a stable counting sort, so the order, and with it every bit
// of the stepper's result, depends on the batch alone. The summed gradient
// equals the unsorted batch's up to float rounding (the positions are
// added in another order).
type bucketOrder struct {
	base, buckets int
	cnt           []int32 // buckets² + 1
	key           []int32 // per position
	out           Batch   // the sorted batch, reused
}

// newBucketOrder returns the ordering for architecture a, or nil when its
// feature set has one input bucket (nothing to gain).
func newBucketOrder(a nn.Arch) *bucketOrder {
	set, err := features.Lookup(a.Set)
	if err != nil || set == nil || set.Buckets() <= 1 || set.BaseSize <= 0 || set.Size != a.Inputs {
		return nil
	}
	k := set.Buckets()
	return &bucketOrder{base: set.BaseSize, buckets: k, cnt: make([]int32, k*k+1)}
}

// sort returns b's positions ordered by (stm bucket, nstm bucket), the
// other side's buckets running backwards on odd stm buckets so that the
// block at each boundary stays the same. A perspective's bucket is the
// block of its first feature (0 without features). The result aliases
// o's buffers and is valid until the next call.
func (o *bucketOrder) sort(b *Batch) *Batch {
	k := o.buckets
	key := o.key[:0]
	cnt := o.cnt
	clear(cnt)
	for p := 0; p < b.Len; p++ {
		s, n := o.bucketOf(b.Stm, b.Offsets, p), o.bucketOf(b.Nstm, b.Offsets, p)
		if s&1 == 1 {
			n = k - 1 - n
		}
		c := int32(s*k + n)
		key = append(key, c)
		cnt[c+1]++
	}
	o.key = key
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	// cnt[c] is now the first slot of key c; place the positions, then
	// copy their features in slot order.
	out := &o.out
	out.Len = b.Len
	out.Offsets = grow(out.Offsets, b.Len+1)
	out.Score = grow(out.Score, b.Len)
	out.Result = grow(out.Result, b.Len)
	out.Bucket = grow(out.Bucket, b.Len)
	nf := int(b.Offsets[b.Len])
	out.Stm = grow(out.Stm, nf)
	out.Nstm = grow(out.Nstm, nf)
	// slot → source position, in out.Offsets[1:] temporarily.
	src := out.Offsets[1:]
	for p, c := range key {
		src[cnt[c]] = int32(p)
		cnt[c]++
	}
	var at int32
	for i := 0; i < b.Len; i++ {
		p := int(src[i])
		f0, f1 := b.Offsets[p], b.Offsets[p+1]
		copy(out.Stm[at:], b.Stm[f0:f1])
		copy(out.Nstm[at:], b.Nstm[f0:f1])
		out.Score[i], out.Result[i], out.Bucket[i] = b.Score[p], b.Result[p], b.Bucket[p]
		at += f1 - f0
		src[i] = at // out.Offsets[i+1]; slot i's source is no longer needed
	}
	out.Offsets[0] = 0
	return out
}

// bucketOf returns the input bucket of position p's perspective whose
// features are feats[offs[p]:offs[p+1]]: the block of its first feature,
// 0 without features.
func (o *bucketOrder) bucketOf(feats []uint16, offs []int32, p int) int {
	if f0 := offs[p]; f0 < offs[p+1] {
		return min(int(feats[f0])/o.base, o.buckets-1)
	}
	return 0
}

// grow returns s resliced to length n, reallocated when its capacity is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

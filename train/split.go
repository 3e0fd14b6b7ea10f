// The split step for input-bucketed nets: one first-layer gradient shared by the workers, split by columns.
package train

import (
	"sync"

	"dualnnue/internal/hugepages"
	"dualnnue/nn/features"
)

// spanPositions is the number of positions the split step carries through
// phases 2 and 3 at once (phase 1 runs spanGroup of them together). Its
// accumulators take spanPositions rows of accStride(N) floats a span
// (32.5 MiB at N = 512, twice that for a group); a longer span reads each first-layer block
// fewer times per batch (a span of the random-king benchmark holds
// ~spanPositions/8 perspectives per king bucket).
const spanPositions = 8192

// spanGroup is the number of spans whose first-layer forward (phase 1)
// runs at once, each block's column tile copied once for all of them:
// their accumulators take spanGroup spans' rows (65 MiB at N = 512), and
// phases 2 and 3 then run span by span as before. At two, a batch of
// 16,384 copies the first layer's weights once a step instead of once a
// span.
const spanGroup = 2

// splitMinWeights is the smallest first layer (weights) that takes the
// split step. Below it the plain step's per-worker gradient copies stay in
// cache and the split step's span of accumulators, written and read in
// memory, costs more than it saves (measured on the 2-core EPYC, -cpu 2:
// chess-kb4-768→512, 1.6 M weights, 0.75× with the split step;
// xiangqi-kb6-1260→256, 1.9 M, unchanged; chess-kb16-768→512 and
// xiangqi-kb6-d3-1260→256, 6.3 M and 5.8 M, 1.2–1.5×).
const splitMinWeights = 4 << 20

// The split step. The plain step gives each worker a copy of the whole
// gradient, which for an input-bucketed first layer is large (16 buckets ×
// 768 features × 512 units: 24 MiB): every step clears the copies, adds
// each one's rows chunk by chunk with little reuse (a chunk of 128
// positions touches two or three of the 16 blocks), and sums the copies.
// The split step keeps one first-layer gradient, Stepper.Grad's, and runs
// each span of positions in three phases, the workers meeting at a barrier
// between them:
//
//  1. Forward of the first layer, split by columns: each worker computes
//     its columns of every accumulator of the span, block by block (both
//     perspectives' positions in the block's input bucket), so that the
//     tile of a block of weights, copied to rows of its own, stays in
//     cache while its positions stream past.
//  2. The dense layers, the loss and their backward, split by positions
//     as in the plain step: ∂loss/∂acc overwrites each accumulator row,
//     the other layers' gradients go to each worker's own copy (small).
//     Each worker lists its positions' active features, feature-major.
//  3. Backward of the first layer, split by columns: each worker adds, for
//     its columns, every listed row to its feature's gradient row, block by
//     block and list by list in worker order.
//
// Every element of the first layer's gradient therefore sums its
// positions in batch order, whatever the worker count: the first layer's
// gradient equals the one-worker plain step's bit for bit (the other
// layers' gradients are summed per worker and then in worker order, as in
// the plain step). Nothing is reduced, and each worker clears only its
// columns of the one gradient.
type splitStep struct {
	span   int       // positions per span (spanPositions; tests use shorter ones)
	group  int       // spans per group: phase 1 runs over a group's spans at once (spanGroup)
	stride int       // floats from one position's accumulators to the next's (accStride)
	acc    []float32 // group·span rows of 2N, stride apart: accumulators, then ∂loss/∂acc
	// Per position of the batch: its span's positions (span-relative) in
	// the order of the side to move's input bucket (sidx) and of the other
	// side's (nidx); per span, B+1 offsets into them where each bucket's
	// positions start (sb, nb).
	sidx, nidx []int32
	sb, nb     []int32
	// tile holds, per worker, one block's rows of one of its column tiles
	// of the first layer's weights ([base][unit]), copied from
	// Model.FTWeights just before the forward reads them: in rows of unit
	// floats a block's tile fills every L2 set, in rows of N (a power of
	// two) only some of them (measured on the forward kernel alone, one
	// block, -cpu 1: 4.85 ns per 128-column row at N = 512, 3.6 ns in rows
	// of 128). One buffer a worker, reused for every block and span, stays
	// in L2: a copy of the whole first layer (24 MiB at kb16 × 512, copied
	// once a step) cost a write-allocate and a write-back of every line
	// and was read again from memory by the later spans.
	tile    [][]float32
	outside bool    // a perspective of the batch has a feature outside its bucket's block (the forward reads Model.FTWeights)
	allRows []int32 // 0, N, stride, stride+N, …: every row of a span (for the bias)
	bcnt    []int32 // B+1: counting sort by bucket
	lists   []featureList
	bar     barrier
}

// featureList is one worker's share of a span, feature-major: the rows of
// its active features act[i] (ascending) are rows[starts[i]:starts[i+1]],
// offsets into the span's ∂loss/∂acc rows in position order; blk[k] is
// the index in act of the first feature of input bucket k (blk[B] =
// len(act)).
type featureList struct {
	cnt, cur          []int32 // F+1, F
	rows, act, starts []int32
	blk               []int32 // B+1
	maxRow            int     // every row lies in [0, maxRow] (−1: the list is empty)
}

// newSplitStep returns the split step's buffers for m's architecture and
// the given worker count; the stepper has a bucket order.
func newSplitStep(s *Stepper, span int) *splitStep {
	a := s.Model.Arch
	n, w := a.Hidden, len(s.workers)
	st := &splitStep{span: span, stride: accStride(n),
		allRows: make([]int32, 2*span), bcnt: make([]int32, s.order.buckets+1), lists: make([]featureList, w)}
	st.group = spanGroup
	st.bar.n = w
	st.bar.cond.L = &st.bar.mu
	for i := range st.allRows {
		st.allRows[i] = int32(i/2*st.stride + i%2*n)
	}
	share := (span + w - 1) / w
	st.tile = make([][]float32, w)
	for k := range st.lists {
		st.lists[k] = featureList{cnt: make([]int32, a.Inputs+1), cur: make([]int32, a.Inputs),
			rows: make([]int32, 2*share*features.MaxActive), act: make([]int32, 0, a.Inputs),
			starts: make([]int32, 0, a.Inputs+1), blk: make([]int32, s.order.buckets+1)}
		_, _, unit := st.cols(n, w, k)
		st.tile[k] = make([]float32, s.order.base*unit)
	}
	return st
}

// barrier is a reusable rendezvous of n goroutines.
type barrier struct {
	mu      sync.Mutex
	cond    sync.Cond
	n, in   int
	episode uint64
}

// wait blocks until all n goroutines have called it.
func (b *barrier) wait() {
	b.mu.Lock()
	e := b.episode
	b.in++
	if b.in == b.n {
		b.in = 0
		b.episode++
		b.cond.Broadcast()
	} else {
		for e == b.episode {
			b.cond.Wait()
		}
	}
	b.mu.Unlock()
}

// cols returns worker k's columns [j0, j1) of the first layer and the
// column unit its kernels run in.
func (st *splitStep) cols(n, workers, k int) (j0, j1, unit int) {
	unit = colTile(n)
	if unit == 0 {
		unit = n
		if n%8 == 0 {
			unit = 8
		}
	}
	lo, hi := split(n/unit, workers, k)
	return lo * unit, hi * unit, unit
}

// orderSpans writes st.sidx, st.nidx, st.sb and st.nb for b.
func (st *splitStep) orderSpans(b *Batch, o *bucketOrder) {
	nb := o.buckets + 1
	spans := (b.Len + st.span - 1) / st.span
	st.sidx, st.nidx = grow(st.sidx, b.Len), grow(st.nidx, b.Len)
	st.sb, st.nb = grow(st.sb, spans*nb), grow(st.nb, spans*nb)
	for i := range spans {
		s0 := i * st.span
		s1 := min(s0+st.span, b.Len)
		st.orderSpan(st.sidx[s0:s1], st.sb[i*nb:(i+1)*nb], b.Stm, b.Offsets, s0, o)
		st.orderSpan(st.nidx[s0:s1], st.nb[i*nb:(i+1)*nb], b.Nstm, b.Offsets, s0, o)
	}
}

// orderSpan writes to idx the positions s0, s0+1, …, s0+len(idx)−1 of the
// perspective whose features are feats (minus s0) in the order of their
// input bucket, stable, and to start (B+1) where each bucket's begin.
func (st *splitStep) orderSpan(idx, start []int32, feats []uint16, offs []int32, s0 int, o *bucketOrder) {
	clear(start)
	for p := range idx {
		start[o.bucketOf(feats, offs, s0+p)+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	cur := st.bcnt
	copy(cur, start)
	for p := range idx {
		k := o.bucketOf(feats, offs, s0+p)
		idx[cur[k]] = int32(p)
		cur[k]++
	}
}

// checkBlocks checks b's offsets (ascending from 0, within the features)
// and that its features lie in the first layer (o.base·o.buckets rows),
// panicking otherwise, so that the split step's kernels can take them as
// vouched for; and it reports whether a perspective of b has a feature
// outside its input bucket's block (never in a king- or balance-bucketed
// feature set's positions; possible in a batch made by hand).
func checkBlocks(b *Batch, o *bucketOrder) (outside bool) {
	base := uint(o.base)
	inputs := o.base * o.buckets
	if len(b.Offsets) < b.Len+1 || b.Offsets[0] != 0 {
		panic(errShape)
	}
	for p := range b.Len {
		if b.Offsets[p] > b.Offsets[p+1] {
			panic(errShape)
		}
	}
	if nf := int(b.Offsets[b.Len]); nf > len(b.Stm) || nf > len(b.Nstm) {
		panic(errShape)
	}
	for _, feats := range [2][]uint16{b.Stm, b.Nstm} {
		for p := range b.Len {
			lo := uint(o.bucketOf(feats, b.Offsets, p)) * base
			for _, f := range feats[b.Offsets[p]:b.Offsets[p+1]] {
				if uint(f)-lo >= base {
					outside = true
					if int(f) >= inputs {
						panic(errFeature(int(f), inputs))
					}
				}
			}
		}
	}
	return outside
}

// copyTile copies columns [j, j+unit) of rows [f0, f0+base) of the first
// layer's weights (rows of n) to dst, rows of unit.
func copyTile(dst []float32, m *Model, j, unit, f0, base int) {
	n := m.Hidden
	dst = dst[:base*unit]
	for f := range base {
		copy(dst[f*unit:(f+1)*unit], m.FTWeights[(f0+f)*n+j:(f0+f)*n+j+unit])
	}
}

// build lists the active features of positions [p0, p1) of the span that
// starts at position s0 of b, whose ∂loss/∂acc rows (2n) are stride apart.
func (l *featureList) build(b *Batch, s0, p0, p1, n, stride, base int) {
	cnt := l.cnt
	clear(cnt)
	f0, f1 := b.Offsets[s0+p0], b.Offsets[s0+p1]
	for _, f := range b.Stm[f0:f1] {
		cnt[int(f)+1]++
	}
	for _, f := range b.Nstm[f0:f1] {
		cnt[int(f)+1]++
	}
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	cur := l.cur
	copy(cur, cnt[:len(cur)])
	rows := l.rows[:cnt[len(cnt)-1]]
	l.maxRow = -1
	if p0 < p1 {
		l.maxRow = (p1-1)*stride + n
	}
	for p := p0; p < p1; p++ {
		r := int32(p * stride)
		q := s0 + p
		for _, f := range b.Stm[b.Offsets[q]:b.Offsets[q+1]] {
			rows[cur[f]] = r
			cur[f]++
		}
		for _, f := range b.Nstm[b.Offsets[q]:b.Offsets[q+1]] {
			rows[cur[f]] = r + int32(n)
			cur[f]++
		}
	}
	act, starts := l.act[:0], l.starts[:0]
	nf := len(cur)
	for k := range l.blk {
		l.blk[k] = -1
	}
	for f := 0; f < nf; f++ {
		if cnt[f] < cnt[f+1] {
			for k := min(f/base, len(l.blk)-2); k >= 0 && l.blk[k] < 0; k-- {
				l.blk[k] = int32(len(act))
			}
			act = append(act, int32(f))
			starts = append(starts, cnt[f])
		}
	}
	for k := range l.blk {
		if l.blk[k] < 0 {
			l.blk[k] = int32(len(act))
		}
	}
	l.act, l.starts = act, append(starts, cnt[nf])
}

// gradientSplit is Gradient's work in the split step: the loss and
// gradient of the (bucket-ordered) batch b into s.Grad, each position's
// gradient scaled by scale.
func (s *Stepper) gradientSplit(b *Batch, scale float64) {
	st := s.split
	st.orderSpans(b, s.order)
	st.outside = checkBlocks(b, s.order)
	// The forward kernel reads the first layer's rows unchecked once
	// checkBlocks has vouched for the features: the model must hold every
	// row the architecture promises.
	if m := s.Model; len(m.FTWeights) < s.order.base*s.order.buckets*m.Hidden || len(m.FTBias) < m.Hidden {
		panic(errShape)
	}
	if rows := min(b.Len, st.group*st.span); len(st.acc) < rows*st.stride {
		st.acc = make([]float32, rows*st.stride)
		hugepages.Advise(st.acc)
	}
	var wg sync.WaitGroup
	for k := range s.workers {
		wg.Go(func() { s.splitWorker(k, b, scale) })
	}
	wg.Wait()
	// The other layers' gradients: every worker's copy, in worker order,
	// into the first worker's.
	a := s.Model.Arch
	dst := s.Grad[outWOff(a):]
	for _, w := range s.workers[1:] {
		for i, v := range w.grad[outWOff(a):] {
			dst[i] += v
		}
	}
}

// splitWorker runs worker k's part of the split step's phases over every
// span of b.
func (s *Stepper) splitWorker(k int, b *Batch, scale float64) {
	st, w, m := s.split, s.workers[k], s.Model
	a := m.Arch
	n, n2, nw, ps := a.Hidden, 2*a.Hidden, len(s.workers), st.stride
	own, ownG := w.acc, w.gacc
	defer func() { w.acc, w.gacc, w.as = own, ownG, n2 }()
	clear(w.grad[outWOff(a):])
	w.loss = 0
	gFTW := s.Grad[:ftBiasOff(a)]
	gFTB := s.Grad[ftBiasOff(a):outWOff(a)]
	j0, j1, unit := st.cols(n, nw, k)
	base, nb := s.order.base, s.order.buckets
	tile := st.tile[k]
	if b.Len == 0 {
		for f := range a.Inputs {
			clear(gFTW[f*n+j0 : f*n+j1])
		}
	}
	clear(gFTB[j0:j1])
	biasRow := [2]int32{0, 0}
	for g0 := 0; g0 < b.Len; g0 += st.group * st.span {
		g1 := min(g0+st.group*st.span, b.Len)

		// 1. The first layer's forward, this worker's columns, for every
		// span of the group: a column tile of one block at a time
		// (copied to the worker's tile buffer once for the group), for
		// both perspectives' positions in that block's input bucket. The
		// batch passed checkBlocks, and every listed position lies in its
		// span: the kernels take them as vouched for.
		for j := j0; j < j1; j += unit {
			bias := m.FTBias[j : j+unit]
			for blk := range nb {
				copied := false
				for s0 := g0; s0 < g1; s0 += st.span {
					s1 := min(s0+st.span, b.Len)
					offs := b.Offsets[s0 : s1+1]
					acc := st.acc[(s0-g0)*ps : (s1-g0)*ps]
					si := s0 / st.span
					sb := st.sb[si*(nb+1) : (si+1)*(nb+1)]
					bb := st.nb[si*(nb+1) : (si+1)*(nb+1)]
					is := st.sidx[s0+int(sb[blk]) : s0+int(sb[blk+1])]
					in := st.nidx[s0+int(bb[blk]) : s0+int(bb[blk+1])]
					if len(is) == 0 && len(in) == 0 {
						continue
					}
					if st.outside {
						ftForwardCols(acc, ps, n, j, j+unit, m.FTBias, m.FTWeights, 0, b.Stm, offs, is, true)
						ftForwardCols(acc[n:], ps, n, j, j+unit, m.FTBias, m.FTWeights, 0, b.Nstm, offs, in, true)
						continue
					}
					if !copied {
						copyTile(tile, m, j, unit, blk*base, base)
						copied = true
					}
					ftForwardCols(acc[j:], ps, unit, 0, unit, bias, tile, blk*base, b.Stm, offs, is, true)
					ftForwardCols(acc[n+j:], ps, unit, 0, unit, bias, tile, blk*base, b.Nstm, offs, in, true)
				}
			}
		}
		st.bar.wait()

		for s0 := g0; s0 < g1; s0 += st.span {
			s1 := min(s0+st.span, b.Len)
			c := s1 - s0
			acc := st.acc[(s0-g0)*ps : (s1-g0)*ps]

			// 2. The dense layers, this worker's positions.
			p0, p1 := split(c, nw, k)
			for lo := p0; lo < p1; lo += chunk {
				cc := min(chunk, p1-lo)
				rows := acc[lo*ps : (lo+cc)*ps]
				w.acc, w.as = rows, ps
				if !a.Flat() {
					w.gacc = rows
				}
				w.forwardDense(m, b, s0+lo, cc)
				for i := range cc {
					p := s0 + lo + i
					loss, g := s.Loss.Eval(float64(w.out[i]), float64(b.Score[p]), float64(b.Result[p]))
					w.loss += loss
					w.gout[i] = float32(g * scale)
				}
				w.backwardDense(m, b, s0+lo, cc, rows)
				if k == 0 {
					// The first layer's bias gradient sums every row in
					// position order: the first worker adds its rows
					// now, while they are in cache, and phase 3 adds the
					// other workers' rows after them.
					biasRow[1] = int32(2 * cc)
					gatherAddCols(gFTB, n, 0, n, rows, biasRow[:1], biasRow[:], st.allRows[:2*cc])
				}
			}
			_, hi0 := split(c, nw, 0)
			c0 := 2 * hi0 // the rows phase 2 added to the bias gradient
			st.lists[k].build(b, s0, p0, p1, n, ps, s.order.base)
			st.bar.wait()

			// 3. The first layer's backward, this worker's columns: block by
			// block, each block's rows from every worker's list in order. The
			// first span starts the gradient (not cleared before): the first
			// list's features of the block sum their rows from +0, the
			// block's other features are cleared, then the other lists add.
			if j0 < j1 {
				for blk := range s.order.buckets {
					for j := j0; j < j1; j += unit {
						if s0 == 0 {
							l := &st.lists[0]
							f1 := (blk + 1) * base // the last block also takes any features past the blocks, as build does
							if blk == nb-1 {
								f1 = a.Inputs
							}
							clearOthers(gFTW, n, j, j+unit, blk*base, f1, l.act[l.blk[blk]:l.blk[blk+1]])
						}
						for h := range st.lists {
							l := &st.lists[h]
							i0, i1 := l.blk[blk], l.blk[blk+1]
							if i0 < i1 {
								gatherCols(gFTW, n, j, j+unit, acc, l.act[i0:i1], l.starts[i0:i1+1], l.rows, l.maxRow, s0 == 0 && h == 0)
							}
						}
					}
				}
				if c0 < 2*c {
					biasRow[1] = int32(2*c - c0)
					gatherAddCols(gFTB, n, j0, j1, acc, biasRow[:1], biasRow[:], st.allRows[c0:2*c])
				}
			}
			if s1 < b.Len {
				st.bar.wait()
			}
		}
	}
}

// clearOthers clears columns [j0, j1) of the rows of dst (width n) of the
// features in [f0, f1) that are not in act (ascending).
func clearOthers(dst []float32, n, j0, j1, f0, f1 int, act []int32) {
	i := 0
	for f := f0; f < f1; f++ {
		for i < len(act) && int(act[i]) < f {
			i++
		}
		if i < len(act) && int(act[i]) == f {
			continue
		}
		clear(dst[f*n+j0 : f*n+j1])
	}
}

// accStride returns the split step's distance (floats) between two
// positions' accumulator rows of 2n: 2n and one cache line. With rows of a
// power-of-two size a column tile of every row falls in the same few sets
// of the L2 cache (at N = 512 a 128-column tile of 4 KiB rows in one set
// of eight), so that a block's ∂loss/∂acc tiles, which the backward reads
// once per active feature, do not stay in it; the line more spreads them
// over all sets.
func accStride(n int) int { return 2*n + 16 }

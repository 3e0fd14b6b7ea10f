// Forward, loss and backward of a batch, split over goroutines with per-worker gradient buffers.
package train

import (
	"fmt"
	"sync"

	"dualnnue/internal/hugepages"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// chunk is the number of positions a worker carries through the dense
// layer and the feature-major backward at once. Larger chunks touch each
// active feature's gradient row less often per position (a chunk of 128
// uniformly random chess positions activates nearly all 768 features, so
// the gradient rows cost 768·N·8 bytes of traffic per chunk); smaller
// ones keep the pre-activations and activations (chunk × 2N floats each,
// 256 KiB at N = 256) in the core's L2 cache.
const chunk = 128

// worker holds one goroutine's scratch buffers and its gradient. Workers
// own disjoint contiguous slices of a batch, so with a fixed worker count
// the summation order, and therefore every bit of the result, is fixed.
type worker struct {
	grad []float32 // ∂loss/∂params of this worker's positions, layout of Model.Params
	acc  []float32 // chunk × 2N pre-activations: stm half, then nstm half
	as   int       // floats from one row of acc (and gacc) to the next: 2N, or the split step's accStride
	x    []float32 // chunk × 2N activations
	out  []float32 // chunk outputs
	gout []float32 // chunk ∂loss/∂out
	// Feature-major backward: cnt[f]..cnt[f+1] index rows, the offsets
	// into the chunk's ∂loss/∂acc rows where feature f is active.
	cnt     []int32 // F+1
	cur     []int32 // F, insertion cursors
	rows    []int32 // one per active (position, perspective, feature)
	act     []int32 // the chunk's active features, ascending
	starts  []int32 // act's rows: rows[starts[k]:starts[k+1]] (len(act)+1)
	allRows []int32 // 0, N, 2N, … : every row of a chunk (for the bias)

	// Hidden layer stack (nn.Arch.Flat false) only: per hidden layer the
	// chunk's pre-activations h and activations y (chunk × units), the
	// chunk's ∂loss/∂acc rows (chunk × 2N; x then keeps the first layer's
	// outputs, chunk × L1Outputs, for the weight gradient), and two
	// vectors for the per-position backward through the dense layers.
	h, y     [nn.MaxLayers][]float32
	gacc     []float32
	gyA, gyB []float32
	gh       []float32
	// A chunk whose positions all use one stack runs the hidden layers
	// as matrix products (gemmAcc): wt holds the stepper's transposed
	// hidden weights (per layer [stacks][inputs][units]), ght a chunk's
	// ∂loss/∂h transposed (units × chunk). perPosition forces the
	// per-position path (tests).
	wt          *[nn.MaxLayers][]float32
	ght         []float32
	perPosition bool

	loss float64 // Σ loss of this worker's positions
}

func newWorker(a nn.Arch, withGrad bool) *worker {
	n2 := 2 * a.Hidden
	w := &worker{
		acc:    make([]float32, chunk*n2),
		as:     n2,
		x:      make([]float32, chunk*n2),
		out:    make([]float32, chunk),
		gout:   make([]float32, chunk),
		cnt:    make([]int32, a.Inputs+1),
		cur:    make([]int32, a.Inputs),
		rows:   make([]int32, 2*chunk*features.MaxActive),
		act:    make([]int32, 0, a.Inputs),
		starts: make([]int32, 0, a.Inputs+1),
	}
	for i := range 2 * chunk {
		w.allRows = append(w.allRows, int32(i*a.Hidden))
	}
	if withGrad {
		w.grad = make([]float32, numParams(a))
		hugepages.Advise(w.grad)
	}
	if !a.Flat() {
		for l := range a.NumLayers() {
			w.h[l] = make([]float32, chunk*a.Layers[l])
			w.y[l] = make([]float32, chunk*a.Layers[l])
		}
		if withGrad {
			w.gacc = make([]float32, chunk*n2)
			w.gyA = make([]float32, chunk*max(n2, nn.MaxLayerSize))
			w.gyB = make([]float32, chunk*max(n2, nn.MaxLayerSize))
			w.gh = make([]float32, chunk*nn.MaxLayerSize)
			w.ght = make([]float32, chunk*nn.MaxLayerSize)
		}
	}
	return w
}

// forwardChunk computes pre-activations, activations and outputs of
// positions [lo, lo+c) of b into the worker's buffers.
func (w *worker) forwardChunk(m *Model, b *Batch, lo, c int) {
	n := m.Hidden
	n2 := 2 * n
	offs := b.Offsets[lo : lo+c+1]
	ftForwardChunk(w.acc, n2, n, m.FTBias, m.FTWeights, b.Stm, offs)
	ftForwardChunk(w.acc[n:], n2, n, m.FTBias, m.FTWeights, b.Nstm, offs)
	w.forwardDense(m, b, lo, c)
}

// forwardDense computes the activations and outputs of positions
// [lo, lo+c) of b from their pre-activations (w.acc rows 0..c−1).
func (w *worker) forwardDense(m *Model, b *Batch, lo, c int) {
	n2 := 2 * m.Hidden
	for i := 0; i < c; i++ {
		if !m.Flat() {
			w.l1Row(m, i)
			continue
		}
		activateRow(w.x[i*n2:(i+1)*n2], w.acc[i*w.as:i*w.as+n2], m.Activation)
	}
	if !m.Flat() {
		if s, ok := w.oneStack(m, b, lo, c); ok {
			w.forwardLayers(m, b, lo, c, s)
			return
		}
		for i := 0; i < c; i++ {
			w.forwardStack(m, b, lo, i)
		}
		return
	}
	// Dense output layer: out = X·w + b.
	if m.Buckets == 1 {
		dotRows(w.out[:c], w.x, n2, m.OutWeights, m.OutBias[0])
		return
	}
	for i := 0; i < c; i++ {
		k := int(b.Bucket[lo+i])
		w.out[i] = blas32.Dot(blas32.Vector{N: n2, Inc: 1, Data: w.x[i*n2 : (i+1)*n2]},
			blas32.Vector{N: n2, Inc: 1, Data: m.OutWeights[k*n2 : (k+1)*n2]}) + m.OutBias[k]
	}
}

// l1Row writes position i of the chunk's first-layer outputs (w.x row i,
// L1Outputs wide) from its accumulators (w.acc row i).
func (w *worker) l1Row(m *Model, i int) {
	n := m.Hidden
	n2, p := 2*n, m.L1Outputs()
	acc := w.acc[i*w.as : i*w.as+n2]
	x := w.x[i*p : (i+1)*p]
	if m.Pairwise {
		pairwiseRow(x[:p/2], acc[:n])
		pairwiseRow(x[p/2:], acc[n:])
	} else {
		activateRow(x, acc, m.Activation)
	}
}

// oneStack returns the stack of positions [lo, lo+c) of b and true when
// they all use the same one (always without per-bucket stacks).
func (w *worker) oneStack(m *Model, b *Batch, lo, c int) (int, bool) {
	if w.perPosition || w.wt == nil || c == 0 {
		return 0, false
	}
	s := m.Stack(int(b.Bucket[lo]))
	if m.StackCount() > 1 {
		for i := 1; i < c; i++ {
			if m.Stack(int(b.Bucket[lo+i])) != s {
				return 0, false
			}
		}
	}
	return s, true
}

// forwardLayers is forwardStack for the whole chunk [lo, lo+c) of
// positions that all use stack s: each hidden layer is one product of the
// chunk's inputs (c × inputs) and the transposed weights.
func (w *worker) forwardLayers(m *Model, b *Batch, lo, c, s int) {
	in, I := w.x, m.L1Outputs()
	for l := range m.NumLayers() {
		L := m.Layers[l]
		h := w.h[l][:c*L]
		bias := m.HiddenBias[l][s*L : (s+1)*L]
		for i := range c {
			copy(h[i*L:(i+1)*L], bias)
		}
		gemmAcc(h, L, in, I, w.wt[l][s*I*L:(s+1)*I*L], L, c, L, I)
		activateRow(w.y[l][:c*L], h, m.HiddenActivation)
		in, I = w.y[l], L
	}
	for i := range c {
		k := int(b.Bucket[lo+i])
		w.out[i] = blas32.Dot(blas32.Vector{N: I, Inc: 1, Data: in[i*I : (i+1)*I]},
			blas32.Vector{N: I, Inc: 1, Data: m.OutWeights[k*I : (k+1)*I]}) + m.OutBias[k]
	}
}

// backwardLayers is backwardStack for the whole chunk [lo, lo+c) of
// positions that all use stack s, given forwardLayers' buffers: the
// weight gradient of each hidden layer is one product (∂loss/∂h)ᵀ·inputs,
// the gradient of its inputs one product ∂loss/∂h · weights.
func (w *worker) backwardLayers(m *Model, b *Batch, lo, c, s int) {
	a := m.Arch
	n := a.Hidden
	n2, p := 2*n, a.L1Outputs()
	nl := a.NumLayers()
	input := func(l int) ([]float32, int) { // hidden layer l's inputs and their width (l = nl: the output's)
		if l == 0 {
			return w.x, p
		}
		return w.y[l-1], a.Layers[l-1]
	}
	last, o := input(nl)
	gy, spare := w.gyA, w.gyB
	for i := range c {
		k := int(b.Bucket[lo+i])
		g := w.gout[i]
		row := last[i*o : (i+1)*o]
		gOutW := w.grad[outWOff(a)+k*o : outWOff(a)+(k+1)*o]
		blas32.Axpy(g, blas32.Vector{N: o, Inc: 1, Data: row}, blas32.Vector{N: o, Inc: 1, Data: gOutW})
		w.grad[outBiasOff(a)+k] += g
		ow := m.OutWeights[k*o : (k+1)*o]
		gr := gy[i*o : (i+1)*o]
		for j := range gr {
			gr[j] = g * ow[j]
		}
	}
	for l := nl - 1; l >= 0; l-- {
		L, I := a.Layers[l], a.LayerInputs(l)
		in, _ := input(l)
		gh := w.gh[:c*L]
		activationGrad(gh, w.h[l][:c*L], gy[:c*L], 1, a.HiddenActivation)
		off := hiddenOff(a, l)
		transpose(w.ght, gh, c, L)
		gemmAcc(w.grad[off+s*L*I:off+(s+1)*L*I], I, w.ght, c, in, I, L, I, c)
		gB := w.grad[off+hiddenWeights(a, l)+s*L : off+hiddenWeights(a, l)+(s+1)*L]
		for i := range c {
			for j, v := range gh[i*L : (i+1)*L] {
				gB[j] += v
			}
		}
		if l == 0 && !a.Pairwise {
			// ∂loss/∂acc straight from gh: the product with the
			// weights and the activation gradient in one pass.
			gemmActGrad(w.gacc, w.as, w.acc, w.as, gh, L, m.HiddenWeights[l][s*L*I:(s+1)*L*I], I, c, I, L, a.Activation, spare)
			return
		}
		gy, spare = spare, gy
		clear(gy[:c*I])
		gemmAcc(gy, I, gh, L, m.HiddenWeights[l][s*L*I:(s+1)*L*I], I, c, I, L)
	}
	if a.Pairwise {
		for i := range c {
			acc := w.acc[i*w.as : i*w.as+n2]
			ga := w.gacc[i*w.as : i*w.as+n2]
			pairwiseGrad(ga[:n], acc[:n], gy[i*p:i*p+p/2])
			pairwiseGrad(ga[n:], acc[n:], gy[i*p+p/2:(i+1)*p])
		}
		return
	}
	// (Without pairwise, the loop's last layer wrote ∂loss/∂acc and returned.)
}

// forwardStack computes, from position lo+i's first-layer outputs (w.x
// row i, see l1Row), each hidden layer's pre-activations and activations
// (w.h, w.y row i) and its output w.out[i].
func (w *worker) forwardStack(m *Model, b *Batch, lo, i int) {
	p := m.L1Outputs()
	x := w.x[i*p : (i+1)*p]
	k := int(b.Bucket[lo+i])
	s := m.Stack(k)
	in := x
	for l := range m.NumLayers() {
		L, I := m.Layers[l], len(in)
		h := w.h[l][i*L : (i+1)*L]
		copy(h, m.HiddenBias[l][s*L:(s+1)*L])
		blas32.Gemv(blas.NoTrans, 1, blas32.General{Rows: L, Cols: I, Stride: I, Data: m.HiddenWeights[l][s*L*I : (s+1)*L*I]},
			blas32.Vector{N: I, Inc: 1, Data: in}, 1, blas32.Vector{N: L, Inc: 1, Data: h})
		y := w.y[l][i*L : (i+1)*L]
		activateRow(y, h, m.HiddenActivation)
		in = y
	}
	o := len(in)
	w.out[i] = blas32.Dot(blas32.Vector{N: o, Inc: 1, Data: in},
		blas32.Vector{N: o, Inc: 1, Data: m.OutWeights[k*o : (k+1)*o]}) + m.OutBias[k]
}

// backwardStack writes position lo+i's ∂loss/∂acc (2N) to w.gacc row i
// and adds the gradients of the output layer and the hidden layers to
// w.grad, given w.gout[i] = ∂loss/∂out and the buffers of forwardStack.
func (w *worker) backwardStack(m *Model, b *Batch, lo, i int) {
	a := m.Arch
	n := a.Hidden
	n2, p := 2*n, a.L1Outputs()
	k := int(b.Bucket[lo+i])
	s := a.Stack(k)
	nl := a.NumLayers()
	x := w.x[i*p : (i+1)*p]
	input := func(l int) []float32 { // the input of hidden layer l (l = nl: of the output)
		if l == 0 {
			return x
		}
		L := a.Layers[l-1]
		return w.y[l-1][i*L : (i+1)*L]
	}
	g := w.gout[i]
	last := input(nl)
	o := len(last)
	gOutW := w.grad[outWOff(a)+k*o : outWOff(a)+(k+1)*o]
	blas32.Axpy(g, blas32.Vector{N: o, Inc: 1, Data: last}, blas32.Vector{N: o, Inc: 1, Data: gOutW})
	w.grad[outBiasOff(a)+k] += g
	gy, spare := w.gyA[:o], w.gyB
	ow := m.OutWeights[k*o : (k+1)*o]
	for j := range gy {
		gy[j] = g * ow[j]
	}
	for l := nl - 1; l >= 0; l-- {
		L, I := a.Layers[l], a.LayerInputs(l)
		gh := w.gh[:L]
		activationGrad(gh, w.h[l][i*L:(i+1)*L], gy, 1, a.HiddenActivation)
		off := hiddenOff(a, l)
		gW := w.grad[off+s*L*I : off+(s+1)*L*I]
		blas32.Ger(1, blas32.Vector{N: L, Inc: 1, Data: gh}, blas32.Vector{N: I, Inc: 1, Data: input(l)},
			blas32.General{Rows: L, Cols: I, Stride: I, Data: gW})
		gB := w.grad[off+hiddenWeights(a, l)+s*L : off+hiddenWeights(a, l)+(s+1)*L]
		for j, v := range gh {
			gB[j] += v
		}
		gy, spare = spare[:I], gy[:cap(gy)]
		blas32.Gemv(blas.Trans, 1, blas32.General{Rows: L, Cols: I, Stride: I, Data: m.HiddenWeights[l][s*L*I : (s+1)*L*I]},
			blas32.Vector{N: L, Inc: 1, Data: gh}, 0, blas32.Vector{N: I, Inc: 1, Data: gy})
	}
	acc := w.acc[i*w.as : i*w.as+n2]
	ga := w.gacc[i*w.as : i*w.as+n2]
	if a.Pairwise {
		pairwiseGrad(ga[:n], acc[:n], gy[:p/2])
		pairwiseGrad(ga[n:], acc[n:], gy[p/2:])
		return
	}
	activationGrad(ga[:n], acc[:n], gy[:n], 1, a.Activation)
	activationGrad(ga[n:], acc[n:], gy[n:], 1, a.Activation)
}

// backwardChunk adds the gradient of positions [lo, lo+c) to w.grad, given
// w.gout = ∂loss/∂out already scaled by 1/batch.
func (w *worker) backwardChunk(m *Model, b *Batch, lo, c int) {
	a := m.Arch
	g := w.backwardDense(m, b, lo, c, w.x[:c*2*a.Hidden])
	w.backwardSparse(a, b, lo, c, g, w.grad[:ftBiasOff(a)], w.grad[ftBiasOff(a):outWOff(a)])
}

// backwardDense adds the gradient of the layers above the first of
// positions [lo, lo+c) to w.grad, given w.gout = ∂loss/∂out scaled by
// 1/batch, and returns their ∂loss/∂acc rows (c rows of 2N, w.as apart):
// written to gflat for the flat net (it may be w.x, or w.acc itself: the
// rows are written in place after they are read), to w.gacc for the hidden
// layer stack.
func (w *worker) backwardDense(m *Model, b *Batch, lo, c int, gflat []float32) []float32 {
	a := m.Arch
	n := a.Hidden
	n2 := 2 * n
	if !a.Flat() {
		if s, ok := w.oneStack(m, b, lo, c); ok {
			w.backwardLayers(m, b, lo, c, s)
		} else {
			for i := 0; i < c; i++ {
				w.backwardStack(m, b, lo, i)
			}
		}
		return w.gacc[:c*w.as]
	}
	gOutW := w.grad[outWOff(a):outBiasOff(a)]
	gOutB := w.grad[outBiasOff(a):]

	// Dense layer: ∂w += Xᵀ·gout, ∂b += Σ gout.
	if a.Buckets == 1 {
		axpyRows(gOutW, w.gout[:c], w.x, n2)
		var s float32
		for _, g := range w.gout[:c] {
			s += g
		}
		gOutB[0] += s
	} else {
		for i := 0; i < c; i++ {
			k := int(b.Bucket[lo+i])
			blas32.Axpy(w.gout[i], blas32.Vector{N: n2, Inc: 1, Data: w.x[i*n2 : (i+1)*n2]},
				blas32.Vector{N: n2, Inc: 1, Data: gOutW[k*n2 : (k+1)*n2]})
			gOutB[k] += w.gout[i]
		}
	}

	// Through the activation: ∂loss/∂acc of every position of the chunk.
	as := w.as
	g := gflat[:c*as]
	for i := 0; i < c; i++ {
		k := int(b.Bucket[lo+i])
		ow := m.OutWeights[k*n2 : (k+1)*n2]
		activationGrad(g[i*as:i*as+n], w.acc[i*as:i*as+n], ow[:n], w.gout[i], a.Activation)
		activationGrad(g[i*as+n:i*as+n2], w.acc[i*as+n:i*as+n2], ow[n:], w.gout[i], a.Activation)
	}
	return g
}

// backwardSparse adds the first layer's gradient of positions [lo, lo+c)
// to gFTW and gFTB given their ∂loss/∂acc rows g (c × 2N).
func (w *worker) backwardSparse(a nn.Arch, b *Batch, lo, c int, g, gFTW, gFTB []float32) {
	n := a.Hidden
	n2 := 2 * n
	// Into the sparse first layer, feature-major: group the chunk's
	// (feature, row) pairs by feature with a counting sort (stable: rows
	// stay in position order, side to move before the other side), then
	// add each active feature's rows into its gradient row at once. Only
	// the rows of active features are touched.
	f0, f1 := b.Offsets[lo], b.Offsets[lo+c]
	cnt := w.cnt
	clear(cnt)
	for _, f := range b.Stm[f0:f1] {
		cnt[int(f)+1]++
	}
	for _, f := range b.Nstm[f0:f1] {
		cnt[int(f)+1]++
	}
	for i := 1; i < len(cnt); i++ {
		cnt[i] += cnt[i-1]
	}
	cur := w.cur
	copy(cur, cnt[:len(cur)])
	rows := w.rows[:cnt[len(cnt)-1]]
	for i := 0; i < c; i++ {
		p := lo + i
		r := int32(i * n2)
		for _, f := range b.Stm[b.Offsets[p]:b.Offsets[p+1]] {
			rows[cur[f]] = r
			cur[f]++
		}
		for _, f := range b.Nstm[b.Offsets[p]:b.Offsets[p+1]] {
			rows[cur[f]] = r + int32(n)
			cur[f]++
		}
	}
	act, starts := w.act[:0], w.starts[:0]
	for f := 0; f < a.Inputs; f++ {
		if cnt[f] < cnt[f+1] {
			act = append(act, int32(f))
			starts = append(starts, cnt[f])
		}
	}
	starts = append(starts, cnt[a.Inputs])
	gatherAddFeatures(gFTW, n, g, act, starts, rows)
	gatherAdd(gFTB, g, w.allRows[:2*c])
}

// gradRange accumulates the loss and the gradient (scaled by scale) of
// positions [lo, hi) of b into w.
func (w *worker) gradRange(m *Model, l Loss, b *Batch, lo, hi int, scale float64) {
	for s := lo; s < hi; s += chunk {
		c := min(chunk, hi-s)
		w.forwardChunk(m, b, s, c)
		for i := 0; i < c; i++ {
			p := s + i
			loss, g := l.Eval(float64(w.out[i]), float64(b.Score[p]), float64(b.Result[p]))
			w.loss += loss
			w.gout[i] = float32(g * scale)
		}
		w.backwardChunk(m, b, s, c)
	}
}

// evalRange accumulates the loss of positions [lo, hi) of b and, if out is
// not nil, writes each output (net units) to out[p].
func (w *worker) evalRange(m *Model, l Loss, b *Batch, lo, hi int, out []float32) {
	for s := lo; s < hi; s += chunk {
		c := min(chunk, hi-s)
		w.forwardChunk(m, b, s, c)
		for i := 0; i < c; i++ {
			p := s + i
			loss, _ := l.Eval(float64(w.out[i]), float64(b.Score[p]), float64(b.Result[p]))
			w.loss += loss
			if out != nil {
				out[p] = w.out[i]
			}
		}
	}
}

// Stepper computes batch losses and gradients of a model with a fixed
// number of goroutines. Results are deterministic for a given worker count.
type Stepper struct {
	Model   *Model
	Loss    Loss
	workers []*worker
	evals   []*worker
	order   *bucketOrder // nil: the batch is used in its own order
	split   *splitStep   // nil: the plain step (per-worker gradient copies)
	// wt: the hidden layers' weights transposed (per layer [stacks][inputs][units]),
	// refreshed at each call, shared by the workers.
	wt [nn.MaxLayers][]float32
	// Grad is the batch-mean gradient after Grad; it aliases the first
	// worker's buffer and is overwritten by the next call.
	Grad []float32
}

// NewStepper returns a stepper for m with the given number of workers (≥ 1).
func NewStepper(m *Model, l Loss, workers int) (*Stepper, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	if workers < 1 || workers > 1024 {
		return nil, fmt.Errorf("train: %d workers, want 1..1024", workers)
	}
	s := &Stepper{Model: m, Loss: l, order: newBucketOrder(m.Arch)}
	for l := range m.NumLayers() {
		s.wt[l] = make([]float32, len(m.HiddenWeights[l]))
	}
	for range workers {
		w := newWorker(m.Arch, true)
		w.wt = &s.wt
		s.workers = append(s.workers, w)
	}
	s.Grad = s.workers[0].grad
	if s.order != nil && s.order.base*s.order.buckets == m.Inputs && colTile(m.Hidden) > 0 && m.Inputs*m.Hidden >= splitMinWeights {
		s.split = newSplitStep(s, spanPositions)
	}
	return s, nil
}

// transposeHidden writes the transposes of the model's hidden weights,
// one [units][inputs] block per stack, into s.wt.
func (s *Stepper) transposeHidden() {
	a := s.Model.Arch
	for l := range a.NumLayers() {
		L, I := a.Layers[l], a.LayerInputs(l)
		for st := range a.StackCount() {
			transpose(s.wt[l][st*L*I:(st+1)*L*I], s.Model.HiddenWeights[l][st*L*I:(st+1)*L*I], L, I)
		}
	}
}

// Workers returns the number of goroutines.
func (s *Stepper) Workers() int { return len(s.workers) }

// split returns the bounds of worker k's share of n positions.
func split(n, workers, k int) (lo, hi int) {
	return n * k / workers, n * (k + 1) / workers
}

// Grad computes the mean loss of b and its gradient, left in s.Grad. b must
// have been validated against the model's architecture.
func (s *Stepper) Gradient(b *Batch) float64 {
	m := s.Model
	scale := 1 / float64(b.Len)
	if s.order != nil {
		b = s.order.sort(b)
	}
	s.transposeHidden()
	if s.split != nil {
		s.gradientSplit(b, scale)
		return s.loss() * scale
	}
	var wg sync.WaitGroup
	for k, w := range s.workers {
		wg.Go(func() {
			clear(w.grad)
			w.loss = 0
			lo, hi := split(b.Len, len(s.workers), k)
			w.gradRange(m, s.Loss, b, lo, hi, scale)
		})
	}
	wg.Wait()
	// Reduce in worker order, each goroutine over its own range of
	// parameters, into the first worker's buffer.
	np := len(m.Params)
	for k := range s.workers {
		wg.Go(func() {
			lo, hi := split(np, len(s.workers), k)
			dst := s.workers[0].grad[lo:hi]
			for _, w := range s.workers[1:] {
				src := w.grad[lo:hi]
				for i := range dst {
					dst[i] += src[i]
				}
			}
		})
	}
	wg.Wait()
	return s.loss() * scale
}

// loss returns the workers' summed loss, in worker order.
func (s *Stepper) loss() float64 {
	loss := 0.0
	for _, w := range s.workers {
		loss += w.loss
	}
	return loss
}

// Evaluate returns the mean loss of b under the model and, if out is not nil
// (len ≥ b.Len), the outputs in net units.
func (s *Stepper) Evaluate(b *Batch, out []float32) float64 {
	if b.Len == 0 {
		return 0
	}
	if s.evals == nil {
		for range s.workers {
			w := newWorker(s.Model.Arch, false)
			w.wt = &s.wt
			s.evals = append(s.evals, w)
		}
	}
	s.transposeHidden()
	var wg sync.WaitGroup
	for k, w := range s.evals {
		wg.Go(func() {
			w.loss = 0
			lo, hi := split(b.Len, len(s.evals), k)
			w.evalRange(s.Model, s.Loss, b, lo, hi, out)
		})
	}
	wg.Wait()
	loss := 0.0
	for _, w := range s.evals {
		loss += w.loss
	}
	return loss / float64(b.Len)
}

// parallelRange runs fn over [0, n) split into one contiguous range per
// worker.
func parallelRange(n, workers int, fn func(lo, hi int)) {
	if workers <= 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	for k := range workers {
		lo, hi := split(n, workers, k)
		wg.Go(func() { fn(lo, hi) })
	}
	wg.Wait()
}

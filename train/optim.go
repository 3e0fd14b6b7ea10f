// AdamW with weight clipping to the quantization range.
package train

import (
	"fmt"
	"math"

	"dualnnue/internal/hugepages"
)

// ClipRange bounds the parameters Params[Start:End] to [Min, Max] after
// every optimiser step, so that quantization never overflows in normal use
// (bullet clips every weight to ±1.98 for its int8 output layer; we derive
// each group's bound from its quantized type and scale, see ClipRanges).
type ClipRange struct {
	Start, End int
	Min, Max   float32
}

// AdamW is Adam with decoupled weight decay (Loshchilov & Hutter,
// "Decoupled Weight Decay Regularization", 2019), as torch.optim.AdamW
// implements it, with bias correction:
//
//	m ← β₁m + (1−β₁)g        v ← β₂v + (1−β₂)g²
//	p ← p − lr·wd·p − lr·(m/(1−β₁ᵗ)) / (√(v/(1−β₂ᵗ)) + ε)
//	p ← clamp(p, clip range of its group)
type AdamW struct {
	Beta1, Beta2 float64
	Eps          float64
	WeightDecay  float64
	Clip         []ClipRange

	M, V []float32 // first and second moments, layout of Model.Params
	T    int64     // steps taken
}

// NewAdamW returns an optimiser for n parameters with PyTorch's defaults
// (β₁ 0.9, β₂ 0.999, ε 1e-8) and the given weight decay.
func NewAdamW(n int, weightDecay float64, clip []ClipRange) *AdamW {
	o := &AdamW{Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, WeightDecay: weightDecay, Clip: clip,
		M: make([]float32, n), V: make([]float32, n)}
	hugepages.Advise(o.M)
	hugepages.Advise(o.V)
	return o
}

// Validate reports settings out of range.
func (o *AdamW) Validate(n int) error {
	switch {
	case !(o.Beta1 >= 0 && o.Beta1 < 1) || !(o.Beta2 >= 0 && o.Beta2 < 1):
		return fmt.Errorf("train: AdamW betas %v, %v must be in [0, 1)", o.Beta1, o.Beta2)
	case !(o.Eps > 0):
		return fmt.Errorf("train: AdamW eps %v must be positive", o.Eps)
	case !(o.WeightDecay >= 0 && o.WeightDecay < 1):
		return fmt.Errorf("train: weight decay %v must be in [0, 1)", o.WeightDecay)
	case len(o.M) != n || len(o.V) != n:
		return fmt.Errorf("train: optimiser state holds %d/%d moments for %d parameters", len(o.M), len(o.V), n)
	}
	for _, c := range o.Clip {
		if c.Start < 0 || c.End > n || c.Start > c.End || !(c.Min <= c.Max) {
			return fmt.Errorf("train: bad clip range %+v for %d parameters", c, n)
		}
	}
	return nil
}

// Step applies one update with learning rate lr and gradient grad to params,
// split over workers goroutines by parameter range (element-wise, so the
// result does not depend on the split).
func (o *AdamW) Step(params, grad []float32, lr float64, workers int) {
	if len(params) != len(grad) || len(params) != len(o.M) {
		panic(errShape)
	}
	o.T++
	bc1 := 1 - math.Pow(o.Beta1, float64(o.T))
	bc2 := 1 - math.Pow(o.Beta2, float64(o.T))
	b1, b2 := float32(o.Beta1), float32(o.Beta2)
	k := adamConsts{b1: b1, c1: 1 - b1, b2: b2, c2: 1 - b2, step: float32(lr / bc1),
		isb2: float32(1 / math.Sqrt(bc2)), eps: float32(o.Eps), decay: float32(1 - lr*o.WeightDecay)}
	parallelRange(len(params), workers, func(lo, hi int) {
		// In blocks that stay in cache between the update and the clip.
		const block = 4096
		for s := lo; s < hi; s += block {
			e := min(s+block, hi)
			adamUpdate(params[s:e], grad[s:e], o.M[s:e], o.V[s:e], &k)
			o.clipRange(params, s, e)
		}
	})
}

// adamConsts are one step's scalars of the AdamW update (layout read by
// asmAdamW: eight float32 in this order).
type adamConsts struct {
	b1, c1, b2, c2 float32 // β₁, 1−β₁, β₂, 1−β₂
	step           float32 // lr/(1−β₁ᵗ)
	isb2           float32 // 1/√(1−β₂ᵗ)
	eps            float32
	decay          float32 // 1 − lr·wd
}

// adamRef is the definition of one AdamW update of the parameters p given
// their gradient g and moments m, v (all of len(p)):
//
//	m ← β₁m + (1−β₁)g    v ← β₂v + (1−β₂)g²
//	p ← p·decay − (step·m) / (√v·isb2 + ε)
//
// with each product and sum rounded to float32 in that order.
func adamRef(p, g, m, v []float32, k *adamConsts) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	for i := range p {
		gi := g[i]
		mi := k.b1*m[i] + k.c1*gi
		vi := k.b2*v[i] + k.c2*(gi*gi)
		m[i], v[i] = mi, vi
		den := float32(math.Sqrt(float64(vi)))*k.isb2 + k.eps
		p[i] = p[i]*k.decay - k.step*mi/den
	}
}

// clipRange clamps params[lo:hi] to every clip group's range that overlaps
// it, in the groups' order (the same values as clipping the whole vector
// after the update: both are element-wise).
func (o *AdamW) clipRange(params []float32, lo, hi int) {
	for _, c := range o.Clip {
		if s, e := max(c.Start, lo), min(c.End, hi); s < e {
			clipSlice(params[s:e], c.Min, c.Max)
		}
	}
}

// clipRef clamps p to [lo, hi] element by element.
func clipRef(p []float32, lo, hi float32) {
	for i, v := range p {
		p[i] = min(max(v, lo), hi)
	}
}

// clip clamps every group to its range.
func (o *AdamW) clip(params []float32) { o.clipRange(params, 0, len(params)) }

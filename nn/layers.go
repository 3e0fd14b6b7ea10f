// The hidden layer stack of the quantized net: the first layer's output in uint8 range, int8 layers, int32 sums.
package nn

import "math/bits"

// scratch holds a hidden-layer net's intermediate vectors, one per Stack
// (so Evaluate does not allocate): the first layer's output x (L1Outputs)
// and each hidden layer's activations y[i] (Layers[i]), all in [0, QA].
type scratch struct {
	x   []int16
	y   [MaxLayers][]int16
	sum [MaxLayerSize]int32 // a hidden layer's W·x before bias, shift and clip
}

// newScratch returns the buffers of shape a, nil for a flat net.
func newScratch(a Arch) *scratch {
	if a.Flat() {
		return nil
	}
	sc := &scratch{x: make([]int16, a.L1Outputs())}
	for i := range a.NumLayers() {
		sc.y[i] = make([]int16, a.Layers[i])
	}
	return sc
}

// divMagic returns ⌈2²⁴/qa⌉ for qa in [1, 255]: then (v·divMagic(qa)) >> 24
// equals v/qa (truncated) for every 0 ≤ v ≤ qa² + qa/2, and
// v·divMagic(qa) < 2³² (TestDivMagic checks every qa and v).
func divMagic(qa int32) uint32 { return uint32((1<<24 + qa - 1) / qa) }

// outputStack is output for a net with hidden layers or pairwise
// multiplication (the formula in Net's doc comment).
func (n *Net) outputStack(us, them []int16, bucket int, sc *scratch) int64 {
	if sc == nil {
		sc = newScratch(n.Arch)
	}
	qa, magic := int16(n.QA), divMagic(n.QA)
	half32 := uint32(n.QA / 2)
	x := sc.x
	half := len(x) / 2
	for p, acc := range [2][]int16{us, them} {
		dst := x[p*half : (p+1)*half]
		switch {
		case n.Pairwise:
			mulClampRow(dst, acc[:half], acc[half:2*half], qa, magic)
		case n.Activation == SCReLU:
			mulClampRow(dst, acc, acc, qa, magic)
		default:
			clampRow(dst, acc, qa)
		}
	}
	s := n.Stack(bucket)
	shift := uint(bits.TrailingZeros32(uint32(n.QB)))
	round := n.QB / 2
	for i := range n.NumLayers() {
		L, in := n.Layers[i], len(x)
		y := sc.y[i][:L]
		w := n.HiddenWeights[i][s*L*in : (s+1)*L*in]
		b := n.HiddenBias[i][s*L : (s+1)*L]
		square := n.HiddenActivation == SCReLU
		sum := sc.sum[:L]
		affineI8(sum, x, w)
		for j := range y {
			v := min(max((b[j]+sum[j]+round)>>shift, 0), int32(qa))
			if square {
				v = int32((uint32(v*v) + half32) * magic >> 24)
			}
			y[j] = int16(v)
		}
		x = y
	}
	o := len(x)
	sum := dotCReLU(x, n.OutWeights[bucket*o:(bucket+1)*o], qa) + int64(n.OutBias[bucket])
	return sum * int64(n.Scale) / (int64(n.QA) * int64(n.QB))
}

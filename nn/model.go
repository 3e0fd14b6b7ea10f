// The float reference model: the un-quantized forward pass, quantization and its error bound.
package nn

import (
	"fmt"
	"math"
)

// Model is the float network the trainer fits and the definition of what the
// quantized Net approximates. Shapes and layouts are those of Net with float
// units (a first-layer value of 1.0 is QA in the Net, an output weight of 1.0
// is QB, the output bias is in output units):
//
//	acc   = FTBias + Σ_{f active} FTWeights[f*N:(f+1)*N]     (per perspective)
//	a     = act(acc)   act = clamp(x,0,1) (CReLU) or clamp(x,0,1)² (SCReLU)
//	out   = Σ a_us[i]·w[i] + Σ a_them[i]·w[N+i] + OutBias[b]   (w = bucket b's 2N weights)
//	eval  = out·Scale centipawns, side to move's view
//
// The trainer's loss compares sigmoid(out) = sigmoid(eval/K) with K = Scale =
// 400 against its target. Forward accumulates in float64 so that it is the
// exact reference for the parity check.
//
// A net with hidden layers (Arch.Flat false) continues from a instead:
//
//	x     = [a_us, a_them] (2N), or with Pairwise x = [p_us, p_them],
//	        p[i] = clamp(acc[i],0,1)·clamp(acc[i+N/2],0,1) for i < N/2
//	h_k   = W_k·x_{k-1} + b_k,  x_k = hact(h_k)   for each hidden layer k
//	        (the bucket's stack with Stacks, else the one stack)
//	out   = w·x_last + OutBias[b]        (w = bucket b's OutInputs weights)
//
// hact is HiddenActivation (clamp or its square, as act).
type Model struct {
	Arch
	QA, QB, Scale int32

	FTWeights  []float32
	FTBias     []float32
	OutWeights []float32 // B×OutInputs
	OutBias    []float32

	// HiddenWeights[i] holds hidden layer i of every stack: stack s, unit j
	// reads row [(s·L+j)·in, (s·L+j+1)·in) (L = Layers[i], in =
	// LayerInputs(i)), scale QB in the Net; HiddenBias[i][s·L+j] its bias,
	// scale QA·QB. Nil past NumLayers.
	HiddenWeights [MaxLayers][]float32
	HiddenBias    [MaxLayers][]float32
}

// NewModel returns a zero model of shape a with the default quantization.
func NewModel(a Arch) (*Model, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	m := &Model{
		Arch: a, QA: DefaultQA, QB: DefaultQB, Scale: DefaultScale,
		FTWeights:  make([]float32, a.Inputs*a.Hidden),
		FTBias:     make([]float32, a.Hidden),
		OutWeights: make([]float32, a.Buckets*a.OutInputs()),
		OutBias:    make([]float32, a.Buckets),
	}
	for i := range a.NumLayers() {
		m.HiddenWeights[i] = make([]float32, a.StackCount()*a.Layers[i]*a.LayerInputs(i))
		m.HiddenBias[i] = make([]float32, a.StackCount()*a.Layers[i])
	}
	return m, nil
}

// Apply returns the activation of x.
func (a Activation) Apply(x float64) float64 {
	c := min(max(x, 0), 1)
	if a == SCReLU {
		return c * c
	}
	return c
}

// Derivative returns d Apply/dx at x (0 outside (0, 1)).
func (a Activation) Derivative(x float64) float64 {
	if x <= 0 || x >= 1 {
		return 0
	}
	if a == SCReLU {
		return 2 * x
	}
	return 1
}

// Accumulate sets acc (length N) to the first-layer pre-activations of the
// active features.
func (m *Model) Accumulate(acc []float64, active []uint16) {
	N := m.Hidden
	for i := range acc[:N] {
		acc[i] = float64(m.FTBias[i])
	}
	for _, f := range active {
		row := m.FTWeights[int(f)*N : (int(f)+1)*N]
		for i, w := range row {
			acc[i] += float64(w)
		}
	}
}

// Output returns out for the two pre-activation accumulators and bucket.
func (m *Model) Output(us, them []float64, bucket int) float64 {
	if !m.Flat() {
		x := m.L1Output(us, them)
		for i := range m.NumLayers() {
			x = m.Layer(i, m.Stack(bucket), x)
		}
		w := m.OutWeights[bucket*len(x) : (bucket+1)*len(x)]
		out := float64(m.OutBias[bucket])
		for i, v := range x {
			out += v * float64(w[i])
		}
		return out
	}
	N := m.Hidden
	w := m.OutWeights[bucket*2*N : (bucket+1)*2*N]
	out := float64(m.OutBias[bucket])
	for i := 0; i < N; i++ {
		out += m.Activation.Apply(us[i])*float64(w[i]) + m.Activation.Apply(them[i])*float64(w[N+i])
	}
	return out
}

// L1Output returns the first layer's output x (length L1Outputs) for the
// two pre-activation accumulators: act of each, or with Pairwise the
// products of each perspective's clamped halves.
func (m *Model) L1Output(us, them []float64) []float64 {
	x := make([]float64, 0, m.L1Outputs())
	for _, acc := range [2][]float64{us[:m.Hidden], them[:m.Hidden]} {
		if m.Pairwise {
			h := m.Hidden / 2
			for i := range h {
				x = append(x, CReLU.Apply(acc[i])*CReLU.Apply(acc[h+i]))
			}
			continue
		}
		for _, v := range acc {
			x = append(x, m.Activation.Apply(v))
		}
	}
	return x
}

// Layer returns HiddenActivation(W·x + b) of hidden layer i of stack s for
// its input x (length LayerInputs(i)); the result has Layers[i] values.
func (m *Model) Layer(i, s int, x []float64) []float64 {
	L, in := m.Layers[i], len(x)
	y := make([]float64, L)
	for j := range y {
		w := m.HiddenWeights[i][(s*L+j)*in : (s*L+j+1)*in]
		h := float64(m.HiddenBias[i][s*L+j])
		for k, v := range x {
			h += v * float64(w[k])
		}
		y[j] = m.HiddenActivation.Apply(h)
	}
	return y
}

// Forward returns out for the side to move's active features us, the other
// side's them and pieces pieces on the board. accUs and accThem (length N)
// receive the accumulators; nil allocates.
func (m *Model) Forward(us, them []uint16, pieces int, accUs, accThem []float64) float64 {
	if accUs == nil {
		accUs = make([]float64, m.Hidden)
	}
	if accThem == nil {
		accThem = make([]float64, m.Hidden)
	}
	m.Accumulate(accUs, us)
	m.Accumulate(accThem, them)
	return m.Output(accUs, accThem, m.Bucket(pieces))
}

// Eval returns the float eval in centipawns (out·Scale), unclamped.
func (m *Model) Eval(us, them []uint16, pieces int) float64 {
	return m.Forward(us, them, pieces, nil, nil) * float64(m.Scale)
}

// Quantize rounds the weights to the Net's integers (round half away from
// zero): first layer ×QA into int16, output weights ×QB within ±MaxOutWeight,
// output bias ×QA·QB into int32; hidden layers' weights ×QB into int8
// within ±MaxOutWeight, their biases ×QA·QB into int32. Any value outside its range, and any
// possible int16 accumulator overflow, is an error naming it, never a wrap.
func (m *Model) Quantize(description string) (*Net, error) {
	n, err := NewNet(m.Arch, description)
	if err != nil {
		return nil, err
	}
	if err := checkScales(m.QA, m.QB, m.Scale); err != nil {
		return nil, err
	}
	n.QA, n.QB, n.Scale = m.QA, m.QB, m.Scale
	q := func(dst []int16, src []float32, scale float64, lim float64, what string) error {
		for i, v := range src {
			r := math.Round(float64(v) * scale)
			if !(r >= -lim && r <= lim) { // also catches NaN
				return fmt.Errorf("nn: quantize: %s[%d] = %g gives %g, outside ±%g", what, i, v, r, lim)
			}
			dst[i] = int16(r)
		}
		return nil
	}
	qa, qb := float64(m.QA), float64(m.QB)
	if err := q(n.FTWeights, m.FTWeights, qa, 32767, "FTWeights"); err != nil {
		return nil, err
	}
	if err := q(n.FTBias, m.FTBias, qa, 32767, "FTBias"); err != nil {
		return nil, err
	}
	if err := q(n.OutWeights, m.OutWeights, qb, MaxOutWeight, "OutWeights"); err != nil {
		return nil, err
	}
	for i, v := range m.OutBias {
		r := math.Round(float64(v) * qa * qb)
		if !(r >= -(1<<24) && r <= 1<<24) {
			return nil, fmt.Errorf("nn: quantize: OutBias[%d] = %g outside ±2^24/(QA·QB)", i, v)
		}
		n.OutBias[i] = int32(r)
	}
	for k := range m.NumLayers() {
		for i, v := range m.HiddenWeights[k] {
			r := math.Round(float64(v) * qb)
			if !(r >= -MaxOutWeight && r <= MaxOutWeight) {
				return nil, fmt.Errorf("nn: quantize: hidden layer %d weight %d = %g gives %g, outside ±%d", k+2, i, v, r, MaxOutWeight)
			}
			n.HiddenWeights[k][i] = int8(r)
		}
		for i, v := range m.HiddenBias[k] {
			r := math.Round(float64(v) * qa * qb)
			if !(r >= -(1<<24) && r <= 1<<24) {
				return nil, fmt.Errorf("nn: quantize: hidden layer %d bias %d = %g outside ±2^24/(QA·QB)", k+2, i, v)
			}
			n.HiddenBias[k][i] = int32(r)
		}
	}
	if err := n.Validate(); err != nil {
		return nil, fmt.Errorf("nn: quantize: %w", err)
	}
	return n, nil
}

// Model returns the float model holding exactly the net's weights
// (dequantized: w/QA, w/QB, b/(QA·QB)), e.g. to fine-tune a net.
func (n *Net) Model() *Model {
	m, _ := NewModel(n.Arch)
	m.QA, m.QB, m.Scale = n.QA, n.QB, n.Scale
	qa, qb := float32(n.QA), float32(n.QB)
	for i, v := range n.FTWeights {
		m.FTWeights[i] = float32(v) / qa
	}
	for i, v := range n.FTBias {
		m.FTBias[i] = float32(v) / qa
	}
	for i, v := range n.OutWeights {
		m.OutWeights[i] = float32(v) / qb
	}
	for i, v := range n.OutBias {
		m.OutBias[i] = float32(float64(v) / (float64(n.QA) * float64(n.QB)))
	}
	for k := range n.NumLayers() {
		for i, v := range n.HiddenWeights[k] {
			m.HiddenWeights[k][i] = float32(v) / qb
		}
		for i, v := range n.HiddenBias[k] {
			m.HiddenBias[k][i] = float32(float64(v) / (float64(n.QA) * float64(n.QB)))
		}
	}
	return m
}

// SameWeightBound bounds |Net eval − Model eval|, in centipawns, on one
// position when the net holds exactly the model's weights (n.Model()):
// ParityBound for a flat net; with hidden layers the truncations of every
// layer carried through the later layers' weights (stackBound).
func (m *Model) SameWeightBound(us, them []uint16, pieces int) float64 {
	if m.Flat() {
		return ParityBound(m.QA, m.QB, m.Scale)
	}
	return m.stackBound(us, them, pieces, false)
}

// ParityBound is the most |Net eval − Model eval| can be, in centipawns,
// when the net holds exactly the model's weights (n.Model()), for an eval
// inside the mate bounds: the final division truncates (< 1 cp) and SCReLU's
// division by QA truncates (< Scale/(QA·QB) cp); float64 rounding adds less
// than 1e-6 cp.
func ParityBound(qa, qb, scale int32) float64 {
	return 1 + float64(scale)/(float64(qa)*float64(qb)) + 1e-6
}

// QuantizationBound is a worst-case bound, in centipawns, on |Net eval −
// Model eval| for the net m.Quantize() made, on one position: every first-layer
// value moves by at most 0.5/QA, so each accumulator by e = (k+1)·0.5/QA for
// k active features; the activation then moves by at most e (CReLU) or
// e·2·min(1, c+e) (SCReLU, c the clamped float accumulator); each output
// weight moves by at most 0.5/QB and the bias by 0.5/(QA·QB); ParityBound
// covers the integer truncations.
//
// A net with hidden layers (or pairwise) has the per-position bound of
// stackBound instead.
func (m *Model) QuantizationBound(us, them []uint16, pieces int) float64 {
	if !m.Flat() {
		return m.stackBound(us, them, pieces, true)
	}
	N := m.Hidden
	accs := [2][]float64{make([]float64, N), make([]float64, N)}
	m.Accumulate(accs[0], us)
	m.Accumulate(accs[1], them)
	b := m.Bucket(pieces)
	w := m.OutWeights[b*2*N : (b+1)*2*N]
	dw := 0.5 / float64(m.QB)
	var bound float64
	for p, k := range []int{len(us), len(them)} {
		e := float64(k+1) * 0.5 / float64(m.QA)
		for i, x := range accs[p] {
			da := e
			if m.Activation == SCReLU {
				da = e * 2 * min(1, min(max(x, 0), 1)+e)
			}
			a := m.Activation.Apply(x)
			bound += da*(math.Abs(float64(w[p*N+i]))+dw) + a*dw
		}
	}
	bound += 0.5 / (float64(m.QA) * float64(m.QB))
	return bound*float64(m.Scale) + ParityBound(m.QA, m.QB, m.Scale)
}

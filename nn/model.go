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
type Model struct {
	Arch
	QA, QB, Scale int32

	FTWeights  []float32
	FTBias     []float32
	OutWeights []float32
	OutBias    []float32
}

// NewModel returns a zero model of shape a with the default quantization.
func NewModel(a Arch) (*Model, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	return &Model{
		Arch: a, QA: DefaultQA, QB: DefaultQB, Scale: DefaultScale,
		FTWeights:  make([]float32, a.Inputs*a.Hidden),
		FTBias:     make([]float32, a.Hidden),
		OutWeights: make([]float32, a.Buckets*2*a.Hidden),
		OutBias:    make([]float32, a.Buckets),
	}, nil
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
	N := m.Hidden
	w := m.OutWeights[bucket*2*N : (bucket+1)*2*N]
	out := float64(m.OutBias[bucket])
	for i := 0; i < N; i++ {
		out += m.Activation.Apply(us[i])*float64(w[i]) + m.Activation.Apply(them[i])*float64(w[N+i])
	}
	return out
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
// output bias ×QA·QB into int32. Any value outside its range, and any
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
	return m
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
func (m *Model) QuantizationBound(us, them []uint16, pieces int) float64 {
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

// The float32 model: architecture, flat parameter layout, initialisation, forward pass.
package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"dualnnue/nn"
)

// Offsets of the parameter groups inside the flat vector of shape a:
// [FTWeights F·N | FTBias N | OutWeights B·2N | OutBias B].
func numParams(a nn.Arch) int {
	return a.Inputs*a.Hidden + a.Hidden + a.Buckets*2*a.Hidden + a.Buckets
}
func ftBiasOff(a nn.Arch) int  { return a.Inputs * a.Hidden }
func outWOff(a nn.Arch) int    { return ftBiasOff(a) + a.Hidden }
func outBiasOff(a nn.Arch) int { return outWOff(a) + a.Buckets*2*a.Hidden }

// Model is the float32 network: package nn's float reference model (same
// architecture, layouts, activation and scales as the engine's quantized
// Net, and its Forward, Quantize and error bounds) whose weight slices are
// views into one flat slice, Params, so that the optimiser, the gradient
// reduction and checkpoints treat all parameters uniformly:
//
//	FTWeights  [Inputs][Hidden]     row f is added to the accumulator when feature f is active
//	FTBias     [Hidden]
//	OutWeights [Buckets][2·Hidden]  side to move's half first, then the other side's
//	OutBias    [Buckets]
//
// The output out is in "net units": the engine's centipawn eval is
// out·EvalScale (bullet's convention), see Loss.
type Model struct {
	nn.Model
	Params []float32
}

// NewModel returns a zeroed model of shape a with nn's default
// quantization scales (QA, QB, Scale).
func NewModel(a nn.Arch) (*Model, error) {
	ref, err := nn.NewModel(a)
	if err != nil {
		return nil, err
	}
	m := &Model{Model: *ref, Params: make([]float32, numParams(a))}
	m.bind()
	return m, nil
}

// FromReference returns a trainable copy of the float model ref (e.g. a
// dequantized net, for fine-tuning).
func FromReference(ref *nn.Model) (*Model, error) {
	m, err := NewModel(ref.Arch)
	if err != nil {
		return nil, err
	}
	if len(ref.FTWeights) != len(m.FTWeights) || len(ref.FTBias) != len(m.FTBias) ||
		len(ref.OutWeights) != len(m.OutWeights) || len(ref.OutBias) != len(m.OutBias) {
		return nil, fmt.Errorf("train: reference model's weights do not match %v", ref.Arch)
	}
	m.QA, m.QB, m.Scale = ref.QA, ref.QB, ref.Scale
	copy(m.FTWeights, ref.FTWeights)
	copy(m.FTBias, ref.FTBias)
	copy(m.OutWeights, ref.OutWeights)
	copy(m.OutBias, ref.OutBias)
	return m, nil
}

// bind points the named views into Params.
func (m *Model) bind() {
	a := m.Arch
	p := m.Params
	m.FTWeights = p[:ftBiasOff(a):ftBiasOff(a)]
	m.FTBias = p[ftBiasOff(a):outWOff(a):outWOff(a)]
	m.OutWeights = p[outWOff(a):outBiasOff(a):outBiasOff(a)]
	m.OutBias = p[outBiasOff(a):]
}

// Clone returns a deep copy.
func (m *Model) Clone() *Model {
	c := &Model{Model: m.Model, Params: append([]float32(nil), m.Params...)}
	c.bind()
	return c
}

// Init fills the parameters from rng: feature-transformer weights uniform
// with standard deviation 1/(4·√32), so that ~32 active features give
// accumulators of standard deviation ¼ (inside SCReLU's live range [0, 1]);
// output weights U(−1/√(2N), 1/√(2N)) as PyTorch initialises nn.Linear;
// biases zero.
func (m *Model) Init(rng *rand.Rand) {
	a := m.Arch
	ft := float32(1 / math.Sqrt(32) / 4 * math.Sqrt(3))
	for i := range m.FTWeights {
		m.FTWeights[i] = ft * float32(2*rng.Float64()-1)
	}
	clear(m.FTBias)
	ow := float32(1 / math.Sqrt(float64(2*a.Hidden)))
	for i := range m.OutWeights {
		m.OutWeights[i] = ow * float32(2*rng.Float64()-1)
	}
	clear(m.OutBias)
}

// CheckFinite returns an error naming the first NaN or infinite parameter.
func (m *Model) CheckFinite() error {
	for i, v := range m.Params {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return fmt.Errorf("train: parameter %d is %v (training diverged: lower the learning rate)", i, v)
		}
	}
	return nil
}

func errFeature(f, inputs int) error {
	return fmt.Errorf("train: feature index %d out of range [0, %d)", f, inputs)
}

var errShape = errors.New("train: shape mismatch")

// The float32 model: architecture, flat parameter layout, initialisation, forward pass.
package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"dualnnue/internal/hugepages"
	"dualnnue/nn"
)

// Offsets of the parameter groups inside the flat vector of shape a:
// [FTWeights F·N | FTBias N | OutWeights B·O | OutBias B | then per hidden
// layer i: weights S·L·in | biases S·L], O = a.OutInputs() (2N without
// hidden layers), S stacks, L = Layers[i], in = LayerInputs(i). The flat
// shape's layout is the one it always had.
func numParams(a nn.Arch) int  { return hiddenOff(a, a.NumLayers()) }
func ftBiasOff(a nn.Arch) int  { return a.Inputs * a.Hidden }
func outWOff(a nn.Arch) int    { return ftBiasOff(a) + a.Hidden }
func outBiasOff(a nn.Arch) int { return outWOff(a) + a.Buckets*a.OutInputs() }

// hiddenOff returns the offset of hidden layer i's weights (i = NumLayers:
// the end of the vector); its biases follow at hiddenOff + hiddenWeights.
func hiddenOff(a nn.Arch, i int) int {
	o := outBiasOff(a) + a.Buckets
	for k := range i {
		o += hiddenWeights(a, k) + a.StackCount()*a.Layers[k]
	}
	return o
}

// hiddenWeights returns the number of weights of hidden layer i.
func hiddenWeights(a nn.Arch, i int) int { return a.StackCount() * a.Layers[i] * a.LayerInputs(i) }

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
// and with hidden layers (nn.Arch.Layers) OutWeights [Buckets][OutInputs]
// and per layer HiddenWeights [stacks][units][inputs], HiddenBias
// [stacks][units] (the layouts of nn.Model).
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
	hugepages.Advise(m.Params)
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
	for i := range ref.NumLayers() {
		if len(ref.HiddenWeights[i]) != len(m.HiddenWeights[i]) || len(ref.HiddenBias[i]) != len(m.HiddenBias[i]) {
			return nil, fmt.Errorf("train: reference model's hidden layer %d does not match %v", i+2, ref.Arch)
		}
		copy(m.HiddenWeights[i], ref.HiddenWeights[i])
		copy(m.HiddenBias[i], ref.HiddenBias[i])
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
	m.OutBias = p[outBiasOff(a) : outBiasOff(a)+a.Buckets : outBiasOff(a)+a.Buckets]
	for i := range a.NumLayers() {
		o := hiddenOff(a, i)
		w, b := o+hiddenWeights(a, i), o+hiddenWeights(a, i)+a.StackCount()*a.Layers[i]
		m.HiddenWeights[i] = p[o:w:w]
		m.HiddenBias[i] = p[w:b:b]
	}
}

// Clone returns a deep copy.
func (m *Model) Clone() *Model {
	c := &Model{Model: m.Model, Params: append([]float32(nil), m.Params...)}
	c.bind()
	return c
}

// ftInitScale bounds the feature-transformer weights of a fresh net (Init)
// and of the units net.grow_hidden adds: uniform in ±ftInitScale has
// standard deviation 1/(4·√32), so ~32 active features put a unit's
// accumulator inside SCReLU's live range.
var ftInitScale = float32(1 / math.Sqrt(32) / 4 * math.Sqrt(3))

// Init fills the parameters from rng: feature-transformer weights uniform
// with standard deviation 1/(4·√32), so that ~32 active features give
// accumulators of standard deviation ¼ (inside SCReLU's live range [0, 1]);
// output weights U(−1/√I, 1/√I) for I inputs (2N without hidden layers)
// as PyTorch initialises nn.Linear, and so are the hidden layers' weights
// (drawn after the output's, so a flat net draws what it always drew);
// biases zero.
func (m *Model) Init(rng *rand.Rand) {
	a := m.Arch
	for i := range m.FTWeights {
		m.FTWeights[i] = ftInitScale * float32(2*rng.Float64()-1)
	}
	clear(m.FTBias)
	ow := float32(1 / math.Sqrt(float64(a.OutInputs())))
	for i := range m.OutWeights {
		m.OutWeights[i] = ow * float32(2*rng.Float64()-1)
	}
	clear(m.OutBias)
	for k := range a.NumLayers() {
		hw := float32(1 / math.Sqrt(float64(a.LayerInputs(k))))
		for i := range m.HiddenWeights[k] {
			m.HiddenWeights[k][i] = hw * float32(2*rng.Float64()-1)
		}
		clear(m.HiddenBias[k])
	}
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

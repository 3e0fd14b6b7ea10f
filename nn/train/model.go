// The float32 model: architecture, flat parameter layout, initialisation, forward pass.
package train

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Activation is the feature transformer's activation.
type Activation uint8

const (
	// SCReLU is the squared clipped ReLU, clamp(x, 0, 1)², as bullet uses it.
	SCReLU Activation = iota
	// CReLU is the clipped ReLU, clamp(x, 0, 1).
	CReLU
)

// String returns "screlu" or "crelu".
func (a Activation) String() string {
	switch a {
	case SCReLU:
		return "screlu"
	case CReLU:
		return "crelu"
	}
	return fmt.Sprintf("activation(%d)", uint8(a))
}

// ParseActivation reads "screlu" or "crelu".
func ParseActivation(s string) (Activation, error) {
	switch s {
	case "screlu", "SCReLU":
		return SCReLU, nil
	case "crelu", "CReLU":
		return CReLU, nil
	}
	return 0, fmt.Errorf("train: unknown activation %q (want screlu or crelu)", s)
}

// Arch is the shape of the perspective network (Inputs → Hidden)×2 → Buckets.
// Exactly one output bucket is evaluated per position.
type Arch struct {
	Inputs     int // F, features per perspective (768 chess, 1260 xiangqi)
	Hidden     int // N, accumulator width per perspective
	Buckets    int // output buckets (1 = none)
	Activation Activation
}

// Validate reports an impossible shape.
func (a Arch) Validate() error {
	switch {
	case a.Inputs <= 0 || a.Inputs > 1<<16:
		return fmt.Errorf("train: inputs %d out of range [1, 65536]", a.Inputs)
	case a.Hidden <= 0 || a.Hidden > 1<<14 || a.Hidden%16 != 0:
		return fmt.Errorf("train: hidden %d must be a positive multiple of 16 up to 16384", a.Hidden)
	case a.Buckets <= 0 || a.Buckets > 64:
		return fmt.Errorf("train: buckets %d out of range [1, 64]", a.Buckets)
	case a.Activation > CReLU:
		return fmt.Errorf("train: bad activation %d", a.Activation)
	}
	return nil
}

// NumParams returns the length of the flat parameter vector:
// F·N + N + B·2N + B.
func (a Arch) NumParams() int {
	return a.Inputs*a.Hidden + a.Hidden + a.Buckets*2*a.Hidden + a.Buckets
}

// Offsets of the parameter groups inside the flat vector.
func (a Arch) ftBiasOff() int  { return a.Inputs * a.Hidden }
func (a Arch) outWOff() int    { return a.ftBiasOff() + a.Hidden }
func (a Arch) outBiasOff() int { return a.outWOff() + a.Buckets*2*a.Hidden }
func (a Arch) String() string {
	return fmt.Sprintf("(%d→%d)×2→%d %s", a.Inputs, a.Hidden, a.Buckets, a.Activation)
}

// Model is the float32 network. All parameters live in one flat slice
// (Params) so the optimiser, the gradient reduction and checkpoints treat
// them uniformly; the named fields are views into it:
//
//	FTWeights  [Inputs][Hidden]     row f is added to the accumulator when feature f is active
//	FTBias     [Hidden]
//	OutWeights [Buckets][2·Hidden]  side to move's half first, then the other side's
//	OutBias    [Buckets]
//
// The output out is in "net units": the engine's centipawn eval is
// out·EvalScale (bullet's convention), see Loss.
type Model struct {
	Arch
	Params     []float32
	FTWeights  []float32
	FTBias     []float32
	OutWeights []float32
	OutBias    []float32
}

// NewModel returns a zeroed model of shape a.
func NewModel(a Arch) (*Model, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	m := &Model{Arch: a, Params: make([]float32, a.NumParams())}
	m.bind()
	return m, nil
}

// bind points the named views into Params.
func (m *Model) bind() {
	a := m.Arch
	p := m.Params
	m.FTWeights = p[:a.ftBiasOff():a.ftBiasOff()]
	m.FTBias = p[a.ftBiasOff():a.outWOff():a.outWOff()]
	m.OutWeights = p[a.outWOff():a.outBiasOff():a.outBiasOff()]
	m.OutBias = p[a.outBiasOff():]
}

// Clone returns a deep copy.
func (m *Model) Clone() *Model {
	c := &Model{Arch: m.Arch, Params: append([]float32(nil), m.Params...)}
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

// activate returns the activation of one pre-activation value.
func activate(act Activation, v float32) float32 {
	v = min(max(v, 0), 1)
	if act == SCReLU {
		return v * v
	}
	return v
}

// Evaluate returns the model's output (net units) for one position given its
// side-to-move and other-side active features and output bucket. It is the
// plain float64-accumulating reference the tests compare everything with;
// training uses the batched kernels.
func (m *Model) Evaluate(stm, nstm []uint16, bucket int) (float64, error) {
	a := m.Arch
	if bucket < 0 || bucket >= a.Buckets {
		return 0, fmt.Errorf("train: bucket %d out of range [0, %d)", bucket, a.Buckets)
	}
	n := a.Hidden
	w := m.OutWeights[bucket*2*n : (bucket+1)*2*n]
	out := float64(m.OutBias[bucket])
	for side, feats := range [2][]uint16{stm, nstm} {
		for j := 0; j < n; j++ {
			acc := float64(m.FTBias[j])
			for _, f := range feats {
				if int(f) >= a.Inputs {
					return 0, errFeature(int(f), a.Inputs)
				}
				acc += float64(m.FTWeights[int(f)*n+j])
			}
			acc = min(max(acc, 0), 1)
			if a.Activation == SCReLU {
				acc *= acc
			}
			out += acc * float64(w[side*n+j])
		}
	}
	return out, nil
}

func errFeature(f, inputs int) error {
	return fmt.Errorf("train: feature index %d out of range [0, %d)", f, inputs)
}

var errShape = errors.New("train: shape mismatch")

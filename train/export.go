// Export: the clip ranges that keep weights quantizable, and quantization to the engine's net file.
package train

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"dualnnue/nn"
)

// DefaultWeightClip bounds the first-layer weights and biases in float
// units unless configured otherwise: bullet's default clip of 1.98.
const DefaultWeightClip = 1.98

// ClipRanges returns the clip ranges that make m always quantizable by
// nn.Model.Quantize and accepted by nn.Net.Validate:
//
//   - first-layer weights and biases: ±min(ftClip, ⌊32767/(MaxPieces+1)⌋/QA),
//     so that a bias plus MaxPieces weights never overflow the engine's int16
//     accumulator (3.89 at QA = 255);
//   - output weights: ±MaxOutWeight/QB (127/64 = 1.984);
//   - output biases: ±2²⁴/(QA·QB);
//   - hidden layers (if any): weights ±MaxOutWeight/QB (int8 in the net),
//     biases ±2²⁴/(QA·QB).
func ClipRanges(m *Model, ftClip float64) []ClipRange {
	a := m.Arch
	qa, qb := float64(m.QA), float64(m.QB)
	ft := math.Floor(32767/float64(nn.MaxPieces+1)) / qa
	if ftClip > 0 && ftClip < ft {
		ft = ftClip
	}
	ow := float64(nn.MaxOutWeight) / qb
	ob := float64(1<<24) / (qa * qb)
	r := []ClipRange{
		{Start: 0, End: outWOff(a), Min: float32(-ft), Max: float32(ft)},
		{Start: outWOff(a), End: outBiasOff(a), Min: float32(-ow), Max: float32(ow)},
		{Start: outBiasOff(a), End: outBiasOff(a) + a.Buckets, Min: float32(-ob), Max: float32(ob)},
	}
	for l := range a.NumLayers() {
		o := hiddenOff(a, l)
		w := o + hiddenWeights(a, l)
		r = append(r, ClipRange{Start: o, End: w, Min: float32(-ow), Max: float32(ow)},
			ClipRange{Start: w, End: hiddenOff(a, l+1), Min: float32(-ob), Max: float32(ob)})
	}
	return r
}

// Quantize rounds m to the engine's integer net with description in its
// header. A value outside its quantized range (possible only if the weights
// were not clipped, e.g. a hand-edited checkpoint) is an error naming it,
// never a wrap; so is a non-finite weight.
func Quantize(m *Model, description string) (*nn.Net, error) {
	if err := m.CheckFinite(); err != nil {
		return nil, err
	}
	net, err := m.Model.Quantize(description)
	if err != nil {
		return nil, fmt.Errorf("train: export: %w", err)
	}
	return net, nil
}

// Export quantizes m and writes the net file to path (through a temporary
// file and a rename), then reads it back with the engine's reader to prove
// it loads. It returns the net as read back.
func Export(m *Model, description, path string) (*nn.Net, error) {
	net, err := Quantize(m, description)
	if err != nil {
		return nil, err
	}
	data, err := net.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("train: export: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("train: export: %w", err)
	}
	if err := writeAtomic(path, data); err != nil {
		return nil, err
	}
	back, err := nn.Load(path, m.Game)
	if err != nil {
		return nil, fmt.Errorf("train: export: the written net does not load: %w", err)
	}
	return back, nil
}

// widenClip widens each range to hold the current parameters (a net being
// fine-tuned may hold weights beyond the configured clip; clipping them at
// the start would change the net before training). Quantize still rejects
// anything the engine cannot hold.
func widenClip(clip []ClipRange, params []float32) {
	for i := range clip {
		c := &clip[i]
		for _, v := range params[c.Start:c.End] {
			c.Min, c.Max = min(c.Min, v), max(c.Max, v)
		}
	}
}

// Error bounds of the quantized hidden layer stack against the float model.
package nn

import "math"

func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// stackBound bounds |Net eval − Model eval|, in centipawns, on one position
// for a net with hidden layers or pairwise multiplication, by carrying an
// absolute error bound (float units) through the layers beside the model's
// own values. quant: the net was rounded from m (Quantize); otherwise it
// holds m's weights exactly (m = net.Model()).
//
//   - accumulators: e = (k+1)·0.5/QA for k active features when quant,
//     else (k+1)·2⁻¹⁶ (the float32 rounding of the dequantized rows);
//   - first layer output: CReLU e; SCReLU e·min(2, 2c+e) + ½/QA; pairwise
//     e·min(1, c'+e) + c·e + ½/QA (c, c' the clamped halves; ½/QA the
//     rounded division);
//   - hidden layer unit: Σ(|W|+dw)·ex + dw·Σ|x| + db + ½/QA (the shift
//     rounds), then CReLU unchanged, SCReLU eh·min(2, 2c+eh) + ½/QA;
//   - output: Σ(|w|+dw)·ey + dw·Σ|y| + db, times Scale, plus 1 cp for the
//     final truncation;
//
// with dw = 0.5/QB and db = 0.5/(QA·QB) when quant, and the float32
// rounding of the dequantized biases (|b|·2⁻²⁴) otherwise.
func (m *Model) stackBound(us, them []uint16, pieces int, quant bool) float64 {
	N := m.Hidden
	accs := [2][]float64{make([]float64, N), make([]float64, N)}
	m.Accumulate(accs[0], us)
	m.Accumulate(accs[1], them)
	qa, qb := float64(m.QA), float64(m.QB)
	t := 0.5 / qa // the rounding of a shift or a division by QA
	dw := 0.0
	db := func(b float32) float64 { return math.Abs(float64(b)) * 0x1p-24 }
	if quant {
		dw = 0.5 / qb
		db = func(float32) float64 { return 0.5 / (qa * qb) }
	}
	x := m.L1Output(accs[0], accs[1])
	ex := make([]float64, 0, len(x))
	for p, k := range []int{len(us), len(them)} {
		e := float64(k+1) * 0x1p-16
		if quant {
			e = float64(k+1) * 0.5 / qa
		}
		acc := accs[p]
		switch {
		case m.Pairwise:
			h := N / 2
			for i := range h {
				ca, cb := clamp01(acc[i]), clamp01(acc[h+i])
				ex = append(ex, e*min(1, cb+e)+ca*e+t)
			}
		case m.Activation == SCReLU:
			for _, v := range acc {
				ex = append(ex, e*min(2, 2*clamp01(v)+e)+t)
			}
		default:
			for range acc {
				ex = append(ex, e)
			}
		}
	}
	b := m.Bucket(pieces)
	s := m.Stack(b)
	for i := range m.NumLayers() {
		L, in := m.Layers[i], len(x)
		y, ey := make([]float64, L), make([]float64, L)
		for j := range L {
			w := m.HiddenWeights[i][(s*L+j)*in : (s*L+j+1)*in]
			h := float64(m.HiddenBias[i][s*L+j])
			eh := db(m.HiddenBias[i][s*L+j]) + t
			for k, v := range x {
				h += v * float64(w[k])
				eh += (math.Abs(float64(w[k]))+dw)*ex[k] + dw*math.Abs(v)
			}
			y[j] = m.HiddenActivation.Apply(h)
			ey[j] = eh
			if m.HiddenActivation == SCReLU {
				ey[j] = eh*min(2, 2*clamp01(h)+eh) + t
			}
		}
		x, ex = y, ey
	}
	w := m.OutWeights[b*len(x) : (b+1)*len(x)]
	eo := db(m.OutBias[b])
	for k, v := range x {
		eo += (math.Abs(float64(w[k]))+dw)*ex[k] + dw*math.Abs(v)
	}
	return eo*float64(m.Scale) + 1 + 1e-6
}

// Tests of the loss and the optimiser against hand-computed values.
package train

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestLoss(t *testing.T) {
	l := Loss{K: 400, EvalScale: 400, Lambda: 0.75, Power: 2}
	// Target: 0.75·σ(400/400) + 0.25·1.
	want := 0.75/(1+math.Exp(-1)) + 0.25
	if got := l.Target(400, 1); math.Abs(got-want) > 1e-15 {
		t.Fatalf("target %v, want %v", got, want)
	}
	// out = 0: p = ½, loss = (½ − t)².
	loss, _ := l.Eval(0, 400, 1)
	if math.Abs(loss-(0.5-want)*(0.5-want)) > 1e-15 {
		t.Fatalf("loss %v", loss)
	}
	// A perfect prediction has zero loss and gradient.
	l.Lambda = 1
	if loss, g := l.Eval(0.5, 200, 0); loss > 1e-30 || math.Abs(g) > 1e-15 {
		t.Fatalf("perfect prediction: loss %v, grad %v", loss, g)
	}
	// The derivative matches finite differences for both powers.
	for _, p := range []float64{2, 2.5, 3} {
		l := Loss{K: 361, EvalScale: 400, Lambda: 0.6, Power: p}
		for _, out := range []float64{-1.3, -0.2, 0.4, 2.1} {
			_, g := l.Eval(out, 150, 0.5)
			up, _ := l.Eval(out+1e-6, 150, 0.5)
			dn, _ := l.Eval(out-1e-6, 150, 0.5)
			if num := (up - dn) / 2e-6; math.Abs(num-g) > 1e-7 {
				t.Errorf("power %v out %v: grad %v, numeric %v", p, out, g, num)
			}
		}
	}
}

func TestAdamWStep(t *testing.T) {
	// One step from zero moments: m̂ = g, v̂ = g², so the update is
	// lr·g/(|g|+ε) ≈ lr·sign(g), after the decay p·(1 − lr·wd).
	params := []float32{1, -1, 0.5, 3}
	grad := []float32{0.1, -0.2, 0, 5}
	o := NewAdamW(4, 0.01, []ClipRange{{Start: 3, End: 4, Min: -2, Max: 2}})
	o.Step(params, grad, 0.1, 2)
	want := []float64{1*(1-0.001) - 0.1, -1*(1-0.001) + 0.1, 0.5 * (1 - 0.001), 2}
	for i := range want {
		if math.Abs(float64(params[i])-want[i]) > 1e-6 {
			t.Errorf("param %d = %v, want %v", i, params[i], want[i])
		}
	}
	if o.T != 1 || math.Abs(float64(o.M[0])-0.01) > 1e-8 {
		t.Errorf("state T=%d m=%v", o.T, o.M[0])
	}
	// The result does not depend on the number of goroutines.
	a := []float32{0.3, -0.7, 0.1, 0.9, 0.2}
	b := append([]float32(nil), a...)
	g := []float32{0.5, 0.1, -0.3, 0.2, -0.9}
	oa, ob := NewAdamW(5, 0.01, nil), NewAdamW(5, 0.01, nil)
	for range 3 {
		oa.Step(a, g, 1e-2, 1)
		ob.Step(b, g, 1e-2, 3)
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("worker count changes param %d: %v vs %v", i, a[i], b[i])
		}
	}
}

// The build's AdamW update (AVX on amd64) gives adamRef's values bit for
// bit, at lengths that leave a remainder for the scalar tail, with
// gradients of every magnitude, zeros and moments far from zero; and a
// step clips each group as the whole-vector clip does.
func TestAdamUpdateMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	k := adamConsts{b1: 0.9, c1: 1 - float32(0.9), b2: 0.999, c2: 1 - float32(0.999), step: 1e-3 / 0.19, isb2: 7.3, eps: 1e-8, decay: 1 - 1e-5}
	for _, n := range []int{0, 1, 7, 8, 9, 64, 1000} {
		p, g, m, v := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range n {
			p[i] = float32(rng.NormFloat64())
			g[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-8)))
			if i%5 == 0 {
				g[i] = 0
			}
			m[i] = float32(rng.NormFloat64() * 1e-3)
			v[i] = float32(rng.Float64() * 1e-4)
			if i%7 == 0 {
				m[i], v[i] = 0, 0
			}
		}
		p2, m2, v2 := append([]float32(nil), p...), append([]float32(nil), m...), append([]float32(nil), v...)
		adamRef(p, g, m, v, &k)
		adamUpdate(p2, g, m2, v2, &k)
		for i := range n {
			if math.Float32bits(p[i]) != math.Float32bits(p2[i]) || math.Float32bits(m[i]) != math.Float32bits(m2[i]) || math.Float32bits(v[i]) != math.Float32bits(v2[i]) {
				t.Fatalf("n=%d i=%d: p %v/%v m %v/%v v %v/%v", n, i, p2[i], p[i], m2[i], m[i], v2[i], v[i])
			}
		}
	}
	// Clipping inside the blocked step equals clipping the whole vector.
	const n = 10000
	clip := []ClipRange{{Start: 0, End: 5000, Min: -0.01, Max: 0.01}, {Start: 4000, End: 9000, Min: -0.5, Max: 0.002}, {Start: 9990, End: n, Min: 0, Max: 0}}
	a, g := make([]float32, n), make([]float32, n)
	for i := range n {
		a[i], g[i] = float32(rng.NormFloat64()*0.02), float32(rng.NormFloat64())
	}
	b := append([]float32(nil), a...)
	oa, ob := NewAdamW(n, 0.01, clip), NewAdamW(n, 0.01, nil)
	oa.Step(a, g, 1e-3, 3)
	ob.Step(b, g, 1e-3, 1)
	ob.Clip = clip
	ob.clip(b)
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("param %d: %v clipped in the step, %v clipped after", i, a[i], b[i])
		}
	}
}

// clipSlice (AVX on amd64) gives clipRef's values bit for bit (NaN as a
// NaN), ±0, ±Inf and the bounds themselves included, with bounds either side of 0
// (the AVX path) and not (the Go loop).
func TestClipSliceMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	special := []float32{float32(math.NaN()), float32(math.Copysign(0, -1)), 0, float32(math.Inf(1)), float32(math.Inf(-1))}
	for _, b := range [][2]float32{{-0.5, 0.25}, {-1.98, 1.98}, {0, 0}, {0.1, 0.3}, {-0.3, 0}} {
		for _, n := range []int{3, 8, 37} {
			p := make([]float32, n)
			for i := range p {
				switch rng.IntN(4) {
				case 0:
					p[i] = special[rng.IntN(len(special))]
				case 1:
					p[i] = b[rng.IntN(2)]
				default:
					p[i] = float32(rng.NormFloat64())
				}
			}
			want := append([]float32(nil), p...)
			clipRef(want, b[0], b[1])
			clipSlice(p, b[0], b[1])
			for i := range p {
				if math.IsNaN(float64(want[i])) && math.IsNaN(float64(p[i])) {
					continue // NaN stays NaN (its payload may differ)
				}
				if math.Float32bits(p[i]) != math.Float32bits(want[i]) {
					t.Fatalf("bounds %v n=%d i=%d: %v, want %v", b, n, i, p[i], want[i])
				}
			}
		}
	}
}

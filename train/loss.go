// The training loss: sigmoid of the net's eval against a target blending the search score and the game result.
package train

import (
	"fmt"
	"math"
)

// Loss is the per-position loss used by nnue-pytorch (model.py, the "simple"
// loss of its early versions, which bullet also uses):
//
//	p = σ(out·EvalScale / K)                    the net's win probability
//	t = λ·σ(score / K) + (1 − λ)·result         the target
//	loss = |p − t|^Power                         averaged over the batch
//
// where out is the net's output in net units (out·EvalScale is the engine's
// eval in centipawns), score the search score in centipawns and result the
// game result (1, ½, 0), both from the side to move's view, and σ the
// logistic function.
//
// Names: λ (Lambda) is nnue-pytorch's `lambda_` (1 = train on the score
// only, 0 = on the result only). bullet calls the same blend `wdl` and
// weights the result by it, so bullet's wdl = 1 − λ. K is the scaling
// constant that maps centipawns to win probability (nnue-pytorch's
// `scaling`, 361–410 for Stockfish; bullet's `eval_scale`, 400); it must
// match the engine's eval scale so that the net's centipawns mean what the
// search's centipawns mean. Power 2 is the mean squared error; nnue-pytorch
// uses 2.5, which weighs large errors more.
type Loss struct {
	K         float64 // centipawns per unit of logit, in [MinK, MaxK] (400)
	EvalScale float64 // centipawns per net output unit, > 0 (nn's eval scale, 400)
	Lambda    float64 // weight of the score in the target, in [0, 1]
	Power     float64 // exponent of the error, ≥ 1 (2 = MSE, 2.5 = nnue-pytorch)
}

// MinK and MaxK bound the sigmoid scale K (centipawns per logit unit): the
// interval FitK searches. Below it every score past a pawn or two is a
// certain win and the score part of the target carries nothing; far above
// it every score is a coin toss (K = 1e9 trains to a loss of 0 on a net
// that learned nothing). Stockfish's 361–410 and bullet's 400 are inside.
const (
	MinK = 50
	MaxK = 5000
)

// DefaultLoss is K = 400, EvalScale = 400, λ = 1, power 2.5.
var DefaultLoss = Loss{K: 400, EvalScale: 400, Lambda: 1, Power: 2.5}

// Validate reports out-of-range settings.
func (l Loss) Validate() error {
	switch {
	case !(l.K >= MinK && l.K <= MaxK):
		return fmt.Errorf("train: loss K %v out of range [%d, %d]", l.K, MinK, MaxK)
	case !(l.EvalScale > 0) || math.IsInf(l.EvalScale, 0):
		return fmt.Errorf("train: eval scale %v must be positive", l.EvalScale)
	case !(l.Lambda >= 0 && l.Lambda <= 1):
		return fmt.Errorf("train: lambda %v must be in [0, 1]", l.Lambda)
	case !(l.Power >= 1 && l.Power <= 8):
		return fmt.Errorf("train: loss power %v must be in [1, 8]", l.Power)
	}
	return nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Target returns t = λ·σ(score/K) + (1−λ)·result.
func (l Loss) Target(score, result float64) float64 {
	return l.Lambda*sigmoid(score/l.K) + (1-l.Lambda)*result
}

// Eval returns the loss of one position and its derivative with respect to
// the net output out (net units):
//
//	∂loss/∂out = Power·|p−t|^(Power−1)·sign(p−t) · p(1−p) · EvalScale/K
func (l Loss) Eval(out, score, result float64) (loss, grad float64) {
	c := l.EvalScale / l.K
	p := sigmoid(out * c)
	d := p - l.Target(score, result)
	a := math.Abs(d)
	var pw, dpw float64 // |d|^Power and its derivative in |d|
	switch l.Power {
	case 2:
		pw, dpw = a*a, 2*a
	case 2.5:
		s := math.Sqrt(a)
		pw, dpw = a*a*s, 2.5*a*s
	default:
		pw = math.Pow(a, l.Power)
		dpw = l.Power * math.Pow(a, l.Power-1)
	}
	if d < 0 {
		dpw = -dpw
	}
	return pw, dpw * p * (1 - p) * c
}

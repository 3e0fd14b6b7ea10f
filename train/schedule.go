// Learning-rate schedules (constant, step, cosine) with linear warm-up.
package train

import (
	"fmt"
	"math"
)

// Schedule gives the learning rate of every optimiser step. Steps count
// batches from 0; an epoch (bullet's "superbatch") is StepsPerEpoch batches.
//
//	warm-up   step < Warmup: LR·(step+1)/Warmup (linear from ~0, as bullet's warm-up)
//	constant  LR
//	step      LR·Gamma^⌊epoch/StepEpochs⌋ (bullet's StepLR, PyTorch's StepLR)
//	cosine    Final + (LR−Final)·(1 + cos(π·step/Total))/2 (PyTorch's CosineAnnealingLR,
//	          over Total = Epochs·StepsPerEpoch steps)
type Schedule struct {
	Kind          string  // "constant", "step" or "cosine"
	LR            float64 // peak learning rate
	Warmup        int64   // warm-up steps (0 = none)
	StepsPerEpoch int64
	Epochs        int     // total epochs (cosine)
	StepEpochs    int     // step: decay every StepEpochs epochs
	Gamma         float64 // step: decay factor
	Final         float64 // cosine: learning rate at the end
}

// Validate reports an unusable schedule.
func (s Schedule) Validate() error {
	switch {
	case !(s.LR > 0 && s.LR < 10):
		return fmt.Errorf("train: learning rate %v must be in (0, 10)", s.LR)
	case s.Warmup < 0:
		return fmt.Errorf("train: negative warm-up %d", s.Warmup)
	case s.StepsPerEpoch <= 0:
		return fmt.Errorf("train: %d steps per epoch", s.StepsPerEpoch)
	}
	switch s.Kind {
	case "constant":
	case "step":
		if s.StepEpochs <= 0 || !(s.Gamma > 0 && s.Gamma <= 1) {
			return fmt.Errorf("train: step schedule needs step_epochs > 0 and gamma in (0, 1], have %d, %v", s.StepEpochs, s.Gamma)
		}
	case "cosine":
		if s.Epochs <= 0 || !(s.Final >= 0 && s.Final <= s.LR) {
			return fmt.Errorf("train: cosine schedule needs epochs > 0 and final lr in [0, lr], have %d, %v", s.Epochs, s.Final)
		}
	default:
		return fmt.Errorf("train: unknown schedule %q (want constant, step or cosine)", s.Kind)
	}
	return nil
}

// At returns the learning rate of step (0-based).
func (s Schedule) At(step int64) float64 {
	lr := s.LR
	switch s.Kind {
	case "step":
		epoch := step / s.StepsPerEpoch
		lr *= math.Pow(s.Gamma, float64(epoch/int64(s.StepEpochs)))
	case "cosine":
		total := float64(int64(s.Epochs) * s.StepsPerEpoch)
		frac := min(float64(step)/total, 1)
		lr = s.Final + (s.LR-s.Final)*(1+math.Cos(math.Pi*frac))/2
	}
	if step < s.Warmup {
		lr *= float64(step+1) / float64(s.Warmup)
	}
	return lr
}

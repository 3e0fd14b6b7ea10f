// Kernel selection for non-amd64 and purego builds: the tiled pure-Go loops.

//go:build !amd64 || purego

package train

import "dualnnue/nn"

// kernelPath names the sparse kernels this build uses.
const kernelPath = "pure Go (tiled)"

func ftForward(acc, bias, w []float32, feats []uint16) { ftForwardGo(acc, bias, w, feats) }

func activateRow(x, acc []float32, act nn.Activation) { activateRowGo(x, acc, act) }
func activationGrad(gacc, acc, w []float32, g float32, act nn.Activation) {
	activationGradGo(gacc, acc, w, g, act)
}
func gatherAdd(dst, src []float32, rows []int32) { gatherAddGo(dst, src, rows) }

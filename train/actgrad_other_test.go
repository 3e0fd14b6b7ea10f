//go:build !amd64 || purego

package train

// actGradAsm reports whether gemmActGrad runs an assembly kernel here: on
// these builds it is its Go reference.
func actGradAsm() bool { return false }

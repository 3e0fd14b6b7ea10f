//go:build amd64 && !purego

package train

// actGradAsm reports whether gemmActGrad runs its AVX-512 kernel here.
func actGradAsm() bool { return gemmAVX512 && hasAVX2 }

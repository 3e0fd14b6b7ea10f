// AdamW's update on other platforms and purego builds: the pure-Go loop.

//go:build !amd64 || purego

package train

func adamUpdate(p, g, m, v []float32, k *adamConsts) { adamRef(p, g, m, v, k) }

func clipSlice(p []float32, lo, hi float32) { clipRef(p, lo, hi) }

// The chunk kernels' tile in non-amd64 and purego builds: none.

//go:build !amd64 || purego

package train

func chunkTile() int { return 0 }

// The AVX-512 chunk kernels at each column tile against the reference loops.

//go:build amd64 && !purego

package train

import (
	"math/rand/v2"
	"testing"
)

func chunkTile() int { return tileCols }

// The AVX-512 tile kernels and the per-position path (tile 0) give the
// reference loops' values bit for bit.
func TestChunkKernelTiles(t *testing.T) {
	defer func(t0 int) { tileCols = t0 }(tileCols)
	for _, tile := range []int{0, 128} {
		if tile > 0 && !hasAVX512 {
			t.Logf("no AVX-512: tile %d not run", tile)
			continue
		}
		tileCols = tile
		t.Run(map[int]string{0: "rows", 128: "tile128"}[tile], func(t *testing.T) {
			checkChunkKernels(t, rand.New(rand.NewPCG(uint64(tile), 63)))
		})
	}
}

// The embedded default nets (nets/*.nnue): for each game the strongest net
// trained so far: chess (768→128)×2→1 (cr18l75, 2026-12-07: the second
// round's net on 10.3 M self-play positions, fine-tuned on the searched
// engine's games, then twice on all chess data with the SPRT matches'
// games, then on the engine's own SPRT games alone at λ 0.75)
// and xiangqi compact (692→128)×2→1 (xr16n, 2026-12-07: the fifth round's
// xr5, 5.1 M positions after the filters, fine-tuned at λ 0.75 on 4.2 M,
// then on 5.4 M with the SPRT matches' games, then four times on the
// engine's own SPRT games alone), both horizontally mirrored,
// SCReLU; docs/nets.md has how, docs/strength.md how strong.
package nn

import (
	"dualnnue/position"
	"embed"
	"sync"
)

//go:embed nets/chess.nnue nets/xiangqi.nnue
var netFiles embed.FS

var defaults struct {
	once sync.Once
	nets map[position.Variant]*Net
}

// DefaultFile returns the bytes of the embedded net of game g (nil for an
// unknown game).
func DefaultFile(g position.Variant) []byte {
	if g != position.Chess && g != position.Xiangqi {
		return nil
	}
	b, err := netFiles.ReadFile("nets/" + g.String() + ".nnue")
	if err != nil {
		panic("nn: embedded net missing: " + err.Error())
	}
	return b
}

// Default returns the embedded default net of game g, parsed once and shared
// (read-only), or nil for an unknown game. The embedded files are checked by
// the tests; a broken one is a build error, so Default panics on it.
func Default(g position.Variant) *Net {
	defaults.once.Do(func() {
		defaults.nets = map[position.Variant]*Net{}
		for _, g := range []position.Variant{position.Chess, position.Xiangqi} {
			n, err := ParseFor(DefaultFile(g), g)
			if err != nil {
				panic("nn: embedded " + g.String() + " net: " + err.Error())
			}
			defaults.nets[g] = n
		}
	})
	return defaults.nets[g]
}

// The two games as the adapter sees them.
package uci

import (
	"strings"

	"dualnnue/variants"
)

// fenVariant names the game whose board has as many ranks as the FEN's
// board field (the bundles' Ranks: chess 8, xiangqi 10), "" for any other
// count. It is a hint for choosing the game to try; the game's own parser
// decides.
func fenVariant(fen string) string {
	board, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	switch strings.Count(board, "/") + 1 {
	case variants.Chess.Ranks:
		return variants.Chess.Name
	case variants.Xiangqi.Ranks:
		return variants.Xiangqi.Name
	}
	return ""
}

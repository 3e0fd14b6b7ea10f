// The two games as the adapter sees them.
package uci

import (
	"strings"

	"dualnnue/nn"
	"dualnnue/position"
)

// embeddedNet returns the default net of game g embedded in the binary.
func embeddedNet(g position.Variant) *nn.Net { return nn.Default(g) }

// fenVariant names the game whose board shape a FEN has: "chess" for 8
// ranks, "xiangqi" for 10, "" for anything else. It is a hint for
// choosing the game to try; the game's own parser decides.
func fenVariant(fen string) string {
	board, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	switch strings.Count(board, "/") + 1 {
	case 8:
		return "chess"
	case 10:
		return "xiangqi"
	}
	return ""
}

// The engine runner shared by cmd/play and cmd/dualnnue-chess.
package enginecmd

import (
	"path/filepath"
	"strings"

	"dualnnue/internal/cli"
	"dualnnue/position"
	"dualnnue/uci"
)

// DefaultVariant is the game a binary called argv0 (os.Args[0]) starts in:
// "chess" when its base name contains "chess" and not "xiangqi"
// (case-insensitive: dualnnue-chess, play-chess.exe), else "xiangqi".
func DefaultVariant(argv0 string) string {
	name := strings.ToLower(filepath.Base(argv0))
	if strings.Contains(name, "chess") && !strings.Contains(name, "xiangqi") {
		return "chess"
	}
	return "xiangqi"
}

// Run is the engine: it defines the flags -variant (default defVariant)
// and -tune on c, then speaks UCI (or UCCI) on c.Stdin and c.Stdout,
// announcing name in "id name", until "quit" or the end of input. It
// returns the exit code: 0, 1 after a read error, 2 for bad flags.
func Run(c *cli.Call, name, defVariant string) int {
	variant := c.Flags.String("variant", defVariant, "the game of \"position startpos\" before any UCI_Variant: xiangqi or chess")
	tune := c.Flags.Bool("tune", false, "also offer every tunable search constant as a UCI spin option (for \"play tune\")")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	v, err := position.ParseVariant(*variant)
	if err != nil {
		return c.UsageError("-variant must be xiangqi or chess, not %q", *variant)
	}
	s := uci.NewSession(c.Stdout, uci.Config{Name: name, DefaultVariant: v, Tune: *tune})
	if err := s.Run(c.Stdin); err != nil {
		return c.Errorf(1, "%s", strings.TrimSpace(err.Error()))
	}
	return 0
}

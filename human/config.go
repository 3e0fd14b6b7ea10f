// Config: the settings of a session, and Play, its entry point.
package human

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"dualnnue/position"
	"dualnnue/variants"
)

// DefaultMoveTime is the engine's time per move when Config gives no limit.
const DefaultMoveTime = 2 * time.Second

// Config are the settings of one session.
type Config struct {
	// Game is position.Xiangqi or position.Chess.
	Game position.Variant
	// Human is the side the person plays (position.Red/White or Black); the
	// engine moves first when the person takes Black.
	Human position.Color
	// FEN is the start position ("" : the game's usual start). "new" returns to it.
	FEN string

	// MoveTime is the engine's time per move (0: DefaultMoveTime, unless
	// Depth or Nodes is set). Depth and Nodes cap the search as well; with
	// Nodes alone and one thread the engine's play is reproducible.
	MoveTime time.Duration
	Depth    int
	Nodes    uint64
	// Threads and HashMiB size the search (0: 1 thread, 64 MiB).
	Threads, HashMiB int
	// Eval is the evaluator (the zero value: the game's embedded net).
	Eval variants.EvalChoice

	// Chinese draws xiangqi pieces as Chinese characters (帥仕相傌俥炮兵 for
	// Red, 將士象馬車砲卒 for Black) and the river as 楚河 漢界.
	Chinese bool
	// Figurines draws chess pieces as Unicode figurines (♔ ♚ ...).
	Figurines bool
	// ANSI colours the board with escape codes (the caller decides, e.g. from
	// a terminal check and NO_COLOR; see ColorMode).
	ANSI bool
	// Flip draws the board upside down relative to the default (the
	// person's side at the bottom).
	Flip bool
}

// Play runs a session: it draws the board to out, reads moves and commands
// from in, one per line (with line editing and history when in and out are
// terminals, see the package comment), and answers with the engine's moves until "quit"
// or the end of in. Errors are only those of reading in or writing out, or
// a bad Config (unknown game, bad FEN, an evaluator that does not load),
// without a "human:" prefix (the caller names the command); the person's mistakes are answered
// in the session.
func Play(in io.Reader, out io.Writer, cfg Config) error {
	switch cfg.Game {
	case position.Xiangqi:
		return run(xiangqiDef, in, out, cfg, nil)
	case position.Chess:
		return run(chessDef, in, out, cfg, nil)
	}
	return fmt.Errorf("unknown game %v (want xiangqi or chess)", cfg.Game)
}

// ParseSide reads the side the person plays: "red" or "white" (colour 0),
// "black" (colour 1), case-insensitive.
func ParseSide(s string) (position.Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "red", "white", "r", "w":
		return position.Red, nil
	case "black", "b":
		return position.Black, nil
	}
	return 0, fmt.Errorf("side %q: want red, white or black", s)
}

// ColorMode decides whether to use ANSI colours: mode "always" or "never"
// decides alone; "auto" (or "") colours when the output is a terminal and
// the NO_COLOR environment variable is empty or unset (no-color.org) and
// TERM is not "dumb".
func ColorMode(mode string, isTerminal bool, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return isTerminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb", nil
	}
	return false, fmt.Errorf("colour mode %q: want auto, always or never", mode)
}

// AutoColor is ColorMode for output to f, reading the environment: "auto"
// colours when f is a terminal (golang.org/x/term.IsTerminal).
func AutoColor(mode string, f *os.File) (bool, error) {
	return ColorMode(mode, term.IsTerminal(int(f.Fd())), os.Getenv)
}

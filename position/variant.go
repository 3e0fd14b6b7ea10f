// Variant and Result: which game, and how a game ended, as every package spells them.
package position

import (
	"fmt"
	"strings"
)

// Variant names one of the two games. Its numbers are stored in net,
// dataset and checkpoint files (1 xiangqi, 2 chess; JSON writes the number)
// and never change; the zero value is invalid. "Variant" is the field's word for it (UCI_Variant, the PGN
// Variant tag, Fairy-Stockfish's variants).
type Variant uint8

const (
	Xiangqi Variant = 1
	Chess   Variant = 2
)

// Variants lists the valid variants in a fixed order.
var Variants = [...]Variant{Xiangqi, Chess}

// String returns "xiangqi" or "chess" ("variant(N)" for an invalid value).
func (v Variant) String() string {
	switch v {
	case Xiangqi:
		return "xiangqi"
	case Chess:
		return "chess"
	}
	return fmt.Sprintf("variant(%d)", uint8(v))
}

// Valid reports whether v is Xiangqi or Chess.
func (v Variant) Valid() bool { return v == Xiangqi || v == Chess }

// ParseVariant reads "xiangqi" or "chess" (as configs, flags and UCI_Variant
// spell them); anything else is an error naming the input.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "xiangqi":
		return Xiangqi, nil
	case "chess":
		return Chess, nil
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return 0, fmt.Errorf("unknown game %q (want xiangqi or chess)", s)
}

// Squares returns the number of board points of v (90 or 64), 0 if invalid.
func (v Variant) Squares() int {
	switch v {
	case Xiangqi:
		return 90
	case Chess:
		return 64
	}
	return 0
}

// Result is a game's outcome from White's (chess) or Red's (xiangqi) side.
// Its numbers are stored in dataset files; the zero value is "unknown" (a
// game that goes on, or a record ending in "*").
type Result uint8

const (
	ResultUnknown Result = 0
	BlackWin      Result = 1
	Draw          Result = 2
	WhiteWin      Result = 3 // White (chess) or Red (xiangqi) won
)

// Win returns the result of side c winning.
func Win(c Color) Result {
	if c == White {
		return WhiteWin
	}
	return BlackWin
}

// String renders the result as PGN does: "1-0", "1/2-1/2", "0-1", "*".
func (r Result) String() string {
	switch r {
	case WhiteWin:
		return "1-0"
	case Draw:
		return "1/2-1/2"
	case BlackWin:
		return "0-1"
	}
	return "*"
}

// ParseResult reads a PGN game termination marker: "1-0", "0-1", "1/2-1/2"
// or "*" (surrounding spaces allowed); anything else is an error.
func ParseResult(s string) (Result, error) {
	switch strings.TrimSpace(s) {
	case "1-0":
		return WhiteWin, nil
	case "0-1":
		return BlackWin, nil
	case "1/2-1/2":
		return Draw, nil
	case "*":
		return ResultUnknown, nil
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return ResultUnknown, fmt.Errorf("result %q is not 1-0, 0-1, 1/2-1/2 or *", s)
}

// MarshalText writes the PGN marker, so JSON carries "1-0", not a number.
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a PGN marker as ParseResult does.
func (r *Result) UnmarshalText(b []byte) error {
	x, err := ParseResult(string(b))
	if err != nil {
		return err
	}
	*r = x
	return nil
}

// Score returns the result as a score in [0, 1] from c's view: 1 win,
// 0.5 draw, 0 loss (0.5 for unknown).
func (r Result) Score(c Color) float32 {
	if r == ResultUnknown {
		return 0.5
	}
	s := float32(r-1) * 0.5 // White's view
	if c != 0 {
		s = 1 - s
	}
	return s
}

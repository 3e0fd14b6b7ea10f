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
	return 0, unknownVariant(s)
}

// unknownVariant is ParseVariant's error for s: it names the input (cut to
// 40 bytes) and the two valid names.
func unknownVariant(s string) error {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return fmt.Errorf("unknown game %q (want xiangqi or chess)", s)
}

// VariantName is a Variant as configuration files, JSON reports and state
// files spell it: the text "xiangqi" or "chess". It implements
// encoding.TextMarshaler and encoding.TextUnmarshaler, so TOML and JSON
// decoders read it with ParseVariant once, at the file's edge (a bad name
// is the decoder's error, naming the key and ParseVariant's message), and
// encoders write the same text back. Variant itself stays a number in JSON,
// where net and checkpoint metadata store it. The zero value means "no
// game given": it writes as "" and String returns "".
type VariantName Variant

// Variant returns n as a Variant (0, invalid, for the zero value).
func (n VariantName) Variant() Variant { return Variant(n) }

// String returns "xiangqi", "chess", "" for the zero value, or
// "variant(N)" for another invalid value.
func (n VariantName) String() string {
	if n == 0 {
		return ""
	}
	return Variant(n).String()
}

// Check returns nil when n is Xiangqi or Chess, else ParseVariant's error
// for n's text (`unknown game "" (want xiangqi or chess)` for the zero
// value): what a config that leaves its game out is told.
func (n VariantName) Check() error {
	if Variant(n).Valid() {
		return nil
	}
	return unknownVariant(n.String())
}

// MarshalText writes String's text.
func (n VariantName) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads "xiangqi" or "chess" with ParseVariant; anything
// else, "" included, is ParseVariant's error and leaves n unchanged.
func (n *VariantName) UnmarshalText(b []byte) error {
	v, err := ParseVariant(string(b))
	if err != nil {
		return err
	}
	*n = VariantName(v)
	return nil
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

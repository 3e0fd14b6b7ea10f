// The evaluator choice every tool takes: the hand-written evaluation, the embedded net or a net file.
package variants

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"dualnnue/nn"
	"dualnnue/position"
)

// EvalKind is the kind of evaluator a search uses.
type EvalKind uint8

const (
	// EvalEmbedded is the game's net compiled into the binary (nn.Default).
	EvalEmbedded EvalKind = iota
	// EvalHand is the hand-written evaluation (package eval).
	EvalHand
	// EvalFile is a net file on disk.
	EvalFile
)

// EvalChoice is one evaluator choice: a kind and, for EvalFile, the path.
// The zero value is the embedded net. Parse one with ParseEvalChoice; UCI
// maps its "Use NNUE" and "EvalFile" options onto one with UCIEvalChoice.
type EvalChoice struct {
	Kind EvalKind
	Path string // the net file for EvalFile, "" otherwise
}

// Hand and Embedded are the two choices without a path.
var (
	Hand     = EvalChoice{Kind: EvalHand}
	Embedded = EvalChoice{Kind: EvalEmbedded}
)

// NetFile chooses the net file at path.
func NetFile(path string) EvalChoice { return EvalChoice{Kind: EvalFile, Path: path} }

// ErrEvalChoice is wrapped by ParseEvalChoice's errors.
var ErrEvalChoice = errors.New("bad evaluator choice")

// ParseEvalChoice reads an evaluator choice as the tools' flags and config
// files spell it: "hand" (also "classic", the self-play configs' older
// word), "embedded" (also "default" and "nnue", the older words of
// self-play and bench), or else the path of a net file. The empty string
// and text with control characters are refused (a path is not checked
// here: Def.Evaluator reads it).
func ParseEvalChoice(s string) (EvalChoice, error) {
	switch s {
	case "hand", "classic":
		return Hand, nil
	case "embedded", "default", "nnue":
		return Embedded, nil
	case "":
		return EvalChoice{}, fmt.Errorf("%w: empty (want hand, embedded or the path of a net file)", ErrEvalChoice)
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return EvalChoice{}, fmt.Errorf("%w: %q has a control character (want hand, embedded or the path of a net file)", ErrEvalChoice, s)
	}
	return NetFile(s), nil
}

// String is the choice as ParseEvalChoice reads it: "hand", "embedded" or
// the path.
func (c EvalChoice) String() string {
	switch c.Kind {
	case EvalHand:
		return "hand"
	case EvalFile:
		return c.Path
	}
	return "embedded"
}

// UCIEvalChoice maps UCI's two options onto a choice: "Use NNUE" false is
// the hand-written evaluation whatever EvalFile says; otherwise an empty
// EvalFile is the embedded net and any other value the file it names.
func UCIEvalChoice(useNNUE bool, evalFile string) EvalChoice {
	switch {
	case !useNNUE:
		return Hand
	case evalFile == "":
		return Embedded
	}
	return NetFile(evalFile)
}

// Evaluator is an evaluator choice made ready for one game: New makes one
// evaluator per search thread; Net is the net (nil for the hand-written
// evaluation); ID names it in dataset headers and reports: "classic" for
// the hand-written evaluation, else "sha256:" and the first 8 bytes of the
// net file's SHA-256 in hex.
type Evaluator[P position.Game] struct {
	Choice EvalChoice
	New    func() position.Evaluator[P]
	Net    *nn.Net
	ID     string
}

// Evaluator makes choice ready for d's game. A net file is read only when
// it is a regular file (a device or a pipe could block or never end) of at
// most nn.MaxFileSize bytes and must hold a net of d's game; the errors
// name the file (callers add what it was for: "EvalFile: ", "eval: ").
func (d *Def[T, P]) Evaluator(choice EvalChoice) (Evaluator[P], error) {
	switch choice.Kind {
	case EvalHand:
		return Evaluator[P]{Choice: choice, New: d.HCE, ID: "classic"}, nil
	case EvalEmbedded:
		net := nn.Default(d.Variant)
		return Evaluator[P]{Choice: choice, New: netFactory[P](net), Net: net, ID: netID(nn.DefaultFile(d.Variant))}, nil
	case EvalFile:
	default:
		return Evaluator[P]{}, fmt.Errorf("%w: kind %d", ErrEvalChoice, choice.Kind)
	}
	data, err := readNetFile(choice.Path)
	if err != nil {
		return Evaluator[P]{}, err
	}
	net, err := nn.ParseFor(data, d.Variant)
	if err != nil {
		return Evaluator[P]{}, fmt.Errorf("%s: %w", choice.Path, err)
	}
	return Evaluator[P]{Choice: choice, New: netFactory[P](net), Net: net, ID: netID(data)}, nil
}

// readNetFile reads a net file: a regular file (a device or a pipe could
// block or never end) of at most nn.MaxFileSize bytes.
func readNetFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Size() > nn.MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, larger than any net (%d)", path, fi.Size(), nn.MaxFileSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, nn.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// netFactory is the one closure that makes a per-thread evaluator of net.
func netFactory[P position.Game](net *nn.Net) func() position.Evaluator[P] {
	return func() position.Evaluator[P] { return nn.NewEvaluator[P](net) }
}

// netID is a net file's identity: "sha256:" and the first 8 bytes of its
// SHA-256 in hex.
func netID(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:8])
}

// MarshalText writes the choice as String does (for JSON and TOML).
func (c EvalChoice) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads the choice with ParseEvalChoice.
func (c *EvalChoice) UnmarshalText(b []byte) error {
	ch, err := ParseEvalChoice(string(b))
	if err != nil {
		return err
	}
	*c = ch
	return nil
}

// Tests of the evaluator choice: parsing, the UCI mapping, and Def.Evaluator's identities and errors.
package variants

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/nn"
	"dualnnue/position"
)

func TestParseEvalChoice(t *testing.T) {
	for _, c := range []struct {
		in   string
		want EvalChoice
	}{
		{"hand", Hand}, {"classic", Hand},
		{"embedded", Embedded}, {"default", Embedded}, {"nnue", Embedded},
		{"nets/x.nnue", NetFile("nets/x.nnue")}, {"Hand", NetFile("Hand")},
	} {
		got, err := ParseEvalChoice(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseEvalChoice(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		back, err := ParseEvalChoice(got.String())
		if err != nil || back != got {
			t.Errorf("%q: String %q reads back as %+v, %v", c.in, got.String(), back, err)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "bad evaluator choice: empty (want hand, embedded or the path of a net file)"},
		{"a\nb", `bad evaluator choice: "a\nb" has a control character (want hand, embedded or the path of a net file)`},
	} {
		_, err := ParseEvalChoice(c.in)
		if err == nil || err.Error() != c.msg || !errors.Is(err, ErrEvalChoice) {
			t.Errorf("ParseEvalChoice(%q): error %v, want %q", c.in, err, c.msg)
		}
	}
}

func TestUCIEvalChoice(t *testing.T) {
	for _, c := range []struct {
		use  bool
		file string
		want EvalChoice
	}{
		{true, "", Embedded}, {false, "", Hand}, {false, "x.nnue", Hand}, {true, "x.nnue", NetFile("x.nnue")},
	} {
		if got := UCIEvalChoice(c.use, c.file); got != c.want {
			t.Errorf("UCIEvalChoice(%v, %q) = %+v, want %+v", c.use, c.file, got, c.want)
		}
	}
}

func TestEvaluatorIdentity(t *testing.T) {
	h, err := Xiangqi.Evaluator(Hand)
	if err != nil || h.ID != "classic" || h.Net != nil || h.New == nil {
		t.Fatalf("hand: %+v, %v", h, err)
	}
	e, err := Chess.Evaluator(Embedded)
	sum := sha256.Sum256(nn.DefaultFile(position.Chess))
	if err != nil || e.Net != nn.Default(position.Chess) || e.ID != "sha256:"+hex.EncodeToString(sum[:8]) {
		t.Fatalf("embedded: %+v, %v", e, err)
	}
	// A file with the embedded net's bytes has the embedded net's identity
	// and evaluates the same.
	path := filepath.Join(t.TempDir(), "c.nnue")
	if err := os.WriteFile(path, nn.DefaultFile(position.Chess), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Chess.Evaluator(NetFile(path))
	if err != nil || f.ID != e.ID || f.Net == nil || f.Choice != NetFile(path) {
		t.Fatalf("file: %+v, %v", f, err)
	}
	p, _ := Chess.NewFromFEN(Chess.BenchFENs[1])
	ef, ee := f.New(), e.New()
	ef.Reset(p)
	ee.Reset(p)
	if a, b := ef.Evaluate(p), ee.Evaluate(p); a != b {
		t.Fatalf("file net %d, embedded net %d", a, b)
	}
}

func TestEvaluatorFileErrors(t *testing.T) {
	dir := t.TempDir()
	xq := filepath.Join(dir, "x.nnue")
	if err := os.WriteFile(xq, nn.DefaultFile(position.Xiangqi), 0o644); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.nnue")
	if err := os.WriteFile(junk, []byte("not a net"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, msg string }{
		{filepath.Join(dir, "missing.nnue"), "open " + filepath.Join(dir, "missing.nnue") + ": no such file or directory"},
		{dir, dir + ": not a regular file"},
		{xq, xq + ": " + nn.ErrGame.Error() + ": file is a xiangqi net, want chess"},
		{junk, junk + ": "},
	} {
		_, err := Chess.Evaluator(NetFile(c.path))
		if err == nil || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want %q", c.path, err, c.msg)
		}
	}
	if _, err := Chess.Evaluator(EvalChoice{Kind: 9}); !errors.Is(err, ErrEvalChoice) {
		t.Errorf("kind 9: %v", err)
	}
}

func FuzzParseEvalChoice(f *testing.F) {
	for _, s := range []string{"hand", "classic", "embedded", "nnue", "default", "", "a/b.nnue", "x\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseEvalChoice(s)
		if err != nil {
			if !errors.Is(err, ErrEvalChoice) {
				t.Fatalf("%q: error %v does not wrap ErrEvalChoice", s, err)
			}
			return
		}
		back, err := ParseEvalChoice(c.String())
		if err != nil || back != c {
			t.Fatalf("%q: %+v prints %q, reads back as %+v, %v", s, c, c.String(), back, err)
		}
		text, _ := c.MarshalText()
		var u EvalChoice
		if err := u.UnmarshalText(text); err != nil || u != c {
			t.Fatalf("%q: text %q unmarshals to %+v, %v", s, text, u, err)
		}
	})
}

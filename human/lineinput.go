// Reading the person's lines: line editing and history on a terminal, plain lines elsewhere.
package human

import (
	"bufio"
	"errors"
	"io"
	"os"

	"golang.org/x/term"
)

// lineInput reads the person's input one line at a time after showing a
// prompt.
type lineInput interface {
	readLine(prompt string) (string, error)
}

// newInput picks how to read the person's lines. When in and out are the
// same kind of thing a person sits at (both terminals), the terminal is
// put in raw mode and read through golang.org/x/term's Terminal: the line
// can be edited (arrows, Home/End, Ctrl-A/E/K/U/W, Backspace) and earlier
// lines come back with Up/Down, as in a shell; Ctrl-D on an empty line or
// Ctrl-C ends the session. Everything the session writes then goes through
// the Terminal (the returned writer), which keeps the line being typed
// intact. Otherwise (a pipe, a file, a test) lines are read as they come
// and the prompt is written to out. restore gives the terminal back its
// earlier mode.
func newInput(in io.Reader, out io.Writer) (input lineInput, w io.Writer, restore func()) {
	inF, ok1 := in.(*os.File)
	outF, ok2 := out.(*os.File)
	if ok1 && ok2 && term.IsTerminal(int(inF.Fd())) && term.IsTerminal(int(outF.Fd())) {
		if old, err := term.MakeRaw(int(inF.Fd())); err == nil {
			t := term.NewTerminal(struct {
				io.Reader
				io.Writer
			}{inF, outF}, "")
			// A terminal that reports no size (a fresh pty, a serial
			// line) keeps the Terminal's 80 x 24: a width of 0 would
			// wrap the prompt after every character.
			if w, h, err := term.GetSize(int(outF.Fd())); err == nil && w > 0 && h > 0 {
				_ = t.SetSize(w, h)
			}
			return &termInput{t: t}, t, func() { _ = term.Restore(int(inF.Fd()), old) }
		}
	}
	return &plainInput{r: bufio.NewReader(in), out: out}, out, func() {}
}

// termInput reads lines with editing and history.
type termInput struct{ t *term.Terminal }

func (ti *termInput) readLine(prompt string) (string, error) {
	ti.t.SetPrompt(prompt)
	line, err := ti.t.ReadLine()
	if err != nil {
		return "", err
	}
	if len(line) > maxLine {
		return "\x00too long", nil
	}
	return line, nil
}

// plainInput reads lines from a pipe or file.
type plainInput struct {
	r   *bufio.Reader
	out io.Writer
}

// readLine writes the prompt and reads one line without its end; a line
// longer than maxLine is returned as a marker the command parser rejects.
func (p *plainInput) readLine(prompt string) (string, error) {
	if _, err := io.WriteString(p.out, prompt); err != nil {
		return "", err
	}
	var b []byte
	long := false
	for {
		chunk, isPrefix, err := p.r.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && (len(b) > 0 || long) {
				break
			}
			return "", err
		}
		if len(b)+len(chunk) > maxLine {
			long = true
		} else {
			b = append(b, chunk...)
		}
		if !isPrefix {
			break
		}
	}
	if long {
		return "\x00too long", nil
	}
	return string(b), nil
}

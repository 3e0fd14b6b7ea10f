// Output: answers are written one whole line at a time from the command
// loop and the search goroutine alike.
package uci

import (
	"io"
	"strconv"
	"strings"
	"sync"
)

// output serialises lines to the client. Each line goes out in a single
// Write, so a line from the search never interleaves with one from the
// command loop. Write errors (the client went away) are remembered and
// later lines are dropped.
type output struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
	err error
}

func newOutput(w io.Writer) *output { return &output{w: w} }

// line writes s followed by a newline.
func (o *output) line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	o.buf = append(o.buf[:0], s...)
	o.buf = append(o.buf, '\n')
	_, o.err = o.w.Write(o.buf)
}

// infoString writes "info string " + s, the protocol's free-text channel
// (errors and notes for the user).
// Control characters in s (echoed client input) are replaced by '?', so
// that one call is always one line.
func (o *output) infoString(s string) { o.line("info string " + printable(s)) }

// printable replaces control characters by '?'.
func printable(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] < 0x20 || b[j] == 0x7f {
					b[j] = '?'
				}
			}
			return string(b)
		}
	}
	return s
}

// quote renders client input for an error message: in single quotes, cut
// to 80 bytes.
func quote(s string) string {
	if len(s) > 80 {
		s = strings.ToValidUTF8(s[:77], "") + "..."
	}
	return "'" + s + "'"
}

func itoa(n int) string { return strconv.Itoa(n) }

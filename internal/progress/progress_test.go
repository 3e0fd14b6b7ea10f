// Progress on a terminal (a pseudo-terminal) and elsewhere (a buffer).
package progress

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// clock is a fake time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// TestBarPlainLines: written to a buffer, a bar of 240 games at 2 games/s
// writes one plain line every 10 s (12 lines), no carriage return, and
// Finish does not repeat the last line.
func TestBarPlainLines(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Unix(1000, 0)}
	b := newBar(&buf, 240, BarOptions{Description: "selfplay xiangqi", Unit: "games", Every: 10 * time.Second}, c.now)
	for i := 0; i < 240; i++ {
		c.t = c.t.Add(500 * time.Millisecond)
		b.Add(1)
	}
	b.Finish()
	out := buf.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Fatalf("carriage return or escape in plain output:\n%q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12:\n%s", len(lines), out)
	}
	if want := "selfplay xiangqi: 20/240 games (8%), 2.00 games/s, 10s elapsed, ~1m50s left"; lines[0] != want {
		t.Errorf("first line\n%q, want\n%q", lines[0], want)
	}
	if want := "selfplay xiangqi: 240/240 games (100%), 2.00 games/s, 2m0s elapsed"; lines[11] != want {
		t.Errorf("last line\n%q, want\n%q", lines[11], want)
	}
}

// TestBarFinishWritesTheEnd: a run shorter than the interval writes only
// its final line; Describe changes the name in it.
func TestBarFinishWritesTheEnd(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Unix(1000, 0)}
	b := newBar(&buf, 1000, BarOptions{Description: "net", Unit: "pos"}, c.now)
	b.Describe("net epoch 1/2 (loss 0.01000)")
	c.t = c.t.Add(4 * time.Second)
	b.Add(500)
	b.Finish()
	if want := "net epoch 1/2 (loss 0.01000): 500/1000 pos (50%), 125 pos/s, 4s elapsed, ~4s left\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
	var nilBar *Bar
	nilBar.Add(1) // a nil bar does nothing
	nilBar.Finish()
	if NewBar(nil, 1, BarOptions{}) != nil || NewStatus(nil, 0) != nil {
		t.Error("no writer: want nil")
	}
}

// TestStatusPlain: updates within the interval are held back, the latest
// one is written when the interval has passed, Final writes the end.
func TestStatusPlain(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Unix(0, 0)}
	s := newStatus(&buf, 15*time.Second, c.now)
	if s.Terminal() {
		t.Fatal("a buffer is not a terminal")
	}
	for i := 1; i <= 40; i++ {
		c.t = c.t.Add(time.Second)
		s.Update("games " + strconv.Itoa(i))
	}
	s.Final("games 40 done")
	if want := "games 15\ngames 30\ngames 40 done\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// TestStatusTerminal: on a pseudo-terminal the line is redrawn in place,
// padded over a longer earlier line, and ended at Done.
func TestStatusTerminal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if !IsTerminal(tty) || IsTerminal(&bytes.Buffer{}) || IsTerminal(os.NewFile(^uintptr(0), "bad")) {
		t.Fatal("IsTerminal: want true for the pty only")
	}
	var buf bytes.Buffer
	s := &Status{w: &buf, terminal: true, every: DefaultEvery, now: time.Now}
	s.Update("1/4 games  +1 =0 -0")
	s.Update("2/4 games")
	s.Done()
	if want := "\r1/4 games  +1 =0 -0\r2/4 games          \n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
	if st := NewStatus(tty, 0); !st.Terminal() {
		t.Error("NewStatus on a pty: not a terminal")
	}
}

// TestBarWithoutTotal (issue 24): work until stopped (total -1) shows the
// count, the rate and the time elapsed, no total, percentage or time left;
// on a terminal the bar draws no estimate either.
func TestBarWithoutTotal(t *testing.T) {
	var buf bytes.Buffer
	c := &clock{t: time.Unix(1000, 0)}
	b := newBar(&buf, -1, BarOptions{Description: "selfplay chess", Unit: "games", Every: 10 * time.Second}, c.now)
	for range 40 {
		c.t = c.t.Add(500 * time.Millisecond)
		b.Add(1)
	}
	c.t = c.t.Add(time.Second)
	b.Add(1)
	b.Finish()
	want := "selfplay chess: 20 games, 2.00 games/s, 10s elapsed\n" +
		"selfplay chess: 40 games, 2.00 games/s, 20s elapsed\n" +
		"selfplay chess: 41 games, 1.95 games/s, 21s elapsed\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}

	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	read := make(chan string)
	go func() {
		var out []byte
		p := make([]byte, 4096)
		for {
			n, err := ptmx.Read(p)
			out = append(out, p[:n]...)
			if err != nil || bytes.Contains(out, []byte("\n")) {
				read <- string(out)
				return
			}
		}
	}()
	tb := NewBar(tty, -1, BarOptions{Description: "selfplay chess", Unit: "games"})
	tb.Add(7)
	tb.Finish()
	out := <-read
	// The terminal bar: "| selfplay chess (7/-, 12 games/s) [0s]", the
	// time elapsed without ":remaining".
	if !strings.Contains(out, "| selfplay chess (7/-, ") || !regexp.MustCompile(`\) \[[0-9hms]+\]`).MatchString(out) || strings.Contains(out, "left") {
		t.Errorf("terminal bar without a total: %q", out)
	}
}

// A scripted client for session tests: it writes commands into Run through
// a pipe and reads the answers line by line with deadlines.
package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"
)

type client struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	sess  *Session
}

// startClient runs a session on a pipe. newEng replaces the engine maker
// when not nil.
func startClient(t *testing.T, cfg Config, newEng func(string) (gameEngine, error)) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := NewSession(outW, cfg)
	if newEng != nil {
		s.newEngine = newEng
	}
	c := &client{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1), sess: s}
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	go func() {
		err := s.Run(inR)
		outW.Close()
		c.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Errorf("session did not end after its input closed")
		}
	})
	return c
}

func (c *client) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			c.t.Fatalf("write %q: %v", l, err)
		}
	}
}

// expect reads lines until one starts with prefix and returns it (with the
// lines before it); it fails after timeout.
func (c *client) expect(prefix string, timeout time.Duration) (string, []string) {
	c.t.Helper()
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended waiting for %q; got %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			c.t.Fatalf("no %q within %v; got %q", prefix, timeout, before)
		}
	}
}

// quiet checks that no line starting with prefix arrives within d, and
// returns the lines that did.
func (c *client) quiet(prefix string, d time.Duration) []string {
	c.t.Helper()
	var got []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return got
			}
			if strings.HasPrefix(l, prefix) {
				c.t.Fatalf("unexpected %q (after %q)", l, got)
			}
			got = append(got, l)
		case <-deadline:
			return got
		}
	}
}

// sync sends isready and returns the lines before readyok.
func (c *client) sync() []string {
	c.t.Helper()
	c.send("isready")
	_, before := c.expect("readyok", 10*time.Second)
	return before
}

// closeAndWait closes the input and waits for Run to return, collecting
// the remaining output.
func (c *client) closeAndWait(timeout time.Duration) []string {
	c.t.Helper()
	c.in.Close()
	var rest []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return rest
			}
			rest = append(rest, l)
		case <-deadline:
			c.t.Fatalf("session did not finish within %v; got %q", timeout, rest)
		}
	}
}

func hasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// waitIdle waits for the session's job to end by itself (tests that drive
// Execute and want a command's whole answer before the next one).
func (s *Session) waitIdle() {
	if s.job != nil {
		<-s.job.done
		s.job = nil
	}
}

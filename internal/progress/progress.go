package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// DefaultEvery is the interval of the plain lines written when the output
// is not a terminal.
const DefaultEvery = 15 * time.Second

// IsTerminal reports whether w is a terminal: an *os.File (or anything else
// with an Fd method) for which golang.org/x/term.IsTerminal holds. Buffers,
// pipes and files are not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// Status is one status line that changes as a run goes on. On a terminal
// every Update redraws it in place ("\r"); elsewhere Update writes it as a
// line of its own at most once per interval, and Done writes the last state
// if it was not written yet. Methods are safe for concurrent use; a nil
// *Status does nothing.
type Status struct {
	mu       sync.Mutex
	w        io.Writer
	terminal bool
	every    time.Duration
	now      func() time.Time
	last     time.Time // when the last plain line was written
	pending  string    // the latest state not yet written (plain mode)
	written  string    // the last plain line written
	width    int       // the longest line drawn (terminal mode)
}

// NewStatus returns a status line on w (nil: a nil *Status, which does
// nothing). every is the interval of the plain lines (0: DefaultEvery); the
// first Update of a plain Status waits one interval too, so a short run
// writes only its final line.
func NewStatus(w io.Writer, every time.Duration) *Status { return newStatus(w, every, time.Now) }

// newStatus is NewStatus with a clock.
func newStatus(w io.Writer, every time.Duration, now func() time.Time) *Status {
	if w == nil {
		return nil
	}
	if every <= 0 {
		every = DefaultEvery
	}
	s := &Status{w: w, terminal: IsTerminal(w), every: every, now: now}
	s.last = s.now()
	return s
}

// Terminal reports whether the status is drawn on a terminal.
func (s *Status) Terminal() bool { return s != nil && s.terminal }

// Update sets the current state.
func (s *Status) Update(line string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.terminal {
		pad := ""
		if n := len([]rune(line)); n < s.width {
			pad = strings.Repeat(" ", s.width-n)
		} else {
			s.width = n
		}
		fmt.Fprintf(s.w, "\r%s%s", line, pad)
		return
	}
	s.pending = line
	if now := s.now(); now.Sub(s.last) >= s.every {
		s.last = now
		fmt.Fprintln(s.w, line)
		s.pending, s.written = "", line
	}
}

// Final sets the last state and ends the status: on a terminal the line is
// redrawn and ended; elsewhere it is written unless it is the line written
// last.
func (s *Status) Final(line string) {
	if s == nil {
		return
	}
	if s.terminal {
		s.Update(line)
		s.Done()
		return
	}
	s.mu.Lock()
	s.pending = line
	if line == s.written {
		s.pending = ""
	}
	s.mu.Unlock()
	s.Done()
}

// Done ends the status: on a terminal it ends the line; elsewhere it writes
// the last state when the interval held it back.
func (s *Status) Done() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.terminal {
		if s.width > 0 {
			fmt.Fprintln(s.w)
		}
		s.width = 0
		return
	}
	if s.pending != "" {
		fmt.Fprintln(s.w, s.pending)
		s.pending, s.written = "", s.pending
	}
}

// BarOptions describe a Bar.
type BarOptions struct {
	// Description names the work ("selfplay xiangqi"); Describe changes it.
	Description string
	// Unit names what is counted ("games", "pos").
	Unit string
	// Every is the interval of the plain lines (0: DefaultEvery).
	Every time.Duration
}

// Bar counts work done towards a total: a progress bar
// (github.com/schollz/progressbar) on a terminal, and elsewhere a plain
// line at most once per interval such as
//
//	selfplay xiangqi: 120/240 games (50%), 1.9 games/s, 1m3s elapsed, ~1m3s left
//
// with a last line at Finish; without a total (work until stopped)
//
//	selfplay xiangqi: 120 games, 1.9 games/s, 1m3s elapsed
//
// A nil *Bar does nothing.
type Bar struct {
	mu    sync.Mutex
	bar   *progressbar.ProgressBar // terminal mode
	w     io.Writer                // terminal mode
	st    *Status                  // plain mode
	total int64
	done  int64
	desc  string
	unit  string
	start time.Time
}

// NewBar returns a bar on w (nil: a nil *Bar) counting to total; a total
// below 0 means none (work until stopped): the bar then shows the count and
// the rate, never a percentage or a time left.
func NewBar(w io.Writer, total int64, o BarOptions) *Bar { return newBar(w, total, o, time.Now) }

// newBar is NewBar with a clock.
func newBar(w io.Writer, total int64, o BarOptions, now func() time.Time) *Bar {
	if w == nil {
		return nil
	}
	b := &Bar{total: total, desc: o.Description, unit: o.Unit, w: w}
	if total < 0 {
		total = -1
	}
	if IsTerminal(w) {
		b.bar = progressbar.NewOptions64(total, progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(o.Description), progressbar.OptionShowCount(),
			progressbar.OptionShowIts(), progressbar.OptionSetItsString(o.Unit),
			progressbar.OptionThrottle(250*time.Millisecond), progressbar.OptionSetPredictTime(total >= 0),
			progressbar.OptionSetWidth(30), progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))
		return b
	}
	b.st = newStatus(w, o.Every, now)
	b.start = b.st.now()
	return b
}

// Describe changes the description.
func (b *Bar) Describe(desc string) {
	if b == nil {
		return
	}
	if b.bar != nil {
		b.bar.Describe(desc)
		return
	}
	b.mu.Lock()
	b.desc = desc
	b.mu.Unlock()
}

// Add counts n more units done.
func (b *Bar) Add(n int64) {
	if b == nil {
		return
	}
	if b.bar != nil {
		_ = b.bar.Add64(n)
		return
	}
	b.mu.Lock()
	b.done += n
	line := b.line()
	b.mu.Unlock()
	b.st.Update(line)
}

// Finish ends the bar: on a terminal the bar's line; elsewhere the last
// count is written when the interval held it back.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	if b.bar != nil {
		if !b.bar.IsFinished() {
			_ = b.bar.Exit()
			fmt.Fprintln(b.w)
		}
		return
	}
	b.st.Done()
}

// line renders the plain progress line (b.mu held).
func (b *Bar) line() string {
	el := b.st.now().Sub(b.start)
	var sb strings.Builder
	if b.total < 0 {
		fmt.Fprintf(&sb, "%s: %d %s", b.desc, b.done, b.unit)
	} else {
		fmt.Fprintf(&sb, "%s: %d/%d %s", b.desc, b.done, b.total, b.unit)
	}
	if b.total > 0 {
		fmt.Fprintf(&sb, " (%.0f%%)", 100*float64(b.done)/float64(b.total))
	}
	if secs := el.Seconds(); secs > 0 && b.done > 0 {
		rate := float64(b.done) / secs
		fmt.Fprintf(&sb, ", %s %s/s, %s elapsed", rateText(rate), b.unit, el.Round(time.Second))
		if left := b.total - b.done; left > 0 {
			fmt.Fprintf(&sb, ", ~%s left", time.Duration(float64(left)/rate*float64(time.Second)).Round(time.Second))
		}
	}
	return sb.String()
}

// rateText writes a rate with three significant digits or more.
func rateText(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("%.0f", r)
	case r >= 10:
		return fmt.Sprintf("%.1f", r)
	}
	return fmt.Sprintf("%.2f", r)
}

// The background job (a search, a perft or a bench) and the info lines a
// search prints.
package uci

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// reapJob forgets a finished job.
func (s *Session) reapJob() {
	if s.job == nil {
		return
	}
	select {
	case <-s.job.done:
		s.job = nil
	default:
	}
}

// job is the one thing that runs in the background: a "go" search, a
// "go perft" or a "bench". Only the session goroutine starts, stops and
// waits for it; the job goroutine writes the job's output.
type job struct {
	// what names the job in notes ("search", "go perft", "bench").
	what     string
	done     chan struct{}
	stopCh   chan struct{}
	hitCh    chan struct{}
	stopOnce sync.Once
	hitOnce  sync.Once
	ponder   bool
	// answered is set just before the job writes its final answer
	// (bestmove, or the perft or bench result): a command read after the
	// client saw that answer is no longer "during" the job.
	answered atomic.Bool
}

func newJob(what string) *job {
	return &job{what: what, done: make(chan struct{}), stopCh: make(chan struct{}), hitCh: make(chan struct{})}
}

// stopped reports whether stop was called.
func (j *job) stopped() bool {
	select {
	case <-j.stopCh:
		return true
	default:
		return false
	}
}

func (j *job) stop() {
	j.stopOnce.Do(func() { close(j.stopCh) })
}

func (j *job) ponderHit() {
	if j.ponder {
		j.hitOnce.Do(func() { close(j.hitCh) })
	}
}

// startTask runs fn as the background job (perft, bench); fn watches stop
// and writes its own output. answer marks the job answered (see job).
func (s *Session) startTask(what string, fn func(stop <-chan struct{}, answer func())) {
	j := newJob(what)
	s.job = j
	go func() {
		defer close(j.done)
		fn(j.stopCh, func() { j.answered.Store(true) })
	}()
}

// startJob runs the search in the background on e, a fork of the session's
// engine (so that "position" may change the session's position meanwhile).
// With no move to search (noMoves) it answers "bestmove (none)" (UCCI
// "nobestmove"); when refused is not empty the position was rejected and it
// answers refused as an info string and "bestmove 0000" (UCCI
// "nobestmove"). Both come at once, or after stop or ponderhit for infinite
// and ponder, waiting without using the CPU.
func (s *Session) startJob(e gameEngine, r searchRequest, noMoves bool, refused string) {
	j := newJob("search")
	j.ponder = r.ponder
	s.job = j
	r.stop, r.ponderHit = j.stopCh, j.hitCh
	ucci := s.ucci
	out := s.out
	var warnMu sync.Mutex
	r.warn = func(m string) {
		warnMu.Lock()
		defer warnMu.Unlock()
		out.infoString(m)
	}
	waitRelease := func() {
		if r.infinite {
			<-j.stopCh
		} else if r.ponder {
			select {
			case <-j.stopCh:
			case <-j.hitCh:
			}
		}
	}
	go func() {
		defer close(j.done)
		var best, ponder string
		switch {
		case refused != "":
			out.infoString(refused)
			waitRelease()
		case noMoves:
			v := e.noMoveScore()
			if ucci {
				out.line("info depth 0 score " + strconv.Itoa(int(v)))
			} else {
				out.line("info depth 0 score " + v.String())
			}
			waitRelease()
		default:
			best, ponder = e.search(r, func(in searchInfo) { out.line(formatInfo(in, ucci)) })
			waitRelease()
			if best == "" {
				// Never answer 0000 while a legal move exists.
				if legal := e.legalMoves(); len(legal) > 0 {
					out.infoString("search returned no move; playing the first legal one")
					best, ponder = legal[0], ""
				}
			}
		}
		j.answered.Store(true)
		switch {
		case best == "" && ucci:
			out.line("nobestmove")
		case refused != "":
			out.line("bestmove 0000")
		case best == "":
			out.line("bestmove (none)")
		case ponder != "":
			out.line("bestmove " + best + " ponder " + ponder)
		default:
			out.line("bestmove " + best)
		}
	}()
}

// formatInfo renders a progress report: UCI "info depth .. seldepth ..
// multipv .. score cp|mate .. nodes .. nps .. hashfull .. time .. pv ..", or
// UCCI "info depth .. score <cp> time .. nodes .. pv ..".
func formatInfo(in searchInfo, ucci bool) string {
	if in.str != "" {
		return "info string " + printable(in.str)
	}
	ms := in.time.Milliseconds()
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(itoa(in.depth))
	if ucci {
		b.WriteString(" score ")
		b.WriteString(strconv.Itoa(int(in.score)))
		b.WriteString(" time ")
		b.WriteString(strconv.FormatInt(ms, 10))
		b.WriteString(" nodes ")
		b.WriteString(strconv.FormatUint(in.nodes, 10))
	} else {
		b.WriteString(" seldepth ")
		b.WriteString(itoa(max(in.selDepth, in.depth)))
		b.WriteString(" multipv ")
		b.WriteString(itoa(max(in.multiPV, 1)))
		b.WriteString(" score ")
		b.WriteString(in.score.String())
		if in.hasWDL {
			b.WriteString(" wdl ")
			b.WriteString(itoa(in.wdl[0]))
			b.WriteByte(' ')
			b.WriteString(itoa(in.wdl[1]))
			b.WriteByte(' ')
			b.WriteString(itoa(in.wdl[2]))
		}
		if in.lowerBound {
			b.WriteString(" lowerbound")
		} else if in.upperBound {
			b.WriteString(" upperbound")
		}
		b.WriteString(" nodes ")
		b.WriteString(strconv.FormatUint(in.nodes, 10))
		b.WriteString(" nps ")
		b.WriteString(strconv.FormatUint(in.nodes*1000/uint64(max(ms, 1)), 10))
		b.WriteString(" hashfull ")
		b.WriteString(itoa(in.hashFull))
		b.WriteString(" time ")
		b.WriteString(strconv.FormatInt(ms, 10))
	}
	if len(in.pv) > 0 {
		b.WriteString(" pv")
		for _, m := range in.pv {
			b.WriteByte(' ')
			b.WriteString(m)
		}
	}
	return b.String()
}

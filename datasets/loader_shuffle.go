// The loader's shuffling goroutine: windows of samples permuted into batches.
package datasets

import (
	"dualnnue/internal/hugepages"
	"dualnnue/internal/splitmix"
)

// permute shuffles buf with the permutation of window w.
func (l *Loader) permute(buf []Sample, w int64) {
	rng := splitmix.Hash(splitmix.Hash(l.cfg.Seed^0xA5A5A5A5A5A5A5A5) ^ uint64(w))
	for i := len(buf) - 1; i > 0; i-- {
		j := int(splitmix.Next(&rng) % uint64(i+1))
		buf[i], buf[j] = buf[j], buf[i]
	}
}

// shuffle shuffles in windows of ShuffleBuffer positions (see LoaderState):
// the first window fills the buffer; once full, the buffer is permuted and
// every arriving position takes the slot of the next one handed out, so
// that when a window is all handed out the buffer holds the next one.
func (l *Loader) shuffle() {
	defer l.wg.Done()
	defer close(l.ready)
	size := l.cfg.ShuffleBuffer
	buf := make([]Sample, 0, size)
	// Huge pages: the buffer is written once in a row, then permuted at
	// random (its first filling took 1.0–1.2 s of CPU for 320 MiB with 4 KiB
	// pages, 0.45–0.65 s with huge pages).
	hugepages.Advise(buf)
	var (
		b         *Batch
		window    int64
		cur, nxt  sampleAt // where the current and the next window start
		full      bool     // buf holds the whole current window (permuted)
		e         int      // positions of the window handed out = of the next arrived
		handedOut int      // a resumed loader's positions of the next window that came before the state
	)
	if st := l.cfg.Start; st != nil {
		window, handedOut = st.Window, st.Emitted
	}
	next := func() bool {
		select {
		case b = <-l.freeBat:
			b.Reset()
			return true
		case <-l.done:
			return false
		}
	}
	if !next() {
		return
	}
	send := func() bool {
		b.state, b.hasState = loaderState{at: cur, window: window, emitted: e}, true
		select {
		case l.ready <- b:
		case <-l.done:
			return false
		}
		return next()
	}
	for c := range l.chunks {
		for i := 0; i < c.n; i++ {
			if !full {
				if len(buf) == 0 {
					cur = c.at[i]
				}
				buf = append(buf, c.s[i])
				if len(buf) == size {
					l.permute(buf, window)
					full = true
				}
				continue
			}
			if e == 0 {
				nxt = c.at[i]
			}
			if handedOut > 0 {
				handedOut-- // handed out before the state was taken
			} else {
				b.addSample(&buf[e], &l.format)
			}
			buf[e] = c.s[i]
			e++
			if e == size {
				window, cur, e = window+1, nxt, 0
				l.permute(buf, window)
			}
			if b.Len == l.cfg.BatchSize && !send() {
				return
			}
		}
		select {
		case l.freeChk <- c:
		default:
		}
	}
	// The end of a single pass: hand out the rest of the window, then the
	// part of the next one that arrived.
	if !full {
		l.permute(buf, window)
		e = 0
	}
	// (Handed out in place: joining the two parts would copy the whole
	// buffer, twice its memory at the end of a pass.)
	rest, arrived := buf[e:], buf[:0]
	if full && e > 0 {
		l.permute(buf[:e], window+1)
		arrived = buf[:e]
	}
	for _, part := range [2][]Sample{rest, arrived} {
		for i := range part {
			b.addSample(&part[i], &l.format)
			if b.Len == l.cfg.BatchSize && !send() {
				return
			}
		}
	}
	if b.Len > 0 {
		send()
	}
}

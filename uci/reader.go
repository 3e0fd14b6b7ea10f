// Line reading with a length cap: commands arrive one per line on stdin.
package uci

import (
	"bufio"
	"errors"
	"io"
)

// MaxLineBytes caps one command line. A game of 10,000 plies sent as
// "position startpos moves ..." takes about 50 KB, so 1 MiB leaves room
// while bounding what a runaway client can make us hold.
const MaxLineBytes = 1 << 20

// errLineTooLong reports a line over the cap; the reader has already
// skipped the rest of it.
type errLineTooLong struct{ n int }

func (e errLineTooLong) Error() string {
	return "line too long (" + itoa(e.n) + " bytes, the limit is " + itoa(MaxLineBytes) + "), ignored"
}

// lineReader returns the input line by line without the line terminator
// ("\n", "\r\n" or a lone trailing "\r"), holding at most maxLen bytes of a
// line in memory.
type lineReader struct {
	r      *bufio.Reader
	maxLen int
	buf    []byte
}

func newLineReader(r io.Reader, maxLen int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), maxLen: maxLen}
}

// next returns the next line. At the end of input it returns io.EOF (a last
// line without a newline is returned first). A line longer than maxLen is
// consumed to its end and reported as errLineTooLong. Other read errors are
// returned as they are.
func (lr *lineReader) next() (string, error) {
	lr.buf = lr.buf[:0]
	total := 0
	tooLong := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		total += len(chunk)
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.maxLen+2 { // +2: the terminator
				tooLong = true
				lr.buf = lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (err != io.EOF || total == 0) {
			return "", err
		}
		// A full line, or the last line without a newline.
		if tooLong {
			return "", errLineTooLong{total}
		}
		b := lr.buf
		for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
			b = b[:len(b)-1]
		}
		if len(b) > lr.maxLen {
			return "", errLineTooLong{total}
		}
		return string(b), nil
	}
}

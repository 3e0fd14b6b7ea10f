// The PGN lexer: tag pairs, move tokens, comments, variations and results, and skipping a game that cannot be read.
package notation

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// lexer reads PGN tokens.
type lexer struct {
	r       *bufio.Reader
	line    int
	midLine bool // bytes of line have been read
	start   int  // the line of the last token begun, read or not
	peeked  *token
	ioErr   error // the underlying reader's error (not io.EOF): reading ends
}

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokTag
	tokSymbol
	tokComment
)

type token struct {
	kind        tokenKind
	name, value string // tag name and value, or the symbol or comment in value
	line        int
}

func (lx *lexer) readByte() (byte, error) {
	c, err := lx.r.ReadByte()
	switch {
	case err == nil && c == '\n':
		lx.line++
		lx.midLine = false
	case err == nil:
		lx.midLine = true
	case err != io.EOF:
		lx.ioErr = err
	}
	return c, err
}

// unread takes back c, the last byte read, which followed other bytes of
// its line.
func (lx *lexer) unread(c byte) {
	_ = lx.r.UnreadByte()
	if c == '\n' {
		lx.line--
		lx.midLine = true
	}
}

func (lx *lexer) peek() (token, error) {
	if lx.peeked == nil {
		t, err := lx.next()
		if err != nil {
			return t, err
		}
		lx.peeked = &t
	}
	return *lx.peeked, nil
}

func (lx *lexer) take() (token, error) {
	if lx.peeked != nil {
		t := *lx.peeked
		lx.peeked = nil
		return t, nil
	}
	return lx.next()
}

// next returns the next tag pair, movetext symbol or {comment}, skipping
// rest-of-line comments, variations, NAGs and escape lines.
func (lx *lexer) next() (token, error) {
	depth, depthLine := 0, 0
	atLineStart := lx.line == 1
	for {
		c, err := lx.readByte()
		if err == io.EOF {
			if depth > 0 {
				return token{}, fmt.Errorf("PGN line %d: variation opened here is never closed (truncated file?)", depthLine)
			}
			return token{kind: tokEOF, line: lx.line}, nil
		}
		if err != nil {
			return token{}, err
		}
		switch {
		case c == '\n':
			atLineStart = true
			continue
		case c == '%' && atLineStart:
			if err := lx.skipLine(); err != nil {
				return token{}, err
			}
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == 0xEF: // UTF-8 byte order mark
			b1, _ := lx.readByte()
			b2, _ := lx.readByte()
			if b1 == 0xBB && b2 == 0xBF {
				continue
			}
			return token{}, fmt.Errorf("PGN line %d: unexpected byte 0x%02x", lx.line, c)
		}
		atLineStart = false
		lx.start = lx.line
		switch {
		case c == '{':
			start := lx.line
			var text []byte
			for {
				d, err := lx.readByte()
				if err != nil {
					return token{}, fmt.Errorf("PGN line %d: comment opened here is never closed (truncated file?)", start)
				}
				if d == '}' {
					break
				}
				if depth == 0 {
					text = append(text, d)
				}
			}
			if depth == 0 {
				return token{kind: tokComment, value: strings.TrimSpace(string(text)), line: start}, nil
			}
		case c == ';':
			if err := lx.skipLine(); err != nil {
				return token{}, err
			}
			atLineStart = true
		case c == '(':
			if depth == 0 {
				depthLine = lx.line
			}
			depth++
		case c == ')':
			if depth == 0 {
				return token{}, fmt.Errorf("PGN line %d: ')' without a variation to close", lx.line)
			}
			depth--
		case c == '[' && depth == 0:
			return lx.tagPair()
		case c == '$':
			lx.symbol(c) // NAG
		default:
			s := ""
			if c == 0xE2 && lx.ellipsis() {
				// "…" (U+2026), as some writers print "1…Nf6": read as "...".
				s = ".." + lx.symbol('.')
			} else {
				s = lx.symbol(c)
			}
			if depth > 0 {
				continue
			}
			if s == "" {
				return token{}, fmt.Errorf("PGN line %d: unexpected character %q", lx.line, c)
			}
			return token{kind: tokSymbol, value: s, line: lx.line}, nil
		}
	}
}

func (lx *lexer) skipLine() error {
	for {
		c, err := lx.readByte()
		if err == io.EOF || c == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// ellipsis reports whether the two bytes after a 0xE2 just read complete the
// UTF-8 ellipsis "…" (U+2026), consuming them if so.
func (lx *lexer) ellipsis() bool {
	b, err := lx.r.Peek(2)
	if err != nil || b[0] != 0x80 || b[1] != 0xA6 {
		return false
	}
	_, _ = lx.r.Discard(2)
	return true
}

// symbol reads a PGN symbol starting with c (letters, digits and
// _+#=:-/.!?); it returns "" if c cannot start one.
func (lx *lexer) symbol(c byte) string {
	isSym := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_+#=:-/.!?$*", c) >= 0
	}
	if !isSym(c) {
		return ""
	}
	b := []byte{c}
	for len(b) < 256 {
		d, err := lx.readByte()
		if err != nil {
			break
		}
		if !isSym(d) {
			lx.unread(d)
			break
		}
		b = append(b, d)
	}
	return string(b)
}

// tagPair reads `Name "value"]` after the opening bracket.
func (lx *lexer) tagPair() (token, error) {
	line := lx.line
	var name []byte
	c, err := lx.readByte()
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	for err == nil && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
		name = append(name, c)
		c, err = lx.readByte()
	}
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	if err != nil {
		return token{}, fmt.Errorf("PGN line %d: tag pair cut off (truncated file?)", line)
	}
	if len(name) == 0 || c != '"' {
		return token{}, fmt.Errorf("PGN line %d: malformed tag pair (want [Name \"value\"])", line)
	}
	var val []byte
	for {
		c, err = lx.readByte()
		if err != nil || c == '\n' {
			return token{}, fmt.Errorf("PGN line %d: tag %s: value never closed by a quote (truncated file?)", line, name)
		}
		if c == '\\' {
			d, err := lx.readByte()
			if err != nil {
				return token{}, fmt.Errorf("PGN line %d: tag %s cut off (truncated file?)", line, name)
			}
			val = append(val, d)
			continue
		}
		if c == '"' {
			break
		}
		val = append(val, c)
	}
	c, err = lx.readByte()
	for err == nil && (c == ' ' || c == '\t') {
		c, err = lx.readByte()
	}
	if err != nil || c != ']' {
		return token{}, fmt.Errorf("PGN line %d: tag %s: missing closing ']'", line, name)
	}
	return token{kind: tokTag, name: string(name), value: string(val), line: line}, nil
}

// skipGame skips the rest of a game that could not be read, from t on: up
// to its result, to the end of the file, or, once in the movetext, to the
// tag pair that begins the next game (left to be read). Unreadable text on
// the way is skipped too; an error of the underlying reader stops it.
func (lx *lexer) skipGame(t token, inMovetext bool) {
	for {
		switch t.kind {
		case tokEOF:
			return
		case tokTag:
			if inMovetext {
				lx.peeked = &t
				return
			}
		case tokSymbol:
			if validResult(t.value) {
				return
			}
			inMovetext = true
		}
		var err error
		for t, err = lx.take(); err != nil; t, err = lx.take() {
			if lx.ioErr != nil {
				return
			}
		}
	}
}

// Corruption tests: flipped bytes, truncation at and inside every block,
// zeroed headers, inserted and appended garbage. Every case is detected and
// reported, every intact block is still read, nothing panics.
package datasets

import (
	"bytes"
	"dualnnue/position"
	"fmt"
	"strings"
	"testing"
)

type readResult struct {
	recs     []string // record descriptions
	blocks   []int    // block index of each record
	problems []Problem
}

func readAll(t *testing.T, data []byte) readResult {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data), nil)
	if err != nil {
		t.Fatalf("NewReader: %v", err)
	}
	var res readResult
	for r.Next() {
		p, rec := r.Position(), r.Record()
		_, idx, _ := r.Scanner().Block()
		res.recs = append(res.recs, fmt.Sprintf("%s|%d|%d|%d|%d", p.FEN(), rec.Score, rec.Move, rec.Best, rec.Result))
		res.blocks = append(res.blocks, idx)
	}
	if err := r.Err(); err != nil {
		t.Fatalf("Err: %v", err)
	}
	res.problems = r.Problems()
	return res
}

type blockSpan struct {
	off, end int64
	records  int
}

// corpus returns a clean file of many small blocks, its block spans and its
// records.
func corpus(t *testing.T, g position.Variant) ([]byte, []blockSpan, readResult) {
	games := randomGames(t, g, 48, 1234+uint64(g), fullGen)
	data := writeGames(t, g, games, &WriterOptions{BlockSize: 1500})
	sc, err := NewBlockScanner(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var spans []blockSpan
	for {
		p, ok := sc.Next()
		if !ok {
			break
		}
		h, _, off := sc.Block()
		spans = append(spans, blockSpan{off, off + BlockHeaderSize + int64(len(p)), int(h.Records)})
	}
	clean := readAll(t, data)
	if len(clean.problems) != 0 || len(spans) < 8 {
		t.Fatalf("clean corpus: %d blocks, problems %v", len(spans), clean.problems)
	}
	return data, spans, clean
}

// expectWithout returns the clean records minus those of the given blocks.
func expectWithout(clean readResult, skip map[int]bool) []string {
	var out []string
	for i, r := range clean.recs {
		if !skip[clean.blocks[i]] {
			out = append(out, r)
		}
	}
	return out
}

func sameRecs(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: read %d records, want %d", what, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: record %d is %s, want %s", what, i, got[i], want[i])
		}
	}
}

func countProblems(ps []Problem) (errs, warns int) {
	for _, p := range ps {
		if p.Warning {
			warns++
		} else {
			errs++
		}
	}
	return
}

func TestCorruptTruncate(t *testing.T) {
	for _, g := range bothGames {
		data, spans, clean := corpus(t, g)
		for k, sp := range spans {
			dropped := map[int]bool{}
			for j := k; j < len(spans); j++ {
				dropped[j] = true
			}
			want := expectWithout(clean, dropped)
			// At the boundary: a clean prefix, no end marker.
			res := readAll(t, data[:sp.off])
			sameRecs(t, fmt.Sprintf("%v truncated before block %d", g, k), res.recs, want)
			if e, w := countProblems(res.problems); e != 0 || w != 1 || !strings.Contains(res.problems[0].Msg, "no end marker") {
				t.Fatalf("%v truncated before block %d: problems %v", g, k, res.problems)
			}
			// Inside the header and inside the payload: a torn block.
			for _, cut := range []int64{sp.off + 3, sp.off + 20, sp.off + BlockHeaderSize, (sp.off + BlockHeaderSize + sp.end) / 2, sp.end - 1} {
				res := readAll(t, data[:cut])
				sameRecs(t, fmt.Sprintf("%v cut at %d in block %d", g, cut, k), res.recs, want)
				if e, w := countProblems(res.problems); e != 0 || w != 1 || !strings.Contains(res.problems[0].Msg, "torn") || res.problems[0].Offset != sp.off {
					t.Fatalf("%v cut at %d in block %d: problems %v", g, cut, k, res.problems)
				}
			}
		}
		// Truncated inside the end marker and the file header.
		last := spans[len(spans)-1].end
		res := readAll(t, data[:last+10])
		sameRecs(t, "cut in end marker", res.recs, clean.recs)
		for _, n := range []int{0, 5, 20, 40} {
			if _, err := NewReader(bytes.NewReader(data[:n]), nil); err == nil {
				t.Fatalf("file of %d bytes opened without error", n)
			}
		}
	}
}

func TestCorruptFlipAndZero(t *testing.T) {
	for _, g := range bothGames {
		data, spans, clean := corpus(t, g)
		for k, sp := range spans {
			want := expectWithout(clean, map[int]bool{k: true})
			cases := map[string]func([]byte){
				"flip payload":    func(b []byte) { b[(sp.off+BlockHeaderSize+sp.end)/2] ^= 0x40 },
				"flip last byte":  func(b []byte) { b[sp.end-1] ^= 1 },
				"flip header":     func(b []byte) { b[sp.off+14] ^= 0x01 },
				"flip magic":      func(b []byte) { b[sp.off+2] ^= 0xFF },
				"flip header crc": func(b []byte) { b[sp.off+33] ^= 0x10 },
				"zero header": func(b []byte) {
					for i := sp.off; i < sp.off+BlockHeaderSize; i++ {
						b[i] = 0
					}
				},
			}
			for name, damage := range cases {
				b := bytes.Clone(data)
				damage(b)
				res := readAll(t, b)
				what := fmt.Sprintf("%v %s of block %d", g, name, k)
				sameRecs(t, what, res.recs, want)
				e, w := countProblems(res.problems)
				if e != 1 || w != 0 || res.problems[0].Block != k || res.problems[0].Offset != sp.off {
					t.Fatalf("%s: problems %v", what, res.problems)
				}
			}
		}
	}
}

func TestCorruptGarbage(t *testing.T) {
	for _, g := range bothGames {
		data, spans, clean := corpus(t, g)
		rng := testRNG(9)
		junk := make([]byte, 3000)
		for i := range junk {
			junk[i] = byte(rng.next())
		}
		// A fake block magic inside the junk must not fool the reader.
		copy(junk[100:], blockMagic)
		for _, n := range []int{1, 35, 36, 37, 3000} {
			res := readAll(t, append(bytes.Clone(data), junk[:n]...))
			sameRecs(t, fmt.Sprintf("%v %d garbage bytes appended", g, n), res.recs, clean.recs)
			if e, w := countProblems(res.problems); e != 1 || w != 0 || !strings.Contains(res.problems[0].Msg, "garbage") {
				t.Fatalf("%v %d garbage bytes appended: %v", g, n, res.problems)
			}
		}
		// Garbage inserted between two blocks: resync to the next magic.
		k := len(spans) / 2
		b := append(bytes.Clone(data[:spans[k].off]), junk...)
		b = append(b, data[spans[k].off:]...)
		res := readAll(t, b)
		sameRecs(t, fmt.Sprintf("%v garbage before block %d", g, k), res.recs, clean.recs)
		// Two problems: the junk, then the fake magic planted in it.
		if e, _ := countProblems(res.problems); e != 2 || res.problems[0].Offset != spans[k].off {
			t.Fatalf("%v garbage inserted: %v", g, res.problems)
		}
		// A hole in a block: the rest reads, also near the end of the file.
		for _, k := range []int{k, len(spans) - 2} {
			b = append(bytes.Clone(data[:spans[k].off+50]), data[spans[k+1].off:]...)
			res = readAll(t, b)
			sameRecs(t, fmt.Sprintf("%v hole in block %d", g, k), res.recs, expectWithout(clean, map[int]bool{k: true}))
			if e, w := countProblems(res.problems); e != 1 || w != 0 || res.problems[0].Offset != spans[k].off {
				t.Fatalf("%v hole in block %d: %v", g, k, res.problems)
			}
		}
	}
}

func TestVerifyReportsFirstBadBlock(t *testing.T) {
	data, spans, _ := corpus(t, position.Chess)
	b := bytes.Clone(data)
	k := 3
	b[(spans[k].off+BlockHeaderSize+spans[k].end)/2] ^= 0x40
	b[(spans[k+2].off+BlockHeaderSize+spans[k+2].end)/2] ^= 0x40
	path := t.TempDir() + "/bad.dnds"
	if err := writeFile(path, b); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.FirstBad == nil || rep.FirstBad.Block != k || rep.FirstBad.Offset != spans[k].off || rep.BadBlocks != 2 || rep.Blocks != len(spans)-2 {
		t.Fatalf("verify: %+v first %+v", rep, rep.FirstBad)
	}
	var out bytes.Buffer
	if rep.Write(&out); !strings.Contains(out.String(), fmt.Sprintf("first bad block: %d at byte offset %d", k, spans[k].off)) {
		t.Fatalf("verify report:\n%s", out.String())
	}
}

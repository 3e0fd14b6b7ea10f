// Damage the tools must not hide: closed files truncated later, removed and
// duplicated blocks, version 1 files and their reports.
package datasets

import (
	"bytes"
	"dualnnue/position"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// closedCorpus writes a closed (renamed) file of many small blocks in dir
// and returns its path, bytes and block spans.
func closedCorpus(t *testing.T, dir string, g position.Variant) (string, []byte, []blockSpan) {
	t.Helper()
	path := filepath.Join(dir, "c.dnds")
	w, err := Create(path, g, GeneratorInfo{Engine: "test"}, &WriterOptions{BlockSize: 1500, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	games := randomGames(t, g, 40, 77+uint64(g), fullGen)
	for i := range games {
		if err := w.WriteGame(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
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
	if len(spans) < 6 || len(sc.Problems()) != 0 {
		t.Fatalf("corpus: %d blocks, %v", len(spans), sc.Problems())
	}
	return path, data, spans
}

// TestTruncatedClosedFile: a closed file (no .tmp name) that lost its end
// is damaged: verify exits 1, merge and split refuse it unless -salvage,
// and leave nothing behind when they refuse. The same bytes as a .tmp are
// a killed writer's remains (a warning).
func TestTruncatedClosedFile(t *testing.T) {
	dir := t.TempDir()
	_, data, spans := closedCorpus(t, dir, position.Xiangqi)
	last := spans[len(spans)-1]
	cases := []struct {
		name string
		cut  int64
		want Problem
	}{
		{"end marker cut off", last.end, Problem{Block: len(spans), Offset: last.end, Msg: "no end marker in a closed file: the file was truncated after its last intact block"}},
		{"last block torn", last.end - 7, Problem{Block: len(spans) - 1, Offset: last.off,
			Msg: fmt.Sprintf("torn block in a closed file: %d of %d bytes present (the file was truncated here); %d records lost", last.end-7-last.off, last.end-last.off, last.records)}},
		{"header torn", spans[3].off + 20, Problem{Block: 3, Offset: spans[3].off, Msg: "torn block header (20 of 48 bytes) in a closed file: the file was truncated here"}},
	}
	for _, c := range cases {
		path := filepath.Join(dir, "cut.dnds")
		if err := writeFile(path, data[:c.cut]); err != nil {
			t.Fatal(err)
		}
		rep, err := Verify(path)
		if err != nil {
			t.Fatal(err)
		}
		if rep.FirstBad == nil || fmt.Sprint(rep.Problems) != fmt.Sprint([]Problem{c.want}) {
			t.Fatalf("%s: verify problems %v, want %v", c.name, rep.Problems, c.want)
		}
		var out bytes.Buffer
		if rep.Write(&out); !strings.Contains(out.String(), ": DAMAGED: ") || !strings.Contains(out.String(), c.want.Msg) {
			t.Fatalf("%s: verify report\n%s", c.name, out.String())
		}
		merged := filepath.Join(dir, "m.dnds")
		_, _, err = Merge(merged, []string{path}, false, nil)
		if err == nil || !strings.Contains(err.Error(), "cut.dnds is damaged") || !strings.Contains(err.Error(), "pass -salvage") {
			t.Fatalf("%s: merge: %v", c.name, err)
		}
		if _, err := Split([]string{path}, filepath.Join(dir, "s"), 2, false, nil); err == nil || !strings.Contains(err.Error(), "split refuses it") {
			t.Fatalf("%s: split: %v", c.name, err)
		}
		assertFiles(t, dir, "c.dnds", "cut.dnds")
		recs, _, err := Merge(merged, []string{path}, true, nil)
		if err != nil || recs == 0 {
			t.Fatalf("%s: merge -salvage: %d records, %v", c.name, recs, err)
		}
		if rep, err := Verify(merged); err != nil || !rep.OK() || uint64(rep.Positions) != recs {
			t.Fatalf("%s: salvaged file: %+v %v", c.name, rep, err)
		}
		os.Remove(merged)
		// The same bytes left by a killed writer.
		tmp := filepath.Join(dir, "k.dnds.tmp")
		if err := writeFile(tmp, data[:c.cut]); err != nil {
			t.Fatal(err)
		}
		if rep, err := Verify(tmp); err != nil || rep.FirstBad != nil || len(rep.Problems) != 1 || !rep.Problems[0].Warning {
			t.Fatalf("%s: verify of the .tmp: %+v %v", c.name, rep, err)
		}
		if _, _, err := Merge(merged, []string{tmp}, false, nil); err != nil {
			t.Fatalf("%s: merge of the .tmp: %v", c.name, err)
		}
		os.Remove(merged)
		os.Remove(tmp)
	}
}

// assertFiles fails unless dir holds exactly the named files.
func assertFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	sort.Strings(got)
	sort.Strings(names)
	if fmt.Sprint(got) != fmt.Sprint(names) {
		t.Fatalf("%s holds %v, want %v", dir, got, names)
	}
}

// readPath reads every record of path as the tools do (Open), returning
// their descriptions and the problems.
func readPath(t *testing.T, path string) ([]string, []Problem) {
	t.Helper()
	r, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var recs []string
	for r.Next() {
		rec := r.Record()
		ord, exact := r.GameOrdinal()
		recs = append(recs, fmt.Sprintf("%s|%d|%d|%d|%d|%v", r.Position().FEN(), rec.Score, rec.Move, rec.Best, ord, exact))
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return recs, r.Problems()
}

// TestRemovedOrDuplicatedBlock: the reader every tool uses (stats, export,
// merge, split, the trainer's) sees a removed or a repeated block by its
// sequence number: the repeat is skipped, the gap reported, and the games
// after a gap keep their ordinals.
func TestRemovedOrDuplicatedBlock(t *testing.T) {
	dir := t.TempDir()
	path, data, spans := closedCorpus(t, dir, position.Chess)
	clean, probs := readPath(t, path)
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	blockOf := func(i int) int { // block of clean record i
		n := 0
		for k, sp := range spans {
			n += sp.records
			if i < n {
				return k
			}
		}
		return -1
	}
	without := func(k int) []string {
		var out []string
		for i, r := range clean {
			if blockOf(i) != k {
				out = append(out, r)
			}
		}
		return out
	}
	gamesIn := func(k int) int {
		sc, _ := NewBlockScanner(bytes.NewReader(data))
		for i := 0; ; i++ {
			sc.Next()
			if h, _, _ := sc.Block(); i == k {
				return int(h.Games)
			}
		}
	}
	k := 2
	sp := spans[k]
	removed := append(bytes.Clone(data[:sp.off]), data[sp.end:]...)
	dup := append(bytes.Clone(data[:sp.end]), data[sp.off:]...)
	lastK := len(spans) - 1
	removedLast := append(bytes.Clone(data[:spans[lastK].off]), data[spans[lastK].end:]...)
	cases := []struct {
		name string
		data []byte
		recs []string
		want Problem
	}{
		{"removed", removed, without(k), Problem{Block: k, Offset: sp.off,
			Msg: fmt.Sprintf("block %d (%d games) missing before offset %d: removed from the file", k, gamesIn(k), sp.off)}},
		{"duplicated", dup, clean, Problem{Block: k, Offset: sp.end,
			Msg: fmt.Sprintf("block %d again after block %d (duplicated or misplaced): skipped, %d records", k, k, sp.records)}},
		{"last removed", removedLast, without(lastK), Problem{Block: lastK, Offset: spans[lastK].off,
			Msg: fmt.Sprintf("block %d (%d games) missing before offset %d: removed from the file", lastK, gamesIn(lastK), spans[lastK].off)}},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name+".dnds")
		if err := writeFile(p, c.data); err != nil {
			t.Fatal(err)
		}
		recs, probs := readPath(t, p)
		if fmt.Sprint(probs) != fmt.Sprint([]Problem{c.want}) {
			t.Fatalf("%s: problems %v, want %v", c.name, probs, c.want)
		}
		sameRecs(t, c.name, recs, c.recs) // ordinals included: the games keep their identity
		var st Stats
		if err := st.Add(p); err != nil || st.Damaged != 1 || st.Positions != int64(len(c.recs)) {
			t.Fatalf("%s: stats: %d positions, %d damaged, %v", c.name, st.Positions, st.Damaged, err)
		}
		var out, warn bytes.Buffer
		if st.Write(&out); !strings.Contains(out.String(), c.want.Msg) {
			t.Fatalf("%s: stats report\n%s", c.name, out.String())
		}
		if n, damaged, err := ExportFiles(io.Discard, []string{p}, nil, &warn); err != nil || damaged != 1 || n != int64(len(c.recs)) ||
			warn.String() != p+": "+c.want.String()+"\n" {
			t.Fatalf("%s: export: %d positions, %d damaged, %v, warnings %q", c.name, n, damaged, err, warn.String())
		}
		rep, err := Verify(p)
		out.Reset()
		if rep.Write(&out); err != nil || rep.FirstBad == nil || !strings.Contains(out.String(), c.want.Msg) {
			t.Fatalf("%s: verify %v\n%s", c.name, err, out.String())
		}
		if _, _, err := Merge(filepath.Join(dir, "m.dnds"), []string{p}, false, nil); err == nil || !strings.Contains(err.Error(), c.want.Msg) {
			t.Fatalf("%s: merge: %v", c.name, err)
		}
		n := 0
		var lp []Problem
		l, err := NewLoader(LoaderConfig{Files: []string{p}, BatchSize: 64, ShuffleBuffer: 256, Workers: 1,
			OnProblem: func(_ string, p Problem) { lp = append(lp, p) }})
		if err != nil {
			t.Fatal(err)
		}
		for b, ok := l.Next(); ok; b, ok = l.Next() {
			n += b.Len
		}
		l.Close()
		if n != len(c.recs) || fmt.Sprint(lp) != fmt.Sprint([]Problem{c.want}) {
			t.Fatalf("%s: the loader gave %d positions (want %d), problems %v", c.name, n, len(c.recs), lp)
		}
		// The trainer's memory mode reads through ReadSamples.
		var rp []Problem
		rs, err := ReadSamples([]string{p}, position.Chess, &Filter{}, func(*Sample) error { return nil },
			func(_ string, p Problem) { rp = append(rp, p) })
		if err != nil || rs.Kept != int64(len(c.recs)) || rs.Problems != 1 || fmt.Sprint(rp) != fmt.Sprint([]Problem{c.want}) {
			t.Fatalf("%s: ReadSamples kept %d positions (want %d), problems %v, %v", c.name, rs.Kept, len(c.recs), rp, err)
		}
		os.Remove(p)
	}
}

// v1Spans returns the block spans of a version 1 file, end marker included.
func v1Spans(t *testing.T, data []byte) []blockSpan {
	t.Helper()
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
		spans = append(spans, blockSpan{off, off + blockHeaderSizeV1 + int64(len(p)), int(h.Records)})
	}
	end := spans[len(spans)-1].end
	return append(spans, blockSpan{end, int64(len(data)), 0})
}

// TestReadVersion1: files of format version 1 (testdata/v1-*.dnds, written
// by the version 1 Writer from randomGames(12, 99+game)) still read, verify
// and merge (into version 2); their damage reports name the right block
// and offset; a removed or repeated block is caught by the end marker's
// totals.
func TestReadVersion1(t *testing.T) {
	for _, g := range bothGames {
		name := map[position.Variant]string{position.Chess: "chess", position.Xiangqi: "xiangqi"}[g]
		path := filepath.Join("testdata", "v1-"+name+".dnds")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := randomGames(t, g, 12, 99+uint64(g), fullGen)
		for i := range want {
			want[i] = normalized(want[i])
		}
		got, probs := readGames(t, data)
		if len(probs) != 0 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: read %d games (problems %v), want the %d written", g, len(got), probs, len(want))
		}
		if rep, err := Verify(path); err != nil || !rep.OK() {
			t.Fatalf("%v: verify: %+v %v", g, rep, err)
		}
		dir := t.TempDir()
		merged := filepath.Join(dir, "m.dnds")
		if _, _, err := Merge(merged, []string{path}, false, nil); err != nil {
			t.Fatal(err)
		}
		mdata, _ := os.ReadFile(merged)
		if got, probs := readGames(t, mdata); len(probs) != 0 || fmt.Sprint(got) != fmt.Sprint(want) || mdata[8] != FormatVersion {
			t.Fatalf("%v: merged into version %d: %d games, problems %v", g, mdata[8], len(got), probs)
		}
		if rep, err := Verify(merged); err != nil || !rep.OK() {
			t.Fatalf("%v: verify of the merge: %+v %v", g, rep, err)
		}

		spans := v1Spans(t, data) // the data blocks and the end marker
		if len(spans) < 3 {
			t.Fatalf("%v: %d spans", g, len(spans))
		}
		end := spans[len(spans)-1]
		total := 0
		for _, sp := range spans {
			total += sp.records
		}
		h1, _ := parseBlockHeader(data[spans[1].off:], 1)
		g1 := int(h1.Games)
		other := position.Chess
		if g == position.Chess {
			other = position.Xiangqi
		}
		foreign := bytes.Clone(data)
		h, msg := parseBlockHeader(foreign[spans[1].off:], 1)
		if msg != "" {
			t.Fatal(msg)
		}
		h.Game = other
		appendBlockHeader(foreign[spans[1].off:spans[1].off], &h)
		removed := append(bytes.Clone(data[:spans[1].off]), data[spans[1].end:]...)
		dup := append(bytes.Clone(data[:spans[1].end]), data[spans[1].off:]...)
		size1 := spans[1].end - spans[1].off
		cases := []struct {
			name string
			data []byte
			want Problem
		}{
			{"block of the other game", foreign, Problem{Block: 1, Offset: spans[1].off, Msg: fmt.Sprintf("block of game %v in a %v file skipped", other, g)}},
			{"block removed", removed, Problem{Block: len(spans) - 2, Offset: end.off - size1,
				Msg: fmt.Sprintf("end marker counts %d positions / 12 games, the blocks hold %d / %d: blocks removed or duplicated", total, total-spans[1].records, 12-g1)}},
			{"block repeated", dup, Problem{Block: len(spans), Offset: end.off + size1,
				Msg: fmt.Sprintf("end marker counts %d positions / 12 games, the blocks hold %d / %d: blocks removed or duplicated", total, total+spans[1].records, 12+g1)}},
		}
		for _, c := range cases {
			p := filepath.Join(dir, "d.dnds")
			if err := writeFile(p, c.data); err != nil {
				t.Fatal(err)
			}
			rep, err := Verify(p)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(rep.Problems) != fmt.Sprint([]Problem{c.want}) || rep.FirstBad == nil {
				t.Fatalf("%v %s: problems %v, want %v", g, c.name, rep.Problems, c.want)
			}
		}
	}
}

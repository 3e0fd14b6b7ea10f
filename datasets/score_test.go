// Scores: Stockfish's "no score" at import (shared case DS-01), scores outside
// the mate range refused at import and write and reported by verify.
package datasets

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

// TestImportValueNone is shared case DS-01: Stockfish's VALUE_NONE (32002)
// is "no score" whichever side is to move, 32001 is rejected at import.
func TestImportValueNone(t *testing.T) {
	type dsCase struct {
		ID       string `json:"id"`
		Expected struct {
			InputText []string `json:"input_text"`
		} `json:"expected"`
	}
	var lines []string
	for _, c := range sharedtest.ReadJSONL[dsCase](t, filepath.Join(sharedtest.Dir(t), "cases", "cases.jsonl")) {
		if strings.HasPrefix(c.ID, "DS-01-") {
			lines = c.Expected.InputText
		}
	}
	if len(lines) != 3 {
		t.Fatalf("DS-01 has %d input lines, want 3", len(lines))
	}
	var buf, warn bytes.Buffer
	w, err := NewWriter(&buf, position.Chess, GeneratorInfo{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ImportText(strings.NewReader(strings.Join(lines, "\n")+"\n"), w, &warn)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if want := (ImportStats{Lines: 3, Positions: 2, Games: 1, Skipped: 1, Unscored: 2}); st != want {
		t.Fatalf("import stats %+v, want %+v", st, want)
	}
	if got, want := warn.String(), "line 3: score \"32001\" outside the mate range [-32000, 32000] (and not 32002, \"no score\")\n"; got != want {
		t.Fatalf("warnings %q, want %q", got, want)
	}
	r, err := NewReader(bytes.NewReader(buf.Bytes()), nil)
	if err != nil {
		t.Fatal(err)
	}
	var g GameRecord
	if !r.NextGame(&g) || len(g.Plies) != 2 || g.Plies[0].Score != position.ValueNone || g.Plies[1].Score != position.ValueNone {
		t.Fatalf("stored game %+v, want two unscored plies", g)
	}
	r2, _ := NewReader(bytes.NewReader(buf.Bytes()), nil)
	if r2.Next() {
		t.Fatalf("the reader returned an unscored position (score %d)", r2.Record().Score)
	}
}

// rawScoreBlock returns the header and stored payload of one block
// holding a single move-less game whose only record has score v, made
// without the Writer's range check: what an older or foreign writer could
// have written.
func rawScoreBlock(t *testing.T, g position.Variant, v position.Value) (BlockHeader, []byte) {
	t.Helper()
	rp, err := newReplayer(g)
	if err != nil {
		t.Fatal(err)
	}
	var b blockBuilder
	b.reset()
	if err := b.addGame(rp, &GameRecord{Plies: []Ply{{Score: 0}}}); err != nil {
		t.Fatal(err)
	}
	b.scores = binary.AppendUvarint(b.scores[:0], zigzag(int64(v)))
	raw := b.payload(nil)
	h := BlockHeader{Version: FormatVersion, Game: g, Flags: blockFlagStored, Records: 1, Games: 1,
		RawSize: uint32(len(raw)), Size: uint32(len(raw)), PayloadCRC: crc32c(raw)}
	return h, raw
}

// TestVerifyScoreOutOfRange: a stored score outside the mate range is
// damage that verify reports (with exit 1), even when the block's last
// record is fine; the Writer refuses to store one.
func TestVerifyScoreOutOfRange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.dnds")
	w, err := Create(path, position.Chess, GeneratorInfo{}, &WriterOptions{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	h, raw := rawScoreBlock(t, position.Chess, 32001)
	if err := w.WriteBlock(&h, raw); err != nil {
		t.Fatal(err)
	}
	games := randomGames(t, position.Chess, 3, 5, fullGen)
	for i := range games {
		if err := w.WriteGame(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	fileHdr := int64(len(mustFileHeader(t, path)))
	want := []Problem{{Block: 0, Offset: fileHdr, Msg: "1 scores outside the mate range [-32000, 32000] (first: game 0, record 0, score 32001)"}}
	if rep.OK() || rep.FirstBad == nil || fmt.Sprint(rep.Problems) != fmt.Sprint(want) || rep.Blocks != 1 || rep.BadBlocks != 1 {
		t.Fatalf("verify: %+v, problems %v, want %v", rep, rep.Problems, want)
	}
	var out bytes.Buffer
	if rep.Write(&out); !strings.Contains(out.String(), ": DAMAGED: ") {
		t.Fatalf("verify report:\n%s", out.String())
	}
	bad := GameRecord{Plies: []Ply{{Score: -32001}}}
	if err := w.WriteGame(&bad); err == nil {
		t.Fatal("a closed writer accepted a game")
	}
	var buf bytes.Buffer
	w2, _ := NewWriter(&buf, position.Chess, GeneratorInfo{}, nil)
	if err := w2.WriteGame(&bad); err == nil || err.Error() != "datasets: ply 0: score -32001 outside the mate range [-32000, 32000]" {
		t.Fatalf("WriteGame of score -32001: %v", err)
	}
}

// mustFileHeader returns the file header bytes of the dataset at path.
func mustFileHeader(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := NewBlockScanner(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return data[:sc.off]
}

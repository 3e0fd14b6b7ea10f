// Writes the committed seed corpus of FuzzParse (go test -run Corpus -update-corpus).
package nn

import (
	"dualnnue/nn/features"
	"dualnnue/position"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz/FuzzParse seeds")

func TestWriteFuzzCorpus(t *testing.T) {
	if !*updateCorpus {
		t.Skip("run with -update-corpus to rewrite testdata/fuzz/FuzzParse")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	chessNet, c := smallNetBytes(t, position.Chess, CReLU, 1)
	_, x := smallNetBytes(t, position.Xiangqi, SCReLU, 4)
	big := slices.Clone(c[:headerSize+len(chessNet.Description)+64])
	a := chessNet.Arch
	a.Hidden = MaxHidden
	binary.LittleEndian.PutUint32(big[20:], MaxHidden)
	binary.LittleEndian.PutUint64(big[40:], a.Hash())
	badsum := slices.Clone(c)
	badsum[len(badsum)-1] ^= 1
	_, kb := smallSetNetBytes(t, features.ChessKB4HM)
	head := headerSize + shapeSize(position.Chess) // the shape block is checked before the length
	kbBadMap := slices.Clone(kb[:head])
	kbBadMap[headerSize+4+10] = 40
	seeds := map[string][]byte{
		"valid-version1-chess": version1(chessNet, c),
		"valid-chess-kb4":      kb,
		"kb4-map-value-40":     kbBadMap,
		"kb4-hidden-layers-3":  append(slices.Clone(kb[:54]), append([]byte{3}, kb[55:head]...)...),
		"valid-chess-crelu":    c,
		"valid-xiangqi-screlu": x,
		"header-only":          c[:headerSize],
		"claims-hidden-2048":   big,
		"bad-checksum":         badsum,
		"magic-only":           []byte(Magic),
	}
	for name, b := range seeds {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", string(b))
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

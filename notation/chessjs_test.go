// Interoperability: our chess PGN loads in the npm package chess.js with the same SAN.
package notation

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// TestChessJS writes 60 random games (from the start position and from
// the chess perft suite's positions) as one PGN file, loads every game in
// chess.js (strict PGN parsing) and compares its SAN move list and final
// position with ours. It needs node and `npm ci --prefix
// notation/testdata/chessjs`; it skips when either is missing.
func TestChessJS(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("testdata", "chessjs"))
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: " + sharedtest.HowNode + ", then " + sharedtest.HowChessJS)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "chess.js")); err != nil {
		t.Skip("chess.js not installed: " + sharedtest.HowChessJS)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	fens := []string{chess.StartFEN}
	for _, r := range readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "chess.jsonl")) {
		fens = append(fens, r.FEN)
	}
	var file bytes.Buffer
	var games []*Game
	var sans [][]string
	var finals []string
	for i := 0; i < 60; i++ {
		fen := chess.StartFEN
		if i%3 != 0 {
			fen = fens[1+rng.IntN(len(fens)-1)]
		}
		g := randomChessGame(t, fen, 10+rng.IntN(150), rng)
		if err := WritePGN(&file, g, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		p, _ := chess.NewFromFEN(g.StartFEN())
		states := make([]position.State, len(g.Moves))
		var san []string
		for j, m := range g.Moves {
			san = append(san, SAN(p, m))
			p.DoMove(m, &states[j])
		}
		games = append(games, g)
		sans = append(sans, san)
		finals = append(finals, p.FEN())
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", filepath.Join(dir, "check.js"), path).Output()
	if err != nil {
		t.Fatalf("node check.js: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	i := 0
	for ; sc.Scan(); i++ {
		var r struct {
			OK    bool     `json:"ok"`
			SAN   []string `json:"san"`
			FEN   string   `json:"fen"`
			Error string   `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if i >= len(games) {
			t.Fatalf("chess.js reported more games than written")
		}
		if !r.OK {
			t.Errorf("game %d (from %s): chess.js rejects it: %s", i, games[i].StartFEN(), r.Error)
			continue
		}
		if strings.Join(r.SAN, " ") != strings.Join(sans[i], " ") {
			t.Errorf("game %d: chess.js SAN %v, ours %v", i, r.SAN, sans[i])
		}
		// Compare placement, side, castling (en-passant conventions differ).
		if a, b := strings.Fields(r.FEN), strings.Fields(finals[i]); strings.Join(a[:3], " ") != strings.Join(b[:3], " ") {
			t.Errorf("game %d: chess.js ends in %s, we end in %s", i, r.FEN, finals[i])
		}
	}
	if i != len(games) {
		t.Errorf("chess.js read %d games, we wrote %d", i, len(games))
	}
}

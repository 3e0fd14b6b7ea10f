package match

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/position/xiangqi"
	"dualnnue/rules"
)

// readOpeningSet reads the project's opening set of game.
func readOpeningSet(game string) ([]notation.Opening, error) {
	v, err := position.ParseVariant(game)
	if err != nil {
		return nil, err
	}
	return notation.ReadOpenings(filepath.Join("..", "configs", "openings", game+".epd"), v, rules.Undecided)
}

// playFakeMatch plays games between two "good" fake engines from the
// project's opening set and returns the PGN text and the game records.
func playFakeMatch(t *testing.T, game string, games int) (string, []notation.Opening) {
	t.Helper()
	old := testGame
	testGame = game
	defer func() { testGame = old }()
	ops, err := readOpeningSet(game)
	if err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	cfg := Config{Game: variantOf(game), TC: TimeControl{Nodes: 1}, Games: games, Openings: ops[:games/2],
		Adjudication: Adjudication{MaxPlies: 60}, PGNOut: pgn}
	cfg.Engines[0] = fakeConfig(t, "good", "a")
	cfg.Engines[1] = fakeConfig(t, "good", "b")
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), ops[:games/2]
}

// TestChessPGNLoadsInChessJS: the match PGN (SAN, with engine comments)
// loads in the npm package chess.js in strict mode, and our own PGN reader
// reads the same games.
func TestChessPGNLoadsInChessJS(t *testing.T) {
	text, _ := playFakeMatch(t, "chess", 6)
	games, err := notation.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 6 {
		t.Fatalf("our reader: %d games, %v", len(games), err)
	}
	dir, _ := filepath.Abs(filepath.Join("..", "notation", "testdata", "chessjs"))
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: " + sharedtest.HowNode + ", then " + sharedtest.HowChessJS)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "chess.js")); err != nil {
		t.Skip("chess.js not installed: " + sharedtest.HowChessJS)
	}
	path := filepath.Join(t.TempDir(), "m.pgn")
	os.WriteFile(path, []byte(text), 0o644)
	out, err := exec.Command("node", filepath.Join(dir, "check.js"), path).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	n := 0
	for sc.Scan() {
		var r struct {
			OK    bool     `json:"ok"`
			Error string   `json:"error"`
			SAN   []string `json:"san"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil || !r.OK {
			t.Fatalf("chess.js rejects game %d: %v %s", n+1, err, r.Error)
		}
		if len(r.SAN) != len(games[n].Moves) {
			t.Fatalf("game %d: chess.js %d moves, ours %d", n+1, len(r.SAN), len(games[n].Moves))
		}
		n++
	}
	if n != 6 {
		t.Fatalf("chess.js read %d games", n)
	}
}

var iccsMove = regexp.MustCompile(`^[a-i][0-9][a-i][0-9]$`)

// TestXiangqiPGNReplaysInFairyStockfish: the moves of the xiangqi match PGN,
// given to Fairy-Stockfish (ranks 1–10), reach the same final position as
// our replay.
func TestXiangqiPGNReplaysInFairyStockfish(t *testing.T) {
	text, _ := playFakeMatch(t, "xiangqi", 4)
	fsf := FindEngine("fairy-stockfish")
	if !fileExists(fsf) {
		t.Skip("fairy-stockfish not installed: " + sharedtest.HowFairyStockfish)
	}
	for i, block := range strings.Split(text, "[Event ")[1:] {
		var fen string
		var moves []string
		for _, line := range strings.Split(block, "\n") {
			if v, ok := strings.CutPrefix(line, `[FEN "`); ok {
				fen = strings.TrimSuffix(v, `"]`)
			}
			if strings.HasPrefix(line, "[") {
				continue
			}
			for _, tok := range strings.Fields(line) {
				if iccsMove.MatchString(tok) {
					moves = append(moves, tok)
				}
			}
		}
		if fen == "" {
			fen = xiangqi.StartFEN
		}
		p, err := xiangqi.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		states := make([]position.State, len(moves))
		var ranks1 []string
		for k, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("game %d move %d %s: %v", i+1, k+1, s, err)
			}
			p.DoMove(m, &states[k])
			ranks1 = append(ranks1, toRanks1(s))
		}
		script := "setoption name UCI_Variant value xiangqi\nposition fen " + fen + " moves " + strings.Join(ranks1, " ") + "\nd\nquit\n"
		cmd := exec.Command(fsf)
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Join(strings.Fields(p.FEN())[:2], " ")
		var got string
		for _, line := range strings.Split(string(out), "\n") {
			if v, ok := strings.CutPrefix(line, "Fen: "); ok {
				got = strings.Join(strings.Fields(v)[:2], " ")
			}
		}
		if got != want || len(moves) < 2 {
			t.Fatalf("game %d (%d moves): Fairy-Stockfish reached %q, we reached %q", i+1, len(moves), got, want)
		}
	}
}

// TestXiangqiPGNRanks: the match PGN says which rank numbering its xiangqi
// moves use ([XiangqiRanks "0-9"] by default, "1-10" with Ranks1, where
// "h2e2" is written "h3e3"), and both read back to the same game.
func TestXiangqiPGNRanks(t *testing.T) {
	rec := &GameRecord{White: "a", Black: "b", FEN: xiangqi.StartFEN, Moves: []string{"h2e2", "h9g7", "h0g2", "i9h9"},
		Comments: []string{"+0.20/5", "-0.10/5", "", ""}, Result: position.Draw, Reason: "adjudication", Fault: -1}
	var games [2][]position.Move
	for i, ranks1 := range []bool{false, true} {
		var b strings.Builder
		if err := WritePGN(&b, position.Xiangqi, rec, PGNTags{Event: "e", Round: "1.1", Ranks1: ranks1}); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		tag, moves := `[XiangqiRanks "0-9"]`, "1. h2e2 {+0.20/5} h9g7 {-0.10/5} 2. h0g2 i9h9 1/2-1/2"
		if ranks1 {
			tag, moves = `[XiangqiRanks "1-10"]`, "1. h3e3 {+0.20/5} h10g8 {-0.10/5} 2. h1g3 i10h10 1/2-1/2"
		}
		if !strings.Contains(text, "[Variant \"xiangqi\"]\n"+tag+"\n") || !strings.Contains(text, "\n\n"+moves+"\n") {
			t.Fatalf("ranks1 %v:\n%s", ranks1, text)
		}
		g, err := notation.ParsePGN(text)
		if err != nil {
			t.Fatalf("ranks1 %v: read back: %v", ranks1, err)
		}
		games[i] = g.Moves
	}
	if len(games[0]) != 4 || !reflect.DeepEqual(games[0], games[1]) {
		t.Fatalf("0-9 read %v, 1-10 read %v", games[0], games[1])
	}
	ops, err := notation.ReadPGNOpenings(strings.NewReader(func() string {
		var b strings.Builder
		WritePGN(&b, position.Xiangqi, rec, PGNTags{Ranks1: true})
		return b.String()
	}()), position.Xiangqi)
	if err != nil || len(ops) != 1 || strings.Join(ops[0].Moves, " ") != "h2e2 h9g7 h0g2 i9h9" {
		t.Fatalf("1-10 PGN as openings: %v %+v", err, ops)
	}
}

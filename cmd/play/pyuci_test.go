// A plain-Python UCI client (test/pyuci/driver.py, the standard library
// only, driving the engine the way python-chess and simple GUIs do) plays
// three games with no UCI_Variant and no option sent: chess with the binary
// named dualnnue-chess, chess with the plain binary whose first position
// command carries 1. e4, and xiangqi with the plain binary. Here every move
// is replayed with our rules (perft-proven against Stockfish and
// Fairy-Stockfish), and no engine may say "info string error" or answer
// with no move.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"dualnnue/internal/sharedtest"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

func TestPythonUCIClientGames(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed: " + sharedtest.HowPython)
	}
	driver, _ := filepath.Abs(filepath.Join("..", "..", "test", "pyuci", "driver.py"))
	link := filepath.Join(t.TempDir(), "dualnnue-chess")
	if err := os.Symlink(binary, link); err != nil {
		t.Fatalf("symbolic link: %v", err)
	}
	const plies = 40
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, driver, link, binary, "40")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("python driver: %v\n%s", err, stderr.String())
	}
	type game struct {
		Moves  []string `json:"moves"`
		Result string   `json:"result"`
		Errors []string `json:"errors"`
	}
	var out struct {
		Chess       game `json:"chess"`
		ChessSwitch game `json:"chessSwitch"`
		Xiangqi     game `json:"xiangqi"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &out); err != nil {
		t.Fatalf("driver output: %v\n%s", err, stdout.String())
	}
	for _, g := range []struct {
		name string
		g    game
	}{{"chess (dualnnue-chess)", out.Chess}, {"chess (1. e4 to the plain binary)", out.ChessSwitch}, {"xiangqi", out.Xiangqi}} {
		if len(g.g.Errors) > 0 {
			t.Errorf("%s: the engine said %q", g.name, g.g.Errors)
		}
		// A game ends early only when the side to move has no legal move,
		// which replay checks; otherwise it runs to the ply limit.
		if g.g.Result != "ply limit" && len(g.g.Moves) < plies {
			t.Logf("%s ended at ply %d: %s", g.name, len(g.g.Moves), g.g.Result)
		}
	}
	cp, _ := chess.NewFromFEN(chess.StartFEN)
	replay(t, "chess (dualnnue-chess)", cp, nodeGame{Moves: out.Chess.Moves, Result: noMove(out.Chess.Result)})
	cp, _ = chess.NewFromFEN(chess.StartFEN)
	replay(t, "chess (1. e4 to the plain binary)", cp, nodeGame{Moves: out.ChessSwitch.Moves, Result: noMove(out.ChessSwitch.Result)})
	xp, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	replay(t, "xiangqi", xp, nodeGame{Moves: out.Xiangqi.Moves, Result: noMove(out.Xiangqi.Result)})
	for _, g := range []struct {
		name string
		n    int
	}{{"chess", len(out.Chess.Moves)}, {"chess switch", len(out.ChessSwitch.Moves)}, {"xiangqi", len(out.Xiangqi.Moves)}} {
		if g.n < 20 {
			t.Errorf("%s: only %d plies", g.name, g.n)
		}
	}
}

// noMove maps the driver's "no move" ending onto replay's check that the
// side to move then really has no legal move.
func noMove(result string) string {
	if strings.HasPrefix(result, "no move") {
		return "no legal move"
	}
	return result
}

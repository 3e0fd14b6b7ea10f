// A real client we did not write: node-uci drives two instances of the
// binary through a full chess game, a full xiangqi game and a short chess
// game with no UCI_Variant sent, as a plain chess GUI plays (White the
// binary under the name dualnnue-chess, Black the plain binary; see
// test/nodeuci/driver.mjs); here the games are replayed with our rules.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

type nodeGame struct {
	Moves        []string `json:"moves"`
	Result       string   `json:"result"`
	PonderHits   int      `json:"ponderHits"`
	PonderMisses int      `json:"ponderMisses"`
	Flags        []struct {
		Side, Ply, UsedMs int
	} `json:"flags"`
}

// fairyStockfish finds the Debian package's binary (installed in /usr/games).
func fairyStockfish() string {
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
		return "/usr/games/fairy-stockfish"
	}
	return ""
}

func TestNodeUCIGames(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: " + sharedtest.HowNode + ", then " + sharedtest.HowNodeUCI)
	}
	dir, _ := filepath.Abs(filepath.Join("..", "..", "test", "nodeuci"))
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "node-uci")); err != nil {
		t.Skip("node-uci not installed: " + sharedtest.HowNodeUCI)
	}
	args := []string{filepath.Join(dir, "driver.mjs"), binary}
	fsf := fairyStockfish()
	if fsf != "" {
		args = append(args, fsf)
	} else {
		t.Log("fairy-stockfish not found: xiangqi moves are checked with our rules only (" + sharedtest.HowFairyStockfish + ")")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	// The same binary under a name that makes chess its default.
	link := filepath.Join(t.TempDir(), "dualnnue-chess")
	if err := os.Symlink(binary, link); err != nil {
		t.Fatalf("symbolic link: %v", err)
	}
	cmd.Env = append(os.Environ(), "DUALNNUE_CHESS="+link)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node driver: %v\n%s", err, stderr.String())
	}
	t.Log(stderr.String())
	var out struct {
		Chess          nodeGame  `json:"chess"`
		ChessNoVariant *nodeGame `json:"chessNoVariant"`
		Xiangqi        nodeGame  `json:"xiangqi"`
		FairyStockfish bool      `json:"fairyStockfish"`
	}
	lines := bytes.Split(bytes.TrimSpace(stdout.Bytes()), []byte("\n"))
	if err := json.Unmarshal(lines[len(lines)-1], &out); err != nil {
		t.Fatalf("driver summary: %v\n%s", err, stdout.String())
	}

	// Replay both games with our rules: every move legal, and a game that
	// ended on "no legal move" really has none.
	cp, _ := chess.NewFromFEN(chess.StartFEN)
	replay(t, "chess", cp, out.Chess)
	if out.ChessNoVariant == nil {
		t.Fatal("the driver played no chess game without UCI_Variant")
	}
	cp, _ = chess.NewFromFEN(chess.StartFEN)
	replay(t, "chess without UCI_Variant", cp, *out.ChessNoVariant)
	if n := len(out.ChessNoVariant.Moves); n < 30 && out.ChessNoVariant.Result != "game over by rule" {
		t.Errorf("chess without UCI_Variant: %d plies, %s", n, out.ChessNoVariant.Result)
	}
	xp, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	replay(t, "xiangqi", xp, out.Xiangqi)
	for _, g := range []struct {
		name string
		g    nodeGame
	}{{"chess", out.Chess}, {"xiangqi", out.Xiangqi}} {
		if len(g.g.Moves) < 20 {
			t.Errorf("%s game of %d plies: %s", g.name, len(g.g.Moves), g.g.Result)
		}
		if g.g.PonderHits+g.g.PonderMisses == 0 {
			t.Errorf("%s: the pondering side never pondered", g.name)
		}
		if len(g.g.Flags) > 0 {
			// The clock is the search's time manager; reported, not failed here.
			t.Logf("%s: %d time losses at %d ms + %d ms per move, first at ply %d (used %d ms)",
				g.name, len(g.g.Flags), 2000, 50, g.g.Flags[0].Ply, g.g.Flags[0].UsedMs)
		}
	}
}

func replay[P interface {
	position.Game
}](t *testing.T, name string, p P, g nodeGame) {
	t.Helper()
	states := make([]position.State, len(g.Moves))
	for i, s := range g.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s ply %d: %v", name, i+1, err)
		}
		p.DoMove(m, &states[i])
	}
	if g.Result == "no legal move" {
		var l position.MoveList
		p.GenerateLegal(&l)
		if l.Len != 0 {
			t.Fatalf("%s ended with bestmove (none) but %d legal moves in %s", name, l.Len, p.FEN())
		}
	}
}

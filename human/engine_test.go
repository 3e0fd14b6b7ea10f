// Sessions with the real engine (search + embedded net or hand-written evaluation) at tiny limits.
package human

import (
	"regexp"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/variants"
)

var enginePlays = regexp.MustCompile(`engine plays (\S+) \(([a-i][0-9][a-i][0-9][qrbn]?)\)   \[depth \d+, (red|white|black) [^,]+, \d+k? nodes, \d+\.\d\d s\]\n`)

var youPlay = regexp.MustCompile(`you play (\S+) \(([a-i][0-9][a-i][0-9][qrbn]?)\)\n`)

// The engine answers each move with a legal move; the pawn moves of the
// script are legal whatever it replies. Both evaluations, both games.
func TestRealEngine(t *testing.T) {
	cases := []struct {
		game, script string
		hce          bool
		replay       func(moves []string) error
	}{
		{"xiangqi", "i3i4\nhint\nP9+1\n", false, replayXiangqi},
		{"xiangqi", "i3i4\nhint\nP9+1\n", true, replayXiangqi},
		{"chess", "e4\nhint\na2a3\n", false, replayChess},
		{"chess", "e4\nhint\na2a3\n", true, replayChess},
	}
	for _, c := range cases {
		var out strings.Builder
		cfg := Config{Game: variantOf(c.game), Nodes: 3000, Threads: 1, HashMiB: 1, Eval: variants.UCIEvalChoice(!c.hce, "")}
		if err := Play(strings.NewReader(c.script), &out, cfg); err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		tr := out.String()
		plays := enginePlays.FindAllStringSubmatch(tr, -1)
		if len(plays) != 2 {
			t.Fatalf("%s hce=%v: %d engine moves, want 2:\n%s", c.game, c.hce, len(plays), tr)
		}
		if n := len(youPlay.FindAllString(tr, -1)); n != 2 {
			t.Errorf("%s: %d moves of the person, want 2:\n%s", c.game, n, tr)
		}
		mustContain(t, tr, "hint: ", "thinking (3000 nodes)...")
		// Replay person and engine moves from the transcript's coordinates.
		var moves []string
		for _, l := range strings.Split(tr, "\n") {
			if m := youPlay.FindStringSubmatch(l + "\n"); m != nil {
				moves = append(moves, m[2])
			}
			if m := enginePlays.FindStringSubmatch(l + "\n"); m != nil {
				moves = append(moves, m[2])
			}
		}
		if len(moves) != 4 {
			t.Fatalf("%s: moves %q", c.game, moves)
		}
		if err := c.replay(moves); err != nil {
			t.Errorf("%s: %v", c.game, err)
		}
	}
}

func replayXiangqi(moves []string) error {
	p, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return err
		}
		p.DoMove(m, new(position.State))
	}
	return nil
}

func replayChess(moves []string) error {
	p, _ := chess.NewFromFEN(chess.StartFEN)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return err
		}
		p.DoMove(m, new(position.State))
	}
	return nil
}

// The engine finds a mate in one and the session announces it.
func TestRealEngineMates(t *testing.T) {
	cases := []struct{ game, fen, move string }{
		{"xiangqi", "3k5/9/9/9/9/9/9/1r7/r8/4K4 b - - 0 1", "engine plays R2+2 (b2b0)"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "engine plays Qh4# (d8h4)"},
	}
	for _, c := range cases {
		var out strings.Builder
		cfg := Config{Game: variantOf(c.game), FEN: c.fen, Depth: 3, Threads: 1, HashMiB: 1}
		if err := Play(strings.NewReader(""), &out, cfg); err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		mustContain(t, out.String(), c.move, "mates in 1, ", "game over: 0-1, checkmate: the engine wins.\n")
	}
}

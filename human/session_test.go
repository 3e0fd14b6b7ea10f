// Sessions driven by stdin scripts: moves, refused input, commands, game ends and end of input.
package human

import (
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/xiangqi"
)

// step is one input line and the exact first line of its answer.
type step struct{ in, want string }

// runSteps plays the steps and checks each answer's first line; it returns
// the transcript and the answers.
func runSteps(t *testing.T, game string, cfg Config, engine []string, steps []step) (string, []string) {
	t.Helper()
	var script strings.Builder
	for _, s := range steps {
		script.WriteString(s.in + "\n")
	}
	tr := playScript(t, game, cfg, engine, script.String())
	ans := answers(tr)
	if len(ans) != len(steps)+1 { // one prompt more: the end of input
		t.Fatalf("%d prompts for %d lines; transcript:\n%s", len(ans), len(steps), tr)
	}
	for i, s := range steps {
		if got := firstLine(ans[i]); got != s.want {
			t.Errorf("line %d %q:\n got %q\nwant %q", i+1, s.in, got, s.want)
		}
	}
	if !strings.HasSuffix(tr, "\nend of input: bye\n") {
		t.Errorf("transcript does not end with the end of input:\n%s", tr)
	}
	return tr, ans
}

func TestXiangqiScript(t *testing.T) {
	const after = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
	_, ans := runSteps(t, "xiangqi", Config{}, []string{"h9g7", "b0c2", "c6c5"}, []step{
		{"h2e2", "you play C2=5 (h2e2)"},
		{"fen", after},
		{"h2h9", "illegal move: h2h9: there is no piece on h2"},
		{"e0e2", "illegal move: e0e2: the king on e0 cannot go to e2; it can go to e1"},
		{"A9A8", "illegal move: A9A8: the rook on a9 is black's; red is to move"},
		{"X2=5", `cannot read "X2=5": unknown piece letter 'X' (want K A E H R C P, or B N) (moves are WXF like C2=5, C2.5, H2+3, R1+1, +C=5, 15+1 or ICCS like h2e2, H2-E2)`},
		{"hello world", `cannot read "hello world": not a command or a single move (type help for the commands, moves for the legal moves)`},
		{"C5=5", "illegal move: C5=5: no legal red cannon move matches (type moves for the legal moves)"},
		{"\x1b[2J", `cannot read "?[2J": unknown piece letter '\x1b' (want K A E H R C P, or B N) (moves are WXF like C2=5, C2.5, H2+3, R1+1, +C=5, 15+1 or ICCS like h2e2, H2-E2)`},
		{"hint", "thinking (2 s)..."},
		{"moves", "35 legal moves for red:"},
		{"undo", "took back your move and the engine's reply"},
		{"fen", xiangqi.StartFEN},
		{"time 0.5", "the engine now thinks 0.5 s per move"},
		{"time abc", `time "abc": want seconds (e.g. 2 or 0.5) or a duration (e.g. 500ms)`},
		{"time 0", `time "0": want between 0.001 and 3600 seconds`},
		{"time", "the engine thinks 0.5 s per move"},
		{"2. H2-F1", "illegal move: H2-F1: the cannon on h2 cannot go to f1; it can go to c2 d2 e2 f2 g2 h1 h3 h4 h5 h6 h9 i2"},
	})
	// The hint is the engine's next scripted move, not played.
	mustContain(t, ans[9], "hint: H8+7 (b0c2)   [depth 1, red +0.00, 1 nodes, 0.00 s]")
	mustContain(t, ans[0], "engine (black) thinking (2 s)...\nengine plays H8+7 (h9g7)   [depth 1, red +0.00, 1 nodes, 0.00 s]\n",
		"last move: 1... H8+7 (h9g7)\nmove 2, red to move (you)\n")
	mustContain(t, ans[10], "C5+4 (e2e6)  C5-1 (e2e1)", "R9+1 (a0a1)  R9+2 (a0a2)\n")
}

func TestXiangqiMoveForms(t *testing.T) {
	// The same opening move typed five ways, each undone.
	var steps []step
	for _, in := range []string{"h2e2", "H2E2", "h2-e2", "C2=5", "c2.5", "1. C2=5"} {
		steps = append(steps, step{in, "you play C2=5 (h2e2)"}, step{"undo", "took back your move and the engine's reply"})
	}
	runSteps(t, "xiangqi", Config{}, nil, steps)
}

func TestXiangqiFlipAndChinese(t *testing.T) {
	_, ans := runSteps(t, "xiangqi", Config{Chinese: true}, nil, []step{
		{"flip", ""},
		{"board", ""},
	})
	mustContain(t, ans[0], " 0  俥--傌--相--仕--帥--仕--相--傌--俥  0\n", "    |     楚 河          漢 界      |\n")
	if !strings.HasPrefix(ans[0], "\n    1   2   3   4   5   6   7   8   9\n 0  ") {
		t.Errorf("flipped board does not start with rank 0:\n%s", ans[0])
	}
	if !strings.HasPrefix(ans[1], "\n    1   2   3   4   5   6   7   8   9\n 0  ") {
		t.Errorf("redrawn board lost the flip:\n%s", ans[1])
	}
}

// Playing Black: the engine moves first; undo takes back only whole moves;
// switch hands the person's side to the engine.
func TestXiangqiBlack(t *testing.T) {
	tr, ans := runSteps(t, "xiangqi", Config{Human: position.Black}, []string{"h2e2", "b0c2", "a0a1"}, []step{
		{"undo", "nothing to undo"},
		{"h9g7", "you play H8+7 (h9g7)"},
		{"history", "1. C2=5  H8+7  2. H8+7"},
		{"undo", "took back your move and the engine's reply"},
		{"history", "1. C2=5"},
		{"switch", "you now play red; the engine plays black"},
		{"resign", "game over: 0-1, red resigns: the engine wins."},
		{"e3e4", "the game is over (0-1, red resigns): type new to play again, or undo"},
		{"undo", "took back your move and the engine's reply"},
		{"new", "new game: you play red"},
	})
	if !strings.HasPrefix(tr, "xiangqi against dualnnue: you play black. Type a move, or \"help\".\n") {
		t.Errorf("banner:\n%s", tr)
	}
	// Before the first prompt: the engine's first move, on a board with Black at the bottom.
	first, _, _ := strings.Cut(tr, "> ")
	mustContain(t, first, "engine (red) thinking (2 s)...\nengine plays C2=5 (h2e2)", " 0  R---H---E---A---K", "move 1, black to move (you)\n1. black")
	// After switch the engine plays Black at once (its scripted a0a1 is
	// not a Black move, so it plays the first legal one, a6a5).
	mustContain(t, ans[5], "engine (black) thinking (2 s)...\nengine plays P1+1 (a6a5)")
}

func TestChessScript(t *testing.T) {
	_, ans := runSteps(t, "chess", Config{}, []string{"e7e5", "b8c6", "f8c5", "g8f6"}, []step{
		{"e4", "you play e4 (e2e4)"},
		{"g1f3", "you play Nf3 (g1f3)"},
		{"Nf3", "illegal move: Nf3: no legal knight move to f3 (type moves for the legal moves)"},
		{"O-O", "illegal move: O-O: castling O-O is not legal (type moves for the legal moves)"},
		{"Bc4", "you play Bc4 (f1c4)"},
		{"e1g1q", "illegal move: e1g1q: only a pawn reaching the last rank promotes"},
		{"e2e4", "illegal move: e2e4: there is no piece on e2"},
		{"b1b3", "illegal move: b1b3: the knight on b1 cannot go to b3; it can go to a3 c3"},
		{"Zz9", `cannot read "Zz9": unknown piece letter 'Z' (want K, Q, R, B, N or a pawn's file a-h) (moves are SAN like e4, Nf3, exd5, O-O, e8=Q or UCI like e2e4, e1g1, e7e8q)`},
		{"0-0", "you play O-O (e1g1)"},
		{"history", "1. e4  e5  2. Nf3  Nc6  3. Bc4  Bc5  4. O-O  Nf6"},
		{"undo", "took back your move and the engine's reply"},
		{"fen", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
		{"fen 7k/4P3/8/8/8/8/8/K7 w - - 0 1", "new game from this position: you play white"},
		{"e7e8", "illegal move: e7e8: a pawn reaching the last rank must promote: add q, r, b or n (e7e8q)"},
		{"e8", "illegal move: e8: a pawn reaching the last rank must promote (add =Q, =R, =B or =N) (type moves for the legal moves)"},
		{"e8=N", "you play e8=N (e7e8n)"},
		{"moves", "the game is over: no moves"},
		{"new", "new game: you play white"},
		{"fen", "7k/4P3/8/8/8/8/8/K7 w - - 0 1"},
	})
	mustContain(t, ans[16], "game over: 1/2-1/2, draw by insufficient material: a draw.\n")
}

// Moves that only the own king's safety forbids, in notation and coordinates.
func TestExposingMoves(t *testing.T) {
	runSteps(t, "chess", Config{}, nil, []step{
		{"fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "new game from this position: you play white"},
		{"Kf2", "illegal move: Kf2: you are in check and that move does not get you out of it"},
		{"e1f2", "illegal move: e1f2: you are in check and that move does not get you out of it"},
		{"fen 4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "new game from this position: you play white"},
		{"Kd1", "illegal move: Kd1: it would leave your king in check"},
		{"fen 4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "new game from this position: you play white"},
		{"Bd3+", "illegal move: Bd3+: it would leave your king in check"},
		{"e2d3", "illegal move: e2d3: it would leave your king in check"},
		{"bd3", "illegal move: bd3: no legal pawn move to d3 (type moves for the legal moves)"},
	})
	runSteps(t, "xiangqi", Config{}, nil, []step{
		{"fen 4k4/9/9/p8/9/9/9/9/4A4/4K4 w - - 0 1", "new game from this position: you play red"},
		{"A5-6", "illegal move: A5-6: it would leave your king in check or facing the other king"},
		{"a4+5", "illegal move: a4+5: no legal red advisor move matches (type moves for the legal moves)"},
		{"a5-4", "illegal move: a5-4: it would leave your king in check or facing the other king"},
		{"e1f0", "illegal move: e1f0: it would leave your king in check or facing the other king"},
	})
}

// Each game-ending rule reaches its announcement.
func TestGameEnds(t *testing.T) {
	cases := []struct {
		name, game string
		human      position.Color
		engine     []string
		script     string
		want       string
	}{
		{"xiangqi checkmate by the person", "xiangqi", position.Red, nil,
			"fen 4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\nb7b9\n",
			"game over: 1-0, checkmate: you win!\n"},
		{"xiangqi no legal move loses", "xiangqi", position.Red, nil,
			"fen 4k4/3P5/5P3/9/9/9/9/9/9/3K5 w - - 0 1\nP4+1\n",
			"game over: 1-0, black has no legal move and loses: you win!\n"},
		{"xiangqi checkmate by the engine", "xiangqi", position.Red, []string{"b2b0"},
			"fen 3k5/9/9/9/9/9/9/1r7/r8/4K4 b - - 0 1\n",
			"engine plays R2+2 (b2b0)"},
		{"xiangqi perpetual check loses", "xiangqi", position.Red, []string{"e9e8", "e8e9", "e9e8", "e8e9"},
			"fen 4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1\na7a9\na9a8\na8a9\na9a8\na8a9\n",
			"game over: 0-1, red loses by perpetual check: the engine wins.\n"},
		{"xiangqi idle repetition draws", "xiangqi", position.Red, []string{"h9g7", "g7h9", "h9g7", "g7h9"},
			"H2+3\nH3-2\nH2+3\nH3-2\n",
			"game over: 1/2-1/2, draw by threefold repetition: a draw.\n"},
		{"chess scholar's mate", "chess", position.White, nil,
			"fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\nQxf7#\n",
			"game over: 1-0, checkmate: you win!\n"},
		{"chess stalemate", "chess", position.White, nil,
			"fen 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\nQf7\n",
			"game over: 1/2-1/2, stalemate: a draw.\n"},
		{"chess threefold repetition", "chess", position.White, []string{"g8f6", "f6g8", "g8f6", "f6g8"},
			"Nf3\nNg1\nNf3\nNg1\n",
			"game over: 1/2-1/2, draw by threefold repetition: a draw.\n"},
		{"xiangqi dead position (XQ-26)", "xiangqi", position.Red, nil,
			"fen 3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1\nd0e1\n",
			"game over: 1/2-1/2, draw by insufficient material: a draw.\n"},
		{"xiangqi natural-move limit", "xiangqi", position.Red, nil,
			"fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 80\nR9+1\n",
			"game over: 1/2-1/2, draw by natural-move limit (60 moves without a capture): a draw.\n"},
		{"xiangqi position set up already mated", "xiangqi", position.Red, nil,
			"fen 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1\n",
			"new game from this position: you play red\n\n    1   2   3   4   5   6   7   8   9\n 9  +---R---+---+---k"},
		{"xiangqi position set up already mated announces", "xiangqi", position.Red, nil,
			"fen 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1\n",
			"   2   1\n\ngame over: 1-0, checkmate: you win!\n"},
		{"chess fifty-move rule", "chess", position.White, []string{"h8g8"},
			"fen 7k/8/8/8/8/8/8/K5R1 w - - 99 80\nRb1\n",
			"game over: 1/2-1/2, draw by fifty-move rule: a draw.\n"},
		{"chess fool's mate by the person as black", "chess", position.Black, []string{"f2f3", "g2g4"},
			"e5\nQh4#\n",
			"game over: 0-1, checkmate: you win!\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := playScript(t, c.game, Config{Human: c.human}, c.engine, c.script)
			mustContain(t, tr, c.want)
			if !strings.Contains(tr, "game over: ") {
				t.Errorf("no game end in:\n%s", tr)
			}
		})
	}
}

// The person's move that ends the game is taken back alone.
func TestUndoAfterGameEnd(t *testing.T) {
	_, ans := runSteps(t, "xiangqi", Config{}, nil, []step{
		{"fen 4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "new game from this position: you play red"},
		{"R8+2", "you play R8+2 (b7b9)"},
		{"hint", "the game is over: type new or undo"},
		{"undo", "took back your move"},
		{"fen", "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1"},
	})
	mustContain(t, ans[1], "game over: 1-0, checkmate: you win!\n")
}

// End of input in the middle of a line, blank lines, a long line and quit.
func TestInputEdges(t *testing.T) {
	tr := playScript(t, "chess", Config{}, nil, "\n   \n"+strings.Repeat("x", 5000)+"\nquit\ne4\n")
	mustContain(t, tr, "input line too long (more than 4096 bytes)\n", "> bye\n")
	if strings.Contains(tr, "you play e4") || strings.Contains(tr, "end of input") {
		t.Errorf("input after quit was read:\n%s", tr)
	}
	tr = playScript(t, "chess", Config{}, nil, "e4")
	mustContain(t, tr, "you play e4 (e2e4)\n")
	if !strings.HasSuffix(tr, "> \nend of input: bye\n") {
		t.Errorf("no clean end:\n%s", tr)
	}
	tr = playScript(t, "xiangqi", Config{}, nil, "")
	if !strings.HasSuffix(tr, "1. red> \nend of input: bye\n") {
		t.Errorf("no clean end on empty input:\n%s", tr)
	}
}

func TestPlayErrors(t *testing.T) {
	var out strings.Builder
	if err := Play(strings.NewReader(""), &out, Config{Game: 7}); err == nil || err.Error() != `unknown game variant(7) (want xiangqi or chess)` {
		t.Errorf("unknown game: %v", err)
	}
	if err := Play(strings.NewReader(""), &out, Config{Game: position.Chess, FEN: "junk"}); err == nil || !strings.HasPrefix(err.Error(), "start position: ") {
		t.Errorf("bad FEN: %v", err)
	}
}

func TestParseHelpers(t *testing.T) {
	for in, want := range map[string]position.Color{"red": position.Red, "White": position.White, " black ": position.Black} {
		if got, err := ParseSide(in); err != nil || got != want {
			t.Errorf("ParseSide(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseSide("green"); err == nil {
		t.Error("ParseSide(green) accepted")
	}
	for in, want := range map[string]string{"2": "2s", "0.5": "500ms", "250ms": "250ms", "1m": "1m0s", "99.5": "1m39.5s", "300ms": "300ms", "300s": "5m0s"} {
		if got, err := ParseMoveTime(in); err != nil || got.String() != want {
			t.Errorf("ParseMoveTime(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	// Issue 24: "-movetime 300" was 5 minutes, silently.
	if _, err := ParseMoveTime("300"); err == nil || err.Error() != `time "300": a number without a unit is seconds, and 300 s looks like milliseconds (as UCI's movetime): write 300ms, or 300s for 5m0s` {
		t.Errorf("ParseMoveTime(300): %v", err)
	}
	for _, in := range []string{"", "-1", "NaN", "0", "3601", "2h", "1e309", "x", "100", "1000"} {
		if d, err := ParseMoveTime(in); err == nil {
			t.Errorf("ParseMoveTime(%q) = %v, accepted", in, d)
		}
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	colour := []struct {
		mode string
		tty  bool
		env  map[string]string
		want bool
	}{
		{"auto", true, nil, true},
		{"auto", false, nil, false},
		{"", true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", true, map[string]string{"TERM": "dumb"}, false},
		{"always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", true, nil, false},
	}
	for _, c := range colour {
		if got, err := ColorMode(c.mode, c.tty, env(c.env)); err != nil || got != c.want {
			t.Errorf("ColorMode(%q, %v, %v) = %v, %v", c.mode, c.tty, c.env, got, err)
		}
	}
	if _, err := ColorMode("sometimes", true, env(nil)); err == nil {
		t.Error("ColorMode(sometimes) accepted")
	}
}

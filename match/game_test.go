package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
)

// TestAdjudicator: resignation needs both engines to agree on the same
// winner for ResignMoves consecutive moves each; an engine that changes its
// mind starts its run again.
func TestAdjudicator(t *testing.T) {
	w, b := position.White, position.Black
	cp := func(v int) Score { return Score{Value: v, Valid: true} }
	type move struct {
		us position.Color
		sc Score
	}
	cases := []struct {
		name   string
		adj    Adjudication
		moves  []move
		result string // "" while the game goes on after the last move
		at     int    // index of the move that ends it
	}{
		{"both agree white wins", Adjudication{ResignScore: 500, ResignMoves: 2},
			[]move{{w, cp(600)}, {b, cp(-700)}, {w, cp(650)}, {b, cp(-800)}}, "1-0", 3},
		{"both agree black wins (sign from each side's view)", Adjudication{ResignScore: 500, ResignMoves: 2},
			[]move{{w, cp(-600)}, {b, cp(700)}, {w, cp(-650)}, {b, cp(800)}}, "0-1", 3},
		{"white changes its mind: its run restarts", Adjudication{ResignScore: 500, ResignMoves: 3},
			// White says "white wins" twice, then "black wins": only one
			// move of agreement with Black, who says black wins throughout.
			[]move{{w, cp(600)}, {b, cp(600)}, {w, cp(600)}, {b, cp(600)}, {w, cp(-600)}, {b, cp(600)}}, "", 0},
		{"after changing its mind white agrees long enough", Adjudication{ResignScore: 500, ResignMoves: 2},
			[]move{{w, cp(600)}, {b, cp(600)}, {w, cp(-600)}, {b, cp(600)}, {w, cp(-600)}}, "0-1", 4},
		{"one engine alone never resigns", Adjudication{ResignScore: 500, ResignMoves: 1},
			[]move{{w, cp(900)}, {b, cp(10)}, {w, cp(900)}, {b, cp(-10)}}, "", 0},
		{"they disagree on the winner", Adjudication{ResignScore: 500, ResignMoves: 1},
			[]move{{w, cp(900)}, {b, cp(900)}}, "", 0},
		{"mate scores count", Adjudication{ResignScore: 1000, ResignMoves: 1},
			[]move{{w, Score{Value: 5, Mate: true, Valid: true}}, {b, Score{Value: -4, Mate: true, Valid: true}}}, "1-0", 1},
		{"a move without a score breaks the run", Adjudication{ResignScore: 500, ResignMoves: 2},
			[]move{{w, cp(600)}, {b, cp(-600)}, {w, Score{}}, {b, cp(-600)}, {w, cp(600)}}, "", 0},
		{"draw after both agree", Adjudication{DrawScore: 10, DrawMoves: 2, DrawAfter: 0},
			[]move{{w, cp(5)}, {b, cp(-3)}, {w, cp(0)}, {b, cp(10)}}, "1/2-1/2", 3},
		{"draw rule waits for DrawAfter", Adjudication{DrawScore: 10, DrawMoves: 1, DrawAfter: 4},
			[]move{{w, cp(0)}, {b, cp(0)}, {w, cp(0)}, {b, cp(0)}, {w, cp(0)}}, "1/2-1/2", 4},
	}
	for _, c := range cases {
		a := adjudicator{adj: c.adj}
		got, at := "", -1
		for i, m := range c.moves {
			if res, _, over := a.update(m.us, m.sc, i+1); over {
				got, at = res.String(), i
				break
			}
		}
		if got != c.result || (got != "" && at != c.at) {
			t.Errorf("%s: result %q at move %d, want %q at %d", c.name, got, at, c.result, c.at)
		}
	}
	for _, bad := range []Adjudication{{ResignMoves: 3}, {ResignScore: -1}, {DrawMoves: -1}, {MaxPlies: -5}} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestMoveTimeLoss: an engine that takes longer than movetime + margin
// loses on time (it was never flagged unless it hung for a minute).
func TestMoveTimeLoss(t *testing.T) {
	cfg := Config{Game: position.Chess, TC: TimeControl{MoveTime: 100 * time.Millisecond, Margin: 20 * time.Millisecond}, Games: 2,
		Adjudication: Adjudication{MaxPlies: 10}}
	cfg.Engines[0] = fakeConfig(t, "good", "good")
	cfg.Engines[1] = fakeConfig(t, "slow", "slow")
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tri.W != 2 || rep.Faults[1]["time"] != 2 || len(rep.Faults[0]) != 0 {
		t.Fatalf("W/D/L %+v faults %v / %v, want 2 time losses of the slow engine", rep.Tri, rep.Faults[0], rep.Faults[1])
	}
}

// shuffle returns a chess opening of n knight moves back and forth.
func shuffle(n int) []string {
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	out := make([]string, n)
	for i := range out {
		out[i] = cycle[i%4]
	}
	return out
}

// TestOpeningsCheckedBeforeTheMatch: a long opening used to overrun the
// game's State buffer (a panic that killed the whole match); an opening
// that ends the game used to abort the match in the middle. Both are now
// refused before any engine starts.
func TestOpeningsCheckedBeforeTheMatch(t *testing.T) {
	long := append(shuffle(2600), "e2e4", "e7e5")
	decided := shuffle(8) // threefold repetition at its end
	for _, c := range []struct {
		name string
		op   notation.Opening
		want string
	}{
		{"long", notation.Opening{Moves: long}, "at most 1000"},
		{"decided", notation.Opening{Moves: decided}, "ends the game"},
		{"illegal", notation.Opening{Moves: []string{"e2e5"}}, "move 1"},
		{"bad FEN", notation.Opening{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}, "opening"},
	} {
		cfg := Config{Game: position.Chess, TC: TimeControl{Nodes: 1}, Games: 2, Openings: []notation.Opening{{}, c.op}}
		cfg.Engines[0] = EngineConfig{Cmd: "/nonexistent/engine"}
		cfg.Engines[1] = cfg.Engines[0]
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), "opening 2") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about opening 2 (%s)", c.name, err, c.want)
		}
	}
	// A long opening under the limit plays, and the game after it has room
	// for the full 2,000 plies.
	g, _ := newGamePlayer(position.Chess)
	op := notation.Opening{Moves: append(shuffle(996), "e2e4", "e7e5")}
	if _, moves, err := g.setup(op); err != nil || len(moves) != 998 || g.hist.Len() != 998 {
		t.Fatalf("setup: %v, %d moves, %d in the history", err, len(moves), g.hist.Len())
	}
}

// TestRefereeDeadXiangqi: XQ-26 in the match runner. The referee (package
// rules) ends a game when no rook, horse, cannon or pawn is left, so an
// opening that is already dead is refused as decided, and a capture that
// leaves no attacker ends the game as a draw.
func TestRefereeDeadXiangqi(t *testing.T) {
	_, err := notation.ParseOpenings(strings.NewReader("2bak4/4a4/4b4/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1\n"), position.Xiangqi, rules.Undecided)
	if err == nil || !strings.Contains(err.Error(), "ends the game (1/2-1/2 insufficient material)") {
		t.Errorf("dead opening: %v", err)
	}
	g, err := newGamePlayer(position.Xiangqi)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.setup(notation.Opening{FEN: "3k5/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1"}); err != nil {
		t.Fatal(err)
	}
	if _, _, over := g.ended(); over {
		t.Fatal("decided before the capture")
	}
	m, err := g.pos.ParseMove("d0e1")
	if err != nil {
		t.Fatal(err)
	}
	g.hist.Do(g.pos, m)
	if res, reason, over := g.ended(); !over || res != position.Draw || reason != "insufficient material" {
		t.Errorf("after the capture: %s %s %v, want 1/2-1/2 by insufficient material", res, reason, over)
	}
}

// TestFaultReasons: a fault names the side by the game's colours (red in
// xiangqi, white in chess) and scores the game for the other side.
func TestFaultReasons(t *testing.T) {
	for _, c := range []struct {
		game, want string
	}{{"xiangqi", "red loses on time"}, {"chess", "white loses on time"}} {
		g, err := newGamePlayer(variantOf(c.game))
		if err != nil {
			t.Fatal(err)
		}
		rec := g.fault(GameRecord{}, 0, errTimeLoss)
		if rec.Reason != c.want || rec.Result != position.BlackWin || rec.Fault != 0 || rec.FaultKind != "time" {
			t.Errorf("%s: %+v", c.game, rec)
		}
		rec = g.illegal(GameRecord{}, position.Black, "x")
		if rec.Reason != "black makes an illegal move: x" || rec.Result != position.WhiteWin {
			t.Errorf("%s: %+v", c.game, rec)
		}
	}
}

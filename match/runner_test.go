package match

import (
	"context"
	"dualnnue/position"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func newReport(sprt *SPRT) *Report {
	r := &Report{SPRT: sprt, Reasons: map[string]int{}}
	r.Faults[0], r.Faults[1] = map[string]int{}, map[string]int{}
	return r
}

// TestTallyPairs: legs of different pairs arrive interleaved and out of
// order; each pair is scored from Engines[0]'s view once both are in, and
// faults go to the engine that had the faulty colour in that leg.
func TestTallyPairs(t *testing.T) {
	r := newReport(nil)
	legs := map[int][2]float64{}
	type g struct {
		pair, leg int
		rec       GameRecord
	}
	games := []g{
		{1, 1, GameRecord{Result: position.WhiteWin, Fault: -1}},                    // pair 1: engine 1 (White in leg 1) wins
		{0, 0, GameRecord{Result: position.WhiteWin, Fault: -1}},                    // pair 0: engine 0 wins as White
		{2, 0, GameRecord{Result: position.Draw, Fault: -1}},                        // pair 2: draw
		{0, 1, GameRecord{Result: position.WhiteWin, Fault: 1, FaultKind: "time"}},  // Black (engine 0) loses on time
		{1, 0, GameRecord{Result: position.BlackWin, Fault: 0, FaultKind: "crash"}}, // White (engine 0) crashed
	}
	for _, x := range games {
		if !r.add(x.pair, x.leg, &x.rec, legs) {
			t.Fatal("game not counted")
		}
	}
	if r.Games != 5 || r.Tri != (Trinomial{W: 1, D: 1, L: 3}) {
		t.Fatalf("games %d W/D/L %+v", r.Games, r.Tri)
	}
	// Pair 0: W + L = 1 point → cell 2; pair 1: L + L → cell 0; pair 2 open.
	if r.Penta != (Pentanomial{1, 0, 1, 0, 0}) || len(legs) != 1 {
		t.Fatalf("pentanomial %v, open pairs %v", r.Penta, legs)
	}
	if r.Faults[0]["time"] != 1 || r.Faults[0]["crash"] != 1 || len(r.Faults[1]) != 0 {
		t.Fatalf("faults %v / %v, want both on engine 0", r.Faults[0], r.Faults[1])
	}
}

// TestSPRTDecisionIsFinal: games that finish after the SPRT decided (they
// were in flight) are not counted; before, a late loss could lower the LLR
// back under the bound and the report said "stopped: sprt" with the
// decision "continue" – and the pipeline then ignored the SPRT.
func TestSPRTDecisionIsFinal(t *testing.T) {
	r := newReport(&SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05})
	legs := map[int][2]float64{}
	win := GameRecord{Result: position.WhiteWin, Fault: -1}
	loss := GameRecord{Result: position.BlackWin, Fault: -1}
	p := 0
	for ; r.Stopped == ""; p++ {
		r.add(p, 0, &win, legs)
		r.add(p, 1, &loss, legs) // leg 1: Black wins = engine 0 wins
		if p > 10000 {
			t.Fatal("the SPRT never decided")
		}
	}
	if r.Decision != AcceptH1 {
		t.Fatalf("decision %v", r.Decision)
	}
	llr, games := r.LLR, r.Games
	if r.add(p, 0, &loss, legs) || r.add(p, 1, &win, legs) {
		t.Fatal("a game after the decision was counted")
	}
	if r.Decision != AcceptH1 || r.LLR != llr || r.Games != games {
		t.Fatalf("after the decision: %v LLR %.3f games %d (was %.3f, %d)", r.Decision, r.LLR, r.Games, llr, games)
	}
}

// TestEngineFailsToRestart: an engine that crashes in its first game and
// then cannot be started again ends the match with an error naming it,
// promptly, with the finished game counted.
func TestEngineFailsToRestart(t *testing.T) {
	for _, conc := range []int{1, 2} {
		mark := filepath.Join(t.TempDir(), "started")
		cfg := Config{Game: position.Chess, TC: TimeControl{Nodes: 1}, Games: 8, Concurrency: conc, Adjudication: Adjudication{MaxPlies: 10}}
		cfg.Engines[0] = fakeConfig(t, "good", "good")
		cfg.Engines[1] = fakeConfig(t, "crashonce", "flaky")
		cfg.Engines[1].Args = append([]string{"FAKE_MARK=" + mark}, cfg.Engines[1].Args...)
		var rep Report
		var err error
		within(t, 30*time.Second, "Run", func() { rep, err = Run(context.Background(), cfg) })
		if err == nil || !strings.Contains(err.Error(), "engine 2 (flaky) could not be started") {
			t.Fatalf("concurrency %d: err %v, want one naming the engine that could not restart", conc, err)
		}
		if conc == 1 && (rep.Games != 1 || rep.Faults[1]["crash"] != 1) {
			t.Fatalf("games %d faults %v, want the first game's crash counted", rep.Games, rep.Faults[1])
		}
	}
}

// TestCancelMidMatch: cancelling the context (SIGINT in play match) while
// engines think ends the match promptly, reports it as interrupted and
// leaves no engine running.
func TestCancelMidMatch(t *testing.T) {
	cfg := Config{Game: position.Chess, TC: TimeControl{Depth: 1, Hang: time.Minute}, Games: 8, Concurrency: 2}
	cfg.Engines[0] = fakeConfig(t, "hang", "a")
	cfg.Engines[1] = fakeConfig(t, "hang", "b")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var rep Report
	var err error
	within(t, 10*time.Second, "Run after cancel", func() { rep, err = Run(ctx, cfg) })
	if err != nil || rep.Stopped != "interrupted" || rep.Games != 0 {
		t.Fatalf("err %v stopped %q games %d", err, rep.Stopped, rep.Games)
	}
}

// TestCancelDuringStart: a match cancelled before its engines finished
// starting is interrupted, not "engine could not be started" (under load
// TestCancelMidMatch's 300 ms could end during the handshake).
func TestCancelDuringStart(t *testing.T) {
	cfg := Config{Game: position.Chess, TC: TimeControl{Depth: 1}, Games: 2}
	cfg.Engines[0] = fakeConfig(t, "good", "a")
	cfg.Engines[1] = fakeConfig(t, "good", "b")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Run(ctx, cfg)
	if err != nil || rep.Stopped != "interrupted" || rep.Games != 0 {
		t.Fatalf("err %v stopped %q games %d", err, rep.Stopped, rep.Games)
	}
}

// TestNegativeConcurrency: a negative number of games at once is an
// error (it was taken for 1).
func TestNegativeConcurrency(t *testing.T) {
	cfg := Config{Game: position.Chess, TC: TimeControl{Nodes: 1}, Games: 2, Concurrency: -1}
	cfg.Engines[0] = fakeConfig(t, "good", "a")
	cfg.Engines[1] = fakeConfig(t, "good", "b")
	if _, err := Run(context.Background(), cfg); err == nil || err.Error() != "match: concurrency -1 (games at once) must be >= 1" {
		t.Fatalf("concurrency -1: %v", err)
	}
}

// TestCheckEngine: the check a pipeline runs on its baseline engine.
func TestCheckEngine(t *testing.T) {
	ctx := context.Background()
	if err := CheckEngine(ctx, fakeConfig(t, "good", "good"), position.Chess, 20*time.Second); err != nil {
		t.Fatalf("good engine: %v", err)
	}
	for mode, want := range map[string]string{
		"illegal": `illegal move a1a1 from the start position`,
		"nomove":  "no move from the start position (go depth 1): bestmove without a move",
		"crash":   "no move from the start position (go depth 1): ",
	} {
		err := CheckEngine(ctx, fakeConfig(t, mode, mode), position.Chess, 20*time.Second)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s engine: %v, want %q", mode, err, want)
		}
	}
}

// TestProgressLineEarly: after three games (+2 =0 -1, one whole pair that
// won and lost) the pentanomial estimate has no spread: the line shows no
// interval (it printed "Elo +0.00 ± 0.00 (95%)"); one more game spreads the
// pairs and the interval appears.
func TestProgressLineEarly(t *testing.T) {
	r := newReport(nil)
	legs := map[int][2]float64{}
	for _, x := range []struct {
		pair, leg int
		result    position.Result
	}{{0, 0, position.WhiteWin}, {0, 1, position.WhiteWin}, {1, 0, position.WhiteWin}} {
		r.add(x.pair, x.leg, &GameRecord{Result: x.result, Fault: -1}, legs)
	}
	if got, want := r.progressLine(10, 1, 0, 41*time.Second), "3/10 games  +2 =0 -1  1 pair: Elo +0.00 (no interval yet: 1 pair)  41s, ~1m36s left"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	r.add(1, 1, &GameRecord{Result: position.Draw, Fault: -1}, legs) // pair 1 scores 1.5
	if got, want := r.progressLine(10, 1, 0, 50*time.Second), "4/10 games  +2 =1 -1  2 pairs: Elo +88.74 ± 136.27 (95%), nElo +245.67 ± 340.48  50s, ~1m15s left"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	s := newReport(&SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05})
	s.add(0, 0, &GameRecord{Result: position.Draw, Fault: -1}, legs)
	if got, want := s.progressLine(2, 1, 0, 2*time.Second), "1/2 games  +0 =1 -0  Elo +0.00 (no interval yet: 1 game)  LLR -0.00  2s, ~2s left at most (the SPRT may stop sooner)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// While the first games of each slot still run there is no estimate.
	if got, want := s.progressLine(2, 2, 0, 2*time.Second), "1/2 games  +0 =1 -0  Elo +0.00 (no interval yet: 1 game)  LLR -0.00  2s"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// The line "9/10 games +1 =0 -8 Elo -Inf (all games lost)": the
	// Elo is over the 4 finished pairs, and says so.
	l := newReport(nil)
	legs = map[int][2]float64{}
	for i := 0; i < 9; i++ {
		res := position.BlackWin // engine 0 plays White in leg 0 and loses
		if i%2 == 1 {
			res = position.WhiteWin
		}
		if i == 8 {
			res = position.WhiteWin // engine 0 wins the open pair's first leg
		}
		l.add(i/2, i%2, &GameRecord{Result: res, Fault: -1}, legs)
	}
	if got, want := l.progressLine(10, 1, 0, 90*time.Second), "9/10 games  +1 =0 -8  4 pairs: Elo -Inf (all pairs lost)  1m30s, ~10s left"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// A resumed run's rate is its own: 3 games in 90 s after 6 resumed, one left.
	if got, want := l.progressLine(10, 1, 6, 90*time.Second), "9/10 games  +1 =0 -8  4 pairs: Elo -Inf (all pairs lost)  1m30s, ~30s left"; got != want {
		t.Errorf("resumed: got  %q\nwant %q", got, want)
	}
	// Nothing played yet in this run: no estimate.
	if got, want := l.progressLine(10, 1, 9, 90*time.Second), "9/10 games  +1 =0 -8  4 pairs: Elo -Inf (all pairs lost)  1m30s"; got != want {
		t.Errorf("nothing played: got  %q\nwant %q", got, want)
	}
}

// TestProgressNotOnATerminal: a match whose progress goes to a buffer (a
// redirected log) writes plain lines, here one per game, and no "\r".
func TestProgressNotOnATerminal(t *testing.T) {
	ops, err := readOpeningSet("chess")
	if err != nil {
		t.Fatal(err)
	}
	old := testGame
	testGame = "chess"
	defer func() { testGame = old }()
	var buf strings.Builder
	cfg := Config{Game: position.Chess, TC: TimeControl{Nodes: 1}, Games: 4, Openings: ops[:2],
		Adjudication: Adjudication{MaxPlies: 60}, Progress: &buf, ProgressEvery: time.Nanosecond}
	cfg.Engines[0] = fakeConfig(t, "good", "a")
	cfg.Engines[1] = fakeConfig(t, "good", "b")
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Fatalf("redraws in a non-terminal log: %q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), out)
	}
	for k, l := range lines {
		if !strings.HasPrefix(l, strconv.Itoa(k+1)+"/4 games  +") {
			t.Errorf("line %d: %q", k+1, l)
		}
	}
}

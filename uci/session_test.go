// Protocol tests of the session against the game-free fake engine.
package uci

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"
)

func fakeClient(t *testing.T) *client { return startClient(t, Config{}, newFake) }

func TestHandshakeUCI(t *testing.T) {
	c := fakeClient(t)
	c.send("uci")
	_, before := c.expect("uciok", 5*time.Second)
	want := []string{
		"id name dualnnue",
		"id author the dualnnue authors",
		"option name UCI_Variant type combo default xiangqi var xiangqi var chess",
		"option name Threads type spin default 1 min 1 max 1024",
		"option name Hash type spin default 16 min 1 max 131072",
		"option name Clear Hash type button",
		"option name Ponder type check default false",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name Use NNUE type check default true",
		"option name EvalFile type string default <empty>",
		"option name UCI_Chess960 type check default false",
		"option name CheckChaseLoses type check default false",
		"option name UCI_ShowWDL type check default false",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 2100 min 1320 max 2100",
		"option name Skill Level type spin default 20 min 0 max 20",
	}
	if strings.Join(before, "\n") != strings.Join(want, "\n") {
		t.Fatalf("uci answer:\n%s\nwant:\n%s", strings.Join(before, "\n"), strings.Join(want, "\n"))
	}
}

func TestHandshakeUCCI(t *testing.T) {
	c := fakeClient(t)
	c.send("ucci")
	_, before := c.expect("ucciok", 5*time.Second)
	want := []string{
		"id name dualnnue",
		"id author the dualnnue authors",
		"option threads type spin default 1 min 1 max 1024",
		"option hashsize type spin default 16 min 1 max 131072",
		"option clearhash type button",
		"option ponder type check default false",
		"option multipv type spin default 1 min 1 max 256",
		"option evalfile type string default <empty>",
		"option usemillisec type check default false",
		"option newgame type button",
	}
	if strings.Join(before, "\n") != strings.Join(want, "\n") {
		t.Fatalf("ucci answer:\n%s\nwant:\n%s", strings.Join(before, "\n"), strings.Join(want, "\n"))
	}
	c.send("quit")
	if rest := c.closeAndWait(5 * time.Second); len(rest) != 1 || rest[0] != "bye" {
		t.Fatalf("quit in UCCI: %q, want [bye]", rest)
	}
}

func TestSetOption(t *testing.T) {
	c := fakeClient(t)
	cases := []struct {
		cmd, note string // note: a substring of the info string, "" for none
	}{
		{"setoption name Hash value 64", ""},
		{"setoption name hash value 0", "Hash takes 1 to 131072, not 0"},
		{"setoption name Threads value two", "Threads takes an integer"},
		{"setoption name   Move   Overhead value 30", ""},
		{"setoption name MultiPV value 3", ""},
		{"setoption name Ponder value maybe", "Ponder takes true or false"},
		{"setoption name Nonsense value 1", "unknown option 'Nonsense'"},
		{"setoption name EvalFile value /no/such file.nnue", "cannot read /no/such file.nnue; EvalFile stays <empty>"},
		{"setoption name EvalFile value good.nnue", ""},
		{"setoption name UCI_Variant value shogi", "UCI_Variant takes one of xiangqi, chess"},
		{"setoption name UCI_Variant value Chess", ""},
		{"setoption name Clear Hash", ""},
		{"setoption", "setoption needs a name"},
		{"setoption hashsize 32", ""}, // UCCI form
	}
	for _, tc := range cases {
		c.send(tc.cmd)
		got := c.sync()
		if tc.note == "" && len(got) != 0 {
			t.Errorf("%q: unexpected %q", tc.cmd, got)
		}
		if tc.note != "" && (len(got) != 1 || !strings.Contains(got[0], tc.note)) {
			t.Errorf("%q: got %q, want one info string containing %q", tc.cmd, got, tc.note)
		}
	}
	o := c.sess.opts
	if o.get(optHash) != "32" || o.get(optMoveOverhead) != "30" || o.get(optMultiPV) != "3" ||
		o.get(optEvalFile) != "good.nnue" || o.get(optVariant) != "chess" {
		t.Errorf("options after setoption: Hash %s Overhead %s MultiPV %s EvalFile %s Variant %s",
			o.get(optHash), o.get(optMoveOverhead), o.get(optMultiPV), o.get(optEvalFile), o.get(optVariant))
	}
}

func TestPositionErrorsKeepPosition(t *testing.T) {
	c := fakeClient(t)
	c.send("position fen good moves a0a1")
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("valid position: %q", got)
	}
	for _, tc := range []struct{ cmd, note string }{
		{"position fen bad", "bad FEN"},
		{"position fen", "position fen needs a FEN"},
		{"position", "position needs startpos or fen"},
		{"position foo", "not 'foo'"},
		{"position startpos a0a1", "expected moves, not 'a0a1'"},
		{"position startpos moves a0a1 b0b1 zz99 c0c1", "move #3 'zz99': illegal move"},
	} {
		c.send(tc.cmd)
		got := c.sync()
		if len(got) != 1 || !strings.Contains(got[0], tc.note) || !strings.HasPrefix(got[0], "info string ") {
			t.Errorf("%q: got %q, want an info string with %q", tc.cmd, got, tc.note)
		}
		if f := c.sess.eng.(*fakeEngine); f.fenStr != "good" || len(f.moves) != 1 {
			t.Errorf("%q changed the position to %q %q", tc.cmd, f.fenStr, f.moves)
		}
	}
	c.send("position startpos moves", "position startpos moves  a0a1   b0b1 ")
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("valid positions: %q", got)
	}
	if f := c.sess.eng.(*fakeEngine); f.fenStr != "start" || strings.Join(f.moves, ",") != "a0a1,b0b1" {
		t.Errorf("extra spaces: position %q %q", f.fenStr, f.moves)
	}
}

func TestUnknownAndGarbage(t *testing.T) {
	c := fakeClient(t)
	c.send("fen foobar", "xyzzy go", "\x00\x01\xff", "   ", "", "\t")
	got := c.sync()
	want := []string{
		"info string unknown command 'fen' ignored",
		"info string unknown command 'xyzzy' ignored",
		"info string unknown command '??\xff' ignored",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got %q want %q", got, want)
	}
}

func TestLongLine(t *testing.T) {
	c := fakeClient(t)
	c.send("position startpos moves " + strings.Repeat("a0a1 ", MaxLineBytes/5+10))
	got := c.sync()
	if len(got) != 1 || !strings.Contains(got[0], "line too long") {
		t.Fatalf("long line: %q", got)
	}
	c.send("go depth 2")
	c.expect("bestmove a0a1", 5*time.Second)
}

func TestGoDepthAndInfo(t *testing.T) {
	c := fakeClient(t)
	c.send("go depth 3")
	l, before := c.expect("bestmove", 5*time.Second)
	if l != "bestmove a0a1 ponder a1a2" {
		t.Errorf("bestmove line %q", l)
	}
	if len(before) != 3 || !strings.HasPrefix(before[2], "info depth 3 seldepth 3 multipv 1 score cp 0 nodes 300 nps ") ||
		!strings.HasSuffix(before[2], " pv a0a1") || !strings.Contains(before[2], " hashfull 0 time ") {
		t.Errorf("info lines %q", before)
	}
}

func TestGoInfiniteStopIsready(t *testing.T) {
	c := fakeClient(t)
	c.send("position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	c.send("isready")
	if _, before := c.expect("readyok", 5*time.Second); hasPrefix(before, "bestmove") {
		t.Fatalf("bestmove before stop: %q", before)
	}
	c.quiet("bestmove", 100*time.Millisecond)
	c.send("stop")
	c.expect("bestmove a0a1", 5*time.Second)
	c.quiet("bestmove", 100*time.Millisecond)
}

func TestGoNoMoves(t *testing.T) {
	c := fakeClient(t)
	c.send("position fen nomoves", "go depth 5")
	l, before := c.expect("bestmove", 5*time.Second)
	if l != "bestmove (none)" || len(before) != 1 || before[0] != "info depth 0 score mate 0" {
		t.Fatalf("no moves: %q then %q", before, l)
	}
	c.send("go infinite")
	c.quiet("bestmove", 200*time.Millisecond)
	c.send("stop")
	if l, _ := c.expect("bestmove", 5*time.Second); l != "bestmove (none)" {
		t.Fatalf("after stop: %q", l)
	}
	c.send("go ponder")
	c.quiet("bestmove", 100*time.Millisecond)
	c.send("ponderhit")
	c.expect("bestmove (none)", 5*time.Second)
}

func TestPonderHit(t *testing.T) {
	c := fakeClient(t)
	c.send("go ponder wtime 100 btime 100")
	c.quiet("bestmove", 200*time.Millisecond)
	c.send("ponderhit")
	c.expect("bestmove a0a1", 5*time.Second)
}

func TestSearchMovesAndBans(t *testing.T) {
	c := fakeClient(t)
	c.send("go depth 1 searchmoves c0c1 zz00")
	l, before := c.expect("bestmove", 5*time.Second)
	if l != "bestmove c0c1 ponder a1a2" || !hasPrefix(before, "info string searchmoves: 'zz00' is not a legal move here (the game is xiangqi, UCI_Variant), ignored") {
		t.Fatalf("searchmoves: %q %q", before, l)
	}
	c.send("ucci")
	c.expect("ucciok", 5*time.Second)
	c.send("banmoves a0a1", "go depth 1")
	if l, _ := c.expect("bestmove", 5*time.Second); l != "bestmove b0b1 ponder a1a2" {
		t.Fatalf("banmoves: %q", l)
	}
	c.send("banmoves a0a1 b0b1 c0c1", "go depth 1")
	if l, _ := c.expect("nobestmove", 5*time.Second); l != "nobestmove" {
		t.Fatalf("all banned: %q", l)
	}
	c.send("position startpos", "go depth 1")
	c.expect("bestmove a0a1", 5*time.Second)
}

func TestUCCIGo(t *testing.T) {
	for _, tc := range []struct {
		args   string
		millis bool
		check  func(p goParams) bool
	}{
		{"depth 7", false, func(p goParams) bool { return p.depth == 7 }},
		{"time 30 increment 2 opptime 20 oppincrement 1", false, func(p goParams) bool {
			p.resolveUCCI(1)
			return p.time[1] == 30000 && p.inc[1] == 2000 && p.time[0] == 20000 && p.inc[0] == 1000 && p.hasTime[0] && p.hasTime[1]
		}},
		{"time 3000 movestogo 10", true, func(p goParams) bool {
			p.resolveUCCI(0)
			return p.time[0] == 3000 && p.movestogo == 10 && !p.hasTime[1]
		}},
		{"ponder time 5", false, func(p goParams) bool { return p.ponder && p.ucciOwn == 5000 }},
		{"draw nodes 100", false, func(p goParams) bool { return p.draw && p.nodes == 100 }},
	} {
		ms := int64(1000)
		if tc.millis {
			ms = 1
		}
		var warns []string
		p := parseGo(strings.Fields(tc.args), true, ms, func(s string) { warns = append(warns, s) })
		if !tc.check(p) || len(warns) != 0 {
			t.Errorf("go %s: %+v warnings %q", tc.args, p, warns)
		}
	}
}

func TestGoParse(t *testing.T) {
	var warns []string
	p := parseGo(strings.Fields("wtime -5 btime 1000.7 winc x binc 10 movestogo 3 depth -2 nodes 0 mate 2 movetime 0 searchmoves e2e4 d2d4 infinite bogus"),
		false, 1, func(s string) { warns = append(warns, s) })
	if p.time != [2]int64{-5, 1000} || p.inc != [2]int64{0, 10} || p.movestogo != 3 || p.depth != 1 || p.nodes != 1 ||
		p.mate != 2 || !p.hasMovetime || p.movetime != 0 || strings.Join(p.searchMoves, " ") != "e2e4 d2d4" || !p.infinite {
		t.Errorf("parsed %+v", p)
	}
	if len(warns) != 1 || warns[0] != "go: unknown token 'bogus' ignored" || p.bad != "go: winc needs a number, not 'x'" {
		t.Errorf("warnings %q, bad %q", warns, p.bad)
	}
}

// Issue 24: "go movetime abc" reported the bad value and searched anyway
// (with no time limit at all). A value that cannot be read refuses the
// whole command: an error and "bestmove 0000", after stop for infinite and
// ponder; the next valid go searches.
func TestGoBadValueDoesNotSearch(t *testing.T) {
	c := fakeClient(t)
	c.send("position startpos")
	for cmd, bad := range map[string]string{
		"go movetime abc":               "go: movetime needs a number, not 'abc'",
		"go wtime 1000 btime 1000 winc": "go: winc needs a number",
		"go depth 3x":                   "go: depth needs a number, not '3x'",
		"go nodes NaN":                  "go: nodes needs a number, not 'NaN'",
	} {
		c.send(cmd)
		want := "info string error: " + bad + "; no search (send go again with valid values)"
		if l, before := c.expect("bestmove", 2*time.Second); l != "bestmove 0000" || len(before) != 1 || before[0] != want {
			t.Errorf("%s: %q then %q, want %q", cmd, before, l, want)
		}
	}
	c.sync()
	if n := c.sess.eng.(*fakeEngine).searches.Load(); n != 0 {
		t.Errorf("%d searches for refused go commands", n)
	}
	c.send("go infinite movetime x")
	if got := c.quiet("bestmove", 100*time.Millisecond); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: go: movetime needs a number") {
		t.Fatalf("go infinite movetime x: %q", got)
	}
	c.send("stop")
	c.expect("bestmove 0000", 2*time.Second)
	c.send("go movetime 20")
	if l, _ := c.expect("bestmove", 2*time.Second); l != "bestmove a0a1 ponder a1a2" {
		t.Fatalf("valid go after refusals: %q", l)
	}
}

func TestMovetimeZeroAnswersPromptly(t *testing.T) {
	c := fakeClient(t)
	for _, cmd := range []string{"go movetime 0", "go movetime -1", "go wtime 0 btime 0", "go wtime -100 btime -100"} {
		start := time.Now()
		c.send(cmd)
		l, before := c.expect("bestmove", 5*time.Second)
		if l != "bestmove a0a1 ponder a1a2" || len(before) != 1 || !strings.HasPrefix(before[0], "info depth 1 ") {
			t.Errorf("%s: %q then %q", cmd, before, l)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s took %v", cmd, d)
		}
	}
}

// bestmoves counts the bestmove lines in lines.
func bestmoves(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			n++
		}
	}
	return n
}

// TestCommandDuringSearch runs every state-changing command during a
// finite and an infinite search, followed by isready, stop or quit, and
// checks the documented policy: "position" leaves the search alone;
// "ucinewgame", "setoption" (a change) and "go" stop it first with a note
// (its bestmove comes before anything of theirs); isready is answered at
// once, stop and quit act at once. Before, a command that waited for a
// finite search queued stop and quit behind it, so the session hung.
func TestCommandDuringSearch(t *testing.T) {
	type pair struct{ search, cmd, follow string }
	var pairs []pair
	for _, search := range []string{"go depth 100000", "go infinite"} {
		for _, cmd := range []string{"position startpos moves a0a1", "ucinewgame", "setoption name Hash value 32", "go depth 100000"} {
			for _, follow := range []string{"isready", "stop", "quit"} {
				pairs = append(pairs, pair{search, cmd, follow})
			}
		}
	}
	for _, p := range pairs {
		t.Run(p.search+"/"+p.cmd+"/"+p.follow, func(t *testing.T) {
			c := fakeClient(t)
			c.send("position startpos", p.search)
			c.expect("info depth 1 ", 5*time.Second)
			start := time.Now()
			c.send(p.cmd, p.follow)
			stopsFirst := !strings.HasPrefix(p.cmd, "position")
			startsSearch := p.cmd == "go depth 100000"
			// want: bestmoves before readyok, or in all after stop or quit.
			want := 1
			switch {
			case p.follow == "isready" && !stopsFirst:
				want = 0
			case p.follow != "isready" && startsSearch:
				want = 2
			}
			var got []string
			switch p.follow {
			case "isready":
				_, got = c.expect("readyok", 2*time.Second)
			case "stop":
				for bestmoves(got) < want {
					l, before := c.expect("bestmove", 2*time.Second)
					got = append(append(got, before...), l)
				}
				got = append(got, c.quiet("bestmove", 100*time.Millisecond)...)
			case "quit":
				got = c.closeAndWait(2 * time.Second)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s answered after %v", p.follow, d)
			}
			note := "info string '" + strings.Fields(p.cmd)[0] + "' during search: stopping it first"
			if hasPrefix(got, note) != stopsFirst {
				t.Errorf("note %q present: %v, want %v; got %q", note, !stopsFirst, stopsFirst, got)
			}
			if n := bestmoves(got); n != want {
				t.Errorf("%d bestmoves, want %d: %q", n, want, got)
			}
			switch p.follow {
			case "isready":
				if stopsFirst && !startsSearch {
					break // nothing runs now
				}
				// The search that runs now goes on until stop.
				c.quiet("bestmove", 100*time.Millisecond)
				c.send("stop")
				c.expect("bestmove", 2*time.Second)
				c.quiet("bestmove", 100*time.Millisecond)
			case "quit":
				if l := got[len(got)-1]; !strings.HasPrefix(l, "bestmove") {
					t.Errorf("quit: last line %q", l)
				}
			}
		})
	}
}

// A command that needs the engine idle right after the client saw the
// bestmove (the search is over, its goroutine may not have ended yet)
// gets no "stopping it first" note.
func TestNoNoteAfterBestmove(t *testing.T) {
	c := fakeClient(t)
	for i := 0; i < 50; i++ {
		c.send("go depth 1")
		if _, before := c.expect("bestmove", 2*time.Second); hasPrefix(before, "info string") {
			t.Fatalf("note after bestmove: %q", before)
		}
		c.send("ucinewgame")
	}
	if got := c.sync(); hasPrefix(got, "info string") {
		t.Fatalf("note after bestmove: %q", got)
	}
}

// The end of input is quit: any search ends and answers, whatever its
// limits ("echo go | play" ran forever, and so did go mate 3 and a huge
// depth); so do perft and bench.
func TestEOFEndsEverySearch(t *testing.T) {
	for _, cmd := range []string{"go", "go infinite", "go ponder", "go mate 3", "go depth 99999999999", "go nodes 99999999999", "go movetime 99999999", "go wtime 99999999 btime 99999999"} {
		c := fakeClient(t)
		c.send("position startpos", cmd)
		c.expect("info depth 1 ", 5*time.Second)
		start := time.Now()
		rest := c.closeAndWait(2 * time.Second)
		if len(rest) == 0 || rest[len(rest)-1] != "bestmove a0a1 ponder a1a2" || bestmoves(rest) != 1 {
			t.Errorf("EOF during %s: %q", cmd, rest)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("EOF during %s: ended after %v", cmd, d)
		}
	}
	for _, tc := range []struct{ cmd, last string }{
		{"go perft 1000", "info string go perft 1000 stopped before its end: no count"},
		{"bench 200", "info string bench stopped before its end: no totals"},
	} {
		c := fakeClient(t)
		c.send(tc.cmd)
		time.Sleep(20 * time.Millisecond)
		if rest := c.closeAndWait(2 * time.Second); len(rest) == 0 || rest[len(rest)-1] != tc.last {
			t.Errorf("EOF during %s: %q", tc.cmd, rest)
		}
	}
}

// "go perft" with a depth below 1 or none is an error, never a search.
func TestGoPerftBadDepth(t *testing.T) {
	c := fakeClient(t)
	for _, cmd := range []string{"go perft 0", "go perft -3", "go perft", "go perft x", "go depth 3 perft 0"} {
		c.send(cmd)
		got := c.sync()
		want := "info string error: go perft needs a depth of at least 1"
		if got[len(got)-1] != want || hasPrefix(got, "info depth") || hasPrefix(got, "bestmove") {
			t.Errorf("%s: %q, want it to end with %q and no search", cmd, got, want)
		}
		c.quiet("bestmove", 50*time.Millisecond)
	}
}

// perft and bench run in the background: isready is answered at once,
// stop and quit end them.
func TestPerftAndBenchDoNotBlock(t *testing.T) {
	for _, tc := range []struct{ cmd, stopped string }{
		{"go perft 1000", "info string go perft 1000 stopped before its end: no count"},
		{"bench 200", "info string bench stopped before its end: no totals"},
	} {
		c := fakeClient(t)
		c.send(tc.cmd)
		start := time.Now()
		if got := c.sync(); len(got) != 0 {
			t.Errorf("%s then isready: %q", tc.cmd, got)
		}
		c.send("stop")
		if l, _ := c.expect("info string", 2*time.Second); l != tc.stopped {
			t.Errorf("%s then stop: %q", tc.cmd, l)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: isready and stop took %v", tc.cmd, d)
		}
		// A go during either stops it first.
		c.send(tc.cmd, "go depth 1")
		l, before := c.expect("bestmove", 2*time.Second)
		if l != "bestmove a0a1 ponder a1a2" || len(before) < 2 || before[1] != tc.stopped ||
			!strings.HasPrefix(before[0], "info string 'go' during "+strings.Fields(tc.cmd)[0]) {
			t.Errorf("go during %s: %q then %q", tc.cmd, before, l)
		}
		c.send(tc.cmd, "quit")
		if rest := c.closeAndWait(2 * time.Second); len(rest) != 1 || rest[0] != tc.stopped {
			t.Errorf("quit during %s: %q", tc.cmd, rest)
		}
	}
}

func TestQuitStopsSearch(t *testing.T) {
	c := fakeClient(t)
	c.send("go depth 100000", "quit")
	rest := c.closeAndWait(5 * time.Second)
	if len(rest) == 0 || rest[len(rest)-1] != "bestmove a0a1 ponder a1a2" {
		t.Fatalf("quit during search: %q", rest)
	}
}

func TestPerftAndBenchFormat(t *testing.T) {
	var buf bytes.Buffer
	s := NewSession(&buf, Config{})
	s.newEngine = newFake
	s.Execute("go perft 1")
	s.waitIdle()
	s.Execute("bench")
	s.waitIdle()
	s.Close()
	want := "a0a1: 1\nb0b1: 1\nc0c1: 1\n\nNodes searched: 3\n\n" +
		"===========================\nTotal time (ms) : 1000\nNodes searched: 1000\nNodes/second: 1000\n"
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// Hostile sizes: an integer beyond int64 is the farthest clock of its sign
// (Stockfish's stream reads it so), not a refused command; a UCCI clock in
// seconds near the int64 limit saturates instead of wrapping negative when
// turned into milliseconds (it wrapped: "go time 9223372036854775807" played
// at once).
func TestGoHugeClocks(t *testing.T) {
	var warns []string
	warn := func(s string) { warns = append(warns, s) }
	p := parseGo(strings.Fields("wtime 99999999999999999999 btime -99999999999999999999 winc 123456789012345678901234 movestogo 99999999999999999999"), false, 1, warn)
	if p.bad != "" || len(warns) != 0 || p.time != [2]int64{math.MaxInt64, math.MinInt64} || p.inc[0] != math.MaxInt64 || p.movestogo != 1<<30 {
		t.Errorf("UCI: %+v, warnings %q", p, warns)
	}
	if got := clientMillis(p.time[0]); got <= 0 {
		t.Errorf("clientMillis(MaxInt64) = %v, want a positive clock", got)
	}
	p = parseGo(strings.Fields("wtime 1e20 btime -1e400 binc 2.5e3 nodes 9.9e99"), false, 1, warn)
	if p.bad != "" || len(warns) != 0 || p.time != [2]int64{math.MaxInt64, math.MinInt64} || p.inc[1] != 2500 || p.nodes != math.MaxInt64 {
		t.Errorf("UCI floats: %+v, warnings %q", p, warns)
	}
	for _, bad := range []string{"Inf", "-infinity", "NaN", "1e", "0x10"} {
		if p := parseGo([]string{"wtime", bad}, false, 1, warn); p.bad != "go: wtime needs a number, not '"+bad+"'" {
			t.Errorf("wtime %s: bad %q, want a refusal", bad, p.bad)
		}
	}
	p = parseGo(strings.Fields("time 9223372036854775807 increment 9000000000000000000 opptime -9223372036854775807 oppincrement 5"), true, 1000, warn)
	p.resolveUCCI(0)
	if p.bad != "" || len(warns) != 0 || p.time != [2]int64{math.MaxInt64, math.MinInt64} || p.inc != [2]int64{math.MaxInt64, 5000} {
		t.Errorf("UCCI: %+v, warnings %q", p, warns)
	}
	for _, c := range []struct{ n, ms, want int64 }{{3, 1000, 3000}, {-3, 1000, -3000}, {math.MaxInt64 / 1000, 1000, math.MaxInt64 / 1000 * 1000},
		{math.MaxInt64/1000 + 1, 1000, math.MaxInt64}, {math.MinInt64/1000 - 1, 1000, math.MinInt64}, {7, 1, 7}} {
		if got := satMul(c.n, c.ms); got != c.want {
			t.Errorf("satMul(%d, %d) = %d, want %d", c.n, c.ms, got, c.want)
		}
	}
}

// The protocol cases of testdata/cases/cases.jsonl (kinds
// protocol and the protocol-level bad_input ones), each as a scripted
// session against the real engine.
package uci

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"dualnnue/internal/sharedtest"
	"dualnnue/position/chess"
)

// testCase is one line of cases.jsonl (the fields these tests read).
type testCase struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Kind     string          `json:"kind"`
	FEN      string          `json:"fen"`
	Moves    []string        `json:"moves"`
	Expected json.RawMessage `json:"expected"`
}

// testdataDir is the repository's testdata/ (see internal/sharedtest).
func testdataDir(t testing.TB) string { t.Helper(); return sharedtest.Dir(t) }

// loadCase returns the case whose id starts with prefix.
func loadCase(t *testing.T, prefix string) testCase {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir(t), "cases", "cases.jsonl"))
	if err != nil {
		t.Fatal("cases.jsonl:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c testCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("cases.jsonl: %v", err)
		}
		if strings.HasPrefix(c.ID, prefix) {
			return c
		}
	}
	t.Fatalf("case %s not in cases.jsonl", prefix)
	return testCase{}
}

// loadRaw decodes the whole case line with id prefix into v.
func loadRaw(t *testing.T, prefix string, v any) {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir(t), "cases", "cases.jsonl"))
	if err != nil {
		t.Fatal("cases.jsonl:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c testCase
		if err := json.Unmarshal(sc.Bytes(), &c); err == nil && strings.HasPrefix(c.ID, prefix) {
			if err := json.Unmarshal(sc.Bytes(), v); err != nil {
				t.Fatalf("%s: %v", prefix, err)
			}
			return
		}
	}
	t.Fatalf("case %s not in cases.jsonl", prefix)
}

func (c testCase) expected(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(c.Expected, v); err != nil {
		t.Fatalf("%s expected: %v", c.ID, err)
	}
}

// positionCmd renders the case's position as a UCI command.
func (c testCase) positionCmd() string {
	cmd := "position startpos"
	if c.FEN != "startpos" {
		cmd = "position fen " + c.FEN
	}
	if len(c.Moves) > 0 {
		cmd += " moves " + strings.Join(c.Moves, " ")
	}
	return cmd
}

func realClient(t *testing.T, variant string) *client {
	c := startClient(t, Config{}, nil)
	c.send("uci")
	c.expect("uciok", 5*time.Second)
	c.send("setoption name UCI_Variant value " + variant)
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("setoption UCI_Variant %s: %q", variant, got)
	}
	return c
}

// fen asks the engine for its position with "d".
func (c *client) fen() string {
	c.t.Helper()
	c.send("d")
	l, _ := c.expect("Fen: ", 5*time.Second)
	c.expect("Checkers:", 5*time.Second)
	return strings.TrimPrefix(l, "Fen: ")
}

// bestmove waits for the bestmove line and returns the move and the lines
// before it.
func (c *client) bestmove(timeout time.Duration) (string, []string) {
	c.t.Helper()
	l, before := c.expect("bestmove", timeout)
	f := strings.Fields(l)
	if len(f) < 2 {
		c.t.Fatalf("malformed %q", l)
	}
	return f[1], before
}

func chessLegal(t *testing.T, fen, move string) {
	t.Helper()
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	if _, err := p.ParseMove(move); err != nil {
		t.Fatalf("bestmove %s is not legal in %s: %v", move, fen, err)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// CH-14: isready during go infinite is answered at once, the search goes
// on, and exactly one bestmove follows stop.
func TestCaseCH14IsreadyWhileSearching(t *testing.T) {
	tc := loadCase(t, "CH-14")
	c := realClient(t, "chess")
	c.send("isready")
	c.expect("readyok", 5*time.Second)
	c.send(tc.positionCmd(), "go infinite")
	time.Sleep(300 * time.Millisecond)
	sent := time.Now()
	c.send("isready")
	_, before := c.expect("readyok", 5*time.Second)
	if d := time.Since(sent); d > time.Second { // loose: the machine may be busy
		t.Errorf("readyok took %v during search", d)
	}
	if hasPrefix(before, "bestmove") {
		t.Fatalf("bestmove before stop: %q", before)
	}
	c.quiet("bestmove", 300*time.Millisecond)
	c.send("stop")
	m, _ := c.bestmove(5 * time.Second)
	chessLegal(t, chess.StartFEN, m)
	c.quiet("bestmove", 200*time.Millisecond)
}

// CH-15: stop with Threads 4 and MultiPV 8 returns a legal move, the first
// move of the last multipv 1 line.
func TestCaseCH15StopWithMultiPV(t *testing.T) {
	tc := loadCase(t, "CH-15")
	var exp struct {
		FEN        string `json:"fen"`
		LegalCount int    `json:"legal_count"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "chess")
	c.send("setoption name Threads value 4", "setoption name MultiPV value 8", tc.positionCmd())
	if got := c.sync(); len(got) != 0 && (threadCap() >= 4 || len(got) != 1 || !strings.HasPrefix(got[0], "info string Threads 4: ")) {
		t.Fatalf("setup: %q", got)
	}
	if f := c.fen(); f != exp.FEN {
		t.Fatalf("position after 69 moves: %s, want %s", f, exp.FEN)
	}
	c.send("go infinite")
	time.Sleep(500 * time.Millisecond)
	c.send("stop")
	m, before := c.bestmove(2 * time.Second)
	chessLegal(t, exp.FEN, m)
	var last string
	for _, l := range before {
		if strings.Contains(l, " multipv 1 ") {
			last = l
		}
	}
	i := strings.Index(last, " pv ")
	if i < 0 || strings.Fields(last[i+4:])[0] != m {
		t.Fatalf("bestmove %s is not the first move of the last multipv 1 line %q", m, last)
	}
	p, _ := chess.NewFromFEN(exp.FEN)
	if n := chess.Perft(p, 1); n != uint64(exp.LegalCount) {
		t.Fatalf("legal moves %d, want %d", n, exp.LegalCount)
	}
}

// CH-16: go on a mated root: "info depth 0 score mate 0", then bestmove
// (none) — for go infinite only after stop, without using the CPU while
// waiting; for go depth 5 at once.
func TestCaseCH16GoOnMatedRoot(t *testing.T) {
	tc := loadCase(t, "CH-16")
	c := realClient(t, "chess")
	c.send(tc.positionCmd(), "go infinite")
	l, _ := c.expect("info depth 0", 5*time.Second)
	if l != "info depth 0 score mate 0" {
		t.Errorf("terminal info %q", l)
	}
	cpu0 := cpuTime()
	c.quiet("bestmove", 300*time.Millisecond)
	if used := cpuTime() - cpu0; used > 100*time.Millisecond {
		t.Errorf("waiting for stop used %v of CPU in 300 ms", used)
	}
	c.send("stop")
	if l, _ := c.expect("bestmove", 5*time.Second); l != "bestmove (none)" {
		t.Fatalf("after stop: %q", l)
	}
	start := time.Now()
	c.send("go depth 5")
	if l, _ := c.expect("bestmove", 5*time.Second); l != "bestmove (none)" {
		t.Fatalf("go depth 5: %q", l)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("go depth 5 on a mated root took %v", d)
	}
}

// CH-17: "moves" with an empty list, and extra spaces.
func TestCaseCH17EmptyMoves(t *testing.T) {
	tc := loadCase(t, "CH-17")
	var exp struct {
		Command  string           `json:"command"`
		FENAfter string           `json:"fen_after"`
		Perft    map[string]int64 `json:"perft"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "chess")
	c.send(exp.Command)
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("%s: %q", exp.Command, got)
	}
	if f := c.fen(); f != exp.FENAfter {
		t.Fatalf("fen %s want %s", f, exp.FENAfter)
	}
	for _, d := range []string{"1", "2", "3"} {
		c.send("go perft " + d)
		l, _ := c.expect("Nodes searched: ", 10*time.Second)
		if want := "Nodes searched: " + itoa(int(exp.Perft[d])); l != want {
			t.Errorf("perft %s: %q, want %q", d, l, want)
		}
		if l, _ := c.expect("", 5*time.Second); l != "" {
			t.Errorf("perft %s: %q after the count, want a blank line", d, l)
		}
	}
	c.send("position startpos moves")
	if got := c.sync(); len(got) != 0 || c.fen() != chess.StartFEN {
		t.Fatalf("position startpos moves: %q", got)
	}
	c.send("position startpos moves  e2e4   e7e5 ")
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("extra spaces: %q", got)
	}
	if f := c.fen(); f != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Fatalf("extra spaces: fen %s", f)
	}
}

// CH-18: castling sent as king takes rook is an error at move #16 in
// standard mode (the previous position is kept); with UCI_Chess960 it is
// castling.
func TestCaseCH18KingTakesRook(t *testing.T) {
	tc := loadCase(t, "CH-18")
	var exp struct {
		Chess960FEN string   `json:"with_UCI_Chess960_true_and_e8h8_e1h1"`
		Standard    []string `json:"standard_encoding_equivalent"`
		CastledFEN  string   `json:"fen_if_castled"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "chess")
	c.send("position startpos moves e2e4")
	before := c.fen()
	c.send(tc.positionCmd())
	got := c.sync()
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: position: move #16 'e8h8': ") {
		t.Fatalf("standard mode: %q", got)
	}
	if f := c.fen(); f != before {
		t.Fatalf("position changed to %s after a rejected command", f)
	}
	std := append(append([]string(nil), tc.Moves[:15]...), exp.Standard...)
	c.send("position startpos moves " + strings.Join(std, " "))
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("standard encoding: %q", got)
	}
	if f := c.fen(); f != exp.CastledFEN {
		t.Fatalf("standard encoding: %s want %s", f, exp.CastledFEN)
	}
	c.send("setoption name UCI_Chess960 value true", tc.positionCmd())
	got = c.sync()
	if len(got) != 1 || !strings.Contains(got[0], "move #17 'e1g1'") {
		t.Fatalf("Chess960 mode with e1g1: %q", got)
	}
	c.send("position startpos moves " + strings.Join(append(tc.Moves[:16:16], "e1h1"), " "))
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("Chess960 mode: %q", got)
	}
	if f := c.fen(); f != exp.Chess960FEN {
		t.Fatalf("Chess960 mode: %s want %s", f, exp.Chess960FEN)
	}
	c.send("go depth 3")
	m, _ := c.bestmove(5 * time.Second)
	chessLegal(t, exp.Chess960FEN, m)
}

// CH-21: go movetime 0 (and -1, and empty clocks) answers promptly with a
// legal move: our documented policy is "finish depth 1 and play".
func TestCaseCH21MovetimeZero(t *testing.T) {
	tc := loadCase(t, "CH-21")
	var exp struct {
		Command string   `json:"command"`
		Also    []string `json:"also_test"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "chess")
	c.send(tc.positionCmd())
	for _, cmd := range append([]string{exp.Command}, append(exp.Also, "go wtime -50 btime -50 winc -1 binc -1")...) {
		start := time.Now()
		c.send(cmd)
		m, _ := c.bestmove(2 * time.Second)
		chessLegal(t, chess.StartFEN, m)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s answered after %v", cmd, d)
		}
	}
}

// CH-08: garbage position commands are rejected with an error line and
// the previous position stays (for "d"); a following "go depth 5" does not
// search it, though the case asks so: issue 14 rules that go never answers
// for a position the GUI did not send. A valid position ends the refusal.
func TestCaseCH08GarbagePositions(t *testing.T) {
	tc := loadCase(t, "CH-08")
	var exp struct {
		Commands []string `json:"commands"`
	}
	tc.expected(t, &exp)
	c := realClient(t, "chess")
	c.send("position startpos moves d2d4 d7d5")
	want := c.fen()
	for _, cmd := range exp.Commands {
		c.send(cmd)
		got := c.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") {
			t.Errorf("%s: %q, want one error line", cmd, got)
		}
		if f := c.fen(); f != want {
			t.Fatalf("%s changed the position to %s", cmd, f)
		}
		c.send("go depth 5")
		c.expectRefused(false)
	}
	c.send("position startpos moves d2d4 d7d5", "go depth 5")
	m, _ := c.bestmove(10 * time.Second)
	chessLegal(t, want, m)
}

// expectRefused reads the answer to a go after a rejected position: the
// note, then "bestmove 0000" (UCCI: "nobestmove"), and nothing else.
func (c *client) expectRefused(ucci bool) {
	c.t.Helper()
	want := "bestmove 0000"
	if ucci {
		want = "nobestmove"
	}
	l, before := c.expect(strings.Fields(want)[0], 10*time.Second)
	if l != want || len(before) != 1 || !strings.HasPrefix(before[0], "info string no search: the last position command was rejected (") {
		c.t.Fatalf("go after a rejected position: %q then %q, want a note and %q", before, l, want)
	}
}

// "go depth N" with only the opponent's clock reaches depth N.
func TestGoDepthWithOpponentClock(t *testing.T) {
	c := realClient(t, "chess")
	c.send("position startpos", "go depth 6 btime 1")
	m, before := c.bestmove(20 * time.Second)
	chessLegal(t, chess.StartFEN, m)
	if !hasPrefix(before, "info depth 6 ") {
		t.Fatalf("depth 6 not reached: %q", before)
	}
}

// CH-28: with UCI_Chess960 off, a chess FEN whose castling rights do not fit
// a king and rook on their standard squares is refused with an info string
// (never read as Chess960); with UCI_Chess960 on it is Chess960, castling
// written king takes own rook. Turning the option off again leaves such a
// position in Chess960 coordinates until the next "position".
func TestCaseCH28CastlingRightsNeedChess960(t *testing.T) {
	tc := loadCase(t, "CH-28")
	c := realClient(t, "chess")
	for _, cmd := range []string{
		"position fen " + tc.FEN,
		tc.positionCmd(),
		"position fen r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
		"position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
	} {
		c.send(cmd)
		got := c.sync()
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") ||
			!strings.Contains(got[0], "standard chess") {
			t.Fatalf("%s: %q, want one info string error about standard chess", cmd, got)
		}
	}
	c.send("setoption name UCI_Chess960 value true", "position fen "+tc.FEN)
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("Chess960 mode: %q", got)
	}
	const c960 = "2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b gc - 0 1"
	if f := c.fen(); f != c960 {
		t.Fatalf("Chess960 mode: fen %s, want %s", f, c960)
	}
	c.send("position fen " + tc.FEN + " moves e8g8")
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("Chess960 castling e8g8 (king takes the g8 rook): %q", got)
	}
	if f := c.fen(); f != "2r2rk1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 w - - 1 2" {
		t.Fatalf("after e8g8 in Chess960 mode: %s", f)
	}
	c.send("position fen "+tc.FEN, "setoption name UCI_Chess960 value false")
	if got := c.sync(); len(got) != 0 {
		t.Fatalf("UCI_Chess960 false: %q", got)
	}
	if f := c.fen(); f != c960 {
		t.Fatalf("after UCI_Chess960 false the held Chess960 position reads %s", f)
	}
	c.send("position fen " + tc.FEN)
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "standard chess") {
		t.Fatalf("standard mode again: %q", got)
	}
}

// XQ-27: "one check, one chase" as the search scores it. Black's c6c7
// completes the third occurrence of a cycle in which red alternated checks
// and attacks on the cannon: a draw by default (AXF, as Fairy-Stockfish and
// Pikafish rule), a win for black (red's perpetual chase) with
// CheckChaseLoses true (WXF/Chinese reading).
func TestCaseXQ27CheckChaseOption(t *testing.T) {
	tc := loadCase(t, "XQ-27")
	c := realClient(t, "xiangqi")
	pos := "position fen " + tc.FEN + " moves " + strings.Join(tc.Moves[:15], " ")
	score := func() string {
		c.send(pos, "go depth 2 searchmoves c6c7")
		m, lines := c.bestmove(10 * time.Second)
		if m != "c6c7" {
			t.Fatalf("bestmove %s, want c6c7", m)
		}
		last := ""
		for _, l := range lines {
			if i := strings.Index(l, " score "); i >= 0 && strings.HasPrefix(l, "info depth") {
				f := strings.Fields(l[i+7:])
				last = f[0] + " " + f[1]
			}
		}
		return last
	}
	if s := score(); s != "cp 0" {
		t.Errorf("default (AXF): c6c7 scores %q, want a draw (cp 0)", s)
	}
	c.send("setoption name CheckChaseLoses value true")
	if s := score(); s != "mate 1" {
		t.Errorf("CheckChaseLoses true: c6c7 scores %q, want mate 1 (red's perpetual chase)", s)
	}
}

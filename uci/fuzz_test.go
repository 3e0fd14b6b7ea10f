// FuzzCommand: random command lines must never panic or hang a session.
package uci

import (
	"io"
	"strings"
	"testing"
	"time"
)

// fuzzConfig keeps every command short: a 1 MiB table; searches, perft and bench are
// capped at depth 2 and 3000 nodes, Hash at 8 MiB, Threads at 2.
var fuzzConfig = Config{HashMiB: 1, MaxDepth: 2, MaxNodes: 3000, MaxHashMiB: 8, MaxThreads: 2}

var fuzzSeeds = []string{
	"uci\nisready\nposition startpos moves h2e2 h9g7\ngo depth 3\n",
	"ucci\nsetoption usemillisec true\nposition startpos\nbanmoves h2e2\ngo time 100 increment 0 opptime 100\n",
	"setoption name UCI_Variant value chess\nposition startpos moves e2e4 e7e5 g1f3\ngo wtime 100 btime 100 winc 1 binc 1\n",
	"setoption name UCI_Variant value chess\nposition fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\ngo depth 2\n",
	"setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value chess\nposition startpos\ngo searchmoves e2e4 zzzz depth 2\n",
	"go infinite\nisready\nstop\n",
	"go ponder\nponderhit\n",
	"position fen foobar\nfen foobar\nposition fen\nposition\ngo movetime 0\n",
	"go perft 3\nd\neval\nbench 1\n",
	"setoption name Hash value 999999\nsetoption name Threads value -1\nsetoption name MultiPV value 4\ngo depth 2\n",
	"go mate 1 nodes -5 depth -3 movetime -1 wtime -1 btime 0\n",
	"position startpos moves\x00\xff\r\ngo\r\n",
	"setoption name EvalFile value /dev/null\nsetoption name EvalFile value <default>\n",
	"ucinewgame\nsetoption name Clear Hash\nquit\ngo depth 5\n",
	"position fen 4k1rr1/9/9/9/9/9/9/9/9/5K3 w - - 0 0 moves f0f1\ngo mate 1\n",
	"setoption name UCI_Variant value chess\nposition startpos moves f2f3 e7e5 g2g4 d8h4\ngo infinite\n",
}

func FuzzCommand(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 {
			return
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			s := NewSession(io.Discard, fuzzConfig)
			for _, line := range strings.Split(input, "\n") {
				if !s.Execute(line) {
					break
				}
			}
			s.Close()
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("session hung on %q", input)
		}
	})
}

// TestRunOnFuzzSeeds drives Run (the reader loop) with each seed as a
// stream, including a stream without a final newline.
func TestRunOnFuzzSeeds(t *testing.T) {
	for _, in := range fuzzSeeds {
		s := NewSession(io.Discard, fuzzConfig)
		done := make(chan error, 1)
		go func() { done <- s.Run(strings.NewReader(strings.TrimSuffix(in, "\n"))) }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("Run hung on %q", in)
		}
	}
}

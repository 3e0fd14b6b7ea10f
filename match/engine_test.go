package match

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"dualnnue/position"
)

// within fails the test when f does not return within d (the engine I/O
// bugs these tests pin were hangs).
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
	}
}

func startFake(t *testing.T, cfg EngineConfig) *Engine {
	t.Helper()
	e, err := StartEngine(context.Background(), cfg, position.Chess, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestEngineThatStopsReading: an engine hung in a search no longer reads
// its input; a long position command fills the pipe. The write must give
// up at the move's deadline (it used to block forever, and the match with
// it), and Close must still end the process.
func TestEngineThatStopsReading(t *testing.T) {
	e := startFake(t, fakeConfig(t, "hang", "hang"))
	ctx := context.Background()
	_, _, _, err := e.Go(ctx, "position startpos", "go depth 1", time.Now().Add(200*time.Millisecond))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("first go: %v, want a timeout", err)
	}
	long := "position startpos moves" + strings.Repeat(" g1f3 f3g1", 20000) // 200 KB
	within(t, 5*time.Second, "Go with a full pipe", func() {
		_, _, _, err = e.Go(ctx, long, "go depth 1", time.Now().Add(300*time.Millisecond))
	})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("second go: %v, want a timeout", err)
	}
	within(t, 5*time.Second, "Close of a deaf engine", e.Close)
}

// TestCloseFloodingEngine: an engine that floods its output and ignores
// quit is killed.
func TestCloseFloodingEngine(t *testing.T) {
	e := startFake(t, fakeConfig(t, "flood", "flood"))
	_, _, _, err := e.Go(context.Background(), "position startpos", "go depth 1", time.Now().Add(200*time.Millisecond))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("go: %v, want a timeout", err)
	}
	within(t, 5*time.Second, "Close of a flooding engine", e.Close)
}

// TestCloseWrapperWithChild: an engine started through a shell script whose
// child keeps the output pipe open. Close used to wait for that child (here
// 60 s); now it kills the process group.
func TestCloseWrapperWithChild(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg := EngineConfig{Name: "wrapped", Cmd: "/bin/sh",
		Args: []string{"-c", `sleep 60 & exec env FAKE_ENGINE=good FAKE_GAME=chess "$0"`, exe}}
	e := startFake(t, cfg)
	mv, _, _, err := e.Go(context.Background(), "position startpos", "go depth 1", time.Now().Add(5*time.Second))
	if err != nil || mv == "" {
		t.Fatalf("go: %q %v", mv, err)
	}
	within(t, 5*time.Second, "Close of a wrapper script", e.Close)
}

// TestParseInfo: free text after "string" and the scores of secondary
// MultiPV lines do not count as the engine's score.
func TestParseInfo(t *testing.T) {
	cases := []struct {
		lines []string
		sc    Score
		depth int
	}{
		{[]string{"info depth 12 seldepth 20 multipv 1 score cp -35 nodes 100 pv e2e4"}, Score{Value: -35, Valid: true}, 12},
		{[]string{"info depth 9 score mate -3 pv e2e4"}, Score{Value: -3, Mate: true, Valid: true}, 9},
		{[]string{"info depth 5 score cp 10", "info string depth 99 score cp 900"}, Score{Value: 10, Valid: true}, 5},
		{[]string{"info depth 7 multipv 1 score cp 20 pv a", "info depth 7 multipv 2 score cp -500 pv b"}, Score{Value: 20, Valid: true}, 7},
		{[]string{"info depth 3 score cp 15 lowerbound"}, Score{Value: 15, Valid: true}, 3},
		{[]string{"info score cp"}, Score{}, 0},
	}
	for _, c := range cases {
		var sc Score
		depth := 0
		for _, l := range c.lines {
			parseInfo(l, &sc, &depth)
		}
		if sc != c.sc || depth != c.depth {
			t.Errorf("%q: %+v depth %d, want %+v depth %d", c.lines, sc, depth, c.sc, c.depth)
		}
	}
}

package match

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"dualnnue/position"
)

// TestMain turns the test binary into a fake UCI engine when FAKE_ENGINE is
// set: "good" plays the first legal move, "illegal" answers a1a1, "nomove"
// answers "bestmove" alone, "crash"
// exits on go, "hang" never answers go, "slow" sleeps 400 ms per move,
// "flood" writes info lines forever on go (never reading again), "ranks1"
// is a good xiangqi engine speaking ranks 1–10, "garbage" sends an id name
// with an ANSI escape and a NUL and a 2 MiB move of such bytes.
func TestMain(m *testing.M) {
	if mode := os.Getenv("FAKE_ENGINE"); mode != "" {
		fakeEngine(mode, os.Getenv("FAKE_GAME"))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// variantOf is position.ParseVariant for the tests' game names.
func variantOf(game string) position.Variant {
	v, err := position.ParseVariant(game)
	if err != nil {
		panic(err)
	}
	return v
}

func fakeEngine(mode, game string) {
	if mode == "crashonce" {
		// Starts once (and crashes on its first go); every later start fails.
		mark := os.Getenv("FAKE_MARK")
		if _, err := os.Stat(mark); err == nil {
			os.Exit(4)
		}
		_ = os.WriteFile(mark, nil, 0o644)
		mode = "crash"
	}
	pos, start, _ := newReferee(variantOf(game))
	states := make([]position.State, 4096)
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { fmt.Fprintln(out, s); out.Flush() }
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			name := "fake " + mode
			if mode == "ranks1" {
				name = "Fairy-Stockfish fake"
			}
			if mode == "garbage" {
				name = "fake\x1b[31m\x00red"
			}
			say("id name " + name)
			say("option name UCI_Variant type combo default chess var chess var xiangqi")
			say("uciok")
		case "isready":
			say("readyok")
		case "position":
			fen := start
			i := 1
			if i < len(f) && f[i] == "fen" {
				j := i + 1
				for j < len(f) && f[j] != "moves" {
					j++
				}
				fen = strings.Join(f[i+1:j], " ")
				i = j
			} else {
				i++
			}
			_ = pos.SetFEN(fen)
			for k, mv := range f[min(i+1, len(f)):] {
				if mode == "ranks1" {
					mv, _ = fromRanks1(mv)
				}
				m, err := pos.ParseMove(mv)
				if err != nil {
					say("info string bad move " + mv)
					break
				}
				pos.DoMove(m, &states[k])
			}
		case "go":
			switch mode {
			case "crash":
				os.Exit(3)
			case "hang":
				time.Sleep(time.Hour)
			case "flood":
				// Floods its output and never reads again (not even quit).
				for {
					fmt.Fprintln(out, "info depth 1 score cp 0 nodes 1 string flood")
				}
			case "slow":
				time.Sleep(400 * time.Millisecond)
			case "illegal":
				say("bestmove a1a1")
				continue
			case "garbage":
				// A 2,097,150-byte "move" of ANSI escapes and NULs.
				say("bestmove " + strings.Repeat("\x1b[2J\x00", 419430))
				continue
			case "nomove":
				say("info depth 1 score cp 0 nodes 1")
				say("bestmove")
				continue
			}
			var l position.MoveList
			pos.GenerateLegal(&l)
			mv := pos.MoveString(l.Moves[0])
			if mode == "ranks1" {
				mv = toRanks1(mv)
			}
			say("info depth 1 score cp 0 nodes 1")
			say("bestmove " + mv)
		case "quit":
			return
		}
	}
}

func fakeConfig(t *testing.T, mode, name string) EngineConfig {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return EngineConfig{Name: name, Cmd: "/usr/bin/env", Args: []string{"FAKE_ENGINE=" + mode, "FAKE_GAME=" + testGame, exe}}
}

var testGame = "chess"

func TestFaultyEnginesAreScoredAndTheMatchGoesOn(t *testing.T) {
	cases := []struct {
		mode string
		tc   TimeControl
		kind string
	}{
		{"illegal", TimeControl{Nodes: 1}, "illegal"},
		{"nomove", TimeControl{Nodes: 1}, "illegal"},
		{"crash", TimeControl{Nodes: 1}, "crash"},
		{"hang", TimeControl{Depth: 1, Hang: 300 * time.Millisecond}, "timeout"},
		{"slow", TimeControl{Base: 200 * time.Millisecond, Margin: 10 * time.Millisecond}, "time"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			cfg := Config{Game: position.Chess, TC: c.tc, Games: 4, Concurrency: 2,
				Adjudication: Adjudication{MaxPlies: 20}}
			cfg.Engines[0] = fakeConfig(t, "good", "good")
			cfg.Engines[1] = fakeConfig(t, c.mode, c.mode)
			rep, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Games != 4 || rep.Tri.W != 4 || rep.Tri.L != 0 {
				t.Fatalf("games %d W/D/L %d/%d/%d, want 4 wins for the good engine\n%s", rep.Games, rep.Tri.W, rep.Tri.D, rep.Tri.L, rep.Table())
			}
			if rep.Faults[1][c.kind] != 4 || len(rep.Faults[0]) != 0 {
				t.Fatalf("faults %v / %v, want 4 × %s for the bad engine", rep.Faults[0], rep.Faults[1], c.kind)
			}
			if rep.Penta[4] != 2 {
				t.Fatalf("pentanomial %v, want two WW pairs", rep.Penta)
			}
		})
	}
}

func TestXiangqiDialects(t *testing.T) {
	testGame = "xiangqi"
	defer func() { testGame = "chess" }()
	cfg := Config{Game: position.Xiangqi, TC: TimeControl{Nodes: 1}, Games: 2, Adjudication: Adjudication{MaxPlies: 30}}
	cfg.Engines[0] = fakeConfig(t, "good", "iccs")
	cfg.Engines[1] = fakeConfig(t, "ranks1", "fsf-like")
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 2 || len(rep.Faults[0])+len(rep.Faults[1]) != 0 {
		t.Fatalf("dialect translation failed: %s", rep.Table())
	}
}

func TestParseHelpers(t *testing.T) {
	if m, err := fromRanks1("h10g8"); err != nil || m != "h9g7" {
		t.Fatalf("fromRanks1: %q %v", m, err)
	}
	if toRanks1("h9g7") != "h10g8" || toRanks1("a0a1") != "a1a2" {
		t.Fatal("toRanks1")
	}
	for _, bad := range []string{"", "h11g8", "j1a1", "a0a1", "h10g"} {
		if _, err := fromRanks1(bad); err == nil {
			t.Errorf("fromRanks1(%q) accepted", bad)
		}
	}
	tc, err := ParseTimeControl("1+0.01")
	if err != nil || tc.Base != time.Second || tc.Inc != 10*time.Millisecond {
		t.Fatalf("tc %+v %v", tc, err)
	}
	for _, bad := range []string{"", "x+y", "nodes=0", "depth=-1", "foo=3", "-1+0"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
	e, err := ParseEngine("cmd=./x name=new option.Hash=16 arg=-v ranks=1")
	if err != nil || e.Cmd != "./x" || e.Name != "new" || len(e.Options) != 1 || e.Options[0] != (Option{"Hash", "16"}) || *e.Ranks1 != true {
		t.Fatalf("%+v %v", e, err)
	}
	for _, bad := range []string{"", "name=x", "cmd=x foo=1", "cmd=x ranks=2", "cmd=x junk"} {
		if _, err := ParseEngine(bad); err == nil {
			t.Errorf("ParseEngine(%q) accepted", bad)
		}
	}
}

// TestEngineGarbageIsQuotedAndCut (issue 24 N6): an engine's control bytes
// and a 2 MiB move reach the summary, the game reasons and the PGN quoted
// and cut to about 100 bytes with the original length noted.
func TestEngineGarbageIsQuotedAndCut(t *testing.T) {
	pgn := t.TempDir() + "/m.pgn"
	var progress strings.Builder
	cfg := Config{Game: position.Chess, TC: TimeControl{Nodes: 1}, Games: 2, PGNOut: pgn, Progress: &progress,
		Adjudication: Adjudication{MaxPlies: 20}}
	cfg.Engines[0] = fakeConfig(t, "good", "good")
	cfg.Engines[1] = fakeConfig(t, "garbage", "")
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"fake\x1b[31m\x00red"`; rep.Names[1] != want {
		t.Fatalf("name %s, want %s", rep.Names[1], want)
	}
	move := `"` + strings.Repeat(`\x1b[2J\x00`, 9) + `"… (2097150 bytes)`
	want := map[string]int{"white makes an illegal move: " + move: 1, "black makes an illegal move: " + move: 1}
	if fmt.Sprint(rep.Reasons) != fmt.Sprint(want) {
		t.Fatalf("reasons\n%v\nwant\n%v", rep.Reasons, want)
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	for what, text := range map[string]string{"summary": rep.Table(), "PGN": string(data), "progress": progress.String()} {
		for i, line := range strings.Split(text, "\n") {
			if strings.IndexFunc(line, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) >= 0 || len(line) > 200 {
				t.Errorf("%s line %d holds a control byte or is %d bytes long: %q", what, i+1, len(line), line)
			}
		}
	}
}

func TestEngineText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"e2e4", "e2e4"},
		{"Stockfish 17", "Stockfish 17"},
		{"", ""},
		{"a\x00b", `"a\x00b"`},
		{"\x1b[2Jx", `"\x1b[2Jx"`},
		{"bad\xffutf8", `"bad\xffutf8"`},
		{"tab\there", `"tab\there"`},
		{"中国象棋", "中国象棋"},
		{strings.Repeat("a", 100), strings.Repeat("a", 100)},
		{strings.Repeat("a", 101), strings.Repeat("a", 100) + "… (101 bytes)"},
		{strings.Repeat("象", 40), strings.Repeat("象", 33) + "… (120 bytes)"},
		{strings.Repeat("\x00", 30), `"` + strings.Repeat(`\x00`, 25) + `"… (30 bytes)`},
	}
	for _, c := range cases {
		if got := EngineText(c.in); got != c.want {
			t.Errorf("EngineText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

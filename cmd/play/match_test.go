package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/notation"
)

// TestMatchCommandQuotedOptions: option names with spaces reach the engine
// ("Use NNUE", "Move Overhead" are this engine's own options): a short
// match of the built binary against itself runs and reports.
func TestMatchCommandQuotedOptions(t *testing.T) {
	out, err := exec.Command(binary, "match", "-game", "chess", "-tc", "nodes=200", "-games", "2", "-maxplies", "30",
		"-engine", "cmd="+binary+" name=hand 'option.Use NNUE=false' option.\"Move Overhead\"=30",
		"-engine", "cmd="+binary+` name=net option.Use\ NNUE=true`).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "hand vs net") || !strings.Contains(string(out), "Elo") {
		t.Fatalf("no table:\n%s", out)
	}
}

// TestMatchCommandPGNRanks: -pgn-ranks 1-10 writes a xiangqi PGN in
// Fairy-Stockfish's rank numbering, tagged so, which reads back to legal
// games; the default file says [XiangqiRanks "0-9"].
func TestMatchCommandPGNRanks(t *testing.T) {
	dir := t.TempDir()
	for _, ranks := range []string{"0-9", "1-10"} {
		pgn := filepath.Join(dir, ranks+".pgn")
		args := []string{"match", "-game", "xiangqi", "-tc", "nodes=200", "-games", "2", "-maxplies", "16", "-pgnout", pgn,
			"-engine", "cmd=" + binary + " name=a 'option.Use NNUE=false'", "-engine", "cmd=" + binary + " name=b 'option.Use NNUE=false'"}
		if ranks != "0-9" {
			args = append(args, "-pgn-ranks", ranks)
		}
		if out, err := exec.Command(binary, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		data, err := os.ReadFile(pgn)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "[XiangqiRanks \""+ranks+"\"]"); n != 2 {
			t.Fatalf("-pgn-ranks %s: %d tags in\n%s", ranks, n, data)
		}
		games, err := notation.ReadPGN(bytes.NewReader(data))
		if err != nil || len(games) != 2 || len(games[0].Moves) < 10 {
			t.Fatalf("-pgn-ranks %s: read back %d games: %v", ranks, len(games), err)
		}
	}
}

// TestMatchCommandBadFlags: malformed adjudication flags are refused with
// exit code 2 before any engine starts (trailing numbers were ignored,
// "-resign 0,3" adjudicated every game after three moves).
func TestMatchCommandBadFlags(t *testing.T) {
	engines := []string{"-engine", "cmd=/nonexistent/a", "-engine", "cmd=/nonexistent/b", "-tc", "nodes=1"}
	for _, extra := range [][]string{
		{"-resign", "300"}, {"-resign", "300,3,9"}, {"-resign", "0,3"}, {"-resign", "x,3"},
		{"-draw", "10,5"}, {"-draw", "10,0,20"}, {"-draw", "-1,5,20"},
		{"-games", "0"}, {"-concurrency", "0"}, {"-maxplies", "-3"},
		{"-tc", "NaN+0"}, {"-sprt", "5,0,0.05,0.05"}, {"-pgn-ranks", "1-9"},
	} {
		if code := runPlay(append(append([]string{"match"}, engines...), extra...)); code != 2 {
			t.Errorf("%v: exit %d, want 2", extra, code)
		}
	}
	if code := runPlay([]string{"match", "-engine", `cmd=x 'option.Move Overhead=30`}); code != 2 {
		t.Errorf("unterminated quote: exit %d, want 2", code)
	}
}

// runPlay runs the command line in this process, its output discarded.
func runPlay(args []string) int {
	return root.Main(args, strings.NewReader(""), io.Discard, io.Discard)
}

// TestOpeningsCommandBadSpec: -plies -5 made a slice of negative length
// (a panic); now every bad number is an error.
func TestOpeningsCommandBadSpec(t *testing.T) {
	for _, args := range [][]string{{"-plies", "-5"}, {"-n", "0"}, {"-nodes", "0"}, {"-max-score", "-1"}, {"-game", "shogi"}} {
		if code := runPlay(append([]string{"openings"}, args...)); code == 0 {
			t.Errorf("%v accepted", args)
		}
	}
}

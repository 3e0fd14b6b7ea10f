package main

import (
	"os/exec"
	"strings"
	"testing"
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

// TestMatchCommandBadFlags: malformed adjudication flags are refused with
// exit code 2 before any engine starts (trailing numbers were ignored,
// "-resign 0,3" adjudicated every game after three moves).
func TestMatchCommandBadFlags(t *testing.T) {
	engines := []string{"-engine", "cmd=/nonexistent/a", "-engine", "cmd=/nonexistent/b", "-tc", "nodes=1"}
	for _, extra := range [][]string{
		{"-resign", "300"}, {"-resign", "300,3,9"}, {"-resign", "0,3"}, {"-resign", "x,3"},
		{"-draw", "10,5"}, {"-draw", "10,0,20"}, {"-draw", "-1,5,20"},
		{"-games", "0"}, {"-concurrency", "0"}, {"-maxplies", "-3"},
		{"-tc", "NaN+0"}, {"-sprt", "5,0,0.05,0.05"},
	} {
		if code := runMatch(append(append([]string{}, engines...), extra...)); code != 2 {
			t.Errorf("%v: exit %d, want 2", extra, code)
		}
	}
	if code := runMatch([]string{"-engine", `cmd=x 'option.Move Overhead=30`}); code != 2 {
		t.Errorf("unterminated quote: exit %d, want 2", code)
	}
}

// TestOpeningsCommandBadSpec: -plies -5 made a slice of negative length
// (a panic); now every bad number is an error.
func TestOpeningsCommandBadSpec(t *testing.T) {
	for _, args := range [][]string{{"-plies", "-5"}, {"-n", "0"}, {"-nodes", "0"}, {"-max-score", "-1"}, {"-game", "shogi"}} {
		if code := runOpenings(args); code == 0 {
			t.Errorf("%v accepted", args)
		}
	}
}

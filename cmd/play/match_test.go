package main

import (
	"bytes"
	"fmt"
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

// TestOpeningsCommandFile: -o writes the whole set or nothing: a net file
// that does not load is an error that leaves no output file behind, and an
// existing file is kept; a good run writes exactly -n FENs.
func TestOpeningsCommandFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.epd")
	if code := runPlay([]string{"openings", "-game", "chess", "-n", "3", "-nodes", "500", "-eval", filepath.Join(dir, "missing.nnue"), "-o", out}); code == 0 {
		t.Fatal("a missing net file accepted")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("output after a failed run: %v", err)
	}
	if code := runPlay([]string{"openings", "-game", "chess", "-n", "3", "-nodes", "500", "-exclude", filepath.Join(dir, "missing.epd"), "-o", out}); code == 0 {
		t.Fatal("a missing -exclude file accepted")
	}
	if code := runPlay([]string{"openings", "-game", "chess", "-n", "3", "-nodes", "500", "-o", filepath.Join(dir, "no-such-dir", "o.epd")}); code == 0 {
		t.Fatal("an output in a missing directory accepted")
	}
	os.WriteFile(out, []byte("kept\n"), 0o644)
	if code := runPlay([]string{"openings", "-game", "chess", "-n", "3", "-nodes", "500", "-eval", "nonsense\x01", "-o", out}); code == 0 {
		t.Fatal("a bad -eval accepted")
	}
	if b, _ := os.ReadFile(out); string(b) != "kept\n" {
		t.Fatalf("the existing file changed to %q", b)
	}
	if code := runPlay([]string{"openings", "-game", "xiangqi", "-n", "3", "-plies", "4", "-nodes", "500", "-eval", "embedded", "-o", out}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, _ := os.ReadFile(out)
	if lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); len(lines) != 3 || strings.Count(lines[0], "/") != 9 {
		t.Fatalf("want 3 xiangqi FENs, got %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

// TestMatchShardsMerge: a match of the real engine (hand-written evaluation
// against the net, openings from a file) played whole and in 3 shards, one
// shard given its index by a Slurm array's environment: play match merge
// prints the unsharded match's table; it refuses a missing, a duplicated,
// a truncated and a foreign shard, naming the file, with no table.
func TestMatchShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 12 games twice")
	}
	dir := t.TempDir()
	openings := filepath.Join(dir, "o.epd")
	os.WriteFile(openings, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq -\n"), 0o644)
	common := []string{"match", "-game", "chess", "-tc", "nodes=150", "-games", "12", "-maxplies", "160", "-resign", "400,3", "-openings", openings,
		"-sprt", "-20,20,0.25,0.25", "-engine", "cmd=" + binary + " name=hand 'option.Use NNUE=false'", "-engine", "cmd=" + binary + " name=net"}
	run := func(env []string, args ...string) (string, error) {
		cmd := exec.Command(binary, append(append([]string{}, common...), args...)...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	whole, err := run(nil, "-results", filepath.Join(dir, "whole"))
	if err != nil {
		t.Fatalf("%v\n%s", err, whole)
	}
	var shards []string
	for i := 0; i < 3; i++ {
		res := filepath.Join(dir, fmt.Sprintf("s%d", i))
		var env, args []string
		if i == 1 {
			env = []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3"}
		} else {
			args = []string{"-shard", fmt.Sprintf("%d/3", i)}
		}
		if out, err := run(env, append(args, "-results", res)...); err != nil || !strings.Contains(out, fmt.Sprintf("shard %d/3", i)) {
			t.Fatalf("shard %d: %v\n%s", i, err, out)
		}
		shards = append(shards, res)
	}
	// sub runs play match SUB with args: stdout, stderr, the error.
	sub := func(name string, args ...string) (string, string, error) {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(binary, append([]string{"match", name}, args...)...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}
	merge := func(files ...string) (string, string, error) { return sub("merge", files...) }
	out, errText, err := merge(shards[2], shards[0], shards[1])
	if err != nil {
		t.Fatalf("%v\n%s", err, errText)
	}
	table := out[strings.Index(out, "\n")+1:]
	if !strings.HasPrefix(table, "Engine") || !strings.HasSuffix(whole, table) {
		t.Fatalf("merged:\n%s\nunsharded:\n%s", out, whole)
	}
	t.Logf("merged 3 shards:\n%s", out)
	data, _ := os.ReadFile(shards[1])
	cut := filepath.Join(dir, "cut")
	os.WriteFile(cut, data[:len(data)-5], 0o644)
	foreign, err := run(nil, "-shard", "2/3", "-results", filepath.Join(dir, "foreign"), "-maxplies", "150")
	if err != nil {
		t.Fatalf("%v\n%s", err, foreign)
	}
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{shards[0], shards[2]}, "1/3 missing"},
		{[]string{shards[0], shards[1], shards[1], shards[2]}, shards[1]},
		{[]string{shards[0], cut, shards[2]}, cut},
		{[]string{shards[0], shards[1], filepath.Join(dir, "foreign")}, filepath.Join(dir, "foreign")},
	} {
		out, errText, err := merge(c.files...)
		if err == nil || out != "" || !strings.Contains(errText, c.want) {
			t.Errorf("merge %v: %v, stdout %q, stderr %q (want it to name %q)", c.files, err, out, errText, c.want)
		}
	}
	// play match compare: the whole match against itself in shards pairs all
	// 6 openings; against a match with other adjudication it refuses.
	compare := func(args ...string) (string, string, error) { return sub("compare", args...) }
	out, errText, err = compare("-side", "1", filepath.Join(dir, "whole"), strings.Join(shards, ","))
	if err != nil || !strings.Contains(out, "chess, nodes=150, the same 3 openings: 6 opening pairs played whole by both") || !strings.Contains(out, "B − A: ") {
		t.Errorf("compare: %v, stdout %q, stderr %q", err, out, errText)
	}
	if out, errText, err = compare(filepath.Join(dir, "whole"), filepath.Join(dir, "foreign")); err == nil || out != "" || !strings.Contains(errText, "adjudication") {
		t.Errorf("compare with another adjudication: %v, stdout %q, stderr %q", err, out, errText)
	}
}

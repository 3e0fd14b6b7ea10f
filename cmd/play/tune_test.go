// Tests of `play tune`: bad input with its messages, -list-params, a real kill and resume.
package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	fakeOnce   sync.Once
	fakeEngine string
	fakeErr    error
)

// tuneEngine builds ../../tune/testdata/fakeengine once: a one-ply chess
// engine with the tunable spin options Skill and Flat.
func tuneEngine(t *testing.T) string {
	t.Helper()
	fakeOnce.Do(func() {
		fakeEngine = filepath.Join(filepath.Dir(binary), "fakeengine")
		out, err := exec.Command("go", "build", "-o", fakeEngine, "../../tune/testdata/fakeengine").CombinedOutput()
		if err != nil {
			fakeErr = err
			os.Stderr.Write(out)
		}
	})
	if fakeErr != nil {
		t.Fatal(fakeErr)
	}
	return fakeEngine
}

const tuneParams = "Skill, int, 30, 0, 100, 5, 0.1\nFlat, int, 50, 0, 100, 5, 0.1\n"

// tuneArgs is a short tune of the fake engine in dir.
func tuneArgs(t *testing.T, dir string, extra ...string) []string {
	params := filepath.Join(dir, "params.txt")
	if _, err := os.Stat(params); err != nil {
		if err := os.WriteFile(params, []byte(tuneParams), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return append([]string{"tune", "-game", "chess", "-engine", "cmd=" + tuneEngine(t), "-params", params, "-tc", "nodes=1",
		"-resign", "500,2", "-maxplies", "200", "-openings", "../../configs/openings/chess.epd", "-out", filepath.Join(dir, "tuned.toml")}, extra...)
}

func playTune(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	cmd := exec.Command(binary, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	return out.String(), errb.String(), code
}

// TestTuneCommandBadInput: every bad input exits 2 with its message before
// any game, and writes neither a result nor a state.
func TestTuneCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	missing := filepath.Join(dir, "missing.txt")
	malformed := write("malformed.txt", "Skill, int, 30, 0, 100, 5, 0.1\nFlat, int, 50, x, 100, 5, 0.1\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-params", missing}, "play tune: params file: open " + missing + ": no such file or directory\n"},
		{[]string{"-params", malformed}, "play tune: " + malformed + `: line 2: field 4 (MIN) "x": not a number` + "\n"},
		{[]string{"-params", write("minmax.txt", "Skill, int, 30, 100, 100, 5, 0.1")}, "line 1: field 4 (MIN) 100 must be below field 5 (MAX) 100\n"},
		{[]string{"-params", write("cend.txt", "Skill, int, 30, 0, 100, 0, 0.1")}, "line 1: field 6 (C_END) 0 must be > 0\n"},
		{[]string{"-params", write("start.txt", "Skill, int, 130, 0, 100, 5, 0.1")}, "line 1: field 3 (START) 130 is outside [MIN, MAX] = [0, 100]\n"},
		{[]string{"-params", write("fields.txt", "Skill, int, 30, 0, 100, 5")}, "line 1: 6 fields, want 7: NAME, int|float, START, MIN, MAX, C_END, R_END\n"},
		{[]string{"-params", write("unknown.txt", "Skil, int, 30, 0, 100, 5, 0.1")},
			"play tune: unknown parameter Skil: the engine has no spin option of that name (its tunables: Skill, Flat)\n"},
		{[]string{"-params", write("range.txt", "Skill, int, 30, -10, 100, 5, 0.1")},
			"play tune: parameter Skill: range [-10, 100] exceeds the engine's [0, 100]\n"},
		{[]string{"-iterations", "0"}, "play tune: iterations must be > 0, got 0\n"},
		{[]string{"-iterations", "-5"}, "play tune: iterations must be > 0, got -5\n"},
		{[]string{"-pairs", "0"}, "play tune: pairs per iteration must be > 0, got 0\n"},
		{[]string{"-concurrency", "0"}, "play tune: concurrency must be > 0, got 0\n"},
		{[]string{"-out", filepath.Join(dir, "nodir", "x.toml")},
			"play tune: " + filepath.Join(dir, "nodir", "x.toml.state") + ": its directory " + filepath.Join(dir, "nodir") + " does not exist\n"},
	}
	for _, c := range cases {
		args := tuneArgs(t, dir, c.args...)
		_, stderr, code := playTune(args...)
		if code != 2 || !strings.HasSuffix(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr\n%s\nwant exit 2 and it to end with\n%s", c.args, code, stderr, c.want)
		}
		for _, f := range []string{"tuned.toml", "tuned.toml.state"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
				t.Fatalf("%v: %s was written", c.args, f)
			}
		}
	}
	// Usage errors: the flag is named, with the usage line.
	for _, args := range [][]string{{"tune", "-tc", "fast"}, {"tune", "-params", missing, "-resign", "0,3"}, {"tune", "-engine", "name=x"}} {
		if _, stderr, code := playTune(args...); code != 2 || !strings.Contains(stderr, "usage: play tune ") {
			t.Errorf("%v: exit %d, stderr %s", args, code, stderr)
		}
	}
	if _, stderr, code := playTune("tune"); code != 2 || !strings.HasPrefix(stderr, "play tune: -params FILE is required (play tune -list-params writes one from the engine's options)\n") {
		t.Errorf("no -params: exit %d, stderr %s", code, stderr)
	}
}

// TestTuneCommandListParams: the engine's tunables in the parameter file
// format with c_end = (max − min)/20 and r_end 0.002, the standard
// options (Hash, Threads, Move Overhead) left out; the file it writes is
// accepted by a tune.
func TestTuneCommandListParams(t *testing.T) {
	stdout, stderr, code := playTune("tune", "-list-params", "-game", "chess", "-engine", "cmd="+tuneEngine(t))
	want := "# fake tunable (chess): NAME, int, START, MIN, MAX, C_END, R_END\nSkill, int, 40, 0, 100, 5, 0.002\nFlat, int, 50, 0, 100, 5, 0.002\n"
	if code != 0 || stdout != want {
		t.Fatalf("exit %d, stdout\n%s\nstderr %s\nwant\n%s", code, stdout, stderr, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "params.txt"), []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = playTune(tuneArgs(t, dir, "-iterations", "2")...)
	if code != 0 || !strings.Contains(stdout, "values written to "+filepath.Join(dir, "tuned.toml")) {
		t.Fatalf("tune of the listed file: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// The result is the game's section of search/params.toml.
	if out, _ := os.ReadFile(filepath.Join(dir, "tuned.toml")); !regexp.MustCompile(`^# SPSA: 2 iterations of 1 game pairs, chess, tc nodes=1: W-D-L \d+-\d+-\d+\n\[chess\]\nSkill = \d+\nFlat = \d+\n$`).Match(out) {
		t.Fatalf("result file:\n%s", out)
	}
	// An engine without tunables (this binary without its tuning mode's
	// options) is an error that says why.
	_, stderr, code = playTune("tune", "-list-params", "-game", "chess", "-engine", "cmd="+binary)
	if code != 1 || !strings.Contains(stderr, "lists no tunable spin options (was it started in its tuning mode, e.g. arg=-tune?)") {
		t.Fatalf("engine without tunables: exit %d, stderr %s", code, stderr)
	}
}

// TestTuneCommandResumeAfterKill: a tune killed with SIGKILL in the middle
// (after its third iteration's state was written) and started again with
// the same command ends with the same result file and θ as an
// uninterrupted run: the games of the fake engine at nodes=1 are
// deterministic, so the only thing a kill could change is the SPSA state.
// A state from another parameter file is refused with exit 2.
func TestTuneCommandResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2 × 30 iterations of the fake engine")
	}
	extra := []string{"-iterations", "30", "-pairs", "2", "-concurrency", "2", "-seed", "3"}
	whole := t.TempDir()
	if _, stderr, code := playTune(tuneArgs(t, whole, extra...)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d\n%s", code, stderr)
	}
	dir := t.TempDir()
	args := tuneArgs(t, dir, extra...)
	cmd := exec.Command(binary, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	statePath := filepath.Join(dir, "tuned.toml.state")
	k := 0
	for deadline := time.Now().Add(60 * time.Second); k < 3 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		k = stateK(t, statePath)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	k = stateK(t, statePath)
	if k < 3 || k >= 30 {
		t.Fatalf("killed at iteration %d: want the kill in the middle", k)
	}
	if _, err := os.Stat(filepath.Join(dir, "tuned.toml")); err == nil {
		t.Fatal("a result file exists after the kill")
	}
	t.Logf("killed after iteration %d", k)
	stdout, stderr, code := playTune(args...)
	if code != 0 || !strings.Contains(stdout, "resumed at iteration ") {
		t.Fatalf("resumed run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	a, _ := os.ReadFile(filepath.Join(whole, "tuned.toml"))
	b, _ := os.ReadFile(filepath.Join(dir, "tuned.toml"))
	if len(a) == 0 || string(a) != string(b) {
		t.Fatalf("killed at %d and resumed:\n%s\nuninterrupted:\n%s", k, b, a)
	}
	if ta, tb := stateTheta(t, filepath.Join(whole, "tuned.toml.state")), stateTheta(t, statePath); ta != tb {
		t.Fatalf("θ %s after the resume, %s uninterrupted", tb, ta)
	}
	if err := os.WriteFile(filepath.Join(dir, "params.txt"), []byte(tuneParams+"# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = playTune(args...)
	if code != 2 || !strings.Contains(stderr, "belongs to another tune: it was made with another parameter file") {
		t.Fatalf("state of another params file: exit %d, stderr %s", code, stderr)
	}
}

func stateK(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	var s struct{ K int }
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("state file not whole: %v\n%s", err, data)
	}
	return s.K
}

func stateTheta(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct{ Theta []float64 }
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s.Theta)
	return string(b)
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"dualnnue/datasets"
)

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "selfplay")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// countFiles reads every finished file and returns the games; it fails on
// any problem.
func countFiles(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.dnds"))
	n := 0
	for _, f := range files {
		r, err := datasets.Open(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		var g datasets.GameRecord
		for r.NextGame(&g) {
			n++
		}
		if err := r.Err(); err != nil || len(r.Problems()) > 0 {
			t.Fatalf("%s: %v %v", f, err, r.Problems())
		}
		r.Close()
	}
	return n
}

// waitForBlock waits until the run's .tmp file holds a finished block.
func waitForBlock(t *testing.T, dir string) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
		for _, f := range files {
			if r, err := datasets.Open(f, nil); err == nil {
				var g datasets.GameRecord
				ok := r.NextGame(&g)
				r.Close()
				if ok {
					return
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no block written within 60 s")
}

func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"-flush-seconds", "0.2", "-game", "chess", "-games", "400", "-threads", "2", "-nodes", "200", "-hard-nodes", "2000", "-max-plies", "30", "-out", dir, "-quiet"}
			cmd := exec.Command(bin, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Some block is durable before the signal (SIGKILL loses at most
			// the block in progress).
			waitForBlock(t, dir)
			_ = cmd.Process.Signal(sig)
			err := cmd.Wait()
			if sig != syscall.SIGKILL {
				// Exit 130 with the way to continue, as other tools on Ctrl-C.
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 130 ||
					!strings.Contains(stderr.String(), "selfplay: stopped; finished games are kept; rerun the same command with -resume to continue") {
					t.Fatalf("exit after %v: %v\n%s", sig, err, stderr.String())
				}
				if tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmps) != 0 {
					t.Fatalf("files left open: %v", tmps)
				}
				n := countFiles(t, dir)
				if n == 0 || n >= 400 {
					t.Fatalf("%d games after %v", n, sig)
				}
				if !strings.Contains(stderr.String(), "interrupted=true") {
					t.Fatalf("no interrupted summary:\n%s", stderr.String())
				}
			}
			// Resume: the finished games stay, a torn .tmp is salvaged, and
			// the run continues to exactly two more games without duplicates.
			onDisk := countAll(t, dir)
			if onDisk == 0 {
				t.Fatalf("no games survived %v", sig)
			}
			res := exec.Command(bin, append(replaceFlag(args, "-games", fmt.Sprint(onDisk+2)), "-resume")...)
			if out, err := res.CombinedOutput(); err != nil {
				t.Fatalf("resume: %v\n%s", err, out)
			}
			if tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmps) != 0 {
				t.Fatalf("tmp files left after resume: %v", tmps)
			}
			if n := countFiles(t, dir); n != onDisk+2 {
				t.Fatalf("%d games after resume, want %d", n, onDisk+2)
			}
		})
	}
}

// countAll counts the games in finished and .tmp files (a .tmp may end in a
// torn block: that is a warning, not an error).
func countAll(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	n := 0
	for _, f := range files {
		r, err := datasets.Open(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		var g datasets.GameRecord
		for r.NextGame(&g) {
			n++
		}
		if err := r.Err(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		r.Close()
	}
	return n
}

func replaceFlag(args []string, name, value string) []string {
	out := append([]string(nil), args...)
	for i := range out {
		if out[i] == name && i+1 < len(out) {
			out[i+1] = value
		}
	}
	return out
}

// TestUnwritableOutput: a run that cannot write its output fails with exit
// 1 and never logs "selfplay done" first.
func TestUnwritableOutput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, quiet := range []bool{true, false} {
		args := []string{"-game", "chess", "-games", "2", "-nodes", "50", "-out", filepath.Join(file, "out")}
		if quiet {
			args = append(args, "-quiet")
		}
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 1 {
			t.Fatalf("quiet %v: exit %d\n%s%s", quiet, code, out.String(), errb.String())
		}
		all := out.String() + errb.String()
		if strings.Contains(all, "selfplay done") || strings.Contains(all, "interrupted=false") || out.Len() != 0 ||
			!strings.Contains(errb.String(), "selfplay: output: mkdir "+file+": not a directory\n") {
			t.Fatalf("quiet %v: output\n%s", quiet, all)
		}
		if quiet && !strings.Contains(errb.String(), "level=ERROR msg=\"selfplay failed\"") {
			t.Fatalf("no failure log line:\n%s", errb.String())
		}
	}
}

package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"dualnnue/pipeline"
)

// Ctrl-C (SIGINT) on a match or a pipeline is not a crash: the command says
// how to continue and exits 130, as other tools do (issue 24 item 3).
func TestStoppedBySignal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		// Without -out the run names its own directory, which a rerun of the
		// same command would not find: the message names it.
		{"pipeline in its own directory", []string{"pipeline", "-quiet"},
			"play pipeline: stopped; to continue, rerun it with -out runs/xiangqi-"},
		{"match", []string{"match", "-game", "chess", "-tc", "60+1", "-games", "2", "-engine", "cmd=self", "-engine", "cmd=self"},
			"play match: stopped; the table covers the 0 games played"},
		{"match with results", []string{"match", "-game", "chess", "-tc", "60+1", "-games", "2", "-engine", "cmd=self", "-engine", "cmd=self",
			"-results", filepath.Join(dir, "m.results")},
			"play match: stopped; 0 games played; rerun the same command with -resume to play the rest"},
		{"pipeline", []string{"pipeline", "-out", filepath.Join(dir, "run"), "-quiet"},
			"play pipeline: stopped; rerun the same command to continue (finished stages are kept)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(binary, c.args...)
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond)
			if c.name == "pipeline in its own directory" {
				// The message names the directory once the run has made it.
				for end := time.Now().Add(60 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
					if m, _ := filepath.Glob(filepath.Join(dir, "runs", "xiangqi-*", "pipeline.toml")); len(m) > 0 {
						break
					}
				}
			}
			_ = cmd.Process.Signal(syscall.SIGINT)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(60 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("still running 60 s after SIGINT; stderr:\n%s", stderr.String())
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("exit %v, want status 130; stderr:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), c.want) || strings.Contains(stderr.String(), "context canceled") {
				t.Fatalf("stderr:\n%s\nwant %q and no \"context canceled\"", stderr.String(), c.want)
			}
		})
	}
}

// stoppedHow names the way back: the same command when the run directory
// was given, -out with the directory the run named itself otherwise.
func TestStoppedHow(t *testing.T) {
	for _, c := range []struct {
		runDir string
		rep    *pipeline.Report
		want   string
	}{
		{"runs/x1", &pipeline.Report{RunDir: "runs/x1"}, "rerun the same command to continue (finished stages are kept)"},
		{"runs/x1", nil, "rerun the same command to continue (finished stages are kept)"},
		{"", &pipeline.Report{RunDir: "runs/xiangqi-20261204-082653"},
			"to continue, rerun it with -out runs/xiangqi-20261204-082653 (finished stages are kept; without -out a new run starts in a new directory)"},
		{"", nil, "rerun the same command to start the run"},
	} {
		if got := stoppedHow(c.runDir, c.rep); got != c.want {
			t.Errorf("stoppedHow(%q, %+v) = %q, want %q", c.runDir, c.rep, got, c.want)
		}
	}
}

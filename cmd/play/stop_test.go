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
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond)
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

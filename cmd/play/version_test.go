package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/internal/version"
)

// play -version and play version print the build's version, the one UCI
// announces in "id name".
func TestPlayVersion(t *testing.T) {
	for _, arg := range []string{"-version", "version"} {
		var out, errb strings.Builder
		if code := root.Main([]string{arg}, strings.NewReader(""), &out, &errb); code != 0 || out.String() != "play "+version.String()+"\n" {
			t.Errorf("play %s: exit %d, %q %q", arg, code, out.String(), errb.String())
		}
	}
	var out, errb strings.Builder
	if code := root.Main(nil, strings.NewReader("uci\nquit\n"), &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "id name dualnnue "+version.String()+"\n") {
		t.Errorf("uci: exit %d, %q", code, out.String())
	}
}

// A release build fixes the version at link time with the -X flag that
// package version documents: the built binary's -version, version and UCI
// "id name" all carry it (a renamed Override would leave "dev" silently).
func TestBinaryLinkTimeVersion(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "play")
	if out, err := exec.Command("go", "build", "-ldflags", "-X dualnnue/internal/version.Override=v9.8.7-test", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, arg := range []string{"-version", "version"} {
		if out, err := exec.Command(bin, arg).Output(); err != nil || string(out) != "play v9.8.7-test\n" {
			t.Errorf("play %s: %v, %q", arg, err, out)
		}
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	if out, err := cmd.Output(); err != nil || !strings.HasPrefix(string(out), "id name dualnnue v9.8.7-test\n") {
		t.Errorf("uci: %v, %q", err, out)
	}
	if err := exec.Command(bin, "-version", "extra").Run(); err == nil || err.(*exec.ExitError).ExitCode() != 2 {
		t.Errorf("play -version extra: %v, want exit 2", err)
	}
}

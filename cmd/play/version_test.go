package main

import (
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

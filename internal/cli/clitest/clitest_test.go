package clitest

import (
	"fmt"
	"testing"
)

func TestShellWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`play match -engine "cmd=self name=a" -tc nodes=200`, `["play" "match" "-engine" "cmd=self name=a" "-tc" "nodes=200"]`},
		{`a 'b "c"' "d \"e\" \\" f\ g ''`, `["a" "b \"c\"" "d \"e\" \\" "f g" ""]`},
		{`  a   b  `, `["a" "b"]`},
	} {
		if got, err := shellWords(c.in); err != nil || fmt.Sprintf("%q", got) != c.want {
			t.Errorf("%s: %q %v, want %s", c.in, got, err, c.want)
		}
	}
	if _, err := shellWords(`a "b`); err == nil {
		t.Error("unterminated quote accepted")
	}
}

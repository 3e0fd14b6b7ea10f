package clitest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"dualnnue/internal/cli"
)

// CheckTree checks every command under root (root included):
//
//   - "-h", "-help", "--help" and "help" after its words, and "help" before
//     them, print the same help to stdout and nothing to stderr, exit 0; the
//     help opens with "WORDS: synopsis", then "usage: WORDS ...", and shows
//     the command's examples;
//   - an unknown flag is an error naming it, exit 2, nothing on stdout;
//   - a stray word where none is taken, a missing argument or a missing
//     subcommand is an error naming it, exit 2;
//   - each example is a command line of this binary that parses (Check).
//
// No check runs a command's work.
func CheckTree(t *testing.T, root *cli.Command) {
	t.Helper()
	walk(t, root, root, nil)
}

func walk(t *testing.T, root, c *cli.Command, words []string) {
	t.Helper()
	path := strings.Join(append([]string{root.Name}, words...), " ")
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := root.Main(append(append([]string(nil), words...), args...), strings.NewReader(""), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	if c.Synopsis == "" || c.Usage == "" || c.Example == "" {
		t.Errorf("%s: synopsis %q, usage %q, example %q: each is required", path, c.Synopsis, c.Usage, c.Example)
	}
	var help string
	for i, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"help"}} {
		code, stdout, stderr := run(args...)
		if code != 0 || stderr != "" {
			t.Errorf("%s %s: exit %d, stderr %q; want 0 and nothing", path, args[0], code, stderr)
		}
		if i == 0 {
			help = stdout
		} else if stdout != help {
			t.Errorf("%s %s: help differs from -h:\n%s", path, args[0], stdout)
		}
	}
	if len(words) > 0 {
		var stdout, stderr bytes.Buffer
		if code := root.Main(append([]string{"help"}, words...), strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.String() != help || stderr.Len() != 0 {
			t.Errorf("%s help %s: exit %d, stderr %q, stdout\n%s", root.Name, strings.Join(words, " "), code, stderr.String(), stdout.String())
		}
	}
	head := fmt.Sprintf("%s: %s\n\nusage: %s ", path, c.Synopsis, path)
	if !strings.HasPrefix(help, head) {
		t.Errorf("%s -h: does not begin with %q:\n%s", path, head, help)
	}
	for _, l := range strings.Split(strings.TrimSpace(c.Example), "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, path+" ") || !strings.Contains(help, "\nexample:\n") || !strings.Contains(help, "\n  "+l+"\n") {
			t.Errorf("%s -h: example %q missing or not a %s command line:\n%s", path, l, path, help)
		}
		args, err := shellWords(l)
		if err != nil {
			t.Errorf("%s: example %q: %v", path, l, err)
			continue
		}
		var stdout, stderr bytes.Buffer
		if code := root.Check(args[1:], &stdout, &stderr); code != 0 || stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%s: example %q does not parse: exit %d\n%s%s", path, l, code, stdout.String(), stderr.String())
		}
	}

	tail := fmt.Sprintf("run '%s -h' for help\n", path)
	expectError := func(want string, args ...string) {
		t.Helper()
		code, stdout, stderr := run(args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, path+": "+want+"\nusage: "+path+" ") || !strings.HasSuffix(stderr, tail) {
			t.Errorf("%s %q: exit %d, stdout %q, stderr\n%s\nwant exit 2 and %q", path, args, code, stdout, stderr, path+": "+want)
		}
	}
	expectError("flag provided but not defined: -no-such-flag", "-no-such-flag")
	switch {
	case c.Run == nil:
		expectError("missing command")
		expectError(`unknown command "no-such-command"`, "no-such-command")
	case len(c.Sub) > 0 && c.MaxArgs == 0:
		expectError(`unknown command "no-such-command"`, "no-such-command")
	case c.MaxArgs == 0:
		expectError(`unexpected argument "stray"`, "stray")
	}
	if c.MinArgs > 0 {
		expectError("missing arguments")
	}
	for _, s := range c.Sub {
		walk(t, root, s, append(append([]string(nil), words...), s.Name))
	}
}

// shellWords splits a command line as a shell does for words, '...' and
// "..." (no escapes inside single quotes, \" and \\ inside double ones).
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == '\'' && ch == '\'', quote == '"' && ch == '"':
			quote = 0
		case quote == '"' && ch == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			i++
			w.WriteByte(s[i])
		case quote != 0:
			w.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == ' ' || ch == '\t':
			if in {
				words, in = append(words, w.String()), false
				w.Reset()
			}
		case ch == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
			in = true
		default:
			w.WriteByte(ch)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}

// Tests of the shared command-line rules on a small command tree.
package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// tree is a binary "tool" with a root that takes flags only, a command
// taking files and a group of one command.
func tree(ran *[]string) *Command {
	copyCmd := &Command{
		Name: "copy", Synopsis: "copy files to OUT", Usage: "[flags] FILE...", Example: "tool copy -o out a b",
		MinArgs: 1, MaxArgs: Many,
		Run: func(c *Call) int {
			out := c.Flags.String("o", "", "output `file`")
			force := c.Flags.Bool("f", false, "overwrite")
			files, code, ok := c.Parse()
			if !ok {
				return code
			}
			*ran = append(*ran, fmt.Sprintf("copy o=%s f=%v files=%q", *out, *force, files))
			return 0
		},
	}
	show := &Command{
		Name: "show", Synopsis: "show the settings", Usage: "[flags]", Example: "tool group show",
		Run: func(c *Call) int {
			_, code, ok := c.Parse()
			if !ok {
				return code
			}
			*ran = append(*ran, "show")
			return 0
		},
	}
	return &Command{
		Name: "tool", Synopsis: "does things", Usage: "[flags]\nCOMMAND [flags] [args]", Example: "tool -n 3\ntool copy -o out a",
		Run: func(c *Call) int {
			n := c.Flags.Int("n", 1, "how many")
			if _, code, ok := c.Parse(); !ok {
				return code
			}
			*ran = append(*ran, fmt.Sprintf("root n=%d", *n))
			return 0
		},
		Sub: []*Command{copyCmd, {Name: "group", Synopsis: "a group", Usage: "COMMAND", Sub: []*Command{show}}},
	}
}

func TestRules(t *testing.T) {
	const rootHelp = `tool: does things

usage: tool [flags]
       tool COMMAND [flags] [args]

commands ('tool COMMAND -h' for the command's help):
  copy   copy files to OUT
  group  a group

example:
  tool -n 3
  tool copy -o out a

flags:
  -n int
    	how many (default 1)
`
	const copyHelp = `tool copy: copy files to OUT

usage: tool copy [flags] FILE...

example:
  tool copy -o out a b

flags:
  -f	overwrite
  -o file
    	output file
`
	const groupHelp = `tool group: a group

usage: tool group COMMAND

commands ('tool group COMMAND -h' for the command's help):
  show  show the settings
`
	usage := func(path, use string) string {
		return "usage: " + path + " " + use + "\nrun '" + path + " -h' for help\n"
	}
	rootUsage := "usage: tool [flags]\n       tool COMMAND [flags] [args]\nrun 'tool -h' for help\n"
	for _, c := range []struct {
		args           []string
		code           int
		stdout, stderr string
		ran            string
	}{
		{nil, 0, "", "", "root n=1"},
		{[]string{"-n", "4"}, 0, "", "", "root n=4"},
		{[]string{"-h"}, 0, rootHelp, "", ""},
		{[]string{"-help"}, 0, rootHelp, "", ""},
		{[]string{"--help"}, 0, rootHelp, "", ""},
		{[]string{"help"}, 0, rootHelp, "", ""},
		{[]string{"-n", "4", "-h"}, 0, rootHelp, "", ""},
		{[]string{"help", "copy"}, 0, copyHelp, "", ""},
		{[]string{"copy", "-h"}, 0, copyHelp, "", ""},
		{[]string{"copy", "a", "-help"}, 0, copyHelp, "", ""},
		{[]string{"copy", "help"}, 0, copyHelp, "", ""},
		{[]string{"group"}, 2, "", "tool group: missing command\n" + usage("tool group", "COMMAND"), ""},
		{[]string{"group", "-h"}, 0, groupHelp, "", ""},
		{[]string{"help", "group"}, 0, groupHelp, "", ""},
		{[]string{"group", "bogus"}, 2, "", "tool group: unknown command \"bogus\"\n" + usage("tool group", "COMMAND"), ""},
		{[]string{"group", "-x"}, 2, "", "tool group: flag provided but not defined: -x\n" + usage("tool group", "COMMAND"), ""},
		{[]string{"group", "show"}, 0, "", "", "show"},
		{[]string{"group", "show", "stray"}, 2, "", "tool group show: unexpected argument \"stray\"\n" + usage("tool group show", "[flags]"), ""},
		{[]string{"help", "bogus"}, 2, "", "tool: unknown command \"bogus\"\n" + rootUsage, ""},
		// Stray words and unknown flags: errors naming them, wherever they stand.
		{[]string{"bogus"}, 2, "", "tool: unknown command \"bogus\"\n" + rootUsage, ""},
		{[]string{"-n", "2", "foo", "-n", "3"}, 2, "", "tool: unexpected argument \"foo\"\n" + rootUsage, ""},
		{[]string{"-x"}, 2, "", "tool: flag provided but not defined: -x\n" + rootUsage, ""},
		{[]string{"-n", "many"}, 2, "", "tool: invalid value \"many\" for flag -n: parse error\n" + rootUsage, ""},
		{[]string{"-n"}, 2, "", "tool: flag needs an argument: -n\n" + rootUsage, ""},
		{[]string{"copy", "a", "-y"}, 2, "", "tool copy: flag provided but not defined: -y\n" + usage("tool copy", "[flags] FILE..."), ""},
		{[]string{"copy", "-o", "out"}, 2, "", "tool copy: missing arguments\n" + usage("tool copy", "[flags] FILE..."), ""},
		// Flags after, between and before files; -name=value; a bool flag
		// before a file does not take it as its value; "--" ends the flags;
		// a flag's value may look like "--".
		{[]string{"copy", "a", "-o", "out", "b", "-f"}, 0, "", "", `copy o=out f=true files=["a" "b"]`},
		{[]string{"copy", "-f", "a", "--o=x"}, 0, "", "", `copy o=x f=true files=["a"]`},
		{[]string{"copy", "-o", "--", "a"}, 0, "", "", `copy o=-- f=false files=["a"]`},
		{[]string{"copy", "-o", "x", "--", "-f", "--", "-"}, 0, "", "", `copy o=x f=false files=["-f" "--" "-"]`},
		{[]string{"copy", "-f=false", "-", "-o", "-"}, 0, "", "", `copy o=- f=false files=["-"]`},
	} {
		var ran []string
		var stdout, stderr bytes.Buffer
		code := tree(&ran).Main(c.args, strings.NewReader(""), &stdout, &stderr)
		if code != c.code || stdout.String() != c.stdout || stderr.String() != c.stderr || strings.Join(ran, ";") != c.ran {
			t.Errorf("tool %q: exit %d, ran %q\nstdout:\n%s\nstderr:\n%s\nwant exit %d, ran %q\nstdout:\n%s\nstderr:\n%s",
				c.args, code, ran, stdout.String(), stderr.String(), c.code, c.ran, c.stdout, c.stderr)
		}
	}
}

// TestCheck: Check parses a command line down to its command without
// running it.
func TestCheck(t *testing.T) {
	var ran []string
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"copy", "-o", "out", "a"}, 0},
		{[]string{"-n", "3"}, 0},
		{[]string{"group", "show"}, 0},
		{[]string{"copy", "-o", "out"}, 2},
		{[]string{"copy", "-z", "a"}, 2},
		{[]string{"-n", "3", "x"}, 2},
	} {
		var stdout, stderr bytes.Buffer
		if code := tree(&ran).Check(c.args, &stdout, &stderr); code != c.code || stdout.Len() != 0 || (code == 0) != (stderr.Len() == 0) {
			t.Errorf("%q: exit %d, want %d; stdout %q stderr %q", c.args, code, c.code, stdout.String(), stderr.String())
		}
	}
	if len(ran) != 0 {
		t.Errorf("Check ran %q", ran)
	}
}

// TestOut: -out is the output flag; the old names set it too and say on
// stderr that they are deprecated.
func TestOut(t *testing.T) {
	var got string
	cmd := &Command{Name: "w", Synopsis: "writes", Usage: "[flags]", Example: "w -out f",
		Run: func(c *Call) int {
			out := c.Out("default.txt", "output `file`", "o", "output")
			if _, code, ok := c.Parse(); !ok {
				return code
			}
			got = *out
			return 0
		}}
	for _, c := range []struct {
		args       []string
		want, errs string
	}{
		{nil, "default.txt", ""},
		{[]string{"-out", "a"}, "a", ""},
		{[]string{"-o", "b"}, "b", "w: -o is deprecated: use -out\n"},
		{[]string{"-output=c"}, "c", "w: -output is deprecated: use -out\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := cmd.Main(c.args, strings.NewReader(""), &stdout, &stderr); code != 0 || got != c.want || stderr.String() != c.errs {
			t.Errorf("%q: exit %d, out %q, stderr %q; want %q, %q", c.args, code, got, stderr.String(), c.want, c.errs)
		}
	}
}

// -version, --version and version alone print the root's name and version;
// with other arguments, or without a Version func, they are ordinary words.
func TestVersion(t *testing.T) {
	root := &Command{Name: "tool", Synopsis: "does things", Usage: "[flags]", Version: func() string { return "v1.2.3" },
		Run: func(c *Call) int { _, code, _ := c.Parse(); return code }}
	for _, args := range [][]string{{"-version"}, {"--version"}, {"version"}} {
		var out, errb strings.Builder
		if code := root.Main(args, strings.NewReader(""), &out, &errb); code != 0 || out.String() != "tool v1.2.3\n" || errb.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
	var out, errb strings.Builder
	for _, w := range []string{"-version", "--version", "version"} {
		out.Reset()
		errb.Reset()
		want := "tool: " + w + ` takes no arguments, got "-x"` + "\n"
		if code := root.Main([]string{w, "-x"}, strings.NewReader(""), &out, &errb); code != 2 || out.Len() != 0 || !strings.HasPrefix(errb.String(), want) {
			t.Errorf("%s -x: exit %d, stdout %q, stderr %q, want it to start %q", w, code, out.String(), errb.String(), want)
		}
	}
	root.Version = nil
	if code := root.Main([]string{"-version"}, strings.NewReader(""), &out, &errb); code != 2 || !strings.Contains(errb.String(), "-version") {
		t.Errorf("no Version: exit %d, stderr %q", code, errb.String())
	}
}

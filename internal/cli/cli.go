package cli

import (
	"dualnnue/position"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Many as Command.MaxArgs: any number of positional arguments.
const Many = -1

// Command is one command of a binary: its help text, how many positional
// arguments it takes, what it runs, and its subcommands.
type Command struct {
	Name     string // the word that selects it ("stats"), the binary's name for the root
	Synopsis string // one line: what it does
	Usage    string // what follows the command's words ("[flags] FILE..."); one form a line
	Doc      string // optional: more about it, printed in the help after the usage
	Example  string // working command lines, one a line, starting with the command's words

	MinArgs, MaxArgs int // positional arguments taken; MaxArgs Many: no limit

	// Run defines the command's flags on c.Flags, calls c.Parse and does
	// the work; it returns the exit code. nil: the command is only a group
	// of subcommands.
	Run func(c *Call) int

	Sub []*Command // chosen by the first argument

	// Version, on the root command, is the build's version: "-version",
	// "--version" or "version" as the only argument prints "NAME VERSION"
	// and exits 0; followed by anything else it is a usage error naming
	// the extra word (exit 2).
	Version func() string
}

// Call is one run of a command: its words, flags, arguments and streams.
type Call struct {
	Path  string        // the command's words, "selfplay data stats"
	Cmd   *Command      // the command run
	Flags *flag.FlagSet // empty; Run defines the command's flags on it
	Stdin io.Reader

	Stdout, Stderr io.Writer

	args   []string
	dryRun bool
}

// Main runs the command line args (without the binary's name) with the
// root command c and returns the process exit code.
func (c *Command) Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if c.Version != nil && len(args) > 0 && (args[0] == "-version" || args[0] == "--version" || args[0] == "version" && c.sub("version") == nil) {
		if len(args) > 1 {
			call := &Call{Path: c.Name, Cmd: c, Stdin: stdin, Stdout: stdout, Stderr: stderr}
			return call.UsageError("%s takes no arguments, got %q", args[0], args[1])
		}
		fmt.Fprintf(stdout, "%s %s\n", c.Name, c.Version())
		return 0
	}
	return c.main(c.Name, args, &Call{Stdin: stdin, Stdout: stdout, Stderr: stderr})
}

// Check parses the command line args as Main does, without running any
// command's work: it returns 0 for a valid command line, 2 after printing
// the error on stderr (help, asked for, is printed and gives 0). The tests
// check the examples of the help texts with it.
func (c *Command) Check(args []string, stdout, stderr io.Writer) int {
	return c.main(c.Name, args, &Call{Stdin: strings.NewReader(""), Stdout: stdout, Stderr: stderr, dryRun: true})
}

func (c *Command) sub(name string) *Command {
	for _, s := range c.Sub {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// main dispatches args at command c, whose words are path; call carries
// the streams.
func (c *Command) main(path string, args []string, call *Call) int {
	call.Path, call.Cmd, call.args = path, c, args
	if len(args) > 0 {
		if s := c.sub(args[0]); s != nil {
			return s.main(path+" "+s.Name, args[1:], call)
		}
		if args[0] == "help" {
			// "help" is "-h"; "help COMMAND..." is "COMMAND... -h".
			if len(args) > 1 && c.sub(args[1]) == nil {
				return call.UsageError("unknown command %q", args[1])
			}
			return c.main(path, append(append([]string(nil), args[1:]...), "-h"), call)
		}
	}
	if c.Run == nil {
		switch {
		case len(args) == 0:
			return call.UsageError("missing command")
		case isHelpFlag(args[0]):
			return call.help()
		case isFlag(args[0]):
			return call.UsageError("flag provided but not defined: %s", args[0])
		}
		return call.UsageError("unknown command %q", args[0])
	}
	if len(c.Sub) > 0 && c.MaxArgs == 0 && len(args) > 0 && !isFlag(args[0]) {
		return call.UsageError("unknown command %q", args[0])
	}
	call.Flags = flag.NewFlagSet(path, flag.ContinueOnError)
	call.Flags.SetOutput(io.Discard)
	call.Flags.Usage = func() {}
	return c.Run(call)
}

// Parse parses the command's flags and returns its positional arguments.
// ok false means the call ends here with the exit code code: the help was
// printed (0), or an error and the usage line were (2).
func (c *Call) Parse() (args []string, code int, ok bool) {
	flags, pos := split(c.Flags, c.args)
	if err := c.Flags.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, c.help(), false
		}
		return nil, c.UsageError("%v", err), false
	}
	switch {
	case len(pos) < c.Cmd.MinArgs:
		return nil, c.UsageError("missing arguments"), false
	case c.Cmd.MaxArgs != Many && len(pos) > c.Cmd.MaxArgs:
		return nil, c.UsageError("unexpected argument %q", pos[c.Cmd.MaxArgs]), false
	}
	if c.dryRun {
		return nil, 0, false
	}
	return pos, 0, true
}

// UsageError prints "path: message", the usage line and where the help
// is to stderr, and returns the exit code of bad usage, 2.
func (c *Call) UsageError(format string, a ...any) int {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Path, fmt.Sprintf(format, a...))
	c.Cmd.usage(c.Stderr, c.Path)
	fmt.Fprintf(c.Stderr, "run '%s -h' for help\n", c.Path)
	return 2
}

// Errorf prints "path: message" to stderr and returns code.
func (c *Call) Errorf(code int, format string, a ...any) int {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Path, fmt.Sprintf(format, a...))
	return code
}

// Fail prints "path: err" to stderr and returns the exit code of a failed
// run, 1.
func (c *Call) Fail(err error) int { return c.Errorf(1, "%v", err) }

// ExitStopped is the exit code of a run stopped by Ctrl-C (SIGINT) or
// SIGTERM: 128 + SIGINT, what shells report for a process killed by it.
const ExitStopped = 130

// Stopped reports a run that a signal stopped: "PATH: stopped; HOW" on
// stderr (how: what the user does next, e.g. "rerun the same command to
// continue"), and returns ExitStopped.
func (c *Call) Stopped(how string) int {
	fmt.Fprintf(c.Stderr, "%s: stopped; %s\n", c.Path, how)
	return ExitStopped
}

// help prints the help of the call's command to stdout and returns 0.
func (c *Call) help() int {
	c.Cmd.Help(c.Stdout, c.Path, c.Flags)
	return 0
}

// Help writes the help of command c, whose words are path, with its flags
// fs (nil: none): synopsis, usage, doc, subcommands, example, flags.
func (c *Command) Help(w io.Writer, path string, fs *flag.FlagSet) {
	fmt.Fprintf(w, "%s: %s\n\n", path, c.Synopsis)
	c.usage(w, path)
	if c.Doc != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.Doc))
	}
	if len(c.Sub) > 0 {
		fmt.Fprintf(w, "\ncommands ('%s COMMAND -h' for the command's help):\n", path)
		width := 0
		for _, s := range c.Sub {
			width = max(width, len(s.Name))
		}
		for _, s := range c.Sub {
			fmt.Fprintf(w, "  %-*s  %s\n", width, s.Name, s.Synopsis)
		}
	}
	if c.Example != "" {
		fmt.Fprintf(w, "\nexample:\n")
		for _, l := range strings.Split(strings.TrimSpace(c.Example), "\n") {
			fmt.Fprintf(w, "  %s\n", strings.TrimSpace(l))
		}
	}
	n := 0
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { n++ })
	}
	if n > 0 {
		fmt.Fprintf(w, "\nflags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// usage writes the usage line(s) of c.
func (c *Command) usage(w io.Writer, path string) {
	for i, l := range strings.Split(c.Usage, "\n") {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s %s\n", lead, path, strings.TrimSpace(l))
	}
}

func isFlag(s string) bool { return len(s) > 1 && s[0] == '-' }

func isHelpFlag(s string) bool { return s == "-h" || s == "-help" || s == "--help" }

// split separates flags (with their values) from positional arguments, so
// that flag.Parse sees all flags wherever they stood. A flag's value is
// the next word unless the flag is boolean or written -name=value; "--"
// makes every later word positional. Unknown flags go to the flags, where
// Parse reports them.
func split(fs *flag.FlagSet, args []string) (flags, pos []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(pos, args[i+1:]...)
		}
		if !isFlag(a) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBool(f) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, pos
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Game reads the value of a -game flag: "xiangqi" or "chess" give the
// variant; anything else is a usage error naming it (code 2, ok false), the
// same in every command.
func (c *Call) Game(s string) (v position.Variant, code int, ok bool) {
	v, err := position.ParseVariant(s)
	if err != nil {
		return 0, c.UsageError("-game: %v", err), false
	}
	return v, 0, true
}

// ConfigGame checks -game against the game of a config read with -config,
// the one meaning -game has beside -config in every command: it names the
// config's game and must agree with it. A -game the command line did not
// set agrees with any config. A contradiction prints "PATH: -game G
// contradicts the config's game C" and returns exit code 2, as a bad config
// does.
func (c *Call) ConfigGame(flagGame, configGame position.Variant) (code int, ok bool) {
	if !SetFlags(c.Flags)["game"] || flagGame == configGame {
		return 0, true
	}
	return c.Errorf(2, "-game %v contradicts the config's game %v", flagGame, configGame), false
}

// Out defines the output flag every command spells the same way, -out,
// with default def and usage, and each name in old (the command's earlier
// spelling: -output, -o, -run-dir) as an alias that sets the same value
// and prints "path: -NAME is deprecated: use -out" to stderr when used.
// The aliases are hidden from the flag list's main entry but listed, so
// that the help says they are deprecated.
func (c *Call) Out(def, usage string, old ...string) *string {
	p := c.Flags.String("out", def, usage)
	for _, name := range old {
		c.Flags.Func(name, "deprecated: the same as -out", func(s string) error {
			fmt.Fprintf(c.Stderr, "%s: -%s is deprecated: use -out\n", c.Path, name)
			*p = s
			return nil
		})
	}
	return p
}

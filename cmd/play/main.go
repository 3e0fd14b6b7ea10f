// The subcommand dispatcher: no arguments runs the UCI engine.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"dualnnue/uci"
)

// command is one subcommand: its one-line summary and its entry point,
// which receives the arguments after the subcommand name and returns the
// process exit code.
type command struct {
	summary string
	run     func(args []string) int
}

// commands maps subcommand names to their implementation. Files of this
// package add entries in init functions.
var commands = map[string]command{}

func register(name, summary string, run func(args []string) int) {
	commands[name] = command{summary, run}
}

func main() {
	os.Exit(dispatch(os.Args[1:]))
}

func dispatch(args []string) int {
	if len(args) == 0 {
		return runEngine(nil)
	}
	name := args[0]
	if c, ok := commands[name]; ok {
		return c.run(args[1:])
	}
	switch name {
	case "-h", "-help", "--help", "help":
		usage(os.Stdout)
		return 0
	}
	if strings.HasPrefix(name, "-") {
		return runEngine(args)
	}
	fmt.Fprintf(os.Stderr, "play: unknown subcommand %q\n", name)
	usage(os.Stderr)
	return 2
}

func usage(w *os.File) {
	fmt.Fprintln(w, "usage: play [subcommand] [flags]")
	fmt.Fprintln(w, "  (no subcommand)  the UCI engine on stdin/stdout (send \"uci\" or \"ucci\");")
	fmt.Fprintln(w, "                   -variant chess|xiangqi sets the game of \"position startpos\" (default xiangqi)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-16s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "run 'play <subcommand> -h' for its flags")
}

// runEngine is the UCI engine: commands from stdin, answers on stdout.
// args are its flags: -variant picks the game a GUI that sends no
// UCI_Variant gets for "position startpos" (a "position fen" picks the
// game its FEN fits).
func runEngine(args []string) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	variant := fs.String("variant", "xiangqi", "the game before any UCI_Variant: xiangqi or chess")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *variant != "xiangqi" && *variant != "chess" {
		fmt.Fprintf(os.Stderr, "play: -variant must be xiangqi or chess, not %q\n", *variant)
		return 2
	}
	s := uci.NewSession(os.Stdout, uci.Config{Name: "dualnnue " + version, DefaultVariant: *variant})
	if err := s.Run(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "play:", strings.TrimSpace(err.Error()))
		return 1
	}
	return 0
}

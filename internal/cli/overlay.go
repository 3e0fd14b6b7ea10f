// Flags over a config: the one overlay of the flags a command line set onto a loaded config.
package cli

import (
	"flag"
	"fmt"
)

// SetFlags returns the names of fs's flags the command line set (after
// Parse), each alias under its own name.
func SetFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// Overlay lays the flags the command line set over a config loaded before
// it (the defaults or a -config file): apply maps a flag's name (an alias
// needs its own entry) to the function that copies the flag's value into
// the config, and Overlay calls it for every set flag, in the flags'
// lexicographical order. Flags not set leave the config's values. A name in
// apply that is not a flag of fs panics: the table and the flags are the
// program's own, and a misspelt name would otherwise be a flag that is
// silently ignored.
func Overlay(fs *flag.FlagSet, apply map[string]func()) {
	for name := range apply {
		if fs.Lookup(name) == nil {
			panic(fmt.Sprintf("cli.Overlay: %q is not a flag of %s", name, fs.Name()))
		}
	}
	fs.Visit(func(f *flag.Flag) {
		if a, ok := apply[f.Name]; ok {
			a()
		}
	})
}

// The chess-default engine: the same session as "play" with no command.
package main

import (
	"os"

	"dualnnue/internal/cli"
	"dualnnue/internal/enginecmd"
)

// version is announced in "id name"; set with -ldflags "-X main.version=..".
var version = "dev"

var root = &cli.Command{
	Name:     "dualnnue-chess",
	Synopsis: "the engine (UCI on stdin/stdout) with chess as its default game, for chess GUIs that pass no arguments",
	Usage:    "[-variant chess|xiangqi] [-tune]",
	Doc: `The same engine as "play" with no command, starting in chess. Send "uci".
The tools (bench, match, human, ...) are in "play".`,
	Example: "dualnnue-chess -variant chess",
	Run: func(c *cli.Call) int {
		return enginecmd.Run(c, "dualnnue "+version, "chess")
	},
}

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// The chess-default engine: the same session as "play" with no command.
package main

import (
	"dualnnue/internal/version"
	"os"

	"dualnnue/internal/cli"
	"dualnnue/internal/enginecmd"
)

var root = &cli.Command{
	Name:     "dualnnue-chess",
	Version:  version.String,
	Synopsis: "the engine (UCI on stdin/stdout) with chess as its default game, for chess GUIs that pass no arguments",
	Usage:    "[-variant chess|xiangqi] [-tune]",
	Doc: `The same engine as "play" with no command, starting in chess. Send "uci".
The tools (bench, match, human, ...) are in "play".`,
	Example: "dualnnue-chess -variant chess",
	Run: func(c *cli.Call) int {
		return enginecmd.Run(c, "dualnnue "+version.String(), "chess")
	},
}

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

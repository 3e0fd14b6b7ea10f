// The result subcommand: game adjudication (package rules).
package main

import (
	"os"

	"dualnnue/rules"
)

func init() {
	register("result", "adjudicate a game: one JSON line {\"result\",\"reason\"} (FEN+moves or -pgn FILE)",
		func(args []string) int { return rules.Run(args, os.Stdout, os.Stderr) })
}

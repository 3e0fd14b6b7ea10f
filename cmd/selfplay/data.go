// The `selfplay data` subcommand: the dataset tools of package datasets.
package main

import (
	"io"

	"dualnnue/datasets"
)

// dataTool runs `selfplay data <tool> ...` (inspect, stats, verify, merge,
// split, export, import).
func dataTool(args []string, stdout, stderr io.Writer) int {
	return datasets.RunTool(args, stdout, stderr)
}

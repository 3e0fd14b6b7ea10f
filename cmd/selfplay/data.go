// The `selfplay data` subcommand: the dataset tools of package datasets.
package main

import (
	"fmt"
	"io"
)

func dataTool(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "selfplay data: the dataset tools are not wired yet")
	return 2
}

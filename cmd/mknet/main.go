package main

import (
	"dualnnue/internal/version"
	"fmt"
	"os"
	"path/filepath"

	"dualnnue/internal/cli"
	"dualnnue/internal/pstnet"
	"dualnnue/position"
)

var root = &cli.Command{
	Name:     "mknet",
	Version:  version.String,
	Synopsis: "write nets folded from the hand-written evaluation's tables (the start of fine-tuning)",
	Usage:    "[-game xiangqi|chess|both] [-hidden N] [-out DIR]",
	Example:  "mknet -game chess -out runs/folded",
	Run:      run,
}

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(c *cli.Call) int {
	hidden := c.Flags.Int("hidden", pstnet.Hidden, "hidden units N (multiple of 32)")
	out := c.Flags.String("out", filepath.Join("runs", "folded"), "output `directory` (created if missing)")
	which := c.Flags.String("game", "xiangqi", "xiangqi, chess or both")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	var games []position.Variant
	switch *which {
	case "chess":
		games = []position.Variant{position.Chess}
	case "xiangqi":
		games = []position.Variant{position.Xiangqi}
	case "both":
		games = []position.Variant{position.Xiangqi, position.Chess}
	default:
		return c.UsageError("-game must be xiangqi, chess or both, not %q", *which)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return c.Fail(err)
	}
	for _, g := range games {
		net, err := pstnet.Build(g, *hidden)
		if err == nil {
			path := filepath.Join(*out, g.String()+".nnue")
			if err = net.WriteFile(path); err == nil {
				fmt.Fprintf(c.Stdout, "%s: %v, %q\n", path, net.Arch, net.Description)
				continue
			}
		}
		return c.Fail(err)
	}
	return 0
}

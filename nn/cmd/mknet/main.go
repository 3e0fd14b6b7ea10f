// Command mknet writes nets folded from the hand-written evaluation's tables:
// go run ./nn/cmd/mknet [-game chess|xiangqi|both] [-hidden 128] [-out runs/folded].
// Both embedded nets were trained by the pipeline starting from such nets
// (docs/nets.md); the output goes to runs/folded by default so that it never
// overwrites them (-out nn/nets does, on purpose).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"dualnnue/nn/internal/pstnet"
	"dualnnue/position"
)

func main() {
	hidden := flag.Int("hidden", pstnet.Hidden, "hidden units N (multiple of 32)")
	out := flag.String("out", filepath.Join("runs", "folded"), "output directory (created if missing)")
	which := flag.String("game", "chess", "chess, xiangqi or both")
	flag.Parse()
	var games []position.Variant
	switch *which {
	case "chess":
		games = []position.Variant{position.Chess}
	case "xiangqi":
		games = []position.Variant{position.Xiangqi}
	case "both":
		games = []position.Variant{position.Xiangqi, position.Chess}
	default:
		fmt.Fprintf(os.Stderr, "mknet: -game must be chess, xiangqi or both, not %q\n", *which)
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "mknet:", err)
		os.Exit(1)
	}
	for _, g := range games {
		net, err := pstnet.Build(g, *hidden)
		if err == nil {
			path := filepath.Join(*out, g.String()+".nnue")
			if err = net.WriteFile(path); err == nil {
				fmt.Printf("%s: %v, %q\n", path, net.Arch, net.Description)
				continue
			}
		}
		fmt.Fprintln(os.Stderr, "mknet:", err)
		os.Exit(1)
	}
}

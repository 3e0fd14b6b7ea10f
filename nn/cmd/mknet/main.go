// Command mknet writes nets folded from the hand-written evaluation's tables:
// go run ./nn/cmd/mknet [-game chess|xiangqi|both] [-hidden 128] [-out nn/nets].
// The embedded chess net is such a net; the embedded xiangqi net was trained
// by the pipeline from one (docs/nets.md), so -game defaults to chess.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"dualnnue/nn"
	"dualnnue/nn/internal/pstnet"
)

func main() {
	hidden := flag.Int("hidden", pstnet.Hidden, "hidden units N (multiple of 32)")
	out := flag.String("out", filepath.Join("nn", "nets"), "output directory")
	which := flag.String("game", "chess", "chess, xiangqi or both")
	flag.Parse()
	var games []nn.Game
	switch *which {
	case "chess":
		games = []nn.Game{nn.Chess}
	case "xiangqi":
		games = []nn.Game{nn.Xiangqi}
	case "both":
		games = []nn.Game{nn.Xiangqi, nn.Chess}
	default:
		fmt.Fprintf(os.Stderr, "mknet: -game must be chess, xiangqi or both, not %q\n", *which)
		os.Exit(2)
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

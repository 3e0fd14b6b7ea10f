// Command mknet writes the default nets (nn/nets/*.nnue) from the hand-written
// evaluation's tables: go run ./nn/cmd/mknet [-hidden 128] [-out nn/nets].
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
	flag.Parse()
	for _, g := range []nn.Game{nn.Xiangqi, nn.Chess} {
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

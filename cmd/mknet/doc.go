// Command mknet writes nets folded from the hand-written evaluation's tables:
// go run ./cmd/mknet [-game xiangqi|chess|both] [-hidden 128] [-out runs/folded].
// Both embedded nets were trained by the pipeline starting from such nets
// (docs/nets.md); the output goes to runs/folded by default so that it never
// overwrites them (-out nn/nets does, on purpose). It lives under nn/
// because it uses internal/pstnet; its command line is the shared one
// of the binaries (internal/cli).
package main

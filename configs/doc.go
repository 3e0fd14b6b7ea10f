// Package configs embeds the ready configurations shipped in this directory
// (TOML), so that the commands run out of the box: `selfplay` and the
// pipeline fall back to these files when no -config is given.
//
// selfplay-xiangqi.toml and selfplay-chess.toml are the small defaults that
// finish in about a minute on 2 cores; the *-prod.toml files are realistic
// production settings for servers (5,000 soft nodes, the field's standard for
// later generations); the *-bootstrap.toml files make the data of the first
// generations at scale (1,000 soft nodes, verified 8-9-ply openings, win and
// draw adjudication), the positions per CPU-second of each in
// docs/benchmarks.md.
package configs

import (
	"embed"
	"fmt"
)

// FS holds every *.toml file of this directory and the 100-opening sets of
// openings/ that the pipeline's matches play (the SPRTs' 5,000-opening sets
// stay on disk: bench/sprt.sh reads them there).
//
//go:embed *.toml openings/chess.epd openings/xiangqi.epd
var FS embed.FS

// Read returns the embedded file name (e.g. "selfplay-xiangqi.toml").
func Read(name string) ([]byte, error) {
	b, err := FS.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("configs: no embedded config %q", name)
	}
	return b, nil
}

// Reading dataset files (package datasets) into memory as side-to-move-first sparse features.
package train

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"dualnnue/datasets"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// ExpandPaths expands shell patterns (filepath.Glob) and plain paths in
// order, dropping duplicates. A pattern matching nothing is an error.
func ExpandPaths(patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("train: bad pattern %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("train: no file matches %q", p)
		}
		for _, f := range m {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// LoadStats says what LoadDatasets read.
type LoadStats struct {
	Files     []string
	Positions int   // positions kept
	Decoded   int64 // positions decoded (before the filter)
	Problems  int   // damaged blocks skipped (see warn)
}

// LoadDatasets reads the positions of the dataset files at paths (in
// order, each file to its end, at most limit positions in total; 0 = no
// limit) that pass filter f, converting each to the active features of set
// from both perspectives, side to move first. Scores are the search scores
// (centipawns, side to move's view); results the game result from the side
// to move's view (unknown = ½). Damaged blocks are skipped and reported
// through warn (may be nil); I/O errors and a file of another game are errors.
func LoadDatasets(paths []string, set *features.Set, f *datasets.Filter, limit int, warn io.Writer) (*Memory, LoadStats, error) {
	d := NewMemory(set.Size)
	st := LoadStats{Files: paths}
	var white, black [features.MaxActive]uint16
	var games int64
	for _, path := range paths {
		if limit > 0 && d.Len() >= limit {
			break
		}
		r, err := datasets.Open(path, f)
		if err != nil {
			return nil, st, fmt.Errorf("train: %w", err)
		}
		if g := r.Header().Game; g != set.Game {
			r.Close()
			return nil, st, fmt.Errorf("train: %s holds %v positions, the net plays %v", path, g, set.Game)
		}
		for r.Next() {
			pos, rec := r.Position(), r.Record()
			n := set.Active(pos, white[:], black[:])
			stm, nstm := white[:n], black[:n]
			c := pos.SideToMove()
			if c == position.Black {
				stm, nstm = nstm, stm
			}
			// r.Games counts the games started in this file so far: with the
			// games of the files before, a run-wide game ordinal.
			if err := d.AddFromGame(stm, nstm, float32(rec.Score), rec.Result.Score(c), games+int64(r.Games)); err != nil {
				r.Close()
				return nil, st, fmt.Errorf("train: %s: %w", path, err)
			}
			if limit > 0 && d.Len() >= limit {
				break
			}
		}
		st.Decoded += r.Decoded
		games += int64(r.Games) + 1
		for _, p := range r.Problems() {
			st.Problems++
			if warn != nil {
				fmt.Fprintf(warn, "train: %s: %v (skipped)\n", path, p)
			}
		}
		err = r.Err()
		r.Close()
		if err != nil {
			return nil, st, fmt.Errorf("train: %s: %w", path, err)
		}
	}
	st.Positions = d.Len()
	return d, st, nil
}

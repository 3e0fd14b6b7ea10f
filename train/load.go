// Reading dataset files (package datasets) into compact in-memory sets, whole games held out.
package train

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"dualnnue/datasets"
	"dualnnue/internal/splitmix"
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
	Positions int   // training positions kept
	Held      int   // positions held out for validation (whole games)
	Decoded   int64 // records decoded (before the filter)
	Games     int64 // games read
	Problems  int   // damaged blocks skipped (see warn)
	Bytes     int64 // memory the positions hold
}

// Load is what LoadDatasets reads: the files (in order, each to its end),
// their game, the filter, the held-out share and the limits.
type Load struct {
	Files []string
	Game  position.Variant
	// Filter selects positions (datasets.Filter; random skipping is seeded
	// per block).
	Filter datasets.Filter
	// ValidFrac holds out this share of the games (by game identity and
	// Seed: a game's fate depends on the game and the seed alone, not on
	// the files or their order); 0 holds out nothing.
	ValidFrac float64
	Seed      uint64
	// Limit stops after this many training positions (0: no limit);
	// ValidLimit keeps at most this many held-out positions (0: all).
	Limit, ValidLimit int
	// MaxBytes is the memory budget of the positions (0: no budget): the
	// chunks of both sets (Memory.Bytes) and the training stream's shuffle
	// order (ShuffleOrderBytes a training position), each counted before
	// it is allocated; a training set that needs more is an error, found
	// as the positions are decoded, before the memory is spent. (The
	// decoder's buffers, one block and one game, are outside it.)
	MaxBytes int64
	// OverBudget says what to do when MaxBytes is exceeded, closing the
	// error (empty: train in stream mode or raise data.max_memory_mib).
	OverBudget string
	// Warn receives the damage reports (nil: discarded).
	Warn io.Writer
}

// ShuffleOrderBytes is the memory of the shuffle order per training
// position in memory mode (an int32 index, Stream).
const ShuffleOrderBytes = 4

// overBudget is the error of a training set over l.MaxBytes after read
// positions.
func overBudget(l Load, read int) error {
	hint := l.OverBudget
	if hint == "" {
		hint = "train in stream mode (data.stream = true) or raise data.max_memory_mib"
	}
	return fmt.Errorf("train: the training set needs more than the memory budget of %d MiB (%d positions read so far): %s",
		l.MaxBytes>>20, read, hint)
}

// LoadDatasets reads the positions of l.Files that pass the filter into
// compact in-memory sets (piece lists; see Memory), whole games held out
// for validation as l.ValidFrac says. Scores are the search scores
// (centipawns, side to move's view); results the game result from the side
// to move's view (unknown = ½). Damaged blocks are skipped from the damage
// on and reported through l.Warn; I/O errors, a file of another game and
// an exceeded memory budget are errors.
func LoadDatasets(l Load) (train, valid *Memory, st LoadStats, err error) {
	train, valid = NewMemory(), NewMemory()
	st.Files = l.Files
	var cut uint64 // games whose hash is below cut are held out
	switch {
	case l.ValidFrac >= 1:
		cut = math.MaxUint64
	case l.ValidFrac > 0:
		cut = uint64(math.Ldexp(l.ValidFrac, 64))
	}
	rs, err := datasets.ReadSamples(l.Files, l.Game, &l.Filter, func(s *datasets.Sample) error {
		dst := train
		if cut > 0 && splitmix.Hash(l.Seed^s.Game) < cut {
			if l.ValidLimit > 0 && valid.Len() >= l.ValidLimit {
				return nil
			}
			dst = valid
		} else if l.Limit > 0 && train.Len() >= l.Limit {
			return datasets.ErrStop
		}
		// The budget counts every byte the positions will hold before it
		// is allocated: the chunks of both sets (Memory.Bytes, with the
		// chunk a new position would open) and the training stream's
		// shuffle order (4 bytes a training position, NewStream).
		if l.MaxBytes > 0 {
			order := int64(train.Len())
			if dst == train {
				order++
			}
			if train.Bytes()+valid.Bytes()+dst.Growth(int(s.N))+ShuffleOrderBytes*order > l.MaxBytes {
				return overBudget(l, train.Len()+valid.Len())
			}
		}
		return dst.AddSample(s)
	}, func(file string, p datasets.Problem) {
		if l.Warn != nil {
			fmt.Fprintf(l.Warn, "train: %s: %v (skipped)\n", file, p)
		}
	})
	st.Decoded, st.Games, st.Problems = rs.Decoded, rs.Games, rs.Problems
	if err != nil {
		if !strings.HasPrefix(err.Error(), "train: ") { // the callback's errors say it already
			err = fmt.Errorf("train: %w", err)
		}
		return nil, nil, st, err
	}
	st.Positions, st.Held, st.Bytes = train.Len(), valid.Len(), train.Bytes()+valid.Bytes()
	return train, valid, st, nil
}

// ReadSamples: every position of dataset files, in file order, through the loader's decode path.
package datasets

import (
	"dualnnue/internal/splitmix"
	"dualnnue/position"
	"errors"
	"fmt"
	"os"
)

// ErrStop, returned by a ReadSamples callback, ends the reading early
// without an error.
var ErrStop = errors.New("datasets: stop")

// ReadStats says what ReadSamples read.
type ReadStats struct {
	Files    []string
	Decoded  int64 // records decoded (before the filter)
	Kept     int64 // samples handed to the callback
	Games    int64 // games whose samples were handed out (complete or cut by damage)
	Problems int   // damaged blocks (skipped from the damage on)
}

// ReadSamples decodes the dataset files in order, all of game g, with the
// Loader's decoder (incremental piece lists, the same filter), and calls fn
// for every position that passes f, one game at a time: the samples of a
// game are handed out together once it is decoded, each carrying the
// game's identity in Sample.Game. The Sample passed to fn is reused after fn
// returns. Damaged blocks are skipped from the damage on and reported
// through onProblem (may be nil); I/O errors, a file of another game and
// an error from fn (other than ErrStop) end the reading with that error.
// Random skipping (f.RandomSkip) is seeded per block by f.Seed, the file's
// ordinal and the block's, so it does not depend on the reading order of
// other files.
func ReadSamples(files []string, g position.Variant, f *Filter, fn func(s *Sample) error, onProblem func(file string, p Problem)) (ReadStats, error) {
	st := ReadStats{Files: files}
	d, err := newBlockDecoder(g, f)
	if err != nil {
		return st, err
	}
	defer d.codec.close()
	var game []Sample // the samples of the game being decoded
	var ferr error
	d.gameID = func(id uint64) {
		if ferr != nil || len(game) == 0 {
			game = game[:0]
			return
		}
		st.Games++
		for i := range game {
			game[i].Game = id
			if ferr = fn(&game[i]); ferr != nil {
				break
			}
			st.Kept++
		}
		game = game[:0]
	}
	emit := func(s *Sample) { game = append(game, *s) }
	var tmp Sample
	for fi, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			return st, err
		}
		sc, err := NewBlockScanner(fh)
		if err != nil {
			fh.Close()
			return st, fmt.Errorf("%s: %w", name, err)
		}
		if hg := sc.Header().Game; hg != g {
			fh.Close()
			return st, fmt.Errorf("datasets: %s holds %v positions, want %v", name, hg, g)
		}
		report := func(p Problem) {
			st.Problems++
			if onProblem != nil {
				onProblem(name, p)
			}
		}
		sc.OnProblem(report)
		for {
			stored, ok := sc.Next()
			if !ok {
				break
			}
			h, idx, off := sc.Block()
			seed := splitmix.Hash(f.Seed ^ splitmix.Hash(uint64(fi)<<32|uint64(idx)))
			n, err := d.decode(h, stored, seed, false, &tmp, emit)
			st.Decoded += int64(n)
			if err != nil {
				report(Problem{Block: idx, Offset: off, Msg: err.Error() + "; rest of the block skipped"})
			}
			if ferr != nil {
				fh.Close()
				if errors.Is(ferr, ErrStop) {
					return st, nil
				}
				return st, ferr
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return st, fmt.Errorf("%s: %w", name, err)
		}
	}
	return st, nil
}

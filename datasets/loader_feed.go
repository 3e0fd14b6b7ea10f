// The loader's feeder goroutine: the files' blocks, checksums verified, in an order drawn anew for each pass.
package datasets

import (
	"fmt"
	"os"

	"dualnnue/internal/splitmix"
)

// passOrder returns the order of n files in pass p: a permutation drawn
// from the seed and the pass alone, so that a resumed loader knows it.
func passOrder(seed uint64, pass, n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rng := splitmix.Hash(splitmix.Hash(seed^0x5DEECE66D) ^ uint64(pass))
	for i := n - 1; i > 0; i-- {
		j := int(splitmix.Next(&rng) % uint64(i+1))
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// blockSeed returns the seed of the filter's random skipping in a block:
// drawn from the seed, the pass, the file and the block alone.
func blockSeed(seed uint64, pass, file, block int) uint64 {
	h := splitmix.Hash(seed ^ 0x2545F4914F6CDD1D)
	h = splitmix.Hash(h ^ uint64(pass))
	h = splitmix.Hash(h ^ uint64(file))
	return splitmix.Hash(h ^ uint64(block))
}

// feed reads the files' blocks (checksums verified) and hands them to the
// workers, in a file order drawn anew for every pass. A resumed loader
// starts at its state's block.
func (l *Loader) feed() {
	defer l.wg.Done()
	defer close(l.blocks)
	st := l.cfg.Start
	pass := 0
	if st != nil {
		pass = st.Pass
	}
	for ; ; pass++ {
		order := passOrder(l.cfg.Seed, pass, len(l.cfg.Files))
		first := 0
		if st != nil {
			first = st.File
		}
		any := false
		for oi := first; oi < len(order); oi++ {
			fi := order[oi]
			name := l.cfg.Files[fi]
			fh, err := os.Open(name)
			if err != nil {
				l.fail(err)
				return
			}
			sc, err := NewBlockScanner(fh)
			if err != nil {
				fh.Close()
				l.fail(fmt.Errorf("%s: %w", name, err))
				return
			}
			sc.SetClosed(IsClosedName(name))
			sc.OnProblem(func(p Problem) { l.problem(name, p) })
			seek := st
			st = nil
			if seek != nil {
				if err := sc.SeekBlock(seek.Offset, seek.Block); err != nil {
					fh.Close()
					l.fail(fmt.Errorf("%s: resuming the loader: %w", name, err))
					return
				}
			}
			for {
				stored, ok := sc.Next()
				if !ok {
					break
				}
				h, idx, off := sc.Block()
				skip := 0
				if seek != nil {
					if idx != seek.Block || off != seek.Offset {
						fh.Close()
						l.fail(fmt.Errorf("%s: resuming the loader: block %d at offset %d is not there (block %d at offset %d instead): the file changed", name, seek.Block, seek.Offset, idx, off))
						return
					}
					skip, seek = seek.Skip, nil
				}
				var rb *rawBlock
				select {
				case rb = <-l.freeBlk:
				case <-l.done:
					fh.Close()
					return
				}
				rb.h, rb.file, rb.index, rb.offset = *h, name, idx, off
				rb.stored = append(rb.stored[:0], stored...)
				rb.seed = blockSeed(l.cfg.Seed, pass, fi, idx)
				rb.pass, rb.order, rb.skip = pass, oi, skip
				select {
				case l.blocks <- rb:
					any = true
				case <-l.done:
					fh.Close()
					return
				}
			}
			fh.Close()
			if err := sc.Err(); err != nil {
				l.fail(fmt.Errorf("%s: %w", name, err))
				return
			}
			if seek != nil {
				l.fail(fmt.Errorf("%s: resuming the loader: no block %d at offset %d: the file changed", name, seek.Block, seek.Offset))
				return
			}
		}
		if !l.cfg.Loop || !any {
			return
		}
	}
}

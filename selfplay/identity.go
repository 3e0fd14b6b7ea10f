// Game identity on disk: which of a shard's games a part holds, so that a
// resume plays exactly the games that are missing.
package selfplay

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"dualnnue/datasets"
)

// A part's header says which games (indices k within the shard, k = 0 ..
// ShardGames-1) it holds, in file order: "first_game" F alone means F,
// F+1, F+2, ...; "games" (written when a resume plays a set with holes)
// lists them as ranges, e.g. "20-29,64-127". The i-th game of the file
// (its ordinal, which the format keeps whatever blocks are lost) is the
// i-th game of that list.

// span is the range of games [lo, hi).
type span struct{ lo, hi int }

// gamePlan is the games a part was started to hold, in file order.
type gamePlan struct {
	first int    // first_game, when spans is nil
	spans []span // the "games" list
}

// parsePlan reads a part header's plan.
func parsePlan(extra map[string]string) (gamePlan, error) {
	var p gamePlan
	if s, ok := extra["first_game"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return p, fmt.Errorf("bad first_game %q", s)
		}
		p.first = n
	}
	s, ok := extra["games"]
	if !ok {
		return p, nil
	}
	if s == "" {
		return p, fmt.Errorf("empty games list")
	}
	for _, f := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(f, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 0 || hi < lo || (len(p.spans) > 0 && lo < p.spans[len(p.spans)-1].hi) {
			return p, fmt.Errorf("bad games list %q", s)
		}
		p.spans = append(p.spans, span{lo, hi + 1})
	}
	return p, nil
}

// game returns the index of the file's i-th game.
func (p *gamePlan) game(i uint64) (int, bool) {
	if p.spans == nil {
		return p.first + int(i), i < 1<<40
	}
	for _, s := range p.spans {
		if n := uint64(s.hi - s.lo); i < n {
			return s.lo + int(i), true
		} else {
			i -= n
		}
	}
	return 0, false
}

// formatSpans writes spans as a "games" list.
func formatSpans(spans []span) string {
	var b strings.Builder
	for i, s := range spans {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s.lo))
		if s.hi-s.lo > 1 {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(s.hi - 1))
		}
	}
	return b.String()
}

// gameSet collects game indices.
type gameSet struct{ spans []span }

// add adds game k (cheap when games come in increasing order).
func (s *gameSet) add(k int) {
	if n := len(s.spans); n > 0 && s.spans[n-1].hi == k {
		s.spans[n-1].hi++
		return
	}
	s.spans = append(s.spans, span{k, k + 1})
}

// normalize sorts and merges the spans; it returns how many games were
// added more than once.
func (s *gameSet) normalize() (repeats int) {
	sort.Slice(s.spans, func(i, j int) bool { return s.spans[i].lo < s.spans[j].lo })
	var out []span
	for _, sp := range s.spans {
		if n := len(out); n > 0 && sp.lo <= out[n-1].hi {
			repeats += min(sp.hi, out[n-1].hi) - sp.lo
			out[n-1].hi = max(out[n-1].hi, sp.hi)
			continue
		}
		out = append(out, sp)
	}
	s.spans = out
	return repeats
}

// count returns how many games of [0, total) the (normalized) set holds.
func (s *gameSet) count(total int) int {
	n := 0
	for _, sp := range s.spans {
		n += max(0, min(sp.hi, total)-sp.lo)
	}
	return n
}

// missing returns the games of [0, total) not in the (normalized) set.
func (s *gameSet) missing(total int) []span {
	var out []span
	next := 0
	for _, sp := range s.spans {
		if sp.lo > next {
			out = append(out, span{next, min(sp.lo, total)})
		}
		next = max(next, sp.hi)
		if next >= total {
			break
		}
	}
	if next < total {
		out = append(out, span{next, total})
	}
	for len(out) > 0 && out[len(out)-1].lo >= out[len(out)-1].hi {
		out = out[:len(out)-1]
	}
	return out
}

// partGames reads the games of a part (a finished part or a killed run's
// .tmp) and calls each with the game's index in the shard, in file order.
// It fails when the file cannot say which games it holds (a version 1 file
// after a damaged block header).
func partGames(path string, each func(k int, g *datasets.GameRecord) error) (datasets.GeneratorInfo, []datasets.Problem, error) {
	r, err := datasets.Open(path, nil)
	if err != nil {
		return datasets.GeneratorInfo{}, nil, err
	}
	defer r.Close()
	info := r.Header().Generator
	plan, err := parsePlan(info.Extra)
	if err != nil {
		return info, nil, fmt.Errorf("selfplay: %s: %w", path, err)
	}
	var g datasets.GameRecord
	for r.NextGame(&g) {
		ord, exact := r.GameOrdinal()
		if !exact {
			return info, r.Problems(), fmt.Errorf("selfplay: %s: a damaged block header hides which games follow it (a format version 1 file): cannot resume by game identity; move the file away to play its games again", path)
		}
		k, ok := plan.game(ord)
		if !ok {
			return info, r.Problems(), fmt.Errorf("selfplay: %s: game %d of the file is beyond the games its header lists", path, ord)
		}
		if err := each(k, &g); err != nil {
			return info, r.Problems(), err
		}
	}
	return info, r.Problems(), r.Err()
}

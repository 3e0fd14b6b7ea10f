// Balanced opening sets made from short searches.
package match

import (
	"fmt"
	"io"
	"strings"

	"dualnnue/engine"
	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/variants"
)

// OpeningSpec says how GenerateOpenings makes a set: Plies random legal
// moves from the start position, kept when a Nodes search with Eval scores
// the result within ±MaxScore centipawns and the position is new (its FEN
// without the move counters not yet kept). Seed makes
// the set reproducible (with the same Eval: a net file, or the hand-written
// evaluation; the embedded net changes with the binary).
type OpeningSpec struct {
	Game     position.Variant
	N        int
	Plies    int
	Nodes    uint64
	MaxScore int
	Seed     uint64
	// Eval is the checking search's evaluator; the zero value is the
	// embedded net (variants.EvalChoice), `play openings` defaults to
	// variants.Hand.
	Eval variants.EvalChoice
	// Exclude are FENs never kept (another set's openings, move counters
	// aside), so that the new set shares no position with them.
	Exclude []string
}

// GenerateOpenings writes spec.N FENs, one per line, to w. N must be
// positive, Plies in 0..200, Nodes positive and MaxScore non-negative; an
// evaluator that does not load (a missing or corrupt net file) is an error
// before anything is written.
func GenerateOpenings(w io.Writer, spec OpeningSpec) error {
	if spec.N <= 0 || spec.Plies < 0 || spec.Plies > 200 || spec.Nodes == 0 || spec.MaxScore < 0 {
		return fmt.Errorf("openings: want n > 0, plies in 0..200, nodes > 0 and max score >= 0, got n %d plies %d nodes %d max score %d",
			spec.N, spec.Plies, spec.Nodes, spec.MaxScore)
	}
	switch spec.Game {
	case position.Xiangqi:
		return generateOpenings(w, spec, variants.Xiangqi)
	case position.Chess:
		return generateOpenings(w, spec, variants.Chess)
	}
	return fmt.Errorf("unknown game %v", spec.Game)
}

func generateOpenings[T any, P search.GamePtr[T]](w io.Writer, spec OpeningSpec, d *variants.Def[T, P]) error {
	e, err := engine.New(d)
	if err != nil {
		return err
	}
	ev, err := d.Evaluator(spec.Eval)
	if err != nil {
		return err
	}
	opts := search.DefaultOptions
	opts.HashMiB = 4
	if err := e.Configure(engine.Options[P]{Eval: ev, Search: opts}); err != nil {
		return err
	}
	pos := e.Position() // SetFEN keeps it in place
	var list position.MoveList
	rng := spec.Seed*0x9E3779B97F4A7C15 + 1
	if rng == 0 { // xorshift's one fixed point: it would pick move 0 forever
		rng = 1
	}
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	seen := map[string]bool{}
	for _, fen := range spec.Exclude {
		seen[positionKey(fen)] = true
	}
	for kept, tries := 0, 0; kept < spec.N; tries++ {
		if tries > 100*spec.N+1000 {
			return fmt.Errorf("only %d of %d openings within ±%d cp", kept, spec.N, spec.MaxScore)
		}
		if err := e.SetFEN(d.StartFEN); err != nil {
			return err
		}
		ok := true
		for i := 0; i < spec.Plies; i++ {
			list.Clear()
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				ok = false
				break
			}
			e.Do(list.Moves[next(list.Len)])
		}
		list.Clear()
		pos.GenerateLegal(&list)
		if !ok || list.Len == 0 || pos.State().InCheck {
			continue
		}
		fen := pos.FEN()
		key := positionKey(fen)
		if seen[key] {
			continue
		}
		e.Clear()
		res := e.Search(search.Limits{Nodes: spec.Nodes, SoftNodes: spec.Nodes}, nil)
		if res.Score > position.Value(spec.MaxScore) || res.Score < -position.Value(spec.MaxScore) {
			continue
		}
		seen[key] = true
		kept++
		if _, err := fmt.Fprintln(w, fen); err != nil {
			return err
		}
	}
	return nil
}

// positionKey is a FEN without its move counters: one key per position.
func positionKey(fen string) string {
	if f := strings.Fields(fen); len(f) > 4 {
		return strings.Join(f[:4], " ")
	}
	return fen
}

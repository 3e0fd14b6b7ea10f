// Test helpers: a scripted stand-in for the engine and a session runner.
package human

import (
	"sort"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
)

// scripted is a fast stand-in for the engine: it plays the given
// coordinate moves in turn, then (or when one is not legal) the first legal
// move in coordinate order. Its Result reports depth 1, score 0, 1 node.
type scripted struct {
	moves []string
	calls int
}

func scriptedThink[T any, P search.GamePtr[T]](sc *scripted) thinkFunc[P] {
	return func(p P, lim search.Limits) search.Result {
		sc.calls++
		var list position.MoveList
		p.GenerateLegal(&list)
		if list.Len == 0 {
			return search.Result{}
		}
		for len(sc.moves) > 0 {
			s := sc.moves[0]
			sc.moves = sc.moves[1:]
			if m, err := p.ParseMove(s); err == nil {
				return search.Result{BestMove: m, Depth: 1, Nodes: 1}
			}
		}
		all := make([]string, list.Len)
		for i, m := range list.Slice() {
			all[i] = p.MoveString(m)
		}
		sort.Strings(all)
		m, _ := p.ParseMove(all[0])
		return search.Result{BestMove: m, Depth: 1, Nodes: 1}
	}
}

// variantOf is position.ParseVariant for the tests' game names.
func variantOf(game string) position.Variant {
	v, err := position.ParseVariant(game)
	if err != nil {
		panic(err)
	}
	return v
}

// playScript runs a session of game with the scripted engine and returns
// the transcript.
func playScript(t testing.TB, game string, cfg Config, engine []string, script string) string {
	t.Helper()
	var out strings.Builder
	sc := &scripted{moves: engine}
	cfg.Game = variantOf(game)
	var err error
	switch game {
	case "xiangqi":
		err = run(xiangqiDef, strings.NewReader(script), &out, cfg, scriptedThink[xiangqi.Position, *xiangqi.Position](sc))
	case "chess":
		err = run(chessDef, strings.NewReader(script), &out, cfg, scriptedThink[chess.Position, *chess.Position](sc))
	default:
		t.Fatalf("game %q", game)
	}
	if err != nil {
		t.Fatalf("session: %v\ntranscript:\n%s", err, out.String())
	}
	return out.String()
}

// answers returns the text printed after each prompt ending in "> ", in
// order: answers(...)[i] is the answer to the i-th input line.
func answers(transcript string) []string {
	parts := strings.Split(transcript, "> ")
	return parts[1:]
}

// firstLine is the first line of s.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// mustContain fails unless every want occurs in got.
func mustContain(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

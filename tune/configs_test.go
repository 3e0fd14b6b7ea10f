package tune_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/search"
	"dualnnue/tune"
)

// TestShippedGroups: every parameter group under configs/tune parses and
// names tunable constants of its game's engine (the spin options the
// engine's tuning mode declares from search.ParamSpecs) with ranges the
// engine accepts (ParseParams has checked that the start values lie in
// them): a group that names
// a constant renamed or narrowed since would fail only after a queue had
// started it.
func TestShippedGroups(t *testing.T) {
	files, err := filepath.Glob("../configs/tune/*.txt")
	if err != nil || len(files) < 4 {
		t.Fatalf("configs/tune: %v, %d groups", err, len(files))
	}
	for _, f := range files {
		game, _, ok := strings.Cut(filepath.Base(f), "-")
		v, err := position.ParseVariant(game)
		if !ok || err != nil {
			t.Fatalf("%s: the file name does not start with a game (chess-, xiangqi-): %v", f, err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		params, err := tune.ParseParams(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var lines []string
		for _, s := range search.ParamSpecs(v) {
			lines = append(lines, tune.SpinOption{Name: s.Name, Default: s.Default, Min: s.Min, Max: s.Max}.Line())
		}
		if _, err := tune.CheckParams(params, lines); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

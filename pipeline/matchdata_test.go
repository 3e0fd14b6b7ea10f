package pipeline

import (
	"slices"
	"strings"
	"testing"
)

// TestTrainDataWindow: generation g trains on the self-play data of the
// last data_window generations (every one with 0) and on the match data of
// those of them before g, skipping the generations without match data.
func TestTrainDataWindow(t *testing.T) {
	const gen = 3 // the generation training: 0, 1 and 2 are done
	dirs := []string{"g0", "g1", "g2", "g3"}
	match := []string{"m0", "", "m2"} // generation 1 has none
	for _, c := range []struct {
		window int
		want   []string
	}{
		{0, []string{"extra", "g0/*.dnds", "g1/*.dnds", "g2/*.dnds", "g3/*.dnds", "m0", "m2"}},
		{2, []string{"extra", "g2/*.dnds", "g3/*.dnds", "m2"}},
		{3, []string{"extra", "g1/*.dnds", "g2/*.dnds", "g3/*.dnds", "m2"}},
		{4, []string{"extra", "g0/*.dnds", "g1/*.dnds", "g2/*.dnds", "g3/*.dnds", "m0", "m2"}},
		{9, []string{"extra", "g0/*.dnds", "g1/*.dnds", "g2/*.dnds", "g3/*.dnds", "m0", "m2"}},
	} {
		r := &pipelineRun{cfg: Config{DataWindow: c.window, ExtraData: []string{"extra"}}, dataDirs: dirs[:gen+1], matchData: match[:gen]}
		if got := r.trainData(); !slices.Equal(got, c.want) {
			t.Errorf("data_window %d: generation %d trains on %q, want %q", c.window, gen, got, c.want)
		}
	}
	// Generation 0 has no earlier match data.
	r := &pipelineRun{cfg: Config{DataWindow: 2}, dataDirs: dirs[:1]}
	if got := r.trainData(); !slices.Equal(got, []string{"g0/*.dnds"}) {
		t.Errorf("generation 0 trains on %q", got)
	}
}

// TestMatchDataWindowOne: with data_window = 1 a generation trains on its
// own self-play only, so match_data would import games no generation
// trains on: the config is refused, naming both keys.
func TestMatchDataWindowOne(t *testing.T) {
	_, err := ParseConfig([]byte("game = \"chess\"\nmatch_data = true\ndata_window = 1\n"))
	if err == nil || !strings.Contains(err.Error(), "match_data") || !strings.Contains(err.Error(), "data_window = 1") {
		t.Fatalf("match_data with data_window = 1: %v", err)
	}
	for _, ok := range []string{"match_data = true\ndata_window = 2", "match_data = true", "data_window = 1"} {
		if _, err := ParseConfig([]byte("game = \"chess\"\n" + ok)); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

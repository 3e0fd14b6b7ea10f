package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dualnnue/position"
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

// A chess game of three scored moves, and one of two.
const (
	matchPGN = `[Event "pipeline candidate vs best"]
[White "candidate"]
[Black "best"]
[Result "1/2-1/2"]

1. e4 {+0.30/10 0.1s} e5 {-0.20/10 0.1s} 2. Nf3 {+0.25/10 0.1s} 1/2-1/2

`
	classicPGN = `[Event "pipeline candidate vs hand-written evaluation"]
[White "dualnnue"]
[Black "classic"]
[Result "1/2-1/2"]

1. d4 {+0.30/10 0.1s} d5 {-0.20/10 0.1s} 1/2-1/2

`
)

// TestImportMatchDataClassic: classic.pgn is imported only when the
// generation played its match against the hand-written evaluation; a
// classic.pgn left by an earlier attempt of the generation (played then,
// not in this one) is not its data.
func TestImportMatchDataClassic(t *testing.T) {
	for _, played := range []bool{false, true} {
		genDir := filepath.Join(t.TempDir(), "gen-001")
		if err := os.MkdirAll(genDir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(genDir, "match.pgn"), []byte(matchPGN), 0o644)
		os.WriteFile(filepath.Join(genDir, "classic.pgn"), []byte(classicPGN), 0o644)
		r := &pipelineRun{cfg: Config{Game: position.VariantName(position.Chess), MatchData: true}}
		rec := Generation{Index: 1}
		want := int64(3)
		if played {
			rec.Classic = &BaselineResult{Engine: "classic"}
			want = 5
		}
		if err := r.importMatchData(1, genDir, &rec); err != nil {
			t.Fatal(err)
		}
		if rec.MatchDataPositions != want || len(r.matchData) != 1 || r.matchData[0] != matchDataFile(genDir, position.Chess) {
			t.Errorf("classic match played %v: %d positions imported (want %d), match data %q", played, rec.MatchDataPositions, want, r.matchData)
		}
	}
}

// TestStartRunMatchData: a continued run trains on the match data its
// records count, not on a match-data file a generation's record does not
// count (left by an unfinished attempt of it, e.g. with match_data on
// before a rerun with it off).
func TestStartRunMatchData(t *testing.T) {
	cfg, err := ParseConfig([]byte("game = \"chess\"\ngenerations = 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.RunDir = t.TempDir()
	rep := Report{RunDir: cfg.RunDir, Game: cfg.Game, Generations: []Generation{{Index: 0, MatchDataPositions: 40}, {Index: 1}}}
	data, _ := json.Marshal(rep)
	if err := os.WriteFile(filepath.Join(cfg.RunDir, "generations.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for gen := range 2 {
		f := matchDataFile(filepath.Join(cfg.RunDir, fmt.Sprintf("gen-%03d", gen)), position.Chess)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(f, []byte("x"), 0o644)
	}
	r, err := startRun(context.Background(), cfg, Options{EngineCmd: "play"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{matchDataFile(filepath.Join(cfg.RunDir, "gen-000"), position.Chess), ""}
	if !slices.Equal(r.matchData, want) {
		t.Fatalf("match data of the continued run %q, want %q", r.matchData, want)
	}
}

// Perft suites: the random-game positions of testdata/perft and the published positions.
package chess

import (
	"flag"
	"path/filepath"
	"testing"
)

var long = flag.Bool("long", false, "long runs: published perft depth 6, 10x more random games")

type perftRecord struct {
	FEN     string   `json:"fen"`
	InCheck bool     `json:"in_check"`
	Perft   []uint64 `json:"perft"`
	Moves   []string `json:"moves"`
}

func TestPerftSuite(t *testing.T) {
	recs := readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "chess.jsonl"))
	if len(recs) != 150 {
		t.Fatalf("chess.jsonl: %d positions, want 150", len(recs))
	}
	for i, r := range recs {
		p := mustFEN(t, r.FEN)
		if p.InCheck() != r.InCheck {
			t.Errorf("#%d %s: in check %v, want %v", i, r.FEN, p.InCheck(), r.InCheck)
		}
		if got := legalStrings(p); !equalStrings(got, r.Moves) {
			t.Errorf("#%d %s: legal moves\n got %v\nwant %v", i, r.FEN, got, r.Moves)
		}
		for d, want := range r.Perft {
			if got := Perft(p, d+1); got != want {
				t.Errorf("#%d %s: perft(%d) = %d, want %d", i, r.FEN, d+1, got, want)
			}
		}
		if err := p.Validate(); err != nil {
			t.Errorf("#%d %s: %v", i, r.FEN, err)
		}
	}
}

type publishedRecord struct {
	Game   string    `json:"game"`
	FEN    string    `json:"fen"`
	Perft  []*uint64 `json:"perft"`
	Source string    `json:"source"`
}

// TestPublished runs the chess entries of published.jsonl up to depth 5
// (depth 6 with -long).
func TestPublished(t *testing.T) {
	recs := readJSONL[publishedRecord](t, filepath.Join(testdataDir(t), "perft", "published.jsonl"))
	maxDepth := 5
	if *long {
		maxDepth = 6
	}
	if testing.Short() {
		maxDepth = 4
	}
	n := 0
	for _, r := range recs {
		if r.Game != "chess" {
			continue
		}
		n++
		p := mustFEN(t, r.FEN)
		for d, want := range r.Perft {
			if want == nil || d+1 > maxDepth {
				continue
			}
			if got := Perft(p, d+1); got != *want {
				t.Errorf("%s (%s): perft(%d) = %d, want %d", r.FEN, r.Source, d+1, got, *want)
			}
		}
	}
	if n != 6 {
		t.Errorf("published.jsonl: %d chess positions, want 6", n)
	}
}

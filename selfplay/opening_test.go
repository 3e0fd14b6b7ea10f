// Opening settings of the bootstrap configs: 8-or-9 random plies, SEE-safe random moves, the verification search.
package selfplay

import (
	"strings"
	"testing"

	"dualnnue/configs"
	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
	"dualnnue/variants"
)

func xiangqiWorker(cfg *Config) *worker[xiangqi.Position, *xiangqi.Position] {
	return newWorker(cfg, variants.Xiangqi, variants.Xiangqi.HCE, nil)
}

// TestRandomPliesRange: with random_plies 8 and random_plies_max 9 every
// game of a run starts with 8 or 9 book plies, and both counts occur.
func TestRandomPliesRange(t *testing.T) {
	cfg := smallConfig(t, position.Chess, 24)
	cfg.Opening = OpeningConfig{RandomPlies: 8, RandomPliesMax: 9}
	sum := runOK(t, cfg)
	count := map[int]int{}
	for _, g := range readGames(t, sum.Files) {
		count[len(g.Book)]++
	}
	if len(count) != 2 || count[8] == 0 || count[9] == 0 {
		t.Fatalf("book lengths %v, want 8 and 9", count)
	}
}

// TestSafeRandomPlies: every random ply of safe_random games loses no
// material by SEE whenever the position had such a move, replayed over
// 16 xiangqi games (where uniform random plies hang rooks and cannons).
func TestSafeRandomPlies(t *testing.T) {
	cfg := smallConfig(t, position.Xiangqi, 16)
	cfg.Opening = OpeningConfig{RandomPlies: 10, SafeRandom: true}
	sum := runOK(t, cfg)
	pos, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	var st [16]position.State
	var list position.MoveList
	checked := 0
	for _, g := range readGames(t, sum.Files) {
		if err := pos.SetFEN(xiangqi.StartFEN); err != nil {
			t.Fatal(err)
		}
		for i, m := range g.Book {
			list.Clear()
			pos.GenerateLegal(&list)
			anySafe := false
			for k := 0; k < list.Len; k++ {
				anySafe = anySafe || pos.SEE(list.Moves[k], 0)
			}
			if anySafe && !pos.SEE(m, 0) {
				t.Fatalf("book ply %d (%v) loses material while a safe move existed", i, m)
			}
			pos.DoMove(m, &st[i])
			checked++
		}
	}
	if checked != 160 {
		t.Fatalf("checked %d plies, want 160", checked)
	}
}

// TestVerifyOpening: an opening is kept exactly when a search of
// verify_nodes from a cleared searcher scores its exit within
// ±verify_score (replayed by a second worker on the same exits).
func TestVerifyOpening(t *testing.T) {
	cfg := Config{HashMiB: 1, Adjudication: AdjudicationConfig{MaxPlies: 40},
		Opening: OpeningConfig{RandomPlies: 6, VerifyNodes: 400, VerifyScore: 60}}
	w, ref := xiangqiWorker(&cfg), xiangqiWorker(&cfg)
	kept, rejected := 0, 0
	for seed := uint64(0); seed < 60; seed++ {
		r := gameSeed(99, seed)
		if err := w.pos.SetFEN(xiangqi.StartFEN); err != nil {
			t.Fatal(err)
		}
		w.e.Clear()
		var rec datasets.GameRecord
		ok, err := w.randomPlies(&r, &rec)
		if err != nil {
			t.Fatal(err)
		}
		ref.e.Clear()
		*ref.pos = *w.pos // the reference engine searches w's position
		res := ref.e.Search(search.Limits{SoftNodes: 400, Nodes: 3200}, nil)
		within := res.Score >= -60 && res.Score <= 60
		if ok != within {
			t.Fatalf("seed %d: kept %v, the verification search scores %d", seed, ok, res.Score)
		}
		if ok {
			kept++
		} else {
			rejected++
		}
	}
	// Uniform random xiangqi plies hang pieces often: both outcomes occur.
	if kept == 0 || rejected == 0 {
		t.Fatalf("kept %d, rejected %d", kept, rejected)
	}
	bad := cfg
	bad.Opening.VerifyScore = 0
	bad.Game, bad.Games, bad.Output, bad.Eval, bad.Shards = position.VariantName(position.Xiangqi), 1, t.TempDir(), "classic", 1
	if err := bad.Validate(); err == nil {
		t.Fatal("verify_nodes without verify_score accepted")
	}
}

// TestShippedSelfplayConfigs: every configs/selfplay-*.toml parses and
// validates for its game; the bootstrap configs use the opening checks
// and adjudication the issue names (8-9 plies, a verification search at
// ±1,000 cp, a win at 2,500 cp for 4 plies, a draw within 10 cp for 10).
func TestShippedSelfplayConfigs(t *testing.T) {
	entries, err := configs.FS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "selfplay-") || !strings.HasSuffix(name, ".toml") {
			continue
		}
		data, _ := configs.Read(name)
		c, err := ParseConfig(data)
		if err == nil {
			err = c.Validate()
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(strings.TrimPrefix(name, "selfplay-"), c.Game.String()) {
			t.Errorf("%s: game %q", name, c.Game)
		}
		if strings.HasSuffix(name, "-bootstrap.toml") {
			o, a := c.Opening, c.Adjudication
			if o.RandomPlies != 8 || o.RandomPliesMax != 9 || o.VerifyNodes == 0 || o.VerifyScore != 1000 ||
				a.ResignScore != 2500 || a.ResignPlies != 4 || a.DrawScore != 10 || a.DrawPlies != 10 || a.DrawAfterPly < 40 || a.DrawAfterPly > 70 ||
				o.SafeRandom != (c.Game.Variant() == position.Xiangqi) {
				t.Errorf("%s: opening %+v adjudication %+v", name, o, a)
			}
		}
		n++
	}
	if n != 6 {
		t.Fatalf("%d self-play configs, want 6 (default, prod, bootstrap per game)", n)
	}
}

package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/variants"
)

// TestShowWDL: with UCI_ShowWDL every info line's score is followed by
// "wdl W D L", the game's fitted model at the root's material (32 pieces
// at the start), summing to 1000; without it there is none; the handshake
// lists the option.
func TestShowWDL(t *testing.T) {
	for _, c := range []struct {
		game  string
		model eval.WDLModel
	}{{"chess", eval.ChessWDL}, {"xiangqi", eval.XiangqiWDL}} {
		cl := realClient(t, c.game)
		search := func() []string {
			cl.send("position startpos", "go depth 4")
			_, lines := cl.bestmove(20 * time.Second)
			var infos []string
			for _, l := range lines {
				if strings.HasPrefix(l, "info depth") {
					infos = append(infos, l)
				}
			}
			if len(infos) == 0 {
				t.Fatalf("%s: no info lines", c.game)
			}
			return infos
		}
		for _, l := range search() {
			if strings.Contains(l, " wdl ") {
				t.Fatalf("%s: wdl without UCI_ShowWDL: %s", c.game, l)
			}
		}
		cl.send("setoption name UCI_ShowWDL value true")
		for _, l := range search() {
			f := strings.Fields(l)
			i := indexOf(f, "score")
			if i < 0 || f[i+1] != "cp" || len(f) < i+7 || f[i+3] != "wdl" {
				t.Fatalf("%s: %s", c.game, l)
			}
			cp, _ := strconv.Atoi(f[i+2])
			w, _ := strconv.Atoi(f[i+4])
			d, _ := strconv.Atoi(f[i+5])
			lo, _ := strconv.Atoi(f[i+6])
			ww, wd, wl := c.model.WDL(position.Value(cp), 32)
			if w != ww || d != wd || lo != wl || w+d+lo != 1000 {
				t.Fatalf("%s: %s: wdl %d %d %d, the model says %d %d %d", c.game, l, w, d, lo, ww, wd, wl)
			}
		}
	}
}

func indexOf(f []string, s string) int {
	for i, x := range f {
		if x == s {
			return i
		}
	}
	return -1
}

// TestLimitStrength: with UCI_LimitStrength and UCI_Elo every search gets
// at most strengthNodes(anchor, perDoubling, elo) nodes, whatever the go
// command asks (a depth far beyond, or more nodes); without it the depth is
// searched. The budget doubles every 101 points in chess and every 150 in
// xiangqi, from 532 and 120 nodes at 1600.
func TestLimitStrength(t *testing.T) {
	for _, c := range []struct {
		anchor, rate, low float64
		elo               int
		want              uint64
	}{
		{variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow, 1600, 532},
		{variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow, 1701, 1064},
		{variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow, 1454, 266},
		{variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow, 1350, 162},
		{variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow, 1900, 4169},
		{variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow, 1185, 60},
		{variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow, 1350, 79},
		{variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow, 1600, 120},
		{variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow, 1750, 240},
		{variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow, MaxElo, 1209},
	} {
		if got := strengthNodes(c.anchor, c.rate, c.low, c.elo); got != c.want {
			t.Errorf("strengthNodes(%v, %v, %v, %d) = %d, want %d", c.anchor, c.rate, c.low, c.elo, got, c.want)
		}
	}
	for _, c := range []struct {
		variant           string
		anchor, rate, low float64
	}{
		{"chess", variants.Chess.EloAnchorNodes, variants.Chess.EloPerDoubling, variants.Chess.EloPerDoublingLow},
		{"xiangqi", variants.Xiangqi.EloAnchorNodes, variants.Xiangqi.EloPerDoubling, variants.Xiangqi.EloPerDoublingLow},
	} {
		cl := realClient(t, c.variant)
		nodes := func(goCmd string) uint64 {
			cl.send("position startpos", goCmd)
			_, lines := cl.bestmove(30 * time.Second)
			var last uint64
			for _, l := range lines {
				f := strings.Fields(l)
				if i := indexOf(f, "nodes"); i >= 0 && strings.HasPrefix(l, "info depth") {
					last, _ = strconv.ParseUint(f[i+1], 10, 64)
				}
			}
			return last
		}
		cl.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1500")
		limit := strengthNodes(c.anchor, c.rate, c.low, 1500)
		for _, g := range []string{"go depth 30", "go nodes 1000000"} {
			if n := nodes(g); n == 0 || n > limit {
				t.Fatalf("%s UCI_Elo 1500, %s: %d nodes, limit %d", c.variant, g, n, limit)
			}
		}
		cl.send("setoption name UCI_LimitStrength value false")
		if n := nodes("go depth 6"); n <= limit {
			t.Fatalf("%s full strength, depth 6: only %d nodes", c.variant, n)
		}
		// Skill Level 0 is UCI_Elo 1320 on the same limiter; 20 is full
		// strength again.
		cl.send("setoption name Skill Level value 0")
		if n, low := nodes("go depth 30"), strengthNodes(c.anchor, c.rate, c.low, MinElo); n == 0 || n > low {
			t.Fatalf("%s Skill Level 0: %d nodes, limit %d", c.variant, n, low)
		}
		cl.send("setoption name Skill Level value 20", "ucinewgame")
		if n := nodes("go depth 6"); n <= limit {
			t.Fatalf("%s Skill Level 20, depth 6: only %d nodes", c.variant, n)
		}
	}
}

// Issue 24: Skill Level 0–20 maps onto the calibrated UCI_Elo range (39
// points a level from 1320; 20 is full strength); UCI_LimitStrength with
// UCI_Elo takes precedence, as in Stockfish; values outside 0–20 are
// refused and keep the old one.
func TestSkillLevel(t *testing.T) {
	c := fakeClient(t)
	for _, tc := range []struct {
		cmds []string
		elo  int
	}{
		{nil, 0},
		{[]string{"setoption name Skill Level value 0"}, 1320},
		{[]string{"setoption name Skill Level value 10"}, 1710},
		{[]string{"setoption name Skill Level value 19"}, 2061},
		{[]string{"setoption name Skill Level value 20"}, 0},
		{[]string{"setoption name Skill Level value 5", "setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 2000"}, 2000},
		{[]string{"setoption name UCI_LimitStrength value false"}, 1515},
	} {
		c.send(tc.cmds...)
		if got := c.sync(); len(got) != 0 {
			t.Fatalf("%q: %q", tc.cmds, got)
		}
		if e := c.sess.limitElo(); e != tc.elo {
			t.Errorf("after %q: limitElo %d, want %d", tc.cmds, e, tc.elo)
		}
	}
	c.send("setoption name Skill Level value 21")
	if got := c.sync(); len(got) != 1 || got[0] != "info string error: option Skill Level takes 0 to 20, not 21; Skill Level stays 5" {
		t.Errorf("Skill Level 21: %q", got)
	}
}

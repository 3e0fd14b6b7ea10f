package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"dualnnue/eval"
	"dualnnue/position"
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

// The tunable search constants as UCI options (Config.Tune, `play -tune`).
package uci

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"dualnnue/position"
	"dualnnue/search"
)

var nodesRe = regexp.MustCompile(` nodes (\d+) `)

// depthNodes searches the chess start position to depth 6 from an empty
// table and returns the node count of the last info line.
func depthNodes(t *testing.T, c *client) string {
	t.Helper()
	c.send("ucinewgame", "position startpos", "go depth 6")
	_, before := c.expect("bestmove", 30*time.Second)
	nodes := ""
	for _, l := range before {
		if m := nodesRe.FindStringSubmatch(l); m != nil {
			nodes = m[1]
		}
	}
	if nodes == "" {
		t.Fatalf("no nodes in %q", before)
	}
	return nodes
}

func TestTuneOptions(t *testing.T) {
	c := startClient(t, Config{DefaultVariant: position.Chess, Tune: true}, nil)
	c.send("uci")
	_, lines := c.expect("uciok", 10*time.Second)
	all := strings.Join(lines, "\n")
	for _, ps := range search.ParamSpecs(position.Chess) {
		want := "option name " + ps.Name + " type spin default " + itoa(ps.Default) + " min " + itoa(ps.Min) + " max " + itoa(ps.Max)
		if !strings.Contains(all, want+"\n") && !strings.HasSuffix(all, want) {
			t.Errorf("handshake lacks %q", want)
		}
	}
	base := depthNodes(t, c)
	c.send("setoption name RFPMargin value 201")
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "option RFPMargin takes 30 to 200, not 201; RFPMargin stays 80") {
		t.Errorf("out of range: %q", got)
	}
	c.send("setoption name RFPMargin value 30", "setoption name LMRDiv value 150")
	if got := c.sync(); len(got) != 0 {
		t.Errorf("in range: %q", got)
	}
	if n := depthNodes(t, c); n == base {
		t.Errorf("RFPMargin 30 and LMRDiv 150 searched the same %s nodes as the defaults", n)
	}
	c.send("setoption name RFPMargin value 80", "setoption name LMRDiv value 225")
	c.sync()
	if n := depthNodes(t, c); n != base {
		t.Errorf("back at the defaults: %s nodes, want %s", n, base)
	}
}

func TestTuneOptionsHidden(t *testing.T) {
	c := startClient(t, Config{DefaultVariant: position.Chess}, nil)
	c.send("uci")
	_, lines := c.expect("uciok", 10*time.Second)
	if hasPrefix(lines, "option name RFPMargin") {
		t.Error("tunable constants listed without Tune")
	}
	c.send("setoption name RFPMargin value 90")
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "unknown option 'RFPMargin'") {
		t.Errorf("got %q", got)
	}
}

// TestTunedParamsOfTheEnginesGame: an engine plays its own game's search
// constants with the client's tunable options in their place, whatever
// game the session announced them for; the game is read from UCI_Variant's
// text in one place (newGameEngine), and an unknown text or game is refused
// with the same message.
func TestTunedParamsOfTheEnginesGame(t *testing.T) {
	for _, v := range position.Variants {
		e, err := newGameEngine(v.String())
		if err != nil {
			t.Fatal(err)
		}
		a := e.(interface {
			params(map[string]int) search.Params
		})
		want := search.DefaultParams(v)
		if got := a.params(nil); got != want {
			t.Errorf("%v: params(nil) = %+v, want the defaults %+v", v, got, want)
		}
		want.RFPMargin, want.LMRDiv = 30, 150
		if got := a.params(map[string]int{"RFPMargin": 30, "LMRDiv": 150}); got != want {
			t.Errorf("%v: params(RFPMargin 30, LMRDiv 150) = %+v, want %+v", v, got, want)
		}
		e.close()
	}
	if _, err := newGameEngine("Chess"); err == nil || err.Error() != `unknown variant "Chess" (want xiangqi or chess)` {
		t.Errorf(`newGameEngine("Chess"): %v`, err)
	}
	if _, err := engineOf(7); err == nil || err.Error() != `unknown variant "variant(7)" (want xiangqi or chess)` {
		t.Errorf("engineOf(7): %v", err)
	}
}

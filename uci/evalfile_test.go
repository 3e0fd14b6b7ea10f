// Issue 14: EvalFile's announced default must survive a client's round
// trip.
package uci

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// pyChessOption parses an option line the way python-chess does
// (chess.engine, UciProtocol._option): the text is split at the keywords
// name, type, default, min, max and var, each between word boundaries
// (the keywords kept as tokens); a keyword token starts its part only if
// that part is still empty, any other token replaces the current part's
// value. "<default>" has word boundaries inside it, so "default <default>"
// came out as ">".
func pyChessOption(line string) (name, def string) {
	re := regexp.MustCompile(`\s*(\bname\b|\btype\b|\bdefault\b|\bmin\b|\bmax\b|\bvar\b)\s*`)
	arg := strings.TrimSpace(strings.TrimPrefix(line, "option"))
	var tokens []string
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(arg, -1) {
		tokens = append(tokens, arg[last:m[0]], arg[m[2]:m[3]])
		last = m[1]
	}
	tokens = append(tokens, arg[last:])
	parts := map[string]string{"name": "", "type": "", "default": "", "min": "", "max": ""}
	current := ""
	for _, tok := range tokens {
		v, isPart := parts[tok]
		switch {
		case tok == "var" || (isPart && v == ""):
			current = tok
		case current == "var":
		case current != "":
			parts[current] = tok
		}
	}
	return parts["name"], parts["default"]
}

// EvalFile's announced default round-trips: a client that reads it back
// and sends it selects the embedded net, with no error (python-chess read
// "<default>" as ">" and sent that, a missing file).
func TestEvalFileDefaultRoundTrips(t *testing.T) {
	if name, def := pyChessOption("option name EvalFile type string default <default>"); name != "EvalFile" || def != ">" {
		t.Fatalf("the python-chess split of the old line: %q %q", name, def)
	}
	for _, v := range []string{"xiangqi", "chess"} {
		c := realClient(t, v)
		c.send("uci")
		_, lines := c.expect("uciok", 5*time.Second)
		var def string
		found := false
		for _, l := range lines {
			if name, d := pyChessOption(l); strings.HasPrefix(l, "option ") && name == "EvalFile" {
				def, found = d, true
			}
		}
		if !found || def != "<empty>" {
			t.Fatalf("%s: EvalFile default as python-chess reads it: %q (found %v)", v, def, found)
		}
		for _, value := range []string{def, "", "<default>"} {
			c.send("setoption name EvalFile value "+value, "eval")
			_, before := c.expect("Final evaluation:", 5*time.Second)
			if len(before) != 2 || !strings.HasSuffix(before[1], "[embedded "+v+" net]") {
				t.Errorf("%s: EvalFile %q: %q, want the embedded net and no error", v, value, before)
			}
		}
	}
}

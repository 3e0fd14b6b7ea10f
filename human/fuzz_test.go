// Fuzzing the session's input: any bytes as input lines never panic and always end cleanly.
package human

import (
	"strings"
	"testing"
)

// FuzzSession feeds arbitrary text, as lines, to a session of each game
// (with the scripted stand-in engine) and checks that it ends without an
// error at the end of input or at quit, answering every line.
func FuzzSession(f *testing.F) {
	seeds := []string{
		"h2e2\nC2=5\nundo\nnew\nflip\nhint\nmoves\nfen\nhistory\nswitch\nresign\nundo\nquit\n",
		"e4\nNf3\nO-O\ne7e8q\nexd5\nQxf7#\n0-0-0\nBb5+\n",
		"fen 4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1\nb7b9\nundo\nR8+2\n",
		"fen 7k/4P3/8/8/8/8/8/K7 w - - 0 1\ne8=Q\ne7e8n\n",
		"time 0.5\ntime -1\ntime 1e400\ntime NaN\ntime 5000\ntime 10ms\n",
		"+C=5\n-H+7\n15+1\nH++7\nP5+1\nK5.1\nc2.5\n1. e4\n12... Nc6\n",
		"\x00\xff\xfe\n\x1b[2J\n\t\r\n    \nfen \nfen x\nfen 9/9/9/9/9/9/9/9/9/9 w - - 0 1\n",
		"O-O-O\n0-0\nO-O+\nexf8=N+\ne8=\n=Q\nKxx\nNbd7\nR1a3\na1a\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		for _, game := range []string{"xiangqi", "chess"} {
			tr := playScript(t, game, Config{}, nil, script)
			if !strings.HasSuffix(tr, "bye\n") {
				t.Fatalf("%s: transcript does not end with bye:\n%s", game, tr)
			}
		}
	})
}

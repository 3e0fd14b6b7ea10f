package match

import "testing"

// The summary states the control and the engines' settings, says faults in
// words, and widens the name column for long names (issue 24 item 5).
func TestTableSummary(t *testing.T) {
	rep := newRunReport([2]string{"dualnnue-0123456789ab", "Stockfish 15.1 UCI_Elo 2600"}, nil)
	rep.Control = "10+0.1"
	rep.Specs = [2]string{"cmd=play name=dualnnue-0123456789ab", "cmd=stockfish option.UCI_LimitStrength=true option.UCI_Elo=2600"}
	rep.Tri = Trinomial{W: 3, D: 1, L: 2}
	rep.Faults[1]["time"] = 1
	rep.Faults[0]["illegal"] = 2
	rep.Faults[0]["crash"] = 1
	rep.Reasons["checkmate"] = 6
	want := "Engine                                                Games      W      D      L    Score\n" +
		"dualnnue-0123456789ab vs Stockfish 15.1 UCI_Elo 2600      6      3      1      2    58.3%\n" +
		rep.Elo.String() + "\n" +
		"LOS 67.3%; pentanomial [LL LD WL+DD WD WW] = [0 0 0 0 0] over 0 pairs\n" +
		"control 10+0.1\n" +
		"engine 1: cmd=play name=dualnnue-0123456789ab\n" +
		"engine 2: cmd=stockfish option.UCI_LimitStrength=true option.UCI_Elo=2600\n" +
		"faults of dualnnue-0123456789ab: 2 illegal moves, 1 crash\n" +
		"faults of Stockfish 15.1 UCI_Elo 2600: 1 loss on time\n" +
		"     6 × checkmate\n"
	if got := rep.Table(); got != want {
		t.Fatalf("table:\n%s\nwant:\n%s", got, want)
	}
	if got := faultWords(map[string]int{"timeout": 2, "time": 3, "odd": 1}); got != "3 losses on time, 2 hangs (no answer in time), 1 odd" {
		t.Errorf("faultWords: %q", got)
	}
}

// Tests of the search constants that are off by default: each switch,
// turned on, must change the search (it is wired) and must not hide a forced
// mate the default search proves (a pruning that does is a fault of the
// change, whatever its SPRT says). A branch that adds a switch adds its row.
// TTEvalStore is not here: it saves evaluations, not nodes (TestTTEvalOnly,
// TestMatesTTEvalStore). EndgameScale is not here either: the bench positions
// hold none of the endgames it scales (TestEvalEndgameScale, TestScaleFactor),
// nor EndgameEval, for the same reason (TestEndgameEvalMates, and
// TestEndgameEval in position/chess). TTRepKey neither: it acts only where a
// position occurred before, and the bench positions have no history
// (TestTTRepKey).
package search_test

import (
	"testing"

	"dualnnue/search"
)

// switchCase is one default-off constant (0: off) at the value its SPRT
// plays; the test compares it with the same constant at 0, so a branch whose
// params.toml turns it on for its SPRT still tests the switch.
// prunes: the switch only removes or reduces work, so the bench must search
// fewer nodes with it on, both games together (in one game a pruning can
// grow the tree a little, by what it does to the table and the histories).
type switchCase struct {
	name   string
	v      int
	prunes bool
}

// switchWith are the constants set in both runs of a switch that acts only
// beside another.
var switchWith = map[string][]setting{
	"CaptureGoodSEE": {{"CaptureHistDiv", 4}},
}

var switchCases = []switchCase{
	{"ImprovingFallback", 1, false},
	{"HindsightMargin", 80, false},
	{"Rule50Damp", 200, false},
	{"LMRDeeperBase", 25, false},
	{"WinnableMaterial", 80, false},
	{"CheckExtMinDepth", 10, true},
	{"LMRTTCapture", 1, true},
	{"HistBigCutMargin", 60, false},
	{"LMRParentMoves", 7, false},
	{"QSChecks", 1, false},
	{"ProbCutMargin", 90, false},
	{"TTCutHistory", 1, false},
	{"PriorFailLowMargin", 30, false},
	{"LowPlyHistory", 4, false},
	{"ContHistDeep", 2, false},
	{"ContHistIsOK", 1, false},
	{"ThreatOrder", 25000, false},
	{"SEPVNode", 1, false},
	{"HistPruneMargin", 1400, true},
	{"FutilityHistDiv", 25, false},
	{"RazorMargin", 180, true},
	{"UpcomingRepetition", 1, false},
	{"PruneMaterial", 1, false},
	{"RootFullResearch", 1, false},
	{"LMRExtend", 1, false},
	{"LMRPVSecond", 1, false},
	{"QuietOrderSF", 1, false},
	{"QSDeltaExempt", 1, false},
	{"DrawJitter", 1, false},
	{"RFPReturnDiv", 2, false},
	{"QSFailHighDamp", 1, false},
	{"SmallProbCutMargin", 200, true},
	{"QSMoveCount", 2, true},
	{"TTPv", 1, false},
	{"AspFailHighDepth", 1, false},
	{"ContCorrection", 90, false},
	{"CaptureHistDiv", 4, false},
	{"PostLMRBonus", 1, false},
	{"LMRCaptures", 1, true},
	{"IIRStrong", 1, false},
	{"SENegExt", 2, false},
	{"CaptureGoodSEE", 69, false},
	{"LMRCutNodeExtra", 1, false},
	{"LMRPVDepth", 11, false},
	{"LMRSingularQuiet", 1, false},
	{"RFPWorsening", 27, true},
	{"PVBestStats", 1, false},
	{"QSEvasions", 2, true},
}

// Depths of the switch tests' node counts: a second or so per game.
const (
	switchChessDepth   = 9
	switchXiangqiDepth = 7
)

func TestSearchSwitches(t *testing.T) {
	for _, c := range switchCases {
		t.Run(c.name, func(t *testing.T) {
			offC, offX := benchNodes(t, c.name, 0, switchChessDepth, switchXiangqiDepth, switchWith[c.name]...)
			onC, onX := benchNodes(t, c.name, c.v, switchChessDepth, switchXiangqiDepth, switchWith[c.name]...)
			t.Logf("bench nodes off → on: chess %d → %d, xiangqi %d → %d", offC, onC, offX, onX)
			if onC == offC && onX == offX {
				t.Errorf("%s = %d searches the same trees as the default: not wired", c.name, c.v)
			}
			if c.prunes && onC+onX >= offC+offX {
				t.Errorf("%s = %d searches more nodes (chess %d → %d, xiangqi %d → %d); it should only prune",
					c.name, c.v, offC, onC, offX, onX)
			}
			checkMatesWith(t, c.name, c.v, switchWith[c.name]...)
		})
	}
}

// benchNodes returns the nodes of a fixed-depth search over the bench
// positions of both games (chess at chessDepth, xiangqi at xiangqiDepth)
// with the search constant name set to v, each position from a cleared
// table: the count is deterministic with one thread.
func benchNodes(t *testing.T, name string, v, chessDepth, xiangqiDepth int, with ...setting) (chessNodes, xiangqiNodes uint64) {
	t.Helper()
	cs, xs := searchersWith(t, name, v, with...)
	cr, err := search.Bench(cs, newChess, chessBenchFENs, chessDepth)
	if err != nil {
		t.Fatal(err)
	}
	xr, err := search.Bench(xs, newXiangqi, xiangqiBenchFENs, xiangqiDepth)
	if err != nil {
		t.Fatal(err)
	}
	return cr.Nodes, xr.Nodes
}

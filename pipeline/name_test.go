// Issue 24 N8: the training runs' names are visible file names.
package pipeline

import (
	"strings"
	"testing"
)

// TestTrainName: a run directory's base name without leading dots, cut
// to 64 bytes, "run" when nothing is left; every result passes
// train.Config.Validate's name check.
func TestTrainName(t *testing.T) {
	long := strings.Repeat("x", 80)
	for _, c := range []struct{ dir, want string }{
		{"runs/xiangqi-20261204", "xiangqi-20261204"},
		{"runs/.hidden", "hidden"},
		{".", "run"},
		{"..", "run"},
		{"/", "run"},
		{"runs/" + long, long[:64]},
	} {
		if got := trainName(c.dir); got != c.want {
			t.Errorf("trainName(%q) = %q, want %q", c.dir, got, c.want)
		}
	}
}

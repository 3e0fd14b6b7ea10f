package xiangqi

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"dualnnue/position"
)

// FuzzRuleOptions: the rule options a position is judged by, whatever
// values the flags, configs and UCI options hand over. Validate refuses
// exactly the negative natural limits, with its message; SetRules keeps
// any options (a negative limit as the default) through SetFEN and
// CopyFrom; Rules reads them back with the limit filled in; and a position
// that only the natural limit can decide is drawn exactly from that ply on.
func FuzzRuleOptions(f *testing.F) {
	f.Add(0, false, 0)
	f.Add(0, true, DefaultNaturalLimitPlies)
	f.Add(DefaultNaturalLimitPlies, false, DefaultNaturalLimitPlies-1)
	f.Add(1, true, 1)
	f.Add(1, false, 0)
	f.Add(200, true, 150)
	f.Add(-1, false, 120)
	f.Add(math.MinInt, true, 5)
	f.Add(math.MaxInt, false, maxFENCounter)
	f.Fuzz(func(t *testing.T, limit int, chase bool, rule50 int) {
		o := RuleOptions{NaturalLimitPlies: limit, CheckChaseIsChase: chase}
		err := o.Validate()
		if limit < 0 {
			want := fmt.Sprintf("xiangqi: bad rule options: natural limit %d plies (want > 0, or 0 for 120)", limit)
			if err == nil || err.Error() != want || !errors.Is(err, ErrRuleOptions) {
				t.Fatalf("Validate(%+v) = %v, want %q", o, err, want)
			}
		} else if err != nil {
			t.Fatalf("Validate(%+v) = %v", o, err)
		}
		want := RuleOptions{NaturalLimitPlies: limit, CheckChaseIsChase: chase}
		if limit <= 0 {
			want.NaturalLimitPlies = DefaultNaturalLimitPlies
		}
		r := int(uint(rule50) % (maxFENCounter + 1))
		// Kings and one pawn: not dead, no repetition, white has moves.
		fen := fmt.Sprintf("3k5/9/9/p8/9/9/9/9/9/4K4 w - - %d 80", r)
		p := mustFEN(t, fen)
		p.SetRules(o)
		if got := p.Rules(); got != want {
			t.Fatalf("SetRules(%+v): Rules() = %+v, want %+v", o, got, want)
		}
		if err := p.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		var q Position
		q.CopyFrom(p)
		for name, pos := range map[string]*Position{"after SetFEN": p, "copy": &q} {
			if got := pos.Rules(); got != want {
				t.Fatalf("%s: Rules() = %+v, want %+v", name, got, want)
			}
			v, rule, decided := pos.RuleOutcome(0)
			if atLimit := r >= want.NaturalLimitPlies; decided != atLimit || atLimit && (v != position.ValueDraw || rule != RuleNaturalLimit) {
				t.Fatalf("%s, limit %d, %d plies without a capture: RuleOutcome %v %v %v", name, want.NaturalLimitPlies, r, v, rule, decided)
			}
		}
	})
}

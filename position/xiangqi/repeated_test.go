// Repeated: hand-checked lines and a differential test against the key history of random games with shuffles.
package xiangqi

import (
	"testing"

	"dualnnue/position"
)

func TestRepeatedLines(t *testing.T) {
	p := mustFEN(t, StartFEN)
	var sts [16]position.State
	i := 0
	do := func(s string) {
		t.Helper()
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m, &sts[i])
		i++
	}
	if p.Repeated() {
		t.Fatal("the start position repeated")
	}
	for k, s := range []string{"h0g2", "h9g7", "g2h0", "g7h9", "b0c2"} {
		do(s)
		if want := k == 3; p.Repeated() != want {
			t.Errorf("after %d plies Repeated() = %v, want %v", k+1, !want, want)
		}
	}
	// A null move cuts the history: the same shuffle across one is new.
	q := mustFEN(t, StartFEN)
	var s2 [8]position.State
	for k, s := range []string{"h0g2", "h9g7", "g2h0", "g7h9"} {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		q.DoMove(m, &s2[k])
		if k == 1 {
			q.DoNullMove(&s2[6])
			q.DoNullMove(&s2[7])
		}
	}
	if q.Repeated() {
		t.Error("a repetition across a null move")
	}
	// A capture cuts it, and the position right after it counts: four
	// plies after the cannon takes the horse the position repeats.
	r := mustFEN(t, StartFEN)
	var s3 [8]position.State
	for k, s := range []string{"b0c2", "b9c7", "h2h9", "i9h9", "c2b0", "c7b9", "b0c2", "b9c7"} {
		m, err := r.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		r.DoMove(m, &s3[k])
		if want := k == 7; r.Repeated() != want {
			t.Errorf("capture line, ply %d: Repeated() = %v, want %v", k+1, !want, want)
		}
	}
}

// TestRepeatedRandom compares Repeated (and RuleVerdictRepeated where no
// rule decides) with the key history of random games
// in which a side often moves its last moved piece back (so positions
// repeat): true exactly when the key of some position an even number of
// plies back, within the last min(Rule50, PliesFromNull) plies, is the
// current key.
func TestRepeatedRandom(t *testing.T) {
	fens := []string{StartFEN,
		"r1bakab1r/9/1cn2cn2/p1p1p1p1p/9/9/P1P1P1P1P/1CN2CN2/9/R1BAKAB1R w - - 0 1",
		"3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/2R1KA3 w - - 0 1",
		"4k4/9/3a5/9/4c4/9/4P4/9/4A4/3AK1R2 w - - 0 1"}
	games := 80
	if testing.Short() {
		games = 20
	}
	checked, repeated := 0, 0
	for g := 0; g < games; g++ {
		rng := newRand(uint64(7000 + g))
		p := mustFEN(t, fens[g%len(fens)])
		states := make([]position.State, 200)
		keys := []position.Key{p.Key()}
		var moves []position.Move
		for ply := 0; ply < len(states); ply++ {
			st := p.State()
			want := false
			for j := len(keys) - 3; j >= 0 && len(keys)-1-j <= min(st.Rule50, st.PliesFromNull); j -= 2 {
				if keys[j] == keys[len(keys)-1] {
					want = true
					break
				}
			}
			if got := p.Repeated(); got != want {
				t.Fatalf("game %d ply %d, %s: Repeated() = %v, the key history says %v", g, ply, p.FEN(), got, want)
			}
			// The search's form: the same answer where no rule decides.
			for _, sply := range []int{0, 3} {
				if _, decided, rep := p.RuleVerdictRepeated(sply); !decided && rep != want {
					t.Fatalf("game %d ply %d, %s: RuleVerdictRepeated(%d) repeated = %v, the key history says %v", g, ply, p.FEN(), sply, rep, want)
				}
			}
			checked++
			if want {
				repeated++
			}
			var list position.MoveList
			p.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := position.MoveNone
			if n := len(moves); n >= 2 && rng.IntN(3) > 0 {
				// The piece this side moved last goes back, if it can.
				back := p.MoveString(moves[n-2])
				if b, err := p.ParseMove(back[2:4] + back[0:2]); err == nil {
					m = b
				}
			}
			if m == position.MoveNone {
				m = randomMove(p, &list, rng, false)
			}
			p.DoMove(m, &states[ply])
			moves = append(moves, m)
			keys = append(keys, p.Key())
		}
	}
	if repeated < checked/20 {
		t.Fatalf("only %d of %d positions repeated: the games do not test Repeated", repeated, checked)
	}
	t.Logf("%d positions, %d repeated", checked, repeated)
}

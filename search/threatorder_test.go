// Params.ThreatOrder (internal): the exact quiet-move bonuses on hand-worked positions.
package search

import (
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// quietScores scores the quiet moves of w.pos with empty histories and
// ThreatOrder = top, by the moves' UCI strings.
func quietScores[T any, P GamePtr[T]](t *testing.T, w *Worker[T, P], top int) map[string]int32 {
	t.Helper()
	w.prm.ThreatOrder = top
	pos := P(&w.pos)
	mp := &w.pickers[0]
	cont := &w.hist.cont[0][0]
	mp.initMain(position.MoveNone, position.MoveNone, position.MoveNone, position.MoveNone, cont, cont)
	mp.list.Len = 0
	pos.GenerateQuiets(&mp.list)
	mp.cur, mp.end = 0, mp.list.Len
	w.scoreQuiets(mp, pos.SideToMove())
	out := map[string]int32{}
	for i := mp.cur; i < mp.end; i++ {
		out[pos.MoveString(mp.list.Moves[i])] = mp.scores[i]
	}
	return out
}

// checkThreatScores compares the quiet scores with ThreatOrder 25000
// (histories empty, so the scores are the bonuses alone) with want, every
// move not in want scoring 0, and with ThreatOrder 0 all 0.
func checkThreatScores[T any, P GamePtr[T]](t *testing.T, w *Worker[T, P], want map[string]int32) {
	t.Helper()
	got := quietScores(t, w, 25000)
	for m := range want {
		if _, ok := got[m]; !ok {
			t.Errorf("%s is not a quiet move here", m)
		}
	}
	for m, s := range got {
		if s != want[m] {
			t.Errorf("%s scores %d, want %d", m, s, want[m])
		}
	}
	for m, s := range quietScores(t, w, 0) {
		if s != 0 {
			t.Errorf("ThreatOrder 0: %s scores %d", m, s)
		}
	}
}

// TestThreatOrderChess: the queen a5 is attacked by the rook a2, the rook
// c6 by the knight b8, the knights e4 and g6 by pawns (position/chess
// TestThreatsCases "white"). The queen's moves to squares no pawn, minor or
// rook attacks get 25000, to a6 (the knight b8), a4 and a3 (the rook) 7500
// (no pawn attacks them); the rook's moves off the minors' squares 12500,
// to a6 (knight) and d6 (bishop f8) 7500; every move of the knights 7500
// (no square they reach is a pawn's); the other pieces' nothing.
func TestThreatOrderChess(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	p, err := chess.NewFromFEN("1n2kb2/7p/2R3N1/Q1Bp4/4N3/7N/r1P5/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	checkThreatScores(t, w, map[string]int32{
		"a5a7": 25000, "a5a8": 25000, "a5b5": 25000, "a5b6": 25000, "a5c7": 25000, "a5d8": 25000,
		"a5b4": 25000, "a5c3": 25000, "a5d2": 25000,
		"a5a6": 7500, "a5a4": 7500, "a5a3": 7500,
		"c6c7": 12500, "c6c8": 12500, "c6b6": 12500, "c6e6": 12500, "c6f6": 12500,
		"c6a6": 7500, "c6d6": 7500,
		"e4d6": 7500, "e4f6": 7500, "e4g5": 7500, "e4c3": 7500, "e4g3": 7500, "e4d2": 7500, "e4f2": 7500,
		"g6e7": 7500, "g6e5": 7500, "g6h8": 7500, "g6f4": 7500, "g6h4": 7500,
	})
}

// TestThreatOrderXiangqi: the rook h3 is attacked by the cannon h9 (over
// the rook h6), the cannon a7 by the elephant c9, the elephant e2 by the
// soldier e3 (position/xiangqi TestThreatsCases "red"). The rook's moves
// to points no soldier, defender, horse or cannon attacks get 25000, to h4
// and h5 (the cannon's) 7500, to f3 (the soldier's) nothing; every cannon
// move 12500 (none of its points is a soldier's or a defender's, b7 and
// a9 are a horse's and a cannon's only); the elephant's moves 7500; the
// other pieces' nothing.
func TestThreatOrderXiangqi(t *testing.T) {
	w := &Worker[xiangqi.Position, *xiangqi.Position]{rules: xiangqiTestRules}
	p, err := xiangqi.NewFromFEN("2b4c1/3nk4/C2a5/4p2R1/6b2/2P3N1c/4p2R1/4B4/9/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos.CopyFrom(p)
	checkThreatScores(t, w, map[string]int32{
		"h3h2": 25000, "h3h1": 25000, "h3h0": 25000, "h3g3": 25000, "h3i3": 25000,
		"h3h4": 7500, "h3h5": 7500, "h3f3": 0,
		"a7a8": 12500, "a7a9": 12500, "a7a6": 12500, "a7a5": 12500, "a7a4": 12500, "a7a3": 12500,
		"a7a2": 12500, "a7a1": 12500, "a7a0": 12500, "a7b7": 12500, "a7c7": 12500,
		"e2c0": 7500, "e2g0": 7500,
	})
}

// TestQuietOrderSF: the quiet-move score from the histories (scoreQuiets,
// Params.QuietOrderSF): butterfly + cont1 + cont2 (+ cont4 + cont6) by
// default, butterfly + 4·cont1 + 2·(cont2 + cont4 + cont6) with the switch.
func TestQuietOrderSF(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	p, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	pos := &w.pos
	m, err := pos.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	pc, to := pos.MovedPiece(m), w.rules.to(m)
	w.hist.butterfly[position.White][m.ButterflyIndex()] = 100
	c1, c2, c4, c6 := &w.hist.cont[1][1], &w.hist.cont[1][2], &w.hist.cont[1][3], &w.hist.cont[1][4]
	c1[pc][to], c2[pc][to], c4[pc][to], c6[pc][to] = 10, -3, 7, 1000
	for _, c := range []struct {
		sf     int
		deep   bool
		e2e4   int32 // e2e4's score
		others int32 // every other quiet move's (empty entries)
	}{
		{0, false, 100 + 10 - 3, 0},
		{1, false, 100 + 4*10 + 2*(-3), 0},
		{0, true, 100 + 10 - 3 + 7 + 1000, 0},
		{1, true, 100 + 4*10 + 2*(-3+7+1000), 0},
	} {
		w.prm.QuietOrderSF = c.sf
		mp := &w.pickers[0]
		mp.initMain(position.MoveNone, position.MoveNone, position.MoveNone, position.MoveNone, c1, c2)
		if c.deep {
			mp.cont4, mp.cont6 = c4, c6
		}
		mp.list.Len = 0
		pos.GenerateQuiets(&mp.list)
		mp.cur, mp.end = 0, mp.list.Len
		w.scoreQuiets(mp, position.White)
		seen := false
		for i := mp.cur; i < mp.end; i++ {
			want := c.others
			if mp.list.Moves[i] == m {
				want, seen = c.e2e4, true
			}
			if mp.scores[i] != want {
				t.Errorf("QuietOrderSF %d, deep %v: %s scores %d, want %d", c.sf, c.deep, pos.MoveString(mp.list.Moves[i]), mp.scores[i], want)
			}
		}
		if !seen {
			t.Fatal("e2e4 not generated")
		}
	}
}

// Move picker tests (internal): the order of sortQuiets; every
// pseudo-legal move comes out of a picker exactly once.
package search

import (
	"math/rand/v2"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// TestSortQuietsStable: sortQuiets orders [cur, end) by descending score,
// equal scores in their generated order, negative scores included, and
// leaves the moves before cur alone.
func TestSortQuietsStable(t *testing.T) {
	var mp picker
	var keys [position.MaxMoves]uint64
	scores := []int32{5, -3, 5, 0, 1 << 20, -3, -1 << 20, 5, 0}
	mp.list.Moves[0], mp.scores[0] = 999, 1<<30 // before cur: untouched
	for i, s := range scores {
		mp.list.Moves[i+1] = position.Move(100 + i)
		mp.scores[i+1] = s
	}
	mp.cur, mp.end = 1, 1+len(scores)
	mp.sortQuiets(&keys)
	want := []position.Move{104, 100, 102, 107, 103, 108, 101, 105, 106}
	wantScores := []int32{1 << 20, 5, 5, 5, 0, 0, -3, -3, -1 << 20}
	for i := range want {
		if mp.list.Moves[i+1] != want[i] || mp.scores[i+1] != wantScores[i] {
			t.Fatalf("position %d: move %d score %d, want %d %d", i, mp.list.Moves[i+1], mp.scores[i+1], want[i], wantScores[i])
		}
	}
	if mp.list.Moves[0] != 999 || mp.scores[0] != 1<<30 {
		t.Error("the move before cur changed")
	}
}

// checkPickerOnce plays random games from root and at every position runs
// the main picker (the evasion picker in check) with a TT move, two killers
// and a counter move each drawn from the position's pseudo-legal moves of
// either stage, from the moves of the position before (mostly not
// pseudo-legal here) or MoveNone: every pseudo-legal move must come out
// exactly once, and nothing else. A quiet slot holding a move of the capture
// stage (a chess queen promotion that cut off as the TT move) must not
// return it a second time.
func checkPickerOnce[T any, P GamePtr[T]](t *testing.T, w *Worker[T, P], root P, games, plies int, rng *rand.Rand) {
	t.Helper()
	var states [400]position.State
	var list, prev position.MoveList
	seen := map[position.Move]int{}
	for g := 0; g < games; g++ {
		w.pos = *root
		pos := P(&w.pos)
		prev.Len = 0
		for ply := 0; ply < plies; ply++ {
			list.Len = 0
			inCheck := pos.State().InCheck
			if inCheck {
				pos.GenerateEvasions(&list)
			} else {
				pos.GenerateCaptures(&list)
				pos.GenerateQuiets(&list)
			}
			draw := func() position.Move {
				switch r := rng.IntN(10); {
				case r < 6 && list.Len > 0:
					return list.Moves[rng.IntN(list.Len)]
				case r < 9 && prev.Len > 0:
					return prev.Moves[rng.IntN(prev.Len)]
				}
				return position.MoveNone
			}
			mp := &w.pickers[0]
			cont := &w.hist.cont[0][0]
			if inCheck {
				mp.initEvasion(draw(), cont, cont)
			} else {
				mp.initMain(draw(), draw(), draw(), draw(), cont, cont)
			}
			clear(seen)
			for {
				m := w.nextMove(mp, pos.SideToMove())
				if m == position.MoveNone {
					break
				}
				seen[m]++
			}
			for _, m := range list.Moves[:list.Len] {
				if seen[m] != 1 {
					t.Fatalf("game %d ply %d: %s came out %d times (FEN %s)", g, ply, pos.MoveString(m), seen[m], pos.FEN())
				}
				delete(seen, m)
			}
			for m := range seen {
				t.Fatalf("game %d ply %d: %s came out but is not pseudo-legal (FEN %s)", g, ply, pos.MoveString(m), pos.FEN())
			}
			legal := list.Moves[:0:0]
			for _, m := range list.Moves[:list.Len] {
				if pos.Legal(m) {
					legal = append(legal, m)
				}
			}
			if len(legal) == 0 {
				break
			}
			prev = list
			pos.DoMove(legal[rng.IntN(len(legal))], &states[ply+1])
		}
	}
}

func TestPickerOnceChess(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, en passant
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                              // promotions with and without capture
		"8/P1P2k2/8/8/8/8/2K2p1p/8 w - - 0 1",                                  // quiet promotions only
	} {
		p, err := chess.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkPickerOnce(t, w, p, 30, 120, rng)
	}
}

func TestPickerOnceXiangqi(t *testing.T) {
	w := &Worker[xiangqi.Position, *xiangqi.Position]{rules: xiangqiTestRules}
	rng := rand.New(rand.NewPCG(7, 8))
	p, err := xiangqi.NewFromFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	checkPickerOnce(t, w, p, 30, 150, rng)
}

// With Params.CaptureHistDiv, captures score 6·value(victim) plus their
// capture-history entry over the divisor; en passant and a promotion onto
// an empty square are keyed by Rules.NoPieceCaptureType; without it,
// MVV-LVA.
func TestCaptureHistoryScores(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	p, err := chess.NewFromFEN("4k3/1P6/2r5/3p1n2/4P3/8/8/2R1K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	scores := func() map[string]int32 {
		mp := &w.pickers[0]
		mp.list.Len, mp.cur = 0, 0
		w.pos.GenerateCaptures(&mp.list)
		mp.end = mp.list.Len
		w.scoreCaptures(mp)
		got := map[string]int32{}
		for i := 0; i < mp.end; i++ {
			got[w.pos.MoveString(mp.list.Moves[i])] = mp.scores[i]
		}
		return got
	}
	pv := chess.PieceValue
	mvvLva := func(victim, attacker position.PieceType) int32 {
		return int32(pv[victim])*16 - int32(pv[attacker])/16
	}
	off := scores()
	for mv, want := range map[string]int32{"e4d5": mvvLva(1, 1), "e4f5": mvvLva(2, 1), "c1c6": mvvLva(4, 4), "b7b8q": mvvLva(1, 1)} {
		if off[mv] != want {
			t.Errorf("off: %s scores %d, want MVV-LVA %d (all: %v)", mv, off[mv], want, off)
		}
	}
	w.prm.CaptureHistDiv = 2
	m, _ := w.pos.ParseMove("e4d5")
	w.captureHistory(m, 2000)
	pr, _ := w.pos.ParseMove("b7b8q")
	w.captureHistory(pr, -300)
	wp := position.MakePiece(position.White, 1)
	if e := w.hist.capture[wp][35][1]; e != 2000 {
		t.Fatalf("entry of e4xd5 %d, want 2000", e)
	}
	if e := w.hist.capture[wp][57][1]; e != -300 {
		t.Fatalf("entry of b7-b8=Q (victim: the no-piece type, pawn) %d, want -300", e)
	}
	f, _ := w.pos.ParseMove("e4f5")
	w.captureHistory(f, 600)
	if e := w.hist.capture[wp][37][2]; e != 600 {
		t.Fatalf("entry of e4xf5 (victim: knight) %d, want 600", e)
	}
	on := scores()
	for mv, want := range map[string]int32{"e4d5": 6*100 + 1000, "e4f5": 6*320 + 300, "c1c6": 6 * 500, "b7b8q": 6*100 - 150} {
		if on[mv] != want {
			t.Errorf("CaptureHistDiv 2: %s scores %d, want %d (all: %v)", mv, on[mv], want, on)
		}
	}
	// Gravity keeps the entries within ±historyMax.
	for range 100 {
		w.captureHistory(m, 5000)
	}
	if e := w.hist.capture[wp][35][1]; e <= historyMax*9/10 || e > historyMax {
		t.Fatalf("saturated entry %d, want in (%d, %d]", e, historyMax*9/10, historyMax)
	}
}

// cutStats: a capture that cuts off gains the capture bonus of depth+1,
// the captures tried before the cutting move lose it (a quiet cut too),
// the quiets tried before a quiet cut lose the quiet bonus; nothing of the
// capture history moves with CaptureHistDiv 0.
func TestCutStats(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules, s: new(Searcher[chess.Position, *chess.Position])}
	w.prm = DefaultParams(position.Chess)
	p, err := chess.NewFromFEN("4k3/1P6/2r5/3p1n2/4P3/8/8/2R1K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	for k := range 4 {
		w.stack[k].cont = &w.hist.cont[0][0]
	}
	mv := func(s string) position.Move {
		m, err := w.pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	wp, wr, wk := position.MakePiece(position.White, 1), position.MakePiece(position.White, 4), position.MakePiece(position.White, 6)
	const ply, depth = 2, 6
	fr := &w.stack[ply]
	setTried := func() {
		fr.captures[0], fr.nCaptures = mv("e4d5"), 1
		fr.quiets[0], fr.quietPcs[0], fr.nQuiets = mv("e1d2"), wk, 1
	}
	qb, cb := w.statBonus(depth), w.statBonus(depth+1)
	if qb == cb {
		t.Fatalf("statBonus(%d) = statBonus(%d): the test cannot tell them apart", depth, depth+1)
	}
	// Off: a capture cut touches nothing.
	setTried()
	w.cutStats(ply, depth, mv("c1c6"), wr, false, 0)
	if w.hist.capture != ([position.PieceNB][contSquares][8]int16{}) {
		t.Fatal("CaptureHistDiv 0 moved the capture history")
	}
	w.prm.CaptureHistDiv = 4
	w.cutStats(ply, depth, mv("c1c6"), wr, false, 0)
	if e := w.hist.capture[wr][42][4]; int(e) != cb {
		t.Errorf("the cutting capture's entry %d, want %d", e, cb)
	}
	if e := w.hist.capture[wp][35][1]; int(e) != -cb {
		t.Errorf("the capture tried before %d, want %d", e, -cb)
	}
	if e := w.hist.butterfly[position.White][mv("e1d2").ButterflyIndex()]; e != 0 {
		t.Errorf("a capture cut punished a quiet: %d", e)
	}
	// A quiet cut: its quiet bonus, the quiet tried before loses it, the
	// capture tried before loses the capture bonus again (gravity).
	w.hist.clear()
	setTried()
	w.cutStats(ply, depth, mv("e1f2"), wk, true, 0)
	if e := w.hist.butterfly[position.White][mv("e1f2").ButterflyIndex()]; int(e) != qb {
		t.Errorf("the cutting quiet's entry %d, want %d", e, qb)
	}
	if e := w.hist.butterfly[position.White][mv("e1d2").ButterflyIndex()]; int(e) != -qb {
		t.Errorf("the quiet tried before %d, want %d", e, -qb)
	}
	if e := w.hist.capture[wp][35][1]; int(e) != -cb {
		t.Errorf("the capture tried before a quiet cut %d, want %d", e, -cb)
	}
	if e := w.hist.capture[wk][13][1]; e != 0 {
		t.Errorf("the quiet cut wrote a capture entry: %d", e)
	}
	w.cutStats(ply, depth, mv("e1f2"), wk, true, 0)
	if e, want := int(w.hist.capture[wp][35][1]), -cb+(-cb)-(-cb)*cb/historyMax; e != want {
		t.Errorf("the capture tried before, punished twice: %d, want %d (gravity)", e, want)
	}
}

// Params.CaptureGoodSEE: a capture that loses a little by SEE is tried
// among the good captures when its score allows it, else after the quiets.
func TestGoodCaptureThreshold(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	for _, c := range []struct {
		goodSEE, histDiv int
		score            int32
		want             position.Value
	}{
		{0, 4, 1920, 0},
		{69, 0, 1920, 0}, // no capture history: the MVV-LVA scale is not the model's
		{69, 4, 1920, -129},
		{86, 4, 600, -50},
		{69, 4, -300, 0},
	} {
		w.prm.CaptureGoodSEE, w.prm.CaptureHistDiv = c.goodSEE, c.histDiv
		if got := w.goodCaptureThreshold(c.score); got != c.want {
			t.Errorf("%+v: threshold %d, want %d", c, got, c.want)
		}
	}
	// Bishop takes a knight defended by a pawn (SEE −10): a good capture
	// with the switch, after the quiets without it.
	p, err := chess.NewFromFEN("4k3/8/4p3/3n4/8/8/6B1/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	bxn, _ := w.pos.ParseMove("g2d5")
	order := func() (idx, quiets int) {
		mp := &w.pickers[0]
		cont := &w.hist.cont[0][0]
		mp.initMain(position.MoveNone, position.MoveNone, position.MoveNone, position.MoveNone, cont, cont)
		idx = -1
		for i := 0; ; i++ {
			m := w.nextMove(mp, position.White)
			if m == position.MoveNone {
				return idx, quiets
			}
			if m == bxn {
				idx = i
			} else if idx < 0 {
				quiets++
			}
		}
	}
	w.prm.CaptureGoodSEE, w.prm.CaptureHistDiv = 0, 4
	if idx, before := order(); idx < 1 || before == 0 {
		t.Fatalf("off: g2xd5 at %d after %d moves, want after the quiets", idx, before)
	}
	w.prm.CaptureGoodSEE = 69
	if idx, _ := order(); idx != 0 {
		t.Fatalf("CaptureGoodSEE 69: g2xd5 at %d, want first", idx)
	}
}

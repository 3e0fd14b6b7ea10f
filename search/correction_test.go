// The correction-history keys: kept from the move diffs, equal to a sum over the board after every move of random games.
package search

import (
	"math/rand/v2"
	"testing"

	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
)

// checkCorrKeys plays random games from root and, after every move and
// every null move, compares the keys applyDirty kept with rootCorrKeys'
// sum over the board; it also takes every move back and checks the keys
// of the ply below are unchanged (the worker keeps them per ply).
func checkCorrKeys[T any, P GamePtr[T]](t *testing.T, w *Worker[T, P], root P, games, plies int, rng *rand.Rand) {
	t.Helper()
	var states [300]position.State
	for g := 0; g < games; g++ {
		w.pos = *root
		pos := P(&w.pos)
		w.ckeys[0] = w.rootCorrKeys()
		base := w.ckeys[0]
		var list position.MoveList
		var moves [300]position.Move
		n := 0
		for ply := 0; ply < plies; ply++ {
			list.Len = 0
			pos.GenerateLegal(&list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			pos.DoMove(m, &states[ply+1])
			w.ckeys[ply+1] = w.ckeys[ply]
			w.applyDirty(&w.ckeys[ply+1], &states[ply+1].Dirty)
			if got, want := w.ckeys[ply+1], w.rootCorrKeys(); got != want {
				t.Fatalf("game %d ply %d after %s: kept keys %x, board sum %x (FEN %s)", g, ply+1, pos.MoveString(m), got, want, pos.FEN())
			}
			moves[ply] = m
			n++
		}
		for ply := n - 1; ply >= 0; ply-- {
			pos.UndoMove(moves[ply])
			if got := w.rootCorrKeys(); got != w.ckeys[ply] {
				t.Fatalf("game %d: after taking back ply %d the board sums to %x, kept %x", g, ply+1, got, w.ckeys[ply])
			}
		}
		if w.ckeys[0] != base {
			t.Fatalf("game %d: root keys changed", g)
		}
	}
}

// chessTestRules and xiangqiTestRules are the games' search rules as the
// variants package gives them (which the search's internal tests cannot
// import: it imports the search).
var (
	chessTestRules   = Rules{Variant: position.Chess, ToShift: 6, ToMask: 0x3F, PieceValue: chess.PieceValue, NoPieceCaptureType: 1, PawnType: 1, KindShift: 14, PromotionKind: 1, Squares: 64}
	xiangqiTestRules = Rules{Variant: position.Xiangqi, ToShift: 7, ToMask: 0x7F, NoMovesIsLoss: true, PieceValue: xiangqi.PieceValue, PawnType: 7, Squares: 90}
)

func TestCorrKeysChess(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, en passant
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                              // promotions with and without capture
	} {
		p, err := chess.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkCorrKeys(t, w, p, 40, 200, rng)
	}
	p, err := chess.NewFromFEN960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	if err != nil {
		t.Fatal(err)
	}
	checkCorrKeys(t, w, p, 40, 200, rng) // Chess960 castling
	// The three kinds are kept apart: a pawn move changes only the pawn
	// key, a knight move only its colour's key.
	p, _ = chess.NewFromFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	w.pos = *p
	k0 := w.rootCorrKeys()
	var st position.State
	m, _ := w.pos.ParseMove("e2e4")
	w.pos.DoMove(m, &st)
	k1 := w.rootCorrKeys()
	if k1[corrPawn] == k0[corrPawn] || k1[corrNonPawn0] != k0[corrNonPawn0] || k1[corrNonPawn1] != k0[corrNonPawn1] {
		t.Errorf("e2e4 changed keys %x → %x, want only the pawn key", k0, k1)
	}
	m, _ = w.pos.ParseMove("g8f6")
	var st2 position.State
	w.pos.DoMove(m, &st2)
	k2 := w.rootCorrKeys()
	if k2[corrPawn] != k1[corrPawn] || k2[corrNonPawn0] != k1[corrNonPawn0] || k2[corrNonPawn1] == k1[corrNonPawn1] {
		t.Errorf("g8f6 changed keys %x → %x, want only black's non-pawn key", k1, k2)
	}
}

func TestCorrKeysXiangqi(t *testing.T) {
	w := &Worker[xiangqi.Position, *xiangqi.Position]{rules: xiangqiTestRules}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fen := range []string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	} {
		p, err := xiangqi.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkCorrKeys(t, w, p, 40, 200, rng)
	}
}

// The correction moves the static eval by the entries' sum over
// CorrectionDiv, towards the search's verdict, bounded by corrLimit.
func TestCorrectionUpdate(t *testing.T) {
	rules := Rules{Variant: position.Chess, PawnType: 1, Squares: 64}
	w := &Worker[chess.Position, *chess.Position]{rules: rules}
	w.prm.CorrectionDiv = 0
	if got := w.corrected(37, 0, position.White); got != 37 {
		t.Fatalf("CorrectionDiv 0: %d, want the raw 37", got)
	}
	w.prm.CorrectionDiv = 32
	w.ckeys[0] = corrKeys{5, 7, 9}
	// A gap of +50 at depth 8: bonus 100, each of the three entries 100.
	w.updateCorrection(0, position.White, 100, 50, 8)
	if got := w.corrected(50, 0, position.White); got != 50+300/32 {
		t.Fatalf("after one update: %d, want %d", got, 50+300/32)
	}
	if got := w.corrected(50, 0, position.Black); got != 50 {
		t.Fatalf("the other side to move's table moved: %d", got)
	}
	// Huge gaps saturate below corrLimit, and the value stays off the mate bounds.
	for range 200 {
		w.updateCorrection(0, position.White, position.MateIn(3), 0, 60)
	}
	e := w.hist.corr[position.White][corrPawn][5]
	if e <= corrLimit*9/10 || e > corrLimit {
		t.Fatalf("saturated entry %d, want in (%d, %d]", e, corrLimit*9/10, corrLimit)
	}
	if got, want := w.corrected(position.ValueKnownWin-1, 0, position.White), position.ValueKnownWin-1+position.Value(3*int(e)/32); got != want {
		t.Fatalf("corrected just below a known win: %d, want %d", got, want)
	}
	// Known wins and losses (and mate-bound values) are not moved: a
	// specialised endgame value stays a known win (Params.EndgameEval).
	for _, v := range []position.Value{position.ValueKnownWin, -position.ValueKnownWin - 7, mateBound - 2} {
		if got := w.corrected(v, 0, position.White); got != v {
			t.Fatalf("corrected %d: %d, want it unmoved", v, got)
		}
	}
}

// The continuation correction (Params.ContCorrection) adds the entry of the
// last two moves' pieces and destinations, weighted ContCorrection/100, and
// moves it with the other entries; none before the root or after a null
// move; a promotion is keyed by the pawn and its destination.
func TestContCorrection(t *testing.T) {
	w := &Worker[chess.Position, *chess.Position]{rules: chessTestRules}
	p, err := chess.NewFromFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	for i, mv := range []string{"e2e4", "e7e5"} {
		m, err := w.pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		w.pos.DoMove(m, &w.states[i+1])
	}
	wp, bp := position.MakePiece(position.White, 1), position.MakePiece(position.Black, 1)
	const e4, e5 = 28, 36
	want := &w.hist.contCorr[wp][e4][bp][e5]
	w.prm.CorrectionDiv = 32
	if e := w.contCorrEntry(2); e != want {
		t.Fatalf("entry at ply 2 is not contCorr[white pawn][e4][black pawn][e5]")
	}
	if w.contCorrEntry(1) != nil || w.contCorrEntry(0) != nil {
		t.Fatal("an entry before two moves were made")
	}
	// Off: the update leaves the entry alone and the value ignores it.
	w.updateCorrection(2, position.White, 100, 50, 8)
	if *want != 0 {
		t.Fatalf("ContCorrection 0 moved the entry to %d", *want)
	}
	w.hist.corr = corrTables{}
	w.prm.ContCorrection = 50
	// A gap of +50 at depth 8: bonus 100 in each of the four entries.
	w.updateCorrection(2, position.White, 100, 50, 8)
	if *want != 100 {
		t.Fatalf("entry %d after one update, want 100", *want)
	}
	if got, wantV := w.corrected(50, 2, position.White), position.Value(50+(300+100*50/100)/32); got != wantV {
		t.Fatalf("corrected %d, want %d", got, wantV)
	}
	*want = 640
	saved := w.hist.corr
	w.updateCorrection(2, position.White, 100, 50, 8)
	if g := int(*want); g != 640+100-640*100/corrLimit {
		t.Fatalf("entry %d after an update from 640, want %d (gravity)", g, 640+100-640*100/corrLimit)
	}
	w.hist.corr = saved
	*want = 640
	if got, wantV := w.corrected(50, 2, position.White), position.Value(50+(300+640*50/100)/32); got != wantV {
		t.Fatalf("corrected %d with entry 640, want %d", got, wantV)
	}
	w.prm.ContCorrection = 0
	if got, wantV := w.corrected(50, 2, position.White), position.Value(50+300/32); got != wantV {
		t.Fatalf("corrected %d with the switch off, want %d", got, wantV)
	}
	// A null move at either ply: no entry.
	w.prm.ContCorrection = 50
	n := w.states[2].Dirty.N
	w.states[2].Dirty.N = 0
	if w.contCorrEntry(2) != nil {
		t.Fatal("an entry after a null move")
	}
	w.states[2].Dirty.N = n
	w.states[1].Dirty.N = 0
	if w.contCorrEntry(2) != nil {
		t.Fatal("an entry two plies after a null move")
	}
	// A capture with promotion: keyed by the pawn and the promotion square.
	p, err = chess.NewFromFEN("rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = *p
	for i, mv := range []string{"e1e2", "e8d7", "b7a8q"} {
		m, err := w.pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		w.pos.DoMove(m, &w.states[i+1])
	}
	bk := position.MakePiece(position.Black, 6)
	const d7, a8 = 51, 56
	if w.contCorrEntry(3) != &w.hist.contCorr[bk][d7][wp][a8] {
		t.Fatal("the promotion's entry is not contCorr[black king][d7][white pawn][a8]")
	}
	// Xiangqi: squares up to 89.
	x := &Worker[xiangqi.Position, *xiangqi.Position]{rules: xiangqiTestRules}
	xp, err := xiangqi.NewFromFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	x.pos = *xp
	var last [2]position.Move
	for i, mv := range []string{"h2e2", "h9g7"} {
		m, err := x.pos.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		last[i] = m
		x.pos.DoMove(m, &x.states[i+1])
	}
	rc, bh := x.states[1].Dirty.Pieces[0].Piece, x.states[2].Dirty.Pieces[0].Piece
	if x.contCorrEntry(2) != &x.hist.contCorr[rc][x.rules.to(last[0])][bh][x.rules.to(last[1])] {
		t.Fatal("the xiangqi entry is not contCorr[red cannon][e2][black horse][g7]")
	}
	if to := x.rules.to(last[1]); to < 64 {
		t.Fatalf("g7's square %d: the test wants one beyond chess's 64", to)
	}
}

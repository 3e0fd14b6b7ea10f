// Move generation stages, move tests and make/unmake over random games.
package chess

import (
	"math/rand/v2"
	"path/filepath"
	"sort"
	"testing"

	"dualnnue/position"
)

// suitePositions returns the perft-suite FENs plus the published ones.
func suitePositions(t *testing.T) []string {
	td := testdataDir(t)
	var fens []string
	for _, r := range readJSONL[perftRecord](t, filepath.Join(td, "perft", "chess.jsonl")) {
		fens = append(fens, r.FEN)
	}
	for _, r := range readJSONL[publishedRecord](t, filepath.Join(td, "perft", "published.jsonl")) {
		if r.Game == "chess" {
			fens = append(fens, r.FEN)
		}
	}
	return fens
}

// checkStages verifies, in the current position of p, that the stages
// partition the pseudo-legal moves and that Legal filters them to exactly
// GenerateLegal, with and without the check information cached; that
// PseudoLegal&&Legal (uncached) accepts exactly the legal moves
// among all 65,536 16-bit values (when all is set); and GivesCheck,
// IsCapture and the piece diff against DoMove.
func checkStages(t *testing.T, p *Position, all bool) {
	t.Helper()
	fen := p.FEN()
	var legal position.MoveList
	p.GenerateLegal(&legal)
	if n := p.countLegal(); n != legal.Len {
		t.Fatalf("%s: countLegal %d, GenerateLegal %d", fen, n, legal.Len)
	}
	legalSet := map[position.Move]bool{}
	for _, m := range legal.Slice() {
		if legalSet[m] {
			t.Fatalf("%s: GenerateLegal repeats %s", fen, p.MoveString(m))
		}
		legalSet[m] = true
	}

	filtered := map[position.Move]bool{}
	addStage := func(name string, l *position.MoveList, captureStage int) {
		for _, m := range l.Slice() {
			if filtered[m] {
				t.Fatalf("%s: %s generated twice (stage %s)", fen, p.MoveString(m), name)
			}
			filtered[m] = true
			if !p.PseudoLegal(m) && p.Legal(m) {
				t.Fatalf("%s: %s from %s is legal but not PseudoLegal", fen, p.MoveString(m), name)
			}
			if captureStage >= 0 && p.CaptureStage(m) != (captureStage == 1) {
				t.Fatalf("%s: %s in stage %s but CaptureStage=%v", fen, p.MoveString(m), name, p.CaptureStage(m))
			}
		}
	}
	var caps, quiets, ev position.MoveList
	if p.InCheck() {
		p.GenerateEvasions(&ev)
		addStage("evasions", &ev, -1)
	} else {
		p.GenerateCaptures(&caps)
		p.GenerateQuiets(&quiets)
		addStage("captures", &caps, 1)
		addStage("quiets", &quiets, 0)
	}
	n := 0
	for m := range filtered {
		// Legal with the check information cached (as the search asks)
		// and without it (as a replay asks, its own road): the same answer.
		p.ensureCheckInfo()
		if cached, cold := p.Legal(m), legalCold(p, m); cached != cold {
			t.Fatalf("%s: Legal(%s) is %v with the check information, %v without", fen, p.MoveString(m), cached, cold)
		}
		if p.Legal(m) {
			n++
			if !legalSet[m] {
				t.Fatalf("%s: pseudo-legal %s passes Legal but is not legal", fen, p.MoveString(m))
			}
		}
	}
	if n != legal.Len {
		for _, m := range legal.Slice() {
			if !filtered[m] {
				t.Errorf("%s: legal %s missing from the stages", fen, p.MoveString(m))
			}
		}
		t.Fatalf("%s: stages+Legal give %d moves, GenerateLegal %d", fen, n, legal.Len)
	}
	if all {
		count := 0
		for v := 0; v < 1<<16; v++ {
			m := position.Move(v)
			if p.PseudoLegal(m) && legalCold(p, m) {
				count++
				if !legalSet[m] {
					t.Fatalf("%s: garbage move %#04x (%s) accepted", fen, v, p.MoveString(m))
				}
			}
		}
		if count != legal.Len {
			t.Fatalf("%s: PseudoLegal&&Legal accept %d of 65536, want %d", fen, count, legal.Len)
		}
	}
	var st position.State
	for _, m := range legal.Slice() {
		if !p.PseudoLegal(m) || !p.Legal(m) {
			t.Fatalf("%s: legal %s fails PseudoLegal/Legal", fen, p.MoveString(m))
		}
		gives := p.GivesCheck(m)
		capture := p.IsCapture(m)
		moved := p.MovedPiece(m)
		p.DoMove(m, &st)
		if gives != st.InCheck {
			t.Fatalf("%s: GivesCheck(%s) = %v, DoMove says %v", fen, p.MoveString(m), gives, st.InCheck)
		}
		if capture != (st.Captured != position.NoPiece) {
			t.Fatalf("%s: IsCapture(%s) = %v, captured %d", fen, p.MoveString(m), capture, st.Captured)
		}
		if st.Dirty.N < 1 || st.Dirty.Pieces[0].Piece != moved || st.Dirty.Pieces[0].From != From(m) {
			t.Fatalf("%s: %s dirty[0] = %+v", fen, p.MoveString(m), st.Dirty.Pieces[0])
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%s after %s: %v", fen, p.MoveString(m), err)
		}
		p.UndoMove(m)
	}
}

// legalCold is Legal asked without the check information cached.
func legalCold(p *Position, m position.Move) bool {
	p.ciValid = false
	return p.Legal(m)
}

func TestStages(t *testing.T) {
	for _, fen := range suitePositions(t) {
		checkStages(t, mustFEN(t, fen), true)
	}
}

// snapshot is the comparable content of a position, check-info cache aside.
func snapshot(p *Position) (Position, position.State) {
	q := *p
	q.ciValid = false
	q.blockers, q.pinners, q.checkSq = [2]Bitboard{}, [2]Bitboard{}, [7]Bitboard{}
	return q, *p.st
}

// randomGames plays seeded random games from each start FEN, validating
// every position (incremental key == key from scratch, and everything
// else Validate checks), the stages every few plies, null moves, and that
// unwinding restores every earlier position bit for bit.
func TestRandomGames(t *testing.T) {
	fens := []string{StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		// Chess960 starting positions (X-FEN and Shredder-FEN castling).
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
		"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
	}
	games, plies := 40, 160
	if testing.Short() {
		games = 8
	}
	if *long {
		games = 400
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var states [400]position.State
	type saved struct {
		pos Position
		st  position.State
	}
	var hist [400]saved
	var moves [400]position.Move
	for _, fen := range fens {
		for g := 0; g < games; g++ {
			p, err := anyFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for ; n < plies; n++ {
				hist[n].pos, hist[n].st = snapshot(p)
				if n%7 == 3 {
					checkStages(t, p, n%21 == 3)
				}
				if !p.InCheck() && rng.IntN(10) == 0 {
					p.DoNullMove(&states[n])
					moves[n] = position.MoveNull
				} else {
					var l position.MoveList
					p.GenerateLegal(&l)
					if l.Len == 0 {
						break
					}
					m := l.Moves[rng.IntN(l.Len)]
					p.DoMove(m, &states[n])
					moves[n] = m
				}
				if err := p.Validate(); err != nil {
					t.Fatalf("%s after %d plies (%s): %v", fen, n+1, p.FEN(), err)
				}
				reparse := NewFromFEN
				if p.Chess960 {
					reparse = NewFromFEN960
				}
				if _, err := reparse(p.FEN()); err != nil {
					t.Fatalf("FEN of a reached position does not parse: %v", err)
				}
			}
			for n--; n >= 0; n-- {
				if moves[n] == position.MoveNull {
					p.UndoNullMove()
				} else {
					p.UndoMove(moves[n])
				}
				if q, st := snapshot(p); q != hist[n].pos || st != hist[n].st {
					t.Fatalf("%s: undo of ply %d did not restore the position (%s)", fen, n+1, p.FEN())
				}
			}
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range suitePositions(t) {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip:\n got %s\nwant %s", got, fen)
		}
	}
}

func TestSortedDivide(t *testing.T) {
	p := mustFEN(t, StartFEN)
	d := Divide(p, 3)
	if len(d) != 20 || !sort.SliceIsSorted(d, func(i, j int) bool { return d[i].UCI < d[j].UCI }) {
		t.Fatalf("divide: %v", d)
	}
	var sum uint64
	for _, e := range d {
		sum += e.Nodes
	}
	if sum != 8902 || d[0].UCI != "a2a3" || d[0].Nodes != 380 {
		t.Fatalf("divide sum %d, first %+v", sum, d[0])
	}
}

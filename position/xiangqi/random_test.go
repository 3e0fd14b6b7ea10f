// Random games: DoMove/UndoMove restore, incremental keys, Validate,
// GivesCheck, PseudoLegal/Legal agreement and the piece diff.
package xiangqi

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"dualnnue/position"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5851)) }

// randomGameFENs returns start points for random games: the start position
// and every suite position.
func randomGameFENs(t *testing.T) []string {
	fens := []string{StartFEN}
	for _, r := range readJSONL[perftRecord](t, filepath.Join(testdataDir(t), "perft", "xiangqi.jsonl")) {
		fens = append(fens, r.FEN)
	}
	return fens
}

func TestRandomGames(t *testing.T) {
	fens := randomGameFENs(t)
	games := 40
	if testing.Short() {
		games = 10
	}
	moves := 0
	for g := 0; g < games; g++ {
		rng := newRand(uint64(g))
		p := mustFEN(t, fens[g%len(fens)])
		states := make([]position.State, 300)
		for ply := 0; ply < len(states); ply++ {
			var list position.MoveList
			p.GenerateLegal(&list)
			checkMoveConsistency(t, p, &list)
			if list.Len == 0 {
				break
			}
			m := list.Moves[rng.IntN(list.Len)]
			before := *p
			gives := p.GivesCheck(m)
			pc, captured := p.PieceOn(MoveFrom(m)), p.PieceOn(MoveTo(m))
			p.DoMove(m, &states[ply])
			moves++
			if err := p.Validate(); err != nil {
				t.Fatalf("after %s from %s: %v", MoveString(m), before.FEN(), err)
			}
			if st := p.State(); st.InCheck != gives {
				t.Fatalf("%s GivesCheck(%s) = %v, DoMove in check %v", before.FEN(), MoveString(m), gives, st.InCheck)
			}
			checkDirty(t, p.State(), m, pc, captured)
			// Take it back and compare bit for bit, then replay.
			p.UndoMove(m)
			if *p != before {
				t.Fatalf("UndoMove(%s) did not restore %s", MoveString(m), before.FEN())
			}
			p.DoMove(m, &states[ply])
			if ply%7 == 3 && !p.InCheck() {
				var ns position.State
				save := *p
				p.DoNullMove(&ns)
				if err := p.Validate(); err != nil {
					t.Fatalf("after null move: %v", err)
				}
				p.UndoNullMove()
				if *p != save {
					t.Fatal("UndoNullMove did not restore the position")
				}
			}
		}
	}
	t.Logf("%d moves in %d games", moves, games)
}

func checkDirty(t *testing.T, st *position.State, m position.Move, pc, captured position.Piece) {
	t.Helper()
	d := st.Dirty
	want := position.Dirty{N: 1}
	want.Pieces[0] = position.DirtyPiece{Piece: pc, From: MoveFrom(m), To: MoveTo(m)}
	if captured != position.NoPiece {
		want.N = 2
		want.Pieces[1] = position.DirtyPiece{Piece: captured, From: MoveTo(m), To: position.SquareNone}
	}
	if d.N != want.N || d.Pieces[0] != want.Pieces[0] || (want.N == 2 && d.Pieces[1] != want.Pieces[1]) {
		t.Fatalf("dirty %+v, want %+v", d, want)
	}
	if st.Captured != captured || st.Move != m {
		t.Fatalf("state captured %d move %d, want %d %d", st.Captured, st.Move, captured, m)
	}
}

// checkMoveConsistency checks, in p, that the legal list equals the set of
// all 16-bit values m with PseudoLegal(m) && Legal(m); that captures and
// quiets (or evasions in check) cover the legal moves; and that IsCapture,
// MovedPiece agree with the board.
func checkMoveConsistency(t *testing.T, p *Position, legal *position.MoveList) {
	t.Helper()
	var inLegal [1 << 16]bool
	for _, m := range legal.Slice() {
		if inLegal[m] {
			t.Fatalf("%s: duplicate legal move %s", p.FEN(), MoveString(m))
		}
		inLegal[m] = true
	}
	var pseudo [1 << 16]bool
	var l position.MoveList
	if p.InCheck() {
		p.GenerateEvasions(&l)
	} else {
		p.GenerateCaptures(&l)
		for _, m := range l.Slice() {
			if !p.IsCapture(m) {
				t.Fatalf("%s: GenerateCaptures gave quiet %s", p.FEN(), MoveString(m))
			}
		}
		n := l.Len
		p.GenerateQuiets(&l)
		for _, m := range l.Moves[n:l.Len] {
			if p.IsCapture(m) {
				t.Fatalf("%s: GenerateQuiets gave capture %s", p.FEN(), MoveString(m))
			}
		}
	}
	for _, m := range l.Slice() {
		pseudo[m] = true
	}
	for i := 0; i < 1<<16; i++ {
		m := position.Move(i)
		ok := p.PseudoLegal(m) && p.Legal(m)
		if ok != inLegal[m] {
			t.Fatalf("%s: %s PseudoLegal&&Legal = %v, in legal list %v", p.FEN(), MoveString(m), ok, inLegal[m])
		}
		if inLegal[m] && !pseudo[m] {
			t.Fatalf("%s: legal %s missing from the stage generators", p.FEN(), MoveString(m))
		}
		if pseudo[m] && !p.PseudoLegal(m) {
			t.Fatalf("%s: generated %s is not PseudoLegal", p.FEN(), MoveString(m))
		}
	}
}

func TestDoMoveAllocs(t *testing.T) {
	p := mustFEN(t, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	var list position.MoveList
	var st position.State
	allocs := testing.AllocsPerRun(100, func() {
		list.Len = 0
		p.GenerateLegal(&list)
		for _, m := range list.Slice() {
			p.DoMove(m, &st)
			p.UndoMove(m)
		}
		p.DoNullMove(&st)
		p.UndoNullMove()
		list.Len = 0
		p.GenerateCaptures(&list)
		p.GenerateQuiets(&list)
		for _, m := range list.Slice() {
			_ = p.PseudoLegal(m) && p.Legal(m) && p.GivesCheck(m) && p.SEE(m, 0)
		}
		_, _ = p.RuleVerdict(3)
	})
	if allocs != 0 {
		t.Fatalf("hot path allocates %v times per run", allocs)
	}
}

// TestCountLegal: perft's counting twin of GenerateLegal agrees with it
// along random games.
func TestCountLegal(t *testing.T) {
	var scratch position.MoveList
	for g, fen := range randomGameFENs(t) {
		rng := newRand(uint64(1000 + g))
		p := mustFEN(t, fen)
		var states [80]position.State
		for ply := range states {
			var l position.MoveList
			p.GenerateLegal(&l)
			if c := p.countLegal(&scratch); c != l.Len {
				t.Fatalf("%s: countLegal %d, GenerateLegal %d", p.FEN(), c, l.Len)
			}
			if l.Len == 0 {
				break
			}
			p.DoMove(l.Moves[rng.IntN(l.Len)], &states[ply])
		}
	}
}

// TestGarbageMoves: every 16-bit value is safe to ask about (TT and killer
// moves may be garbage): no panic, and nothing pseudo-legal that is not.
func TestGarbageMoves(t *testing.T) {
	for _, fen := range []string{StartFEN, "4k4/4a4/3N5/9/9/9/9/9/9/3K5 b - - 0 1"} {
		p := mustFEN(t, fen)
		n := 0
		for i := 0; i < 1<<16; i++ {
			m := position.Move(i)
			_ = p.Legal(m)
			_ = p.GivesCheck(m)
			_ = p.SEE(m, 0)
			_ = p.IsCapture(m)
			_ = p.MovedPiece(m)
			_ = MoveString(m)
			if p.PseudoLegal(m) && p.Legal(m) {
				n++
			}
		}
		if want := len(legalStrings(p)); n != want {
			t.Errorf("%s: %d values pass PseudoLegal && Legal, want %d", fen, n, want)
		}
	}
}

// randomMove picks a move of list (p's legal moves, not empty) for the
// random games of the tests: uniformly, or when greedy half the time among
// the captures.
func randomMove(p *Position, list *position.MoveList, rng *rand.Rand, greedy bool) position.Move {
	var caps []position.Move
	for _, m := range list.Slice() {
		if p.IsCapture(m) {
			caps = append(caps, m)
		}
	}
	m := list.Moves[rng.IntN(list.Len)]
	if greedy && len(caps) > 0 && rng.IntN(2) == 0 {
		m = caps[rng.IntN(len(caps))]
	}
	return m
}

// DoMove details: the piece diff, state fields and the protocol cases' positions.
package chess

import (
	"testing"

	"dualnnue/position"
)

func TestDirtyAndState(t *testing.T) {
	const none = position.SquareNone
	type dp = position.DirtyPiece
	mk := func(pc position.Piece, from, to position.Square) dp { return dp{Piece: pc, From: from, To: to} }
	cases := []struct {
		fen, move string
		dirty     []dp
		captured  position.Piece
		rule50    int
		castling  uint8
	}{
		{StartFEN, "g1f3", []dp{mk(WhiteKnight, G1, F3)}, 0, 1, AllCastling},
		{StartFEN, "e2e4", []dp{mk(WhitePawn, E2, E4)}, 0, 0, AllCastling},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 1", "a1a8", []dp{mk(WhiteRook, A1, A8), mk(BlackRook, A8, none)}, BlackRook, 0, WhiteOO | BlackOO},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 1", "e1g1", []dp{mk(WhiteKing, E1, G1), mk(WhiteRook, H1, F1)}, 0, 4, BlackOO | BlackOOO},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 1", "e8c8", []dp{mk(BlackKing, E8, C8), mk(BlackRook, A8, D8)}, 0, 4, WhiteOO | WhiteOOO},
		{"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 5 1", "d5e6", []dp{mk(WhitePawn, D5, E6), mk(BlackPawn, E5, none)}, BlackPawn, 0, 0},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 5 1", "b7b8n", []dp{mk(WhitePawn, B7, none), mk(WhiteKnight, none, B8)}, 0, 0, 0},
		{"r3k3/1P6/8/8/8/8/8/4K3 w q - 5 1", "b7a8q", []dp{mk(WhitePawn, B7, none), mk(BlackRook, A8, none), mk(WhiteQueen, none, A8)}, BlackRook, 0, 0},
		{"4k3/8/8/8/8/8/1p6/R3K3 b Q - 5 1", "b2a1r", []dp{mk(BlackPawn, B2, none), mk(WhiteRook, A1, none), mk(BlackRook, none, A1)}, WhiteRook, 0, 0},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		before := *p.State()
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		var st position.State
		p.DoMove(m, &st)
		d := st.Dirty
		if d.N != len(c.dirty) {
			t.Errorf("%s %s: dirty %+v, want %+v", c.fen, c.move, d.Pieces[:d.N], c.dirty)
			continue
		}
		for i := range c.dirty {
			if d.Pieces[i] != c.dirty[i] {
				t.Errorf("%s %s: dirty[%d] = %+v, want %+v", c.fen, c.move, i, d.Pieces[i], c.dirty[i])
			}
		}
		if st.Captured != c.captured || st.Rule50 != c.rule50 || st.Castling != c.castling ||
			st.Move != m || st.Prev != &p.root || st.GamePly != before.GamePly+1 || st.PliesFromNull != 1 {
			t.Errorf("%s %s: state %+v", c.fen, c.move, st)
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s %s: %v", c.fen, c.move, err)
		}
		p.UndoMove(m)
		if *p.State() != before || p.FEN() != mustFEN(t, c.fen).FEN() {
			t.Errorf("%s %s: undo gives %s", c.fen, c.move, p.FEN())
		}
	}
	// The null move: empty diff, ep square cleared, history cut.
	p := mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	var st position.State
	key := p.Key()
	p.DoNullMove(&st)
	if st.Dirty.N != 0 || st.EpSquare != position.SquareNone || st.PliesFromNull != 0 || st.Rule50 != 1 ||
		st.Move != position.MoveNull || p.SideToMove() != position.White || p.Validate() != nil {
		t.Errorf("null move state %+v", st)
	}
	p.UndoNullMove()
	if p.Key() != key || p.SideToMove() != position.Black {
		t.Errorf("null move not undone")
	}
	var zero Position
	if zero.State() == nil {
		t.Errorf("zero Position has a nil State")
	}
}

// The positions of the protocol cases CH-15, CH-16 and CH-17 (their UCI
// behaviour is tested with the engine): move replay, FEN, legal count, perft.
func TestProtocolCasePositions(t *testing.T) {
	var e15 struct {
		FEN        string            `json:"fen"`
		LegalCount int               `json:"legal_count"`
		Perft      map[string]uint64 `json:"perft"`
	}
	c := loadCase(t, "CH-15")
	c.expected(t, &e15)
	p := mustFEN(t, StartFEN)
	play(t, p, c.Moves)
	if p.FEN() != e15.FEN || len(legalStrings(p)) != e15.LegalCount {
		t.Errorf("CH-15: %s with %d moves", p.FEN(), len(legalStrings(p)))
	}
	checkPerftMap(t, p, c.ID, e15.Perft)

	var e16 struct {
		LegalCount int `json:"legal_count"`
	}
	c = loadCase(t, "CH-16")
	c.expected(t, &e16)
	p = mustFEN(t, StartFEN)
	play(t, p, c.Moves)
	if n := len(legalStrings(p)); n != e16.LegalCount || n != 0 || !p.InCheck() {
		t.Errorf("CH-16: %d legal moves", n)
	}

	var e17 struct {
		FENAfter   string            `json:"fen_after"`
		LegalCount int               `json:"legal_count"`
		Perft      map[string]uint64 `json:"perft"`
	}
	c = loadCase(t, "CH-17")
	c.expected(t, &e17)
	p = mustFEN(t, c.FEN)
	if p.FEN() != e17.FENAfter || len(legalStrings(p)) != e17.LegalCount {
		t.Errorf("CH-17: %s with %d moves", p.FEN(), len(legalStrings(p)))
	}
	checkPerftMap(t, p, c.ID, e17.Perft)
}

package variants

import (
	"testing"

	"dualnnue/position"
)

// TestRulesPromotion: the Rules' promotion fields (KindShift,
// PromotionKind) mark exactly the moves that promote, in every legal move
// of positions full of them (Chess960 castling, en passant and the four
// promotion pieces, with and without a capture), and none in xiangqi.
func TestRulesPromotion(t *testing.T) {
	r := Chess.Rules
	if r.KindShift == 0 {
		t.Fatal("chess Rules: KindShift 0 marks no promotion")
	}
	for _, fen := range []string{
		"r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
		"r3k2r/1P4P1/8/8/3Pp3/8/1p4p1/R3K2R b KQkq d3 0 1",
		"1r2k1n1/P6P/8/8/8/8/p6p/1R2K1N1 w - - 0 1",
	} {
		p, err := Chess.NewFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var l position.MoveList
		p.GenerateLegal(&l)
		promos := 0
		for _, m := range l.Slice() {
			s := p.MoveString(m)
			want := len(s) == 5 // UCI writes the promotion piece: e7e8q
			if got := m>>r.KindShift == r.PromotionKind; got != want {
				t.Errorf("%s: %s reads as a promotion: %v, want %v", fen, s, got, want)
			}
			if want {
				promos++
			}
		}
		if promos < 8 {
			t.Errorf("%s: only %d promotions among the legal moves", fen, promos)
		}
	}
	if x := Xiangqi.Rules; x.KindShift != 0 {
		t.Errorf("xiangqi Rules: KindShift %d, want 0 (no promotions)", x.KindShift)
	}
}

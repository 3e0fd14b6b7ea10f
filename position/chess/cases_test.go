// Cases drawn from other engines' bug reports (cases.jsonl), Chess960, and FEN errors.
package chess

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"dualnnue/position"
)

type caseRecord struct {
	ID       string          `json:"id"`
	Game     string          `json:"game"`
	Kind     string          `json:"kind"`
	FEN      string          `json:"fen"`
	Moves    []string        `json:"moves"`
	Expected json.RawMessage `json:"expected"`
}

// loadCase returns the chess case whose id starts with prefix.
func loadCase(t *testing.T, prefix string) caseRecord {
	t.Helper()
	for _, c := range readJSONL[caseRecord](t, filepath.Join(testdataDir(t), "cases", "cases.jsonl")) {
		if strings.HasPrefix(c.ID, prefix) {
			return c
		}
	}
	t.Fatalf("case %s not in cases.jsonl", prefix)
	return caseRecord{}
}

func (c caseRecord) expected(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(c.Expected, v); err != nil {
		t.Fatalf("%s: expected: %v", c.ID, err)
	}
}

// perftMap checks {"1": n1, "2": n2, ...}.
func checkPerftMap(t *testing.T, p *Position, id string, want map[string]uint64) {
	t.Helper()
	if len(want) == 0 {
		t.Fatalf("%s: no perft values", id)
	}
	for d, n := range want {
		var depth int
		fmt.Sscan(d, &depth)
		if got := Perft(p, depth); got != n {
			t.Errorf("%s %s: perft(%d) = %d, want %d", id, p.FEN(), depth, got, n)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// play applies UCI moves, failing on the first error; the states stay alive
// in the returned slice.
func play(t *testing.T, p *Position, moves []string) []position.State {
	t.Helper()
	sts := make([]position.State, len(moves))
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, s, err)
		}
		p.DoMove(m, &sts[i])
	}
	return sts
}

// CH-01: en passant that would expose the king along the rank, and the
// diagonal discovery variant.
func TestCaseCH01EnPassantRankPin(t *testing.T) {
	c := loadCase(t, "CH-01")
	var e struct {
		Perft          map[string]uint64 `json:"perft"`
		Legal          []string          `json:"legal"`
		MustNotContain []string          `json:"must_not_contain"`
		Variant        struct {
			FEN            string            `json:"fen"`
			Perft          map[string]uint64 `json:"perft"`
			MustNotContain []string          `json:"must_not_contain"`
		} `json:"variant_diagonal"`
	}
	c.expected(t, &e)
	p := mustFEN(t, c.FEN)
	checkPerftMap(t, p, c.ID, e.Perft)
	got := legalStrings(p)
	if !equalStrings(got, e.Legal) {
		t.Errorf("CH-01 legal %v, want %v", got, e.Legal)
	}
	if len(got) != 6 || contains(got, "d5e6") {
		t.Errorf("CH-01: %v", got)
	}
	// The key ignores the en-passant square: no legal capture exists.
	if p.State().EpSquare != position.SquareNone || p.Key() != mustFEN(t, "8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1").Key() {
		t.Errorf("CH-01: ep square kept although the capture is illegal")
	}
	v := mustFEN(t, e.Variant.FEN)
	checkPerftMap(t, v, c.ID+" variant", e.Variant.Perft)
	if vl := legalStrings(v); len(vl) != 6 || contains(vl, "d5e6") {
		t.Errorf("CH-01 variant legal %v", vl)
	}
	// The generator must not produce d5e6 even as pseudo-legal-then-Legal.
	for _, q := range []*Position{p, v} {
		m := NewEnPassant(D5, E6)
		if q.PseudoLegal(m) && q.Legal(m) {
			t.Errorf("%s: d5e6 accepted", q.FEN())
		}
	}
}

// CH-03: FEN without counters parses (0 1) and en passant delivers mate.
func TestCaseCH03FENWithoutCounters(t *testing.T) {
	c := loadCase(t, "CH-03")
	var e struct {
		LegalCount int               `json:"legal_count"`
		Perft      map[string]uint64 `json:"perft"`
	}
	c.expected(t, &e)
	p := mustFEN(t, c.FEN)
	if p.State().Rule50 != 0 || !strings.HasSuffix(p.FEN(), " 0 1") {
		t.Errorf("CH-03: counters %s", p.FEN())
	}
	if n := len(legalStrings(p)); n != e.LegalCount || n != 24 {
		t.Errorf("CH-03: %d legal moves, want %d", n, e.LegalCount)
	}
	checkPerftMap(t, p, c.ID, e.Perft)
	play(t, p, []string{"d5e6"})
	if !p.InCheck() || len(legalStrings(p)) != 0 {
		t.Errorf("CH-03: after d5e6 in check %v, %d legal", p.InCheck(), len(legalStrings(p)))
	}
}

// CH-04: a captured rook loses its castling right.
func TestCaseCH04CastlingRightLost(t *testing.T) {
	c := loadCase(t, "CH-04")
	var e struct {
		Perft    map[string]uint64 `json:"perft"`
		Targeted struct {
			Moves          []string `json:"moves"`
			FENAfter       string   `json:"fen_after"`
			MustNotContain []string `json:"must_not_contain"`
		} `json:"targeted_line"`
	}
	c.expected(t, &e)
	p := mustFEN(t, c.FEN)
	checkPerftMap(t, p, c.ID, e.Perft)
	play(t, p, e.Targeted.Moves)
	if got := p.FEN(); got != e.Targeted.FENAfter {
		t.Errorf("CH-04 after %v: %s, want %s", e.Targeted.Moves, got, e.Targeted.FENAfter)
	}
	for _, s := range e.Targeted.MustNotContain {
		if contains(legalStrings(p), s) {
			t.Errorf("CH-04: %s legal after the rook was captured", s)
		}
	}
	if _, err := p.ParseMove("e1g1"); err == nil {
		t.Errorf("CH-04: e1g1 parsed")
	}
}

// CH-05: capture-promotion mates; each promotion's replies; promotion as a
// check evasion.
func TestCaseCH05Promotions(t *testing.T) {
	c := loadCase(t, "CH-05")
	var e struct {
		FENAfter   string `json:"fen_after"`
		BlackLegal int    `json:"black_legal_count"`
		Each       map[string]struct {
			Replies int  `json:"replies"`
			Check   bool `json:"check"`
		} `json:"each_promotion_on_d8"`
		SANVariant struct {
			FEN string            `json:"fen"`
			SAN map[string]string `json:"san"`
		} `json:"variant_san_check_suffix"`
		Evasion struct {
			FEN   string   `json:"fen"`
			Legal []string `json:"legal"`
		} `json:"variant_promotion_as_check_evasion"`
	}
	c.expected(t, &e)
	p := mustFEN(t, StartFEN)
	play(t, p, c.Moves)
	if p.FEN() != e.FENAfter || len(legalStrings(p)) != e.BlackLegal || !p.InCheck() {
		t.Errorf("CH-05: %s, %d legal, want %s with %d", p.FEN(), len(legalStrings(p)), e.FENAfter, e.BlackLegal)
	}
	if contains(legalStrings(p), "f8b4") {
		t.Errorf("CH-05: f8b4 offered after mate")
	}
	p.UndoMove(p.State().Move)
	if len(e.Each) != 4 {
		t.Fatalf("CH-05: %d promotions listed", len(e.Each))
	}
	for s, want := range e.Each {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.GivesCheck(m) != want.Check {
			t.Errorf("CH-05: GivesCheck(%s) = %v", s, !want.Check)
		}
		var st position.State
		p.DoMove(m, &st)
		if n := len(legalStrings(p)); n != want.Replies || p.InCheck() != want.Check {
			t.Errorf("CH-05 %s: %d replies, check %v; want %d, %v", s, n, p.InCheck(), want.Replies, want.Check)
		}
		p.UndoMove(m)
	}
	v := mustFEN(t, e.SANVariant.FEN)
	for s, san := range e.SANVariant.SAN {
		m, err := v.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if v.GivesCheck(m) != strings.HasSuffix(san, "+") {
			t.Errorf("CH-05 %s: GivesCheck %v, SAN %s", s, v.GivesCheck(m), san)
		}
	}
	ev := mustFEN(t, e.Evasion.FEN)
	if got := legalStrings(ev); !equalStrings(got, e.Evasion.Legal) || len(got) != 10 {
		t.Errorf("CH-05 evasion: %v, want %v", got, e.Evasion.Legal)
	}
}

// CH-07: an en-passant square on the wrong rank is rejected (documented
// choice); without it the position perfts as listed.
func TestCaseCH07EnPassantWrongRank(t *testing.T) {
	c := loadCase(t, "CH-07")
	var e struct {
		Correct string            `json:"correct_fen_of_the_game"`
		Moves   []string          `json:"game_moves"`
		Perft   map[string]uint64 `json:"perft_if_ep_ignored"`
	}
	c.expected(t, &e)
	_, err := NewFromFEN(c.FEN)
	if err == nil || !strings.Contains(err.Error(), "en-passant square d3 is on rank 3") {
		t.Fatalf("CH-07: error %v", err)
	}
	ignored := strings.Replace(c.FEN, " d3 ", " - ", 1)
	checkPerftMap(t, mustFEN(t, ignored), c.ID, e.Perft)
	g := mustFEN(t, StartFEN)
	play(t, g, e.Moves)
	if g.FEN() != e.Correct {
		t.Errorf("CH-07 game: %s, want %s", g.FEN(), e.Correct)
	}
	// A consistent square with no legal capture is dropped, not an error.
	q := mustFEN(t, "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2")
	if q.State().EpSquare != position.SquareNone || !strings.Contains(q.FEN(), " - 0 2") {
		t.Errorf("unplayable ep square kept: %s", q.FEN())
	}
}

// CH-09: the side not to move in check is an error (and the related FEN).
func TestCaseCH09SideNotToMoveInCheck(t *testing.T) {
	c := loadCase(t, "CH-09")
	for _, fen := range []string{c.FEN, "1n6/8/2Q5/1rK5/8/8/8/5k2 b - - 0 1"} {
		_, err := NewFromFEN(fen)
		if err == nil || !strings.Contains(err.Error(), "side not to move") {
			t.Errorf("%s: error %v", fen, err)
		}
	}
	if _, err := NewFromFEN(c.FEN); !strings.Contains(err.Error(), "king on a6 attacked from d3") {
		t.Errorf("CH-09: %v", err)
	}
}

// CH-10: a pawn on the first or last rank, every file.
func TestCaseCH10PawnOnBackRank(t *testing.T) {
	c := loadCase(t, "CH-10")
	fens := []string{c.FEN, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "3P4/1k2K3/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2p b - - 0 1"}
	for f := 0; f < 8; f++ {
		for _, rank := range []int{0, 7} {
			for _, pawn := range []byte{'P', 'p'} {
				var b [8][8]byte
				b[3][0], b[3][7] = 'K', 'k' // kings on a4 and h4
				b[rank][f] = pawn
				fens = append(fens, boardFEN(b)+" w - - 0 1")
			}
		}
	}
	for _, fen := range fens {
		_, err := NewFromFEN(fen)
		if err == nil || !strings.Contains(err.Error(), "pawns never stand on the first or last rank") {
			t.Errorf("%s: error %v", fen, err)
		}
	}
}

// boardFEN writes the placement field of b[rank][file].
func boardFEN(b [8][8]byte) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			if b[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(b[r][f])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// CH-18: e8h8 in standard mode is an error at move 16; in Chess960 mode
// king-takes-rook castles.
func TestCaseCH18KingTakesRookRejected(t *testing.T) {
	c := loadCase(t, "CH-18")
	var e struct {
		Lenient struct {
			Applies int    `json:"applies"`
			FEN     string `json:"fen"`
		} `json:"stockfish_15_1_lenient"`
		Chess960 string `json:"with_UCI_Chess960_true_and_e8h8_e1h1"`
		Castled  string `json:"fen_if_castled"`
	}
	c.expected(t, &e)
	p := mustFEN(t, StartFEN)
	sts := make([]position.State, len(c.Moves))
	failed := -1
	for i, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			failed = i
			if !strings.Contains(err.Error(), "Chess960") || !strings.Contains(err.Error(), "e8g8") {
				t.Errorf("CH-18: error %v", err)
			}
			break
		}
		p.DoMove(m, &sts[i])
	}
	if failed != 15 || p.FEN() != e.Lenient.FEN {
		t.Fatalf("CH-18: failed at move %d (want 16) in %s", failed+1, p.FEN())
	}
	// Standard encoding e8g8/e1g1 castles.
	std := mustFEN(t, StartFEN)
	moves := append(append([]string{}, c.Moves[:15]...), "e8g8", "e1g1")
	play(t, std, moves)
	if std.FEN() != e.Castled {
		t.Errorf("CH-18 standard castling: %s, want %s", std.FEN(), e.Castled)
	}
	// Chess960 mode: king takes own rook.
	q := new(Position)
	q.Chess960 = true
	if err := q.SetFEN(StartFEN); err != nil {
		t.Fatal(err)
	}
	moves960 := append(append([]string{}, c.Moves[:16]...), "e1h1")
	play(t, q, moves960)
	if q.FEN() != e.Chess960 {
		t.Errorf("CH-18 Chess960: %s, want %s", q.FEN(), e.Chess960)
	}
	if _, err := mustFEN(t, e.Lenient.FEN).ParseMove("e8h8"); err == nil {
		t.Errorf("e8h8 accepted in standard mode")
	}
}

// Chess960 perft, counted with Stockfish 15.1 (UCI_Chess960 true): X-FEN
// and Shredder castling fields, a rook shielding the king from a queen
// behind it (qRK: no c1b1), and a king crossing its own castling rook's
// square attacked once the rook has left (e1 rook x-rayed by e8).
func TestChess960Perft(t *testing.T) {
	cases := []struct {
		fen   string
		perft []uint64
	}{
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672}},
		{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{21, 807, 18002, 667366}},
		{"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", []uint64{22, 593, 13440, 382958}},
		{"1r2k2r/8/8/8/8/8/8/R3K1qR w KQk - 0 1", []uint64{3, 116, 2401, 89803}},
		{"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", []uint64{24, 479, 11099, 242723}},
		{"1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", []uint64{24, 479, 10954, 237166}},
		{"k7/8/8/8/8/8/8/qRK4R w KQ - 0 1", []uint64{16, 213, 3921, 74868}},
		{"k7/8/8/8/8/8/8/1RK1q2R w KQ - 0 1", []uint64{3, 45, 756, 15459}},
		{"r1k1r2q/8/8/8/8/8/8/R1K1R2Q w AEae - 0 1", []uint64{39, 1206, 41389, 1354543}},
		// Positions from random Chess960 games (perft 3 by Stockfish 15.1).
		{"bqn2rkr/pp3p2/N2pp2p/2p2PP1/P4R2/1PbPK3/Q1P1P3/B2BN2R b hf - 0 19", []uint64{0, 0, 27652}},
		{"2nr1b1r/3ppk2/pq2n1pp/1ppb1Pp1/2P1P1RP/3P4/PP6/BQNN1BKR w H - 4 20", []uint64{0, 0, 32644}},
		{"4r1kr/pppppp1p/8/6p1/8/5P2/PPPPPKPP/R6R b h - 3 3", []uint64{0, 0, 16856}},
		{"2n1rbkr/pn1pp1pp/q7/1pp2p1P/2PP1PP1/1NN1P3/PP2B3/B1QR1bK1 w he - 1 20", []uint64{0, 0, 31166}},
		{"2Bbr1k1/p1qnnpp1/3pP3/1p5r/P2p2Pp/2P1P3/NP5P/BQ1bNRKR w HF - 2 27", []uint64{0, 0, 67042}},
		{"r2k3r/1ppppp2/8/p5pp/1PPP3P/3P4/P4PP1/R1KR3Q w A - 0 9", []uint64{0, 0, 16274}},
		{"r1b1k2r/p1ppn3/3q3p/PpbPNpp1/Rn5P/2P1P1P1/1P1Q1P2/1NB1KBR1 w ha b6 0 18", []uint64{0, 0, 53241}},
		{"r1k2r1q/ppp1ppp1/7p/3p4/8/P5P1/RPPPPP1P/2K1RQ2 b Ea - 0 4", []uint64{0, 0, 12651}},
		{"r1k3r1/p1p2pp1/1p5q/3pp2p/PPP1P2P/4R1P1/1K1P1P2/R6Q w a - 0 10", []uint64{0, 0, 49996}},
		{"rk3r2/ppp2p1p/4p3/3p2p1/5P2/7P/PPPPP1P1/2KR3R w a - 0 5", []uint64{0, 0, 10775}},
	}
	for _, c := range cases {
		p := new(Position)
		p.Chess960 = true
		if err := p.SetFEN(c.fen); err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); c.perft[0] == 0 && got != c.fen { // our own output: exact round trip
			t.Errorf("Chess960 FEN %s written as %s", c.fen, got)
		}
		for d, want := range c.perft {
			if want == 0 {
				continue
			}
			if got := Perft(p, d+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.fen, d+1, got, want)
			}
		}
	}
	p := mustFEN960(t, "k7/8/8/8/8/8/8/qRK4R w KQ - 0 1")
	if got := legalStrings(p); contains(got, "c1b1") || !contains(got, "c1h1") {
		t.Errorf("qRK: %v", got)
	}
	if p.FEN() != "k7/8/8/8/8/8/8/qRK4R w HB - 0 1" {
		t.Errorf("FEN %s", p.FEN())
	}
	r := mustFEN960(t, "r1k1r2q/8/8/8/8/8/8/R1K1R2Q w AEae - 0 1")
	if got := legalStrings(r); contains(got, "c1e1") || !contains(got, "c1a1") {
		t.Errorf("AEae: %v", got)
	}
	if r.FEN() != "r1k1r2q/8/8/8/8/8/8/R1K1R2Q w EAea - 0 1" {
		t.Errorf("AEae FEN written as %s", r.FEN())
	}
}

// Castling FEN fields. Chess960 mode: X-FEN (KQkq = outermost rook) and
// Shredder letters on input, Shredder letters on output. Standard mode:
// KQkq only, with king and rook on their standard squares (see
// TestStandardCastlingRights).
func TestCastlingFields(t *testing.T) {
	for in, out := range map[string]string{
		"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1":       "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1":       "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
		"rr2k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1":       "rr2k2r/8/8/8/8/8/8/R3K2R w Hha - 0 1",
		"r3k1rr/8/8/8/8/8/8/RR2K2R w BHga - 0 1":     "r3k1rr/8/8/8/8/8/8/RR2K2R w HBga - 0 1",
		"r3k1rr/8/8/8/8/8/8/RR2K2R w KBgq - 0 1":     "r3k1rr/8/8/8/8/8/8/RR2K2R w HBga - 0 1",
		"bqnb1rkr/8/8/8/8/8/8/BQ1BNRKR w HFhf - 0 1": "bqnb1rkr/8/8/8/8/8/8/BQ1BNRKR w HFhf - 0 1",
		"bqnb1rkr/8/8/8/8/8/8/BQ1BNRKR w KQkq - 0 1": "bqnb1rkr/8/8/8/8/8/8/BQ1BNRKR w HFhf - 0 1",
		"r1k1r2q/8/8/8/8/8/8/R1K1R2Q w KQk - 0 1":    "r1k1r2q/8/8/8/8/8/8/R1K1R2Q w EAe - 0 1",
	} {
		p := mustFEN960(t, in)
		if got := p.FEN(); got != out {
			t.Errorf("%s: FEN %s, want %s", in, got, out)
		}
		if q := mustFEN960(t, out); q.Key() != p.Key() {
			t.Errorf("%s: written FEN reads back differently", in)
		}
	}
	for _, fen := range []string{
		StartFEN,
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"rr2k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", // outermost rook a8 is in the corner
		"r3k1rr/8/8/8/8/8/8/RR2K2R w Kq - 0 1",
	} {
		p := mustFEN(t, fen)
		if p.Chess960 || p.NeedsChess960() || p.FEN() != fen {
			t.Errorf("standard %s: Chess960 %v, needs %v, FEN %s", fen, p.Chess960, p.NeedsChess960(), p.FEN())
		}
		if q := mustFEN960(t, fen); q.Key() != p.Key() {
			t.Errorf("%s: Chess960 mode reads a different position", fen)
		}
	}
	// Chess960 mode on a standard position writes Shredder letters.
	p := new(Position)
	p.Chess960 = true
	if err := p.SetFEN(StartFEN); err != nil || p.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1" {
		t.Errorf("Chess960 start: %s %v", p.FEN(), err)
	}
	if p.NeedsChess960() {
		t.Errorf("the standard start needs Chess960")
	}
	if q := mustFEN960(t, "r3k1rr/8/8/8/8/8/8/RR2K2R w BHga - 0 1"); !q.NeedsChess960() {
		t.Errorf("inner castling rooks b1/g8 do not need Chess960")
	}
}

// TestStandardCastlingRights: CH-28 and its kind. Without Chess960, castling
// rights that do not fit a king on e1/e8 and a rook in the matching corner
// are an error (never a silent switch to Chess960, which would list
// king-takes-rook castles like e8g8 with the g8 rook); Shredder letters are
// an error too. Fairy-Stockfish's validate_fen rejects these FENs (-5);
// Stockfish accepts them. In Chess960 mode they are valid.
func TestStandardCastlingRights(t *testing.T) {
	c := loadCase(t, "CH-28")
	var e struct {
		Sanitized string            `json:"sanitized_fen"`
		Perft     map[string]uint64 `json:"perft_after_moves_if_sanitized"`
		MustNot   []string          `json:"must_not_contain_if_accepted"`
		Variant   struct {
			FEN       string            `json:"fen"`
			Sanitized string            `json:"sanitized_fen"`
			Perft     map[string]uint64 `json:"perft_if_sanitized"`
		} `json:"variant"`
	}
	if err := json.Unmarshal(c.Expected, &e); err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{c.FEN, e.Variant.FEN} {
		_, err := NewFromFEN(fen)
		if err == nil || !strings.Contains(err.Error(), "impossible in standard chess") {
			t.Errorf("%s: error %v, want the rights refused in standard chess", fen, err)
		}
		p := new(Position)
		if err := p.SetFEN(fen); err == nil || p.Chess960 {
			t.Errorf("%s: SetFEN in standard mode: %v, Chess960 %v", fen, err, p.Chess960)
		}
		if _, err := NewFromFEN960(fen); err != nil {
			t.Errorf("%s: refused in Chess960 mode: %v", fen, err)
		}
	}
	// The FEN without the impossible rights plays as counted by Stockfish.
	p := mustFEN(t, e.Sanitized)
	var states [8]position.State
	for i, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("CH-28 move %d %s: %v", i+1, s, err)
		}
		p.DoMove(m, &states[i])
	}
	for d := 1; d <= 3; d++ {
		if got, want := Perft(p, d), e.Perft[strconv.Itoa(d)]; got != want {
			t.Errorf("CH-28 perft(%d) = %d, want %d", d, got, want)
		}
	}
	v := mustFEN(t, e.Variant.Sanitized)
	for d := 1; d <= 3; d++ {
		if got, want := Perft(v, d), e.Variant.Perft[strconv.Itoa(d)]; got != want {
			t.Errorf("CH-28 variant perft(%d) = %d, want %d", d, got, want)
		}
	}
	if got := legalStrings(v); !contains(got, "e1c1") || contains(got, "e1a1") || contains(got, "e1g1") {
		t.Errorf("CH-28 variant legal moves %v: want e1c1, never e1a1 or e1g1", got)
	}
	// The same kind: every way a right can miss its standard squares.
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R4K1R w K - 0 1",            // king on f1
		"4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1",           // rook on g1, not h1
		"4k3/8/8/8/8/8/8/1R2K2R w Q - 0 1",           // rook on b1, not a1
		"1r2k2r/8/8/8/8/8/8/4K3 b q - 0 1",           // black rook on b8
		"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1",            // king on b1
		"rk5r/8/8/8/8/8/8/4K3 w kq - 0 1",            // black king on b8
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",           // Shredder letters
		"r3k2r/8/8/8/8/8/8/4K3 w ha - 0 1",           // Shredder letters, black
		"bqnb1rkr/8/8/8/8/8/8/BQ1BNRKR w HFhf - 0 1", // a Chess960 start
	} {
		if p, err := NewFromFEN(fen); err == nil {
			t.Errorf("%s accepted in standard mode as %s", fen, p.FEN())
		}
		if _, err := NewFromFEN960(fen); err != nil {
			t.Errorf("%s refused in Chess960 mode: %v", fen, err)
		}
	}
	// Shredder letters name the reason.
	if _, err := NewFromFEN("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"); err == nil || !strings.Contains(err.Error(), "Shredder-FEN") {
		t.Errorf("HAha in standard mode: %v", err)
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, want string }{
		{"", "0 fields"},
		{"foobar", "1 fields"},
		{"startpos", "1 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "7 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 (\"ppppppp\") is 7 squares wide"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown character '9'"},
		{"rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 squares wide"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown character 'X'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move \"x\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move \"W\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "right 'K' without a white rook"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1", "unknown letter 'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeats a right"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1", "'H' is a Shredder-FEN letter"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "right 'K' without a white rook on h1 and the king on e1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "not a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en-passant square e3 is on rank 3"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn on e5"},
		{"rnbqkbnr/pppp1ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "e6 or e7 is occupied"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock \"-1\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock \"x\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove number \"one\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999", "fullmove number"},
		{"7k/8/8/b3r3/8/5n2/8/4K3 w - - 0 1", "in check by 3 pieces"},
	}
	for _, c := range cases {
		_, err := NewFromFEN(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.fen, err, c.want)
		}
	}
	// Chess960 mode's own castling errors.
	for _, c := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1", "repeats a right"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqE - 0 1", "right 'E' without a white rook"},
		{"r3k1rr/8/8/8/8/8/8/RR2K2R w BHgh - 0 1", "right 'h' repeats a right"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "white king on e3, not on its back rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1", "unknown letter 'x'"},
	} {
		_, err := NewFromFEN960(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Chess960 %q: error %v, want it to mention %q", c.fen, err, c.want)
		}
	}
	// A failed SetFEN leaves the position as it was.
	p := mustFEN(t, StartFEN)
	key := p.Key()
	if err := p.SetFEN("8/8/8/8/8/8/8/8 w - - 0 1"); err == nil || p.Key() != key || p.FEN() != StartFEN {
		t.Errorf("failed SetFEN changed the position: %v %s", err, p.FEN())
	}
	// Accepted variants: 5 fields, fullmove 0.
	if q := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7"); q.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 1" {
		t.Errorf("5 fields: %s", q.FEN())
	}
	if q := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"); q.FEN() != StartFEN {
		t.Errorf("fullmove 0: %s", q.FEN())
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := mustFEN(t, "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1")
	for s, want := range map[string]string{
		"":       "4 or 5 characters",
		"e2":     "4 or 5 characters",
		"e2e4e5": "4 or 5 characters",
		"i2e4":   "a1..h8",
		"e0e1":   "a1..h8",
		"b7b8x":  "promotion letter must be",
		"d1d2":   "no white piece on d1",
		"e8e7":   "no white piece on e8",
		"b7b8":   "needs a promotion letter",
		"e1e2q":  "does not promote",
		"e1h1":   "castling only in Chess960 mode; write e1g1",
		"e1e3":   "illegal",
	} {
		_, err := p.ParseMove(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q): %v, want %q", s, err, want)
		}
	}
	for _, s := range []string{"b7b8q", "b7b8N", "e1g1", "h1h8"} {
		if _, err := p.ParseMove(s); err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
		}
	}
	p.Chess960 = true
	if _, err := p.ParseMove("e1g1"); err == nil || !strings.Contains(err.Error(), "king takes own rook: e1h1") {
		t.Errorf("Chess960 e1g1: %v", err)
	}
	if m, err := p.ParseMove("e1h1"); err != nil || Kind(m) != KindCastling || p.MoveString(m) != "e1h1" {
		t.Errorf("Chess960 e1h1: %v", err)
	}
	if p.MoveString(position.MoveNone) != "0000" || p.MoveString(position.MoveNull) != "0000" {
		t.Errorf("null moves print as %s", p.MoveString(position.MoveNull))
	}
}

// Every MoveString of a legal move parses back to the same move.
func TestMoveStringRoundTrip(t *testing.T) {
	for _, fen := range suitePositions(t) {
		p := mustFEN(t, fen)
		var l position.MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			back, err := p.ParseMove(p.MoveString(m))
			if err != nil || back != m {
				t.Fatalf("%s: %s parses to %v, %v", fen, p.MoveString(m), back, err)
			}
		}
	}
	_ = sort.Strings
}

// Tests of the piece-balance buckets: xiangqi-kb6-d3-hm against xiangqi-kb6-hm, hand-checked views, bad maps.
package features

import (
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/position"
)

// defenderBucket is the balance bucket of xiangqi-kb6-d3-hm written out
// from its definition: 4 or more own advisors and elephants 0, 2–3 1, 0–1 2.
func defenderBucket(n int) int {
	switch {
	case n >= 4:
		return 0
	case n >= 2:
		return 1
	}
	return 2
}

// Hand-checked views: the start position (4 defenders each side: bucket
// 0), then with pieces removed, and the set's shape.
func TestBalanceViews(t *testing.T) {
	s, _ := Lookup(XiangqiKB6D3HM)
	if s.KingBuckets != 6 || s.Balance != 3 || s.Buckets() != 18 || s.BaseSize != 1260 || s.Size != 22680 ||
		s.Views() != 36 || !s.KingRelative() || !s.Mirror {
		t.Fatalf("%s: %d × %d buckets × %d = %d, %d views", s.Name, s.KingBuckets, s.Balance, s.BaseSize, s.Size, s.Views())
	}
	for _, c := range []struct {
		persp  position.Color
		king   position.Square
		count  int
		bucket int
		mirror bool
	}{
		{position.White, 4, 4, 1 * 3, false},   // e0, defence intact: palace bucket 1, balance 0
		{position.White, 4, 3, 1*3 + 1, false}, // one defender lost
		{position.White, 4, 2, 1*3 + 1, false},
		{position.White, 4, 1, 1*3 + 2, false},
		{position.White, 4, 0, 1*3 + 2, false},
		{position.White, 22, 1, 5*3 + 2, false}, // e2: palace bucket 5
		{position.White, 14, 3, 2*3 + 1, true},  // f1 → d1: palace bucket 2
		{position.Black, 85, 4, 1 * 3, false},   // e9 is Black's e0
		{position.Black, 84, 0, 0*3 + 2, false}, // d9 is Black's d0
		{position.White, 4, 9, 1 * 3, false},    // an impossible count is clamped, not out of range
		{position.White, 4, -1, 1*3 + 2, false},
	} {
		v := s.ViewAt(c.persp, c.king, c.count)
		if v.Bucket() != c.bucket || v.Mirrored() != c.mirror {
			t.Errorf("perspective %d king %d count %d: bucket %d mirrored %v, want %d %v", c.persp, c.king, c.count, v.Bucket(), v.Mirrored(), c.bucket, c.mirror)
		}
	}
	if v := s.ViewAt(position.White, position.SquareNone, 2); v != 0 {
		t.Errorf("no king: view %d, want 0", v)
	}
	if !s.Counted(xqAdvisor) || !s.Counted(xqElephant) || s.Counted(xqKing) || s.Counted(xqPawn) || s.Counted(4) {
		t.Error("counted types are not advisor and elephant only")
	}
	base, _ := Lookup(XiangqiKB6HM)
	if base.Balance != 1 || base.Buckets() != 6 || base.Counted(xqAdvisor) || base.BalanceOf(0) != 0 {
		t.Errorf("%s has a balance factor", base.Name)
	}
}

// Each perspective's feature is xiangqi-kb6-hm's with the king bucket's
// block widened by the balance factor: (kb·3 + balance)·1260 + the
// mirrored piece-square index, the balance counted independently here;
// Active equals FromPieces, and random lists reach all 18 buckets.
func TestBalanceAgainstKingBuckets(t *testing.T) {
	s, _ := Lookup(XiangqiKB6D3HM)
	base, _ := Lookup(XiangqiKB6HM)
	rng := rand.New(rand.NewPCG(41, 42))
	buckets := map[int]bool{}
	for range 4000 {
		list := randomList(rng, s, rng.IntN(30))
		var w, bl, bw, bb, aw, abl [MaxActive]uint16
		n := s.FromPieces(list, w[:], bl[:])
		if bn := base.FromPieces(list, bw[:], bb[:]); bn != n {
			t.Fatalf("%d features, base %d", n, bn)
		}
		var b board
		for _, v := range list {
			pc, sq := UnpackPiece(v)
			b[sq] = pc
		}
		if a := s.Active(&b, aw[:], abl[:]); a != n || !sameSet(aw[:a], w[:n]) || !sameSet(abl[:a], bl[:n]) {
			t.Fatal("Active differs from FromPieces")
		}
		var defenders [2]int
		for _, v := range list {
			if pc, _ := UnpackPiece(v); pc.Type() == xqAdvisor || pc.Type() == xqElephant {
				defenders[pc.Color()]++
			}
		}
		k := base.KingSquares(list)
		for c, pair := range [2][2][]uint16{{w[:n], bw[:n]}, {bl[:n], bb[:n]}} {
			kb := base.ViewOf(position.Color(c), k[c]).Bucket()
			bucket := kb*3 + defenderBucket(defenders[c])
			if k[c] == position.SquareNone {
				bucket = 0
			}
			buckets[bucket] = true
			for i, f := range pair[0] {
				want := bucket*1260 + int(pair[1][i]) - kb*1260
				if int(f) >= s.Size || int(f) != want {
					t.Fatalf("perspective %d (king %d, %d defenders): feature %d, want %d", c, k[c], defenders[c], f, want)
				}
			}
		}
	}
	if len(buckets) != 18 {
		t.Fatalf("random positions reached %d of 18 buckets", len(buckets))
	}
}

// A bad balance factor is refused naming what is wrong; CheckBalance finds
// a changed map or mask.
func TestBalanceRejects(t *testing.T) {
	good := xiangqiDefenders3
	skip := good
	skip[0] = 3 // counts 0, 1 in bucket 3: bucket 2 unused
	skip[1] = 3
	big := good
	big[7] = MaxBalanceCount + 1
	for _, c := range []struct {
		mask uint8
		m    []uint8
		want string
	}{
		{1<<xqAdvisor | 1<<xqElephant, good[:7], "7 entries"},
		{1<<xqAdvisor | 1<<xqElephant, skip[:], "skips bucket 2"},
		{1<<xqAdvisor | 1<<xqElephant, big[:], "not below"},
		{0, good[:], "mask"},
		{1 << xqKing, good[:], "mask"},
		{1, good[:], "mask"},
	} {
		s := kingBucketed(newPieceSquare(99, position.Xiangqi, "test", 7), xiangqiPalaceMap[:])
		if err := s.setBalance(c.mask, c.m); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("mask %#x map %v: error %v, want %q", c.mask, c.m, err, c.want)
		}
	}
	wide := kingBucketed(newPieceSquare(99, position.Chess, "test", 6), chessKB16Map[:])
	if err := wide.setBalance(1<<2, []uint8{0, 1, 2, 3, 4, 5, 6, 7}); err == nil || !strings.Contains(err.Error(), "exceed 65536") {
		t.Errorf("16 × 8 × 768 features: %v", err)
	}
	s, _ := Lookup(XiangqiKB6D3HM)
	mask, m := s.BalanceMap()
	if err := s.CheckBalance(mask, m); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckBalance(mask&^(1<<xqElephant), m); err == nil || !strings.Contains(err.Error(), "piece types") {
		t.Errorf("a changed mask: %v", err)
	}
	m[3] = 0
	if err := s.CheckBalance(mask, m); err == nil || !strings.Contains(err.Error(), "count 3") {
		t.Errorf("a changed map: %v", err)
	}
	if err := s.CheckBalance(mask, m[:4]); err == nil {
		t.Error("a short map accepted")
	}
}

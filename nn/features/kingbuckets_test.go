// Tests of the king-bucketed sets: the shipped maps, the index against the base set, bad maps.
package features

import (
	"math/rand/v2"
	"strings"
	"testing"

	"dualnnue/position"
)

// Hand-checked views: the square, its perspective, the bucket and the mirror.
func TestKingBucketViews(t *testing.T) {
	kb16, _ := Lookup(ChessKB16HM)
	kb4, _ := Lookup(ChessKB4HM)
	xq, _ := Lookup(XiangqiKB6HM)
	cases := []struct {
		s        *Set
		persp    position.Color
		sq       position.Square
		bucket   int
		mirrored bool
	}{
		{kb16, position.White, 4, 3, true},   // e1 → d1
		{kb16, position.White, 6, 1, true},   // g1 → b1
		{kb16, position.White, 2, 2, false},  // c1
		{kb16, position.Black, 62, 1, true},  // g8 is Black's g1 → b1
		{kb16, position.Black, 60, 3, true},  // e8 → d1
		{kb16, position.White, 12, 7, true},  // e2 → d2
		{kb16, position.White, 16, 8, false}, // a3
		{kb16, position.White, 63, 14, true}, // h8 → a8
		{kb16, position.Black, 7, 14, true},  // h1 is Black's h8
		{kb4, position.White, 6, 0, true},    // g1: the castled corner
		{kb4, position.White, 4, 1, true},    // e1
		{kb4, position.White, 11, 2, false},  // d2
		{kb4, position.Black, 28, 3, true},   // e4 is Black's e5
		{xq, position.White, 4, 1, false},    // e0: the centre of the back rank
		{xq, position.White, 5, 0, true},     // f0 → d0
		{xq, position.White, 14, 2, true},    // f1 → d1
		{xq, position.White, 22, 5, false},   // e2
		{xq, position.Black, 85, 1, false},   // e9 is Black's e0
		{xq, position.Black, 84, 0, false},   // d9 is Black's d0
		{xq, position.Black, 68, 4, true},    // f7 is Black's f2 → d2
	}
	for _, c := range cases {
		v := c.s.ViewOf(c.persp, c.sq)
		if v.Bucket() != c.bucket || v.Mirrored() != c.mirrored {
			t.Errorf("%s: perspective %d king on %d: bucket %d mirrored %v, want %d %v", c.s.Name, c.persp, c.sq, v.Bucket(), v.Mirrored(), c.bucket, c.mirrored)
		}
	}
	for _, c := range []struct {
		s          *Set
		b, base, n int
	}{{kb4, 4, 768, 3072}, {kb16, 16, 768, 12288}, {xq, 6, 1260, 7560}} {
		if c.s.KingBuckets != c.b || c.s.BaseSize != c.base || c.s.Size != c.n || c.s.Views() != 2*c.b || !c.s.KingRelative() {
			t.Errorf("%s: %d buckets × %d = %d", c.s.Name, c.s.KingBuckets, c.s.BaseSize, c.s.Size)
		}
	}
}

// Each perspective's features are the mirrored base set's shifted by its
// bucket's block, all inside [0, Size), and Active equals FromPieces.
func TestKingBucketsAgainstBase(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, p := range [][2]SetID{{ChessKB4HM, ChessPS768HM}, {ChessKB16HM, ChessPS768HM}, {XiangqiKB6HM, XiangqiPS1260HM}, {XiangqiCompact692KB6, XiangqiCompact692HM}} {
		s, _ := Lookup(p[0])
		base, _ := Lookup(p[1])
		buckets := map[int]bool{}
		for range 3000 {
			list := randomList(rng, s, rng.IntN(28))
			var w, bl, bw, bb, aw, abl [MaxActive]uint16
			n := s.FromPieces(list, w[:], bl[:])
			if bn := base.FromPieces(list, bw[:], bb[:]); bn != n {
				t.Fatalf("%s: %d features, base %d", s.Name, n, bn)
			}
			var b board
			for _, v := range list {
				pc, sq := UnpackPiece(v)
				b[sq] = pc
			}
			if a := s.Active(&b, aw[:], abl[:]); a != n || !sameSet(aw[:a], w[:n]) || !sameSet(abl[:a], bl[:n]) {
				t.Fatalf("%s: Active differs from FromPieces", s.Name)
			}
			k := s.KingSquares(list)
			for c, pair := range [2][2][]uint16{{w[:n], bw[:n]}, {bl[:n], bb[:n]}} {
				v := s.ViewOf(position.Color(c), k[c])
				buckets[v.Bucket()] = true
				for i, f := range pair[0] {
					if int(f) >= s.Size || int(f) != v.Bucket()*s.BaseSize+int(pair[1][i]) {
						t.Fatalf("%s: perspective %d feature %d, base %d, bucket %d", s.Name, c, f, pair[1][i], v.Bucket())
					}
				}
			}
		}
		if len(buckets) != s.KingBuckets {
			t.Fatalf("%s: random positions reached %d of %d buckets", s.Name, len(buckets), s.KingBuckets)
		}
	}
}

// A bad map is refused naming what is wrong.
func TestBucketMapRejects(t *testing.T) {
	good := chessKB4Map
	asym := make([]uint8, 64)
	asym[0] = 1 // a1 in bucket 1, h1 in bucket 0
	skip := good
	skip[31] = 5 // buckets 4 unused
	big := good
	big[0] = MaxKingBuckets
	for _, c := range []struct {
		m    []uint8
		want string
	}{
		{good[:31], "31 entries"},
		{asym, "mirror image"},
		{skip[:], "skips bucket 4"},
		{big[:], "not below"},
	} {
		s := newPieceSquare(99, position.Chess, "test", 6)
		if err := s.setBuckets(c.m); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("map %v: error %v, want %q", c.m, err, c.want)
		}
	}
	s, _ := Lookup(ChessKB16HM)
	if err := s.CheckBucketMap(s.BucketMap()); err != nil {
		t.Fatal(err)
	}
	m := s.BucketMap()
	m[9] = 0
	if err := s.CheckBucketMap(m); err == nil || !strings.Contains(err.Error(), "square 9") {
		t.Fatalf("a changed map: %v", err)
	}
	if err := s.CheckBucketMap(m[:10]); err == nil {
		t.Fatal("a short map accepted")
	}
}

// King buckets: the shipped bucket maps and the constructor of king-bucketed sets.
package features

import "fmt"

// MaxKingBuckets bounds the king buckets of a set (and of a net file's map).
const MaxKingBuckets = 32

// The chess maps are given for the four files a–d of each rank as the
// perspective sees the board (rank 1 = its own back rank, first row
// below); files e–h take the bucket of their mirror image, so with
// horizontal mirroring each bucket is one region of the a–d half, as in
// bullet's ChessBucketsMirrored.
//
// chessKB4Map: the castled corner, the centre of the back rank, the second
// rank, and everywhere else (a king that left its first two ranks).
var chessKB4Map = [32]uint8{
	0, 0, 1, 1, // rank 1
	2, 2, 2, 2, // rank 2
	3, 3, 3, 3,
	3, 3, 3, 3,
	3, 3, 3, 3,
	3, 3, 3, 3,
	3, 3, 3, 3,
	3, 3, 3, 3, // rank 8
}

// chessKB16Map: one bucket per square of the first two ranks' half (8),
// pairs of files on ranks 3 and 4 (4), and pairs of files over ranks 5–6
// and 7–8 (4): fine where kings live, coarse where they rarely go.
var chessKB16Map = [32]uint8{
	0, 1, 2, 3, // rank 1
	4, 5, 6, 7, // rank 2
	8, 8, 9, 9, // rank 3
	10, 10, 11, 11, // rank 4
	12, 12, 13, 13, // rank 5
	12, 12, 13, 13, // rank 6
	14, 14, 15, 15, // rank 7
	14, 14, 15, 15, // rank 8
}

// xiangqiPalaceMap is indexed by the general's relative point (rank 0 =
// the perspective's own back rank): the nine palace points fold by the
// mirror to six buckets, rank·2 plus 1 on the centre file; the general
// never stands elsewhere (bucket 0).
var xiangqiPalaceMap = func() (m [90]uint8) {
	for rank := 0; rank < 3; rank++ {
		for file := 3; file <= 5; file++ {
			b := rank * 2
			if file == 4 {
				b++
			}
			m[rank*9+file] = uint8(b)
		}
	}
	return m
}()

// kingBucketed turns the plain set s into a mirrored king-bucketed set with
// bucket map m: 32 entries (files a–d of each chess rank, expanded by the
// mirror) or one per square. It panics on a bad shipped map.
func kingBucketed(s *Set, m []uint8) *Set {
	if err := s.setBuckets(m); err != nil {
		panic(err)
	}
	return s
}

// setBuckets installs the bucket map m on s (mirrored): it checks that m
// has 32 (chess half board) or s.Squares entries, that the buckets used
// are 0..B-1 with B ≤ MaxKingBuckets, that mirror images share a bucket,
// and that B·BaseSize features fit a uint16 index.
func (s *Set) setBuckets(m []uint8) error {
	var full [MaxSquares]uint8
	switch {
	case s.Squares == 64 && len(m) == 32:
		for sq := 0; sq < 64; sq++ {
			f := sq % 8
			if f >= 4 {
				f = 7 - f
			}
			full[sq] = m[sq/8*4+f]
		}
	case len(m) == s.Squares:
		copy(full[:], m)
	default:
		return fmt.Errorf("features: %s: bucket map of %d entries, want %d", s.Name, len(m), s.Squares)
	}
	b := 0
	for sq := 0; sq < s.Squares; sq++ {
		if full[sq] >= MaxKingBuckets {
			return fmt.Errorf("features: %s: bucket map value %d at square %d not below %d", s.Name, full[sq], sq, MaxKingBuckets)
		}
		if full[sq] != full[s.mirrorSq[sq]] {
			return fmt.Errorf("features: %s: bucket map gives square %d bucket %d but its mirror image %d", s.Name, sq, full[sq], full[s.mirrorSq[sq]])
		}
		b = max(b, int(full[sq])+1)
	}
	var used [MaxKingBuckets]bool
	for sq := 0; sq < s.Squares; sq++ {
		used[full[sq]] = true
	}
	for i := 0; i < b; i++ {
		if !used[i] {
			return fmt.Errorf("features: %s: bucket map skips bucket %d of 0..%d", s.Name, i, b-1)
		}
	}
	if b*max(1, s.Balance)*s.BaseSize > 1<<16 {
		return fmt.Errorf("features: %s: %d buckets × %d features exceed 65536", s.Name, b, s.BaseSize)
	}
	s.Mirror = true
	s.KingBuckets = b
	s.Size = b * max(1, s.Balance) * s.BaseSize
	s.bucketOf = full
	return nil
}

// CheckBucketMap reports whether m (one bucket per relative square, as
// BucketMap returns it) is the bucket map of s, naming the first square
// where they differ.
func (s *Set) CheckBucketMap(m []uint8) error {
	if len(m) != s.Squares {
		return fmt.Errorf("bucket map has %d entries, feature set %s has %d squares", len(m), s.Name, s.Squares)
	}
	for sq, b := range m {
		if b != s.bucketOf[sq] {
			return fmt.Errorf("bucket map gives square %d bucket %d, feature set %s gives %d", sq, b, s.Name, s.bucketOf[sq])
		}
	}
	return nil
}

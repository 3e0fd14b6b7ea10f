// Package features defines the network's input feature sets, one definition
// per game shared by the engine (nn) and the trainer.
//
// A feature set maps a (perspective, piece, square) triple to an index in
// [0, Size). Every set here is a plain piece-square set seen from one side:
//
//	index = (rel*Types + type-1)*Squares + relSquare
//
// where rel is 0 for the perspective's own pieces and 1 for the opponent's
// ("own pieces first"), type is the game's piece type (chess Pawn=1..King=6,
// xiangqi King=1..Pawn=7) and relSquare is the square as the perspective sees
// it: unchanged for White/Red, rank-flipped for Black (chess sq^56, xiangqi
// (9-rank)*9+file). A position therefore activates the same indices for the
// side to move whichever colour that is, and the two perspectives of a
// position are mirror images of each other.
//
// Sets (id, name, size):
//
//	1 chess-ps768         6 types × 2 sides × 64 squares = 768
//	2 xiangqi-ps1260      7 types × 2 sides × 90 points  = 1260
//	3 xiangqi-compact692  only the points each piece can reach: king 9,
//	                      advisor 5, elephant 7, horse/rook/cannon 90,
//	                      pawn 55; 346 per side = 692 (Pikafish-style
//	                      compacted planes); a piece on a point it can
//	                      never reach has no feature and adds nothing
//
//	4 chess-ps768-hm        chess-ps768 with horizontal mirroring
//	5 xiangqi-ps1260-hm     xiangqi-ps1260 with horizontal mirroring
//	6 xiangqi-compact692-hm xiangqi-compact692 with horizontal mirroring
//
//	7 chess-kb4-hm              chess-ps768-hm × 4 king buckets   = 3072
//	8 chess-kb16-hm             chess-ps768-hm × 16 king buckets  = 12288
//	9 xiangqi-kb6-hm            xiangqi-ps1260-hm × 6 palace buckets = 7560
//	10 xiangqi-compact692-kb6-hm xiangqi-compact692-hm × 6 palace buckets = 4152
//	11 xiangqi-kb6-d3-hm        xiangqi-kb6-hm × 3 defence buckets = 22680
//
// King buckets (Set.KingBuckets, kingbuckets.go): a perspective's feature
// is its mirrored piece-square feature plus bucket·BaseSize, the bucket
// read from a map of its own king's relative square (bullet's
// ChessBucketsMirrored; Stockfish's HalfKA with the king squares grouped).
// The chess maps are given over files a–d and shared by their mirror
// images: 4 buckets (castled corner, back-rank centre, second rank, the
// rest) and 16 (each square of the first two ranks' half, then pairs of
// files on ranks 3, 4, 5–6 and 7–8). Xiangqi buckets the general's palace
// point, folded by the mirror to 6. A perspective's View (bucket and
// mirror) changes when its king changes bucket or crosses the centre; the
// accumulator stack then refreshes that colour from its refresh cache.
//
// Piece-balance buckets (Set.Balance, balance.go), after Pikafish, whose
// inputs multiply the king bucket by a bucket of piece counts: the input
// bucket is kingBucket·Q + balanceBucket, the balance bucket read from a
// map of the perspective's count of its own pieces of some types.
// xiangqi-kb6-d3-hm counts its own advisors and elephants, the palace's
// defenders: 4 (intact), 2–3 (damaged), 0–1 (broken). How safe each
// palace point is depends on them more than on anything else a count can
// say, and they change only when one is captured (a few times a game), so
// a perspective's view changes, and its accumulator is refreshed, rarely.
// A capture that changes a side's balance bucket is such a view change.
//
// Horizontal mirroring (Set.Mirror): both games' rules are left-right
// symmetric (chess but for castling, which no feature sees), so a
// perspective whose own king stands right of the centre file sees the
// board mirrored and the net learns one half of the king placements, twice
// as often (Stockfish's HalfKAv2_hm, Pikafish, Stoat: +37 to +60 Elo in
// their trials). Chess mirrors with the king on files e–h; xiangqi with the
// general on files f–i as Red sees the board (the centre file e is its own
// mirror image). When a king crosses the centre, that perspective's
// accumulator is rebuilt (nn.Stack does it through a refresh cache).
// Positions enter the trainer as piece lists (PackPiece), turned into
// features by FromPieces, so any set trains from the same data.
//
// The set a net uses is recorded in its file by SetID, so richer sets (king
// buckets) can be added without changing the engine's callers: Lookup(id)
// returns the definition.
package features

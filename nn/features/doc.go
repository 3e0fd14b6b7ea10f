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
// The set a net uses is recorded in its file by SetID, so richer sets (king
// buckets) can be added without changing the engine's callers: Lookup(id)
// returns the definition.
package features

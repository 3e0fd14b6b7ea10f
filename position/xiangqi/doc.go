// Package xiangqi is the Xiangqi (Chinese chess) position core: a 90-point
// bitboard board with a mailbox beside it, legal move generation in the
// stages the search needs, incremental DoMove/UndoMove with Zobrist keys and
// a piece diff for the network, FEN and ICCS move coordinates, SEE and the
// one piece-value scale (PieceValue), the rule verdicts (repetition,
// perpetual check, the 60-move natural limit) and perft.
//
// Coordinates follow the project conventions: square a0 = 0 .. i9 = 89,
// index = rank*9 + file, rank 0 is Red's back rank, files a–i run from Red's
// left. Red is colour 0 and moves first. Piece types are King=1, Advisor=2,
// Elephant=3, Horse=4, Rook=5, Cannon=6, Pawn=7 and a piece is colour<<3|type.
// Moves are from | to<<7 (see NewMove).
//
// Board representation: a Bitboard is struct{lo, hi uint64} split at the
// river, lo holding ranks 0–4 (Red's half, 45 bits) and hi ranks 5–9.
// Rook and cannon attacks come from rank and file occupancy tables (a rank's
// 9 bits are one shift away; a file's 10 bits are gathered with one multiply
// per half); horses and elephants are leapers with leg/eye blockers; a
// separate "horse attacks to a square" table serves check detection, as in
// Pikafish. All tables are built deterministically by the package's single
// init function (tables.go), in an explicit order.
//
// Legality: GenerateLegal filters pseudo-legal moves with the side to move's
// king danger (pieces whose departure would expose the king to a rook, the
// enemy general, a cannon or a horse, and the empty points between a cannon
// and the king where any arriving piece would become a screen); only those
// moves, king moves and evasions get the full "is my king attacked after the
// move" test. The flying-general rule is the enemy general acting as a rook
// along its file.
package xiangqi

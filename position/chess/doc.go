// Package chess is the Western chess position core: bitboards with magic
// bitboard slider attacks and a mailbox beside them, pin- and checker-aware
// legal move generation in the stages the search needs, incremental
// DoMove/UndoMove filling a caller-owned position.State (Zobrist key,
// checkers, rule counters, piece diff), FEN with X-FEN/Shredder castling
// fields, UCI move coordinates, SEE, draw rules and perft.
//
// Conventions (shared with the rest of dualnnue):
//   - Squares a1=0 .. h8=63, index = rank*8+file.
//   - Piece types Pawn=1 Knight=2 Bishop=3 Rook=4 Queen=5 King=6;
//     a piece is colour<<3|type (White=0, Black=1).
//   - A move is from | to<<6 | promo<<12 | kind<<14 with kind 0 normal,
//     1 promotion, 2 en passant, 3 castling and promo 0..3 = N, B, R, Q.
//   - Castling is encoded internally as "king takes own rook": from is the
//     king's square, to the castling rook's square. This covers Chess960
//     with one code path. MoveString prints it as e1g1/e1c1 unless
//     Position.Chess960 is set, in which case it prints king-takes-rook
//     (e1h1), as UCI_Chess960 requires.
//
// Generation stages (every pseudo-legal move is produced by exactly one of
// GenerateCaptures and GenerateQuiets when not in check):
//   - GenerateCaptures: every capture (en passant included) that is not an
//     under-promotion, plus every queen promotion, capturing or not.
//   - GenerateQuiets: every non-capture that is not a queen promotion, plus
//     every under-promotion (to knight, bishop or rook), capturing or not,
//     plus castling when the rights exist and the squares between are empty.
//   - GenerateEvasions (only in check): king moves to squares not attacked
//     through the checking line, and, against a single checker, captures of
//     it and interpositions, all four promotions included.
//   - GenerateLegal: exactly the legal moves.
//
// The stages produce pseudo-legal moves; Legal filters them (pins, king
// safety, en passant, castling through attacked squares). GenerateLegal and
// Perft produce legal moves directly.
//
// Sources: the design follows Stockfish's position.cpp and movegen.cpp
// (StateInfo, blockers/pinners, see_ge, castling as king-takes-rook);
// magic bitboards after Pradyumna Kannan's "fancy" magics as described on
// the Chess Programming Wiki.
package chess

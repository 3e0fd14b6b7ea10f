// Package position holds the game-agnostic vocabulary shared by the xiangqi and
// chess position cores, the search, the network and the datasets: colours,
// squares, pieces, moves, Zobrist keys, scores, fixed-size move lists, the
// per-ply State record the search owns, and the piece diff (Dirty) that the
// network's accumulator stack consumes.
//
// Nothing here knows the rules of a game. The concrete games live in
// position/xiangqi and position/chess and both satisfy Game.
package position

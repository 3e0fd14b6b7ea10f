// Package eval holds the hand-written evaluations: material plus
// piece-square tables for xiangqi and for chess (tapered between middle game
// and end game by the remaining material), each a position.Evaluator that
// the search can use in place of the network. They are the evaluator until
// a network exists and generation 0 of self-play.
//
// The evaluator follows the search through the piece diff: Push adds and
// subtracts the table entries of the pieces a move changed, Pop returns to
// the previous sums, so Evaluate is a handful of arithmetic operations and
// nothing allocates. Reset rebuilds the sums from PieceOn over every square.
//
// The tables are our own, built from a few rules a player would state
// (centralise the knight or horse, push the passed pawn, a soldier across
// the river is worth about two, keep the general home); see tables_*.go.
// Scores are centipawns with a pawn worth 100 in both games.
package eval

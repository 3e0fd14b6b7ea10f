// Package sharedtest locates the repository's test suites (testdata/ at the
// repository root: perft suites and rule cases, copied from the project's
// shared test data) and reads their JSON-lines files, for the tests of every
// package, and drives the reference engines (Stockfish, Fairy-Stockfish)
// over UCI for the differential tests (Reference); FlipChessFEN and
// MirrorChessFiles give the colour-flipped and file-mirrored positions the
// symmetry tests compare.
package sharedtest

// Package layout holds no code: its tests check rules of the repository's
// shape that no compiler enforces (issue 23's targets), reading the source
// with go/parser:
//
//   - search imports only position and the standard library, so the one
//     search stays game-agnostic and the games' tables live in variants;
//   - no struct outside tests carries the game as a field "Game string":
//     configs hold position.Variant or position.VariantName, parsed once
//     at the command-line or file edge;
//   - no function is over 150 lines, except in the search, the move
//     generators and the parsers, whose steps read best in one place.
package layout

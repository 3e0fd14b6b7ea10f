// Package setup builds a position of either game from its position.Variant:
// the standard start FEN and a position set from a FEN. It is the one place
// below the search that switches on the game: datasets and notation use it
// instead of writing the switch again (the packages above the search use
// the bundles of package variants).
package setup

// Command leads reads the PGN files `play match -pgnout` writes and prints where one engine's
// half points went: for its wins, draws and losses, how many games it had led (its own score,
// from its move comments, at +1 and at +2 pawns or more at some move), and for each draw or
// loss it had led by the threshold or more, the game, its colour, its best score, how the
// game ended and the last position (FEN), so that conversion faults (a won ending not won,
// a drawn one scored as won) show at a glance.
//
//	go run ./bench/leads [-engine dualnnue] [-lead 2] games.pgn [more.pgn ...]
//
// -engine is the engine's name in the White/Black tags (the prefix is enough: "dualnnue"
// matches "dualnnue-ab12"). Scores are read from comments such as {+0.37/18 0.252s} and
// {-M6/25 0.1s} (a mate counts as ±100). Games of other engines and games without a result
// are skipped; a file that is not PGN or holds an illegal move is an error that names it.
package main

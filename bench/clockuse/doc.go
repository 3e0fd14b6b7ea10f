// Command clockuse reads the PGN files `play match -pgnout` writes and prints, per engine, the
// share of its clock it used per game: thinking time (the move comments' seconds) over the
// budget (the base time plus one increment per move it made).
//
//	go run ./bench/clockuse games.pgn [more.pgn ...]
//
// Every game needs a TimeControl tag "base+inc" (seconds) and a time in each move's comment,
// as `play match` writes them ({+0.08/7 0.013s}); other games are counted as skipped.
package main

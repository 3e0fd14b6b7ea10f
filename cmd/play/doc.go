// Command play is the engine binary of the project.
//
// With no arguments it speaks UCI on stdin/stdout, for xiangqi (the default,
// exactly as Pikafish: ICCS moves with ranks 0–9, Pikafish FEN) and for
// chess (setoption name UCI_Variant value chess); after "ucci" it speaks
// UCCI, the protocol of older xiangqi GUIs. "play -variant chess" makes
// chess the game before any UCI_Variant, for chess GUIs that send none, and
// so does a binary name that contains "chess" (cmd/dualnnue-chess is this
// engine with chess as its default, for GUIs that pass no arguments). A
// "position fen" selects the game its FEN fits, and a "position startpos"
// whose moves only the other game accepts selects that game, with a note.
// See package uci for the protocol details and policies.
//
// Subcommands (the table in main.go; "play COMMAND -h" prints one's
// synopsis, usage, example and flags):
//
//	play bench [-game xiangqi|chess|both] [-depth N] [-threads N] [-hash MiB] [-eval embedded|hand|FILE]
//	    searches the fixed bench positions and prints "Nodes searched: N"
//	    and "Nodes/second: N" as Stockfish's bench does.
//	play human      a person plays the engine in the terminal
//	play match      a match between two UCI engines (Elo, pentanomial, SPRT)
//	play openings   a balanced opening set
//	play pipeline   generations of self-play → train → match → keep
//	play result     adjudicates a game: one JSON line {"result","reason"}
//	play tune       SPSA tuning of the search constants (package tune,
//	                docs/tuning.md); "play -tune" is the engine offering them
//	                as UCI spin options
package main

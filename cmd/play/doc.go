// Command play is the engine binary of the project.
//
// With no arguments it speaks UCI on stdin/stdout, for xiangqi (the default,
// exactly as Pikafish: ICCS moves with ranks 0–9, Pikafish FEN) and for
// chess (setoption name UCI_Variant value chess); after "ucci" it speaks
// UCCI, the protocol of older xiangqi GUIs. "play -variant chess" makes
// chess the game before any UCI_Variant, for chess GUIs that send none (a
// "position fen" selects the game its FEN fits either way). See package
// uci for the protocol details and policies.
//
// Subcommands:
//
//	play bench [-game xiangqi|chess|both] [-depth N] [-threads N] [-hash MiB] [-eval nnue|hand]
//	    searches the fixed bench positions and prints "Nodes searched: N"
//	    and "Nodes/second: N" as Stockfish's bench does.
//
// Later subcommands (play match, play human, play result) are added by
// their own files through register.
package main

// Command dualnnue-chess is the engine of "play" with chess as its default
// game: a UCI engine on stdin/stdout for chess GUIs and adapters that start
// an engine without arguments and send no UCI_Variant (cutechess,
// fastchess, polyglot, lichess-bot, python-chess). It is installed with the
// other binaries by "go install ./cmd/...".
//
// "dualnnue-chess -variant xiangqi" makes it start in xiangqi instead;
// "setoption name UCI_Variant value xiangqi" switches at any time, and a
// xiangqi FEN or a start position with xiangqi-only moves switches with a
// note, as in "play". See package uci for the protocol.
package main

// Package enginecmd runs the UCI/UCCI engine on a command's standard input
// and output: the engine of "play" with no command, and of
// "dualnnue-chess", the same engine with chess as its default game for
// chess GUIs that cannot pass arguments.
//
// The default game (the one "position startpos" uses before any
// UCI_Variant) is the -variant flag's, whose default comes from the
// binary's name (DefaultVariant): a binary called dualnnue-chess, or any
// copy or link of play whose name contains "chess", starts in chess.
package enginecmd

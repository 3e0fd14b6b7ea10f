// Package human lets a person play the engine in a terminal, at xiangqi or
// chess: the board drawn as text (xiangqi with its river and palace
// diagonals, letters or Chinese characters; chess with letters or Unicode
// figurines; ANSI colours when the output is a terminal), moves typed in WXF
// or ICCS (xiangqi) and SAN or UCI coordinates (chess), and the commands
// undo, new, flip, hint, time, moves, fen, history, switch, resign, help
// and quit.
//
// Play runs one session over an io.Reader and an io.Writer, so tests drive it
// with a script; the engine is the project's search (package search) with
// the embedded network of the game (package nn) or the hand-written
// evaluation (package eval). Game ends follow the position packages' rules:
// checkmate, the xiangqi loss of a side with no legal move, repetition
// verdicts (xiangqi perpetual check and chase), the move-count rules and
// (chess) insufficient material.
//
// On a terminal (input and output both terminals) lines are read with
// golang.org/x/term's Terminal: the line can be edited (arrows, Home/End,
// Backspace, Ctrl-A/E/K/U/W) and Up/Down bring back earlier lines; Ctrl-C or
// Ctrl-D on an empty line ends the session, and the terminal's mode is
// restored. Piped input is read line by line as before.
//
// Bad input never ends the session: every line gets an answer saying what
// was wrong (the input parser is fuzzed, see FuzzSession). End of input ends
// the session cleanly.
package human

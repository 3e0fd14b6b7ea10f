// Package engine is one game's playing engine as a single object: the
// position and the line of moves that led to it (a position.History), the
// evaluator (net or hand-written evaluation, with its identity), the
// searcher with its table and threads, and the options (search options,
// rule options, Chess960). It is the counterpart of Stockfish's Engine
// class (src/engine.h): the UCI protocol layer (package uci), "play
// human", self-play, the opening generator and the bench talk to it
// instead of wiring a search by hand.
//
// An Engine is made by New for a game bundle (variants.Chess or
// variants.Xiangqi), made ready by Configure, given a position by
// SetPosition (FEN text and move texts, as the UCI "position" command) or
// by SetFEN and Do (the allocation-free path of the game loops), and asked
// for a move by Search, Start or Bench.
//
// Errors: SetPosition returns the game's FEN parser error for a bad FEN
// and a *position.MoveError (1-based Index, the Move text, the parser's
// reason; "move #3 \"e1e3\": ...") for a move that does not read or is
// illegal, and keeps the previous position and history in both cases.
// Configure refuses Options without an evaluator; SetParams before the
// first Configure returns ErrNotConfigured; Search and Start before it
// give the zero Result, and Bench says that error through its say
// function. Nothing panics on bad input.
//
// Shapes: a Search result's Nodes count all threads, its Time is wall
// time; Bench's depth is in plies (0: the bundle's BenchDepth) and its node
// total depends only on the code, the evaluator and the thread count
// (the table is cleared before every position).
//
// The package sits above variants and search and below the tools; it
// imports neither uci nor any tool.
package engine

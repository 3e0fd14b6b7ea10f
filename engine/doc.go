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
// The package sits above variants and search and below the tools; it
// imports neither uci nor any tool.
package engine

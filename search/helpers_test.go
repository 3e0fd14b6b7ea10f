// Test helpers: searchers for each game with the hand-written evaluation.
package search_test

import (
	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/search"
)

func newChessSearcher(opts search.Options) *search.Searcher[chess.Position, *chess.Position] {
	return search.New(search.ChessRules, func() position.Evaluator[*chess.Position] {
		return eval.NewChess[*chess.Position]()
	}, opts)
}

func chessPos(fen string) *chess.Position {
	p, err := chess.NewFromFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func oneThread() search.Options {
	o := search.DefaultOptions
	o.Threads = 1
	return o
}

// Test helpers: searchers for each game with the hand-written evaluation.
package search_test

import (
	"dualnnue/eval"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/position/xiangqi"
	"dualnnue/search"
	"dualnnue/variants"
)

func newChessSearcher(opts search.Options) *search.Searcher[chess.Position, *chess.Position] {
	return search.New(variants.Chess.Rules, func() position.Evaluator[*chess.Position] {
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

func newXiangqiSearcher(opts search.Options) *search.Searcher[xiangqi.Position, *xiangqi.Position] {
	return search.New(variants.Xiangqi.Rules, func() position.Evaluator[*xiangqi.Position] {
		return eval.NewXiangqi[*xiangqi.Position]()
	}, opts)
}

func xiangqiPos(fen string) *xiangqi.Position {
	p, err := xiangqi.NewFromFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// The bench positions of each game (package variants holds them).
var (
	chessBenchFENs   = variants.Chess.BenchFENs
	xiangqiBenchFENs = variants.Xiangqi.BenchFENs
)

// The per-game half of a session: what the protocol layer needs from a game
// and its search, behind one small interface.
package uci

import (
	"time"

	"dualnnue/position"
)

// gameEngine is one game (its rules, current position with history, search
// and evaluator) as the session drives it. Moves cross this boundary as
// protocol strings. The session goroutine calls it; a background job
// (search, divide, bench) runs on a fork, while the session goroutine may
// go on reading and replacing the original's position (setPosition, fen,
// legalMoves, display, eval) but calls nothing else (configure, newGame,
// clearHash, close) until the job has ended.
type gameEngine interface {
	// variant is "xiangqi" or "chess".
	variant() string
	// setPosition replaces the position by fen ("" for the start position)
	// followed by moves, all or nothing: on error the previous position is
	// kept and the error (a *moveError for a bad move) says why.
	setPosition(fen string, moves []string) error
	// fen is the current position's FEN.
	fen() string
	// sideToMove is 0 (White/Red) or 1 (Black).
	sideToMove() int
	// legalMoves lists the legal moves of the current position.
	legalMoves() []string
	// noMoveScore is the score of the current position when it has no legal
	// move (xiangqi: lost; chess: mated or stalemate).
	noMoveScore() position.Value
	// display renders the board, FEN and key as lines for "d".
	display() []string
	// fork returns an engine with a copy of the current position (and its
	// history) that shares the search, table and evaluator: a job runs on
	// it while the original's position changes.
	fork() gameEngine
	// divide counts perft(depth) per root move (the "move: count" lines)
	// and in total. It gives up (ok false) soon after stop is closed.
	divide(depth int, stop <-chan struct{}) (lines []string, total uint64, ok bool)
	// eval describes the static evaluation of the current position.
	eval() []string

	// search runs one search on the current position and blocks until it
	// ends: limits reached, or r.stop closed (also before the search got
	// going). Closing r.ponderHit turns a ponder search into a normal one.
	// report receives progress; the result is the best move and the
	// expected reply ("" when none).
	search(r searchRequest, report func(searchInfo)) (best, ponder string)

	// configure applies the search options; evalFile errors are returned.
	configure(c engineConfig) error
	// newGame clears the history-dependent state (TT, statistics).
	newGame()
	// clearHash empties the transposition table.
	clearHash()
	// bench searches the fixed bench positions to depth (0: default) and
	// reports per position; it returns the total nodes and elapsed time,
	// or ok false when stop was closed first (stop may be nil).
	bench(depth int, say func(string), stop <-chan struct{}) (nodes uint64, elapsed time.Duration, ok bool)
	// close releases the engine's threads and memory.
	close()
}

// engineConfig carries the options the search and evaluator read.
type engineConfig struct {
	hashMiB, threads, multiPV int
	moveOverhead              time.Duration
	evalFile                  string // defaultEvalFile: the embedded net
	useNNUE                   bool   // false: the hand-written evaluation
	chess960                  bool
	// checkChase sets the xiangqi rule option CheckChaseIsChase on the
	// session's positions (variants.RuleOptions).
	checkChase bool
	// showWDL adds "wdl W D L" (per mille, the game's eval.WDLModel) to
	// every score of the info lines (UCI_ShowWDL).
	showWDL bool
	// elo > 0 limits the strength (UCI_LimitStrength with UCI_Elo): every
	// search gets at most strengthNodes(anchor, perDoubling, elo) nodes, from
	// the game bundle's EloAnchorNodes and EloPerDoubling.
	elo int
	// tuned are the tunable search constants a client set (Config.Tune),
	// by option name; the others keep the game's defaults
	// (search.DefaultParams of the engine's game).
	tuned map[string]int
}

// searchRequest is one "go", resolved: clocks by colour, searchmoves still
// as strings (the engine parses them against its root and reports the bad
// ones through warn).
type searchRequest struct {
	depth, mate, movesToGo int
	nodes                  uint64
	moveTime               time.Duration
	time, inc              [2]time.Duration
	hasTime                [2]bool
	infinite, ponder       bool
	searchMoves            []string
	warn                   func(string)
	// stop and ponderHit are closed by the session on "stop" and
	// "ponderhit"; the engine watches them.
	stop, ponderHit <-chan struct{}
}

// searchInfo is one progress report of the search.
type searchInfo struct {
	depth, selDepth, multiPV int
	score                    position.Value
	lowerBound, upperBound   bool
	nodes                    uint64
	time                     time.Duration
	hashFull                 int // per mille
	// wdl is the expected win, draw and loss per mille; hasWDL says it
	// is to be shown.
	wdl    [3]int
	hasWDL bool
	pv     []string
	// str, when set, is a free-text note instead of a PV line.
	str string
}

// moveError reports the first bad move of a "position ... moves" list.
type moveError struct {
	index int    // 1-based number in the list
	move  string // as sent
	err   error
}

func (e *moveError) Error() string {
	return "move #" + itoa(e.index) + " " + quote(e.move) + ": " + e.err.Error()
}

func (e *moveError) Unwrap() error { return e.err }

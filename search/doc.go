// Package search is the one alpha-beta search used by the UCI engine
// (cmd/play), self-play and the match runner, for xiangqi and chess alike.
//
// # Shape
//
// Searcher[T, P] is generic over the game: P is *xiangqi.Position or
// *chess.Position (GamePtr), T the struct it points to. Each search thread
// is a Worker that holds its own copy of the root position by value and
// owns a stack of position.State (one per ply), move pickers and PV arrays
// in fixed arrays, so nothing is allocated per node. The per-node contract
// with the game is coarse (DoMove, UndoMove, the generators, Legal, SEE,
// RuleVerdict); the search reads the State fields directly. The static
// evaluation is a position.Evaluator[P] (the hand-written one in package
// eval, or the network) made by a factory, one per thread, followed through
// Push/Pop of each move's piece diff.
//
// The few facts a position cannot tell (how to read a move's destination,
// whether having no legal move loses, piece values for capture ordering)
// come from Rules: XiangqiRules or ChessRules. Their piece values are the
// game package's PieceValue, so capture ordering, delta pruning and SEE
// read one table per game.
//
// # Use
//
//	s := search.New(variants.Chess.Rules, func() position.Evaluator[*chess.Position] {
//		return eval.NewChess[*chess.Position]()
//	}, search.DefaultOptions)
//	res := s.Search(pos, search.Limits{Depth: 12}, func(i *search.Info) { ... })
//	fmt.Println(pos.MoveString(res.BestMove), res.Score)
//
// Search blocks. The UCI layer uses Start instead, which arms the search
// before returning a channel for the Result, so that a Stop or PonderHit
// sent right after "go" is never lost; Stop and PonderHit may be called
// from any goroutine. With Limits.Infinite, or Limits.Ponder until
// PonderHit, Search returns only after Stop, so "bestmove" is printed when
// it returns. A root with no legal move gives one Info of depth 0 and
// BestMove == MoveNone ("bestmove (none)") with Score MatedIn(0), or
// ValueDraw for chess stalemate. Score.String() is the UCI "cp N"/"mate N".
// Clear is "ucinewgame"; SetHash, SetThreads, SetMultiPV and
// SetMoveOverhead are the options of the same names.
//
// With one thread and only depth/node limits the search is deterministic:
// the same position, limits and table contents (e.g. after Clear) give the
// same best move, score and node count, so self-play is reproducible.
// SoftNodes finishes the iteration in progress and is the usual limit for
// data generation. Bench searches a fixed list of positions per game.
//
// # Algorithm
//
// Iterative deepening with aspiration windows and MultiPV over the root
// moves; principal variation search with a transposition table (TT: 16-byte
// entries in 64-byte buckets, lock-free with key xor data), mate distance
// pruning, reverse futility pruning, null move pruning (not in check, not
// twice in a row, only with non-pawn material), internal iterative
// reduction, late move, futility and SEE pruning (never of a checking
// move, so mates are found at their depth), extension of checks that do
// not lose material by SEE, and late move reductions (less for moves with
// good history); in chess the static evaluation is corrected by the
// correction history (pawn and per-colour non-pawn tables, correction.go;
// CorrectionDiv, off where it is 0); quiescence search over captures (with SEE and
// delta pruning) and all evasions in check. Moves are ordered TT move,
// captures by MVV-LVA with losing captures (SEE < 0) last, killers, counter
// move, then quiets by butterfly plus continuation history (the piece and
// destination of the moves one and two plies back). Every node asks the game's
// RuleVerdict first, so xiangqi's perpetual check and chase rulings score
// as losses and repetitions as draws; with UpcomingRepetition (chess), a
// node whose side to move can repeat a position of the search with one
// reversible move (position.Game.UpcomingRepetition, cuckoo tables) raises
// alpha to a draw. The techniques on trial sit behind constants that are
// 0 (off) by default and are turned on per game in params.toml only when
// an SPRT accepts them (docs/strength.md): among them ProbCut (on in
// chess), capture history (CaptureHistDiv, CaptureGoodSEE), continuation
// correction history (ContCorrection), the PV flag in the TT (TTPv),
// Stockfish's stronger IIR (IIRStrong), the post-LMR history update
// (PostLMRBonus), late captures reduced at all nodes (LMRCaptures), the
// −2 negative extension (SENegExt), Stockfish 15.1's reductions by node
// type (LMRCutNodeExtra, LMRPVDepth) and after a quiet singular TT move
// (LMRSingularQuiet), and Stockfish 17's opponentWorsening in the
// reverse-futility margin (RFPWorsening), and the history updates at PV
// nodes whose best move raised alpha (PVBestStats), and the quiescence
// search's stop after a few quiet evasions (QSEvasions), and four of
// Stockfish's details: shallow pruning only with pieces besides pawns
// (PruneMaterial), the root's full-window re-search of a fail high
// (RootFullResearch), a reduced search one ply deeper for a negative
// reduction (LMRExtend), and a PV node's second move reduced below ply 1
// (LMRPVSecond), and Stockfish's weights of the quiet-move histories
// (QuietOrderSF), and the quiescence delta pruning's exemptions
// (QSDeltaExempt), and Stockfish's ±1 draw score (DrawJitter). Lazy
// SMP: helper
// threads run the same iterative deepening sharing only the TT; the main
// thread's result is returned.
//
// Time (Stockfish's manager, src/timeman.cpp and the iteration check of
// src/search.cpp): with a clock the manager shares out the clock plus the
// increments of 50 moves, less the move overheads: an optimum that grows
// with the game ply (1.7 % of it at the first move, 3 % by ply 60) and a
// hard maximum of 3–6.6 optima, at most 82.5 % of the clock. Nothing else
// is held back, so the clock is spent. After each iteration the optimum is
// scaled by how much the score fell (against the previous move and four
// iterations back), by how long the best move has been stable, by how often
// it changed, and down when it took almost all the nodes; the search stops
// when the time used passes it. A lag tracker learns the latency the GUI
// charges beyond our measured time and keeps twice it on the clock. The
// hard limit is checked every 256 nodes, which also bounds the latency of
// Stop. Depth 1 always completes, so there is always a searched move.
// Only the side to move's
// clock counts: "go depth 5 btime 100" for White searches to depth 5.
package search

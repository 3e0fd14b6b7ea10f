// The per-thread search worker: the position held by value, the ply stack and the statistics.
package search

import (
	"sync/atomic"

	"dualnnue/position"
)

// stackSize bounds the ply stack: the search never goes deeper than
// position.MaxPly from the root, plus a few plies of margin.
const stackSize = position.MaxPly + 8

// frame is the search's record of one ply.
type frame struct {
	pv         [position.MaxPly + 1]position.Move
	pvLen      int
	killers    [2]position.Move
	staticEval position.Value
	move       position.Move // the move being searched from this ply
	quiets     [64]position.Move
	quietPcs   [64]position.Piece
	nQuiets    int
	// captures are the captures searched at this ply that were not the
	// best move when searched (Params.CaptureHistDiv), punished by
	// cutStats.
	captures  [32]position.Move
	nCaptures int
	// cont is the continuation-history table of the move made from this
	// ply (its piece and destination), read by the next two plies.
	cont *pieceToHistory
	// excluded is the move a singular-extension search leaves out at this
	// ply (MoveNone in a normal search).
	excluded position.Move
	// doubleExts counts the double singular extensions on the line from the
	// root to this ply (bounded so that the depth cannot explode).
	doubleExts int
	// cutoffCnt counts the beta cutoffs of the nodes at this ply below the
	// same grandparent (Stockfish's cutoffCnt): many means the parent's
	// moves are refuted easily, so the parent reduces its later moves more.
	cutoffCnt int
	// reduction is the number of plies the parent's late-move reduction
	// took from this ply's search (0 outside a reduced search).
	reduction int
	// moveCount is the number of legal moves tried so far at this ply's
	// node (the root's too), read by the child (Params.LMRParentMoves).
	moveCount int
	// ttPv: this ply's node is, or its TT entry says it once was, on a
	// PV (Stockfish's ss->ttPv; always false without Params.TTPv).
	ttPv bool
}

// rootMove is one legal root move with its latest score and line.
type rootMove struct {
	move      position.Move
	score     position.Value
	prevScore position.Value
	bound     Bound
	depth     int // the iteration that set score
	selDepth  int
	pv        [position.MaxPly + 1]position.Move
	pvLen     int
	effort    uint64 // nodes spent below this move in the whole search
}

// Worker is one search thread. It holds its own copy of the root position
// (by value, so DoMove/UndoMove are direct field updates on memory the
// worker owns), a ply stack of position.State and move pickers (fixed
// arrays: nothing is allocated per node), its evaluator and its move-ordering
// statistics. Workers are created and driven by a Searcher.
type Worker[T any, P GamePtr[T]] struct {
	s     *Searcher[T, P]
	id    int
	rules Rules
	tt    *TT
	eval  position.Evaluator[P]

	pos T

	nodes     uint64        // nodes searched in this search, owned by the worker
	published atomic.Uint64 // nodes as last published for other goroutines
	nodeLimit uint64        // this worker's share of a hard node limit (max: none)
	abort     bool          // this worker must unwind
	selDepth  int
	rootDepth int
	pvIdx     int
	multiPV   int

	completedDepth int
	bestMove       position.Move
	bestScore      position.Value
	// Time-management statistics of the main worker (Stockfish's): best-move
	// changes in this iteration, their decaying sum, the depth at which the
	// best move last changed, and the best scores of the last four
	// iterations (a ring).
	bestMoveChanges    int
	totBestMoveChanges float64
	lastBestMoveDepth  int
	iterValue          [4]position.Value
	iterIdx            int

	rootMoves [position.MaxMoves]rootMove
	nRoot     int

	stack  [stackSize]frame
	states [stackSize]position.State
	// ckeys[ply] are the correction-history keys of the position at ply.
	ckeys   [stackSize]corrKeys
	pickers [stackSize]picker
	// sortKeys is the scratch of picker.sortQuiets.
	sortKeys [position.MaxMoves]uint64
	// threats is the scratch of scoreQuiets (Params.ThreatOrder).
	threats position.Threats

	hist history

	// prm are the search constants of this search (the Searcher's,
	// copied at setup) and lmr the reduction table made from them.
	prm Params
	lmr lmrTable

	sink uint64 // keeps TT touches alive
}

func newWorker[T any, P GamePtr[T]](s *Searcher[T, P], id int) *Worker[T, P] {
	w := &Worker[T, P]{s: s, id: id, rules: s.rules, tt: s.tt, eval: s.newEval(), prm: s.params}
	w.lmr.init(&w.prm)
	return w
}

// Nodes returns the number of nodes this worker has searched (exact when
// called from the worker's goroutine or after the search).
func (w *Worker[T, P]) Nodes() uint64 { return w.nodes }

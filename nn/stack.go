// The accumulator stack: lazy incremental updates that follow the search's DoMove/UndoMove.
package nn

import (
	"dualnnue/nn/features"
	"dualnnue/position"
)

// StackDepth is the number of plies a Stack holds above its root: the
// search's MaxPly plus a margin for the moves a game loop plays before it
// resets.
const StackDepth = position.MaxPly + 64

// Stack is the per-thread accumulator stack of one net. Entry 0 is the root
// set by Reset; Push adds an entry holding only the move's piece diff, and
// Evaluate brings the top entry up to date lazily: it walks back to the last
// computed entry and applies each diff forward (copy + add/sub of a few
// weight rows per perspective). Push, Pop and Evaluate never allocate.
//
// Accumulators are kept per absolute colour (White/Red, Black); Evaluate
// feeds the side to move's first.
type Stack struct {
	net    *Net
	set    *features.Set
	hidden int
	top    int

	acc      []int16 // (StackDepth+1) × 2 × N: entry k, colour c at (2k+c)·N
	computed []bool  // computed[k] reports whether entry k's accumulators are valid
	dirty    []position.Dirty
	pieces   []int32 // active features (pieces) of entry k, for the output bucket; valid when computed

	delta   features.Delta
	idx     [2][features.MaxActive]uint16
	scratch *scratch // the hidden layers' vectors (nil for a flat net)

	// King-relative sets (set.KingRelative: mirrored, king- or
	// balance-bucketed) only: per entry and colour, the view (mirror and
	// input bucket), whether it changed at this entry (a king crossed the
	// centre or changed bucket, or a capture changed the balance bucket:
	// that colour is refreshed, not updated), whether the colour's
	// accumulator is valid, where the kings stand and how many
	// balance-counted pieces each colour owns; cur is the board of
	// the top entry, kept by Push and Pop from the diffs, which a refresh
	// compares with the refresh cache's boards.
	view      [][2]features.View
	flip      [][2]bool
	valid     [][2]bool
	kings     [][2]position.Square
	counts    [][2]int8
	cur       [features.MaxSquares]position.Piece
	finny     [2][]finnyEntry // [colour][view]
	finnyRows []int16         // backing store of the finny accumulators
	// radd, rsub: the features a refresh adds to and removes from a cache
	// line (at most one of each per square).
	radd, rsub [features.MaxSquares]uint16
}

// finnyEntry is one line of the refresh cache (Stockfish's "Finny
// table", AccumulatorCaches): the accumulator of one colour and view
// (mirror state and king bucket) for the board
// it was last refreshed on. A refresh then adds and subtracts the rows of
// the squares that changed since, instead of summing every piece's row.
type finnyEntry struct {
	acc   []int16
	board [features.MaxSquares]position.Piece
	used  bool
}

// NewStack allocates a stack for net (about 2·N·2·StackDepth bytes, plus
// 2·N·2·Views for the refresh cache of a king-relative set). The
// net must be valid (from Parse, Load, Default, Quantize or NewNet); it is
// shared read-only, so one net serves every thread's stack.
func NewStack(net *Net) *Stack {
	n := net.Hidden
	set := net.set
	if set == nil {
		var err error
		if set, err = features.Lookup(net.Set); err != nil {
			panic("nn: NewStack: " + err.Error())
		}
	}
	s := &Stack{
		net:      net,
		set:      set,
		hidden:   n,
		acc:      make([]int16, (StackDepth+1)*2*n),
		computed: make([]bool, StackDepth+1),
		dirty:    make([]position.Dirty, StackDepth+1),
		pieces:   make([]int32, StackDepth+1),
		scratch:  newScratch(net.Arch),
	}
	if set.KingRelative() {
		s.view = make([][2]features.View, StackDepth+1)
		s.flip = make([][2]bool, StackDepth+1)
		s.valid = make([][2]bool, StackDepth+1)
		s.kings = make([][2]position.Square, StackDepth+1)
		s.counts = make([][2]int8, StackDepth+1)
		v := set.Views()
		s.finnyRows = make([]int16, 2*v*n)
		for c := range s.finny {
			s.finny[c] = make([]finnyEntry, v)
			for m := range s.finny[c] {
				o := (v*c + m) * n
				s.finny[c][m].acc = s.finnyRows[o : o+n : o+n]
			}
		}
	}
	return s
}

// Net returns the stack's network.
func (s *Stack) Net() *Net { return s.net }

// Depth returns the number of Push calls not yet popped.
func (s *Stack) Depth() int { return s.top }

func (s *Stack) entry(k int, c position.Color) []int16 {
	o := (2*k + int(c)) * s.hidden
	return s.acc[o : o+s.hidden : o+s.hidden]
}

// Reset empties the stack and computes the root accumulators of b from
// scratch (a full refresh).
func (s *Stack) Reset(b features.Board) {
	s.top = 0
	if s.set.KingRelative() {
		s.resetMirror(b)
		return
	}
	s.refresh(b, 0)
}

// refresh computes entry k from the board: bias plus one row per piece.
func (s *Stack) refresh(b features.Board, k int) {
	n := s.set.Active(b, s.idx[0][:], s.idx[1][:])
	for c := position.Color(0); c <= 1; c++ {
		acc := s.entry(k, c)
		copy(acc, s.net.FTBias)
		for _, f := range s.idx[c][:n] {
			addRow(acc, s.net.Row(int(f)))
		}
	}
	s.pieces[k] = int32(n)
	s.computed[k] = true
}

// Push records the piece diff of the move just made (d.N == 0 for a null
// move). It panics past StackDepth plies, a broken search contract.
func (s *Stack) Push(d *position.Dirty) {
	if s.top >= StackDepth {
		panic("nn: accumulator stack overflow (more than StackDepth pushes without Reset)")
	}
	s.top++
	s.dirty[s.top] = *d
	s.computed[s.top] = false
	if s.set.KingRelative() {
		s.pushMirror(d)
	}
}

// Pop undoes the last Push. It panics on an empty stack.
func (s *Stack) Pop() {
	if s.top == 0 {
		panic("nn: Pop on an empty accumulator stack")
	}
	if s.set.KingRelative() {
		s.popMirror()
	}
	s.top--
}

// bringUp computes the top entry, by the mirrored path when the set mirrors.
func (s *Stack) bringUp() {
	if s.set.KingRelative() {
		s.updateMirror()
		return
	}
	s.update()
}

// update brings the top entry up to date from the last computed one.
func (s *Stack) update() {
	k := s.top
	for !s.computed[k] {
		k--
	}
	for k++; k <= s.top; k++ {
		s.apply(k)
	}
}

// apply computes entry k from entry k-1 and the diff of entry k.
func (s *Stack) apply(k int) {
	s.set.Delta(&s.dirty[k], &s.delta)
	for c := position.Color(0); c <= 1; c++ {
		s.applyDelta(k, c)
	}
	s.pieces[k] = s.pieces[k-1] + int32(s.delta.NAdd-s.delta.NSub)
	s.computed[k] = true
}

// applyDelta computes colour c of entry k from entry k-1 by s.delta, the
// feature change of k's diff: one fused copy-add-sub kernel for the usual
// moves (quiet, capture, castling), row by row otherwise.
func (s *Stack) applyDelta(k int, c position.Color) {
	d := &s.delta
	src, dst := s.entry(k-1, c), s.entry(k, c)
	add, sub := &d.Add[c], &d.Sub[c]
	net := s.net
	switch {
	case d.NAdd == 1 && d.NSub == 1:
		copyAddSub(dst, src, net.Row(int(add[0])), net.Row(int(sub[0])))
	case d.NAdd == 1 && d.NSub == 2:
		copyAddSub2(dst, src, net.Row(int(add[0])), net.Row(int(sub[0])), net.Row(int(sub[1])))
	case d.NAdd == 2 && d.NSub == 2:
		copyAdd2Sub2(dst, src, net.Row(int(add[0])), net.Row(int(add[1])), net.Row(int(sub[0])), net.Row(int(sub[1])))
	default:
		updateRows(dst, src, net.FTWeights, add[:d.NAdd], sub[:d.NSub])
	}
}

// Evaluate returns the net's eval of the top entry in centipawns from stm's
// view (stm is the side to move there), strictly inside the mate bounds.
func (s *Stack) Evaluate(stm position.Color) position.Value {
	if !s.computed[s.top] {
		s.bringUp()
	}
	us, them := s.entry(s.top, stm), s.entry(s.top, stm^1)
	return ClampEval(s.net.output(us, them, s.net.Bucket(int(s.pieces[s.top])), s.scratch))
}

// Accumulator returns the up-to-date accumulator of colour c at the top
// entry, aliasing the stack (valid until the next Push/Pop/Reset).
func (s *Stack) Accumulator(c position.Color) []int16 {
	if !s.computed[s.top] {
		s.bringUp()
	}
	return s.entry(s.top, c)
}

// Pieces returns the number of pieces (active features) at the top entry.
func (s *Stack) Pieces() int {
	if !s.computed[s.top] {
		s.bringUp()
	}
	return int(s.pieces[s.top])
}

// Evaluator adapts a Stack to position.Evaluator[P] for a game's position
// type: nn.NewEvaluator[*chess.Position](nn.Default(position.Chess)).
type Evaluator[P position.Game] struct {
	Stack
}

// NewEvaluator returns an evaluator running net. The caller pairs the net
// with P's game (Load and Default check the game of a file).
func NewEvaluator[P position.Game](net *Net) *Evaluator[P] {
	return &Evaluator[P]{Stack: *NewStack(net)}
}

// Reset rebuilds the stack's root from pos.
func (e *Evaluator[P]) Reset(pos P) { e.Stack.Reset(pos) }

// Evaluate returns the eval of pos (the position at the top of the stack) in
// centipawns from the side to move's view.
func (e *Evaluator[P]) Evaluate(pos P) position.Value { return e.Stack.Evaluate(pos.SideToMove()) }

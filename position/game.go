// Game: the coarse contract the search and the data tools call per node.
package position

// Game is what the search, self-play and the dataset tools need from a
// position of either game. Implementations are pointer types (*xiangqi.Position,
// *chess.Position) held by value inside the generic search worker.
//
// The contract is coarse on purpose: a method call on a type parameter is
// indirect in Go, so the search makes a few per node and reads the State it
// owns as plain fields.
type Game interface {
	// SideToMove returns the colour to move.
	SideToMove() Color
	// State returns the current per-ply state (never nil).
	State() *State

	// DoMove plays a legal move m, filling st (owned by the caller, who must
	// keep it alive until the matching UndoMove). It never allocates.
	DoMove(m Move, st *State)
	// UndoMove takes back m, the last move played.
	UndoMove(m Move)
	// DoNullMove passes the turn (never called in check), filling st.
	DoNullMove(st *State)
	// UndoNullMove takes back the last null move.
	UndoNullMove()

	// GenerateCaptures appends pseudo-legal captures (and, in chess, queen
	// promotions) to list. Not called in check.
	GenerateCaptures(list *MoveList)
	// GenerateQuiets appends pseudo-legal non-captures. Not called in check.
	GenerateQuiets(list *MoveList)
	// GenerateEvasions appends pseudo-legal moves when in check (a superset
	// of the legal evasions, possibly all pseudo-legal moves).
	GenerateEvasions(list *MoveList)
	// GenerateLegal appends exactly the legal moves.
	GenerateLegal(list *MoveList)

	// PseudoLegal reports whether m (e.g. from the TT or a killer slot,
	// possibly garbage) could be produced by the generators here.
	PseudoLegal(m Move) bool
	// Legal reports whether a pseudo-legal m leaves the own king safe
	// (and, in xiangqi, the generals not facing).
	Legal(m Move) bool
	// IsCapture reports whether pseudo-legal m captures.
	IsCapture(m Move) bool
	// CaptureStage reports whether GenerateCaptures produces pseudo-legal
	// m, so that the move picker's quiet stages (killers, counter move,
	// quiets) never return it a second time: xiangqi's captures; in chess
	// the captures that are not under-promotions, and the queen
	// promotions, captures or not (Stockfish's capture_stage).
	CaptureStage(m Move) bool
	// GivesCheck reports whether legal m checks the opponent.
	GivesCheck(m Move) bool
	// SEE reports whether the static exchange evaluation of m is at least
	// threshold (in the game's SEE piece values).
	SEE(m Move, threshold Value) bool
	// MovedPiece returns the piece on m's origin.
	MovedPiece(m Move) Piece
	// PieceOn returns the piece on sq, or NoPiece.
	PieceOn(sq Square) Piece
	// Threats fills t with the squares the enemy's lesser pieces attack
	// and the side to move's pieces that stand attacked by a lesser enemy
	// piece (see Threats). It never allocates. The search orders quiet
	// moves with it (search.Params.ThreatOrder).
	Threats(t *Threats)
	// HasNonPawnMaterial reports whether c has pieces other than king and
	// pawns (guards null-move pruning against zugzwang).
	HasNonPawnMaterial(c Color) bool
	// HasMajorMaterial reports whether c has a piece that can attack
	// beyond its own half on its own: in chess the same as
	// HasNonPawnMaterial, in xiangqi a rook, horse or cannon (Pikafish's
	// major_material; advisors and elephants only defend). The search's
	// shallow pruning asks it (search.Params.PruneMaterial).
	HasMajorMaterial(c Color) bool
	// ScaleMaterial returns the material on the board that can win a game,
	// both sides together, and its value in the start position, in the
	// game's own units (xiangqi: rook 18, horse 8, cannon 9, pawn 4, the
	// advisors and elephants, which only defend, 0; chess: queen 18, rook
	// 10, bishop and knight 6, pawn 2). The search scales the static
	// evaluation by it (Params.EvalScaleBase): an advantage with fewer
	// attackers left converts less often.
	ScaleMaterial() (m, full int)
	// SideMaterial returns the part of ScaleMaterial's m that belongs to
	// side c, in the same units (the search's winnable scale,
	// Params.WinnableMaterial, compares the two sides).
	SideMaterial(c Color) int
	// ScaleFactor returns, in 64ths, how much of an advantage of side
	// strong the game's known drawn endgames leave (Stockfish's classical
	// scale factors, SCALE_FACTOR_NORMAL 64): chess 8 when strong has no
	// pawns and its pieces are worth at most a bishop more than the other
	// side's and less than two rooks (Stockfish's piece values), 24 for
	// bishops of opposite colours alone with at most two pawns between the
	// sides, 64
	// otherwise; xiangqi 16 when strong has less than 20 attacking
	// material and the other side all four advisors and elephants, 64
	// otherwise (the rest is scaled by material,
	// search.Params.WinnableMaterial). The search applies it with
	// Params.EndgameScale.
	ScaleFactor(strong Color) int
	// EndgameEval returns a specialised evaluation, from the side to
	// move's view, of the endgames the game knows better than a learned
	// evaluation, and whether the position is one of them: chess the
	// endings against a bare king (the mating ones a known win with terms
	// that lead to the mate, two knights drawn; chess.Position.EndgameEval);
	// xiangqi none yet. The search uses it in place of the evaluator with
	// Params.EndgameEval.
	EndgameEval() (v Value, ok bool)

	// RuleVerdict reports whether the position is decided by a rule before
	// any move is searched: repetition (xiangqi: draw or loss by perpetual
	// check/chase), the move-count rules, insufficient material. ply is the
	// distance from the search root; v is the value from the side to move's
	// view (a loss by perpetual is scored as a mate-like loss at ply).
	// It must be cheap when no repetition exists.
	RuleVerdict(ply int) (v Value, decided bool)
	// RuleVerdictRepeated is RuleVerdict and, when no rule decides
	// (decided false), Repeated, from one walk over the history: the
	// search's form of the two.
	RuleVerdictRepeated(ply int) (v Value, decided, repeated bool)
	// UpcomingRepetition reports whether the side to move can repeat a
	// position reached after the search root (fewer than ply plies ago)
	// with one reversible move, so that the line's value is at least a
	// draw (chess: Stockfish's upcoming_repetition with cuckoo tables;
	// xiangqi always false, since a repetition there can lose by perpetual
	// check or chase). The search uses it with Params.UpcomingRepetition.
	UpcomingRepetition(ply int) bool
	// Repeated reports whether the current position occurred before with
	// the same side to move, at most min(Rule50, PliesFromNull) plies back
	// (before or after the search root). The search keys such positions
	// apart from fresh ones in its transposition table with
	// Params.TTRepKey: their subtrees are judged by the repetition rules
	// with a history that a fresh occurrence does not have (Pikafish
	// b8fd955c). It must be cheap when no repetition exists.
	Repeated() bool

	// MoveString renders m in the game's UCI coordinates (chess "e7e8q",
	// xiangqi ICCS "h2e2").
	MoveString(m Move) string
	// ParseMove reads a move in the game's UCI coordinates and returns it if
	// it is legal here, or an error naming what is wrong.
	ParseMove(s string) (Move, error)
	// FEN returns the position in FEN.
	FEN() string
	// SetFEN sets the position from a FEN of the game (chess: standard
	// castling rights only, unless the position is in Chess960 mode). On
	// an error, which names what is wrong, the position is unchanged.
	SetFEN(fen string) error
}

// Evaluator is a static evaluation that follows the search's DoMove/UndoMove
// through the piece diff: the hand-written evaluation keeps material and
// piece-square sums this way, the network keeps its accumulator stack.
// The search calls Reset at the root, Push after every DoMove/DoNullMove
// (with that State's Dirty; N == 0 for a null move), Pop after every
// UndoMove/UndoNullMove, and Evaluate at leaves. One Evaluator per search
// thread; it must not allocate in Push, Pop or Evaluate.
type Evaluator[P Game] interface {
	// Reset rebuilds the evaluator's state from pos from scratch.
	Reset(pos P)
	// Push applies the diff of the move just made.
	Push(d *Dirty)
	// Pop undoes the last Push.
	Pop()
	// Evaluate returns the static score of pos in centipawns from the side
	// to move's view, strictly inside the mate bounds.
	Evaluate(pos P) Value
}

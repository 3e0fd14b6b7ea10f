// The search's tunable constants: one table of names, defaults, ranges and SPSA steps, the tuned values embedded at build time, and range-checked setters.
package search

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"

	"dualnnue/position"
)

// Params are the search's tunable constants (margins in centipawns, depths
// in plies). Every field is declared once in paramSpecs with its default,
// range and SPSA step, the way Stockfish's TUNE macro lists its constants;
// `play -tune` offers them as UCI spin options and `play tune` tunes them.
// A Searcher starts with DefaultParams of its game and changes them with
// SetParam.
type Params struct {
	AspirationDelta int // first half-width of the aspiration window

	RFPMaxDepth  int // reverse futility pruning up to this depth
	RFPMargin    int // its margin per ply of depth
	RFPImproving int // less margin when improving

	NMPMinDepth     int // null move pruning from this depth
	NMPBase         int // reduction R = NMPBase + depth/NMPDepthDiv + min((eval−beta)/NMPEvalDiv, NMPEvalMax)
	NMPDepthDiv     int
	NMPEvalDiv      int
	NMPEvalMax      int
	NMPStaticMargin int // null move only when staticEval ≥ beta − NMPStaticMargin·depth

	IIRMinDepth int // internal iterative reduction from this depth

	LMRBase       int // base reduction table: LMRBase/100 + ln(depth)·ln(moves)·100/LMRDiv
	LMRDiv        int
	LMRHistoryDiv int // reduce one ply less per this much history

	LMPBase int // late move pruning after (LMPBase + depth²)/(2 unless improving) quiets

	FutilityMaxDepth int // futility pruning of quiets below this lmrDepth
	FutilityBase     int // staticEval + FutilityBase + FutilityPerDepth·lmrDepth ≤ alpha
	FutilityPerDepth int

	SEEQuietMargin   int // quiets losing more than SEEQuietMargin·lmrDepth² by SEE are pruned
	SEECaptureMargin int // bad captures losing more than SEECaptureMargin·depth are pruned
	SEECaptureDepth  int // … below this depth

	HistBonusQuad int // history bonus min(HistBonusQuad·d² + HistBonusLin·d − HistBonusQuad, HistBonusMax)
	HistBonusLin  int
	HistBonusMax  int

	QSFutilityMargin int // quiescence delta pruning: stand pat + this + victim ≤ alpha

	SEMinDepth       int // singular extensions from this depth
	SEMarginPerDepth int // singular beta = TT value − SEMarginPerDepth·depth
	SEDoubleMargin   int // double extension when the search stays this far below singular beta
	SEMaxDoubleExts  int // double extensions allowed per line

	// ImprovingFallback 1: a node whose static eval two plies up is unknown
	// (that node was in check) compares with the one four plies up, and is
	// "improving" when that is unknown too (Stockfish 15.1 and Pikafish:
	// improvement 175 by default). 0: not improving unless two plies up is
	// known and lower.
	ImprovingFallback int

	// HindsightMargin > 0: hindsight depth (Stockfish 17). A node whose
	// parent reduced it by 3 plies or more, and whose opponent's position did
	// not get worse (static eval ≤ minus the parent's), searches one ply
	// deeper; one reduced by 2 or more whose static eval plus the parent's
	// exceeds HindsightMargin (both sides think they stand well: a quiet
	// position) one ply shallower. 0: off.
	HindsightMargin int

	// TTEvalStore 1: a node that is not in the table (and not in check) writes its raw static
	// eval there at once (bound none, depth "unsearched"), so that a node
	// cut by reverse futility or null move before it stores anything does
	// not pay the evaluator again when the search comes back (Stockfish's
	// eval-only save; Weiss 0ce05a9). A quiescence node that finds such an
	// entry stores its stand-pat cutoff as it does on a miss. 0: off.
	TTEvalStore int

	CorrectionDiv int // static eval += (sum of the three correction entries)/CorrectionDiv; 0: no correction history

	// EvalScaleBase scales the evaluator's score by (EvalScaleBase + m)/(EvalScaleBase + full),
	// m and full from position.Game.ScaleMaterial: 1 in the start position, less as the
	// attackers leave the board (Stockfish scales its NNUE output by material the same way).
	// 0: no scaling.
	EvalScaleBase int

	// Rule50Damp > 0 damps the evaluator's score towards a draw as the
	// move-count rule's counter runs: v·(Rule50Damp − r)/Rule50Damp, r the
	// plies since the last capture or pawn move (position.State.Rule50;
	// xiangqi: since the last capture), never below 0. Stockfish 15.1 does
	// it with (200 − r)/214, Weiss with (256 − r)/256 (a7d7783: +2.0/+5.0).
	// 0: off.
	Rule50Damp int

	// WinnableMaterial > 0 scales the evaluator's score by how winnable
	// the endgame is for the side it favours (Stockfish's classical
	// winnable() and endgame scale factors, Pikafish-HCE's drawn material
	// configurations), once both sides' material (position.Game.SideMaterial,
	// defenders not counted) is at most WinnableMaterial. With a the
	// favoured side's material and o the other's, the factor in 64ths is
	// WinnableLoneScale when a < WinnableLone (a lone horse, cannon or a
	// few pawns rarely win), else WinnableMinorScale when a ≤ o and a <
	// WinnableMinor, WinnableEvenScale when a ≤ o otherwise (an edge made of
	// defenders or position alone), WinnableEdgeScale when a − o >
	// WinnableEdge and a ≥ WinnableMinor (an attacking edge converts more
	// often than the score says), 64 otherwise. The xiangqi values were
	// fitted on the results of 9,571 self-play and 700 field games
	// (docs/strength.md, 2026-12-06). 0: off.
	WinnableMaterial   int
	WinnableLone       int
	WinnableLoneScale  int
	WinnableMinor      int
	WinnableMinorScale int
	WinnableEvenScale  int
	WinnableEdge       int
	WinnableEdgeScale  int

	// UpcomingRepetition 1: a node (main search or quiescence, not the
	// root) whose side to move can repeat a position of the search with one
	// reversible move (position.Game.UpcomingRepetition: chess only) raises
	// alpha to a draw and cuts when that reaches beta (Stockfish's
	// upcoming_repetition in search and qsearch; Weiss 073eda5 +3.6/+5.4).
	// 0: off.
	UpcomingRepetition int

	// EndgameScale 1 scales the evaluator's score by the game's known
	// drawn endgames for the side it favours (position.Game.ScaleFactor,
	// in 64ths; Stockfish's classical scale factors). 0: off.
	EndgameScale int

	// LMRDeeperBase > 0: the re-search after a late move's reduced search
	// beat alpha goes one ply deeper when the reduced score beat the best
	// score by more than LMRDeeperBase + LMRDeeperPerDepth·newDepth, and one
	// ply shallower (none at all if that is the reduced depth) when it beat
	// it by less than newDepth/2 (Stockfish 16.1's doDeeperSearch and
	// doShallowerSearch, dev 36db936e7: bestValue + 53 + 2·newDepth and
	// bestValue + newDepth in units of about half a centipawn; Weiss 4bab6db
	// +14.1/+13.9).
	// 0: off, the re-search is at newDepth.
	LMRDeeperBase     int
	LMRDeeperPerDepth int

	// CheckExtMinDepth extends a safe check (a checking move that does
	// not lose material by SEE) by one ply only at this remaining depth
	// or more; at shallower nodes a check is searched at the usual
	// depth (after Stockfish 15.1, which extends a check only when
	// `depth > 9 && abs(staticEval) > 82`; the eval term is left out
	// here). Below the root only: a root move that checks is always
	// extended. In plies; 0: every safe check is extended, as before.
	CheckExtMinDepth int

	// LMRTTCapture adds this many plies to the late-move reduction of
	// every reduced move at a node whose TT move is a capture: the
	// position is probably decided by that capture, so the others are
	// searched shallower (Stockfish 15.1's `if (ttCapture) r++`, about
	// 3 Elo in its comments). In plies; 0: off.
	LMRTTCapture int

	// HistBigCutMargin gives the quiet move that cut off, and the
	// quiets tried before it, the history bonus of one ply deeper when
	// the best score beat beta by more than this (Stockfish 15.1's
	// update_all_stats: stat_bonus(depth + 1) when bestValue > beta +
	// 137, about 66 cp in its units). In centipawns; 0: off.
	HistBigCutMargin int

	// LMRParentMoves reduces a move one ply less when the node it is
	// searched from was reached by the parent's move number
	// LMRParentMoves + 1 or later: the parent's early moves failed to
	// cut, so this node is more likely on a line that matters
	// (Stockfish 15.1's `if ((ss-1)->moveCount > 7) r--`; below a null
	// move the count is 0). 0: off.
	LMRParentMoves int

	// QSChecks 1 also searches quiet checking moves that do not lose
	// material by SEE at the first ply of the quiescence search (the one
	// a main-search node of depth 0 calls), after the captures
	// (Stockfish 15.1's DEPTH_QS_CHECKS: quiet checks at depth 0, none
	// below, and TT entries of the two kinds kept apart by depth). The
	// quiet moves are the generator's, so in chess castling and
	// under-promotions that check count too. 0: captures (and evasions
	// in check) only.
	QSChecks int

	// ProbCutMargin > 0: ProbCut (Stockfish 15.1's step 11, Pikafish's
	// too). At a non-PV node of depth 5 or more not in check, when the TT
	// does not already say the node stays below it, every capture whose SEE
	// wins at least probCutBeta − static eval (probCutBeta = beta +
	// ProbCutMargin, ProbCutImproving less when improving) is tried with a
	// quiescence search against probCutBeta and, if that holds, with a
	// search 4 plies shallower; the first that holds cuts the node, stored
	// as a lower bound 3 plies shallower; probCutBeta is at least beta + 1.
	// Stockfish 15.1: 191 − 54·improving in its units, about 95 − 26 cp. In
	// centipawns; 0: off.
	ProbCutMargin    int
	ProbCutImproving int

	// TTCutHistory 1: a TT cutoff at a non-PV node updates the move
	// ordering as a searched cutoff would (Stockfish 15.1's step 4). When
	// the TT value reaches beta, a quiet TT move gets the cutoff bonus of
	// this depth (butterfly and continuation history, killer, counter
	// move), and the opponent's quiet move that led here, if it was one of
	// its parent's first two, the continuation-history penalty of one ply
	// deeper (it was refuted at once); when the TT value stays below
	// alpha, a quiet TT move pays the bonus as a penalty. 0: off.
	TTCutHistory int

	// LowPlyHistory > 0: a quiet history of the first plies of each search
	// (plies 1 to lowPlySize−1 from the root), emptied when a search starts
	// and updated as the butterfly history, adds LowPlyHistory·h/(1 + ply)
	// to a quiet move's ordering score there, where the butterfly table
	// counts once (Stockfish's lowPlyHistory since 7ac745a, weight 8 against
	// its main history's 2: 4 in these units). The moves near the root are
	// searched deepest and again at every iteration; the history of this
	// search orders them better than one mixed with the whole tree's. 0: off.
	LowPlyHistory int

	// ContHistDeep > 0 adds the continuation history of the move four
	// plies back to the two before it: in a quiet move's ordering score, in
	// the history term of its late-move reduction, in the sum that history
	// pruning and the history futility margin read, and in every history
	// update (not at a node in check, where the earlier moves are not what
	// the reply answers). 2 adds the move six plies back too, in the ordering
	// and the updates only: Stockfish 15.1's tables {1, 2, 4, 6}; Weiss
	// 514cbe8 measured +6.1 at short and +14.5 at long time control for
	// them. 0: off.
	ContHistDeep int

	// ContHistIsOK 1: the continuation tables of the moves one and two
	// plies back are updated only where those were moves, not null moves
	// or the plies before the root, as the deeper ones always are
	// (Stockfish's update_continuation_histories tests is_ok for each).
	// Today the shared table hist.cont[0][0], which every move after a null
	// move and at the first two plies reads, gathers the updates of all of
	// them at once. 0: off (written as any other).
	ContHistIsOK int

	// TTRepKey 1: a position that occurred before in the game (since the
	// last irreversible move, at or before the root: a repetition after the
	// root is decided by the rules before the table is read) reads and
	// writes its transposition-table entries under a key of its own
	// (search.ttKey), apart from the same position met fresh, whose history
	// differs: the repetition rules may judge its subtree otherwise (a
	// perpetual check or chase in xiangqi, a draw in either game), and an
	// entry from an earlier move's search, made before the position
	// occurred, is not its own. Pikafish b8fd955c measured +2.4 Elo at short
	// and +4.9 at long time control, where it also searches on through some
	// repetitions after the root, so its gain need not carry over. 0: off.
	TTRepKey int

	// ThreatOrder > 0 adds to a quiet move's ordering score a bonus for
	// taking a piece out of the attack of a lesser enemy piece
	// (position.Game.Threats; Stockfish 15.1's and Pikafish's
	// MovePicker::score<QUIETS>): ThreatOrder when a piece of the top
	// class (chess queen, xiangqi rook) attacked by a lesser piece goes to
	// a square no lesser enemy piece attacks; half of it when one of the
	// middle class (chess rook, xiangqi horse or cannon) does; else 3/10 of
	// it when a piece of any class attacked by a lesser one (chess knight
	// and bishop, xiangqi advisor and elephant the lowest) goes to a square
	// no enemy pawn (soldier) attacks. Stockfish's bonuses are 50000, 25000
	// and 15000 in a quiet score that weighs a butterfly history of bound
	// 7183 twice and continuation histories of bound 29952 2, 1, 1 and 1
	// times; ours (scoreQuiets) adds one butterfly and two continuation
	// entries, each bounded by 16384, so about half of Stockfish's: 25000
	// (12500 and 7500). In history units; 0: off (the threats are not
	// computed).
	ThreatOrder int

	// PriorFailLowMargin > 0: a node where no move raised alpha rewards the
	// opponent's quiet move that led to it in the continuation history of
	// the two moves before that one: it refuted everything here (Stockfish
	// 15.1's prior-countermove bonus). Given at depth 5 or more or at PV
	// nodes: the bonus of this depth, doubled at PV and cut nodes and when
	// the best score fell more than PriorFailLowMargin·depth below alpha.
	// Not after a capture or a null move. Stockfish 15.1: 62 per ply in its
	// units, about 30 cp. In centipawns per ply; 0: off.
	PriorFailLowMargin int

	// SEPVNode 1 runs the singular-extension search at PV nodes too
	// (Stockfish 15.1 does, two plies deeper when the TT entry was on a
	// PV; here from SEMinDepth + SEPVExtraDepth), where it extends the TT
	// move by one ply at most: double extensions stay at non-PV nodes, and
	// a multi-cut or a negative extension works as at other nodes. 0:
	// non-PV nodes only.
	SEPVNode       int
	SEPVExtraDepth int

	// HistPruneMargin > 0: a late quiet move (lmrDepth below
	// HistPruneMaxDepth, a move has already saved the node from being
	// mated) whose continuation history (the tables of the last two
	// moves, summed) is below −HistPruneMargin·(depth − 1) is pruned
	// unless it checks (Stockfish 15.1's continuation history based
	// pruning: −3875·(depth − 1) over three tables of bound 29952, about
	// −1400 over our two of bound 16384). 0: off.
	HistPruneMargin   int
	HistPruneMaxDepth int // Stockfish 15.1: 5

	// FutilityHistDiv > 0 adds the quiet move's history (butterfly twice
	// and the two continuation tables) divided by FutilityHistDiv to the
	// margin of futility pruning, so that a move with good history
	// survives a lower static eval (Stockfish 15.1: history/52 on its
	// scale, where one centipawn is about two units). 0: off.
	FutilityHistDiv int

	// RazorMargin > 0: razoring (Stockfish 15.1's step 7, Pikafish's step
	// 6). At a non-PV node (Pikafish's condition; Stockfish 15.1 razors at
	// PV nodes and in singular searches too) not in check, alpha below a
	// known win, whose eval is below alpha −
	// RazorMargin − RazorPerDepth2·depth², a quiescence search decides: if
	// it stays below alpha too, its value is returned (a fail low) and no
	// move is searched. With RazorNotImproving 1 only where the static eval
	// is not improving (Pikafish). Stockfish 15.1: 369 + 254·depth² in its
	// units, about 180 + 125·depth² cp; Pikafish: 433 + 436·depth², not
	// improving, on a scale close to ours (its rook 1373, ours 1300). In
	// centipawns; 0: off.
	RazorMargin       int
	RazorPerDepth2    int
	RazorNotImproving int

	// EndgameEval 1 evaluates the endgames the game knows
	// (position.Game.EndgameEval: in chess those against a bare king) with
	// its specialised evaluation instead of the evaluator, so that the
	// search drives a won one to the mate (a bishop and a knight to the
	// right corner) and scores two knights as the draw they are. 0: off.
	EndgameEval int

	// RFPReturnDiv > 0: reverse futility pruning returns
	// beta + (eval − beta)/RFPReturnDiv instead of eval, so that a node
	// cut on a static guess does not pass a score far above beta up the
	// tree (Berserk cd20de8: the average of eval and beta, 2; Stockfish 17:
	// beta + (eval − beta)/3). 0: off.
	RFPReturnDiv int

	// QSFailHighDamp 1: a quiescence search that fails high (the stand pat
	// or a capture at or above beta), its value not a known win, returns
	// the average of that value and beta (Berserk 396920c; Stockfish 17's
	// qsearch): the capture sequences it sees are short, so the excess over
	// beta is the least trusted part of it. 0: off.
	QSFailHighDamp int

	// SmallProbCutMargin > 0: at a non-PV node whose TT entry is a lower
	// bound at least SmallProbCutMargin above beta from a search at most 4
	// plies shallower than this one, return beta + SmallProbCutMargin
	// without a search, in check too (Stockfish 17's step 12, "a small
	// ProbCut idea": beta + 416 in its units, about 200 cp; Stockfish
	// 15.1 only in check, beta + 481). Neither beta nor the entry's value
	// a known win or loss. In centipawns; 0: off.
	SmallProbCutMargin int

	// QSMoveCount > 0: in a quiescence search not in check, once a move
	// has kept the node from a known loss, every capture after the first
	// QSMoveCount moves is skipped unless it recaptures on the square of
	// the last move, promotes or gives check (Stockfish 15.1's qsearch
	// "moveCount > 2" pruning, [R] ~10 together with its futility). 0: off.
	QSMoveCount int

	// TTPv 1: each node knows whether it is, or its TT entry says it once
	// was, on a principal variation (Stockfish's ttPv: a PV node, or a TT
	// hit whose entry has the flag; a node that fails low keeps its
	// parent's flag from depth 4 on), and stores the flag with its
	// entries. Such a node skips reverse futility pruning and reduces its
	// late moves TTPvLMR plies less unless it is a PV node likely to fail
	// low (its TT move's entry is an upper bound at least as deep)
	// (Stockfish 15.1: r −= 2 on its reduction scale, [R] ~7 Elo for the
	// flag in its regression list). 0: off (every flag false).
	TTPv    int
	TTPvLMR int

	// AspFailHighDepth > 0: each consecutive fail high of an aspiration
	// search at the root takes AspFailHighDepth plies off the depth of the
	// search again (at least 1 ply remains; a fail low resets the count):
	// the move that failed high is likely good, and a shallower search
	// finds the new bound sooner (Stockfish 15.1's failedHighCnt, Weiss).
	// 0: off.
	AspFailHighDepth int

	// ContCorrection > 0 adds the continuation correction history to the
	// correction sum (with CorrectionDiv set; correction.go): one more entry,
	// keyed by the piece and destination of the last two moves, weighted
	// ContCorrection/100 beside the pawn and non-pawn entries, and updated
	// with them (Stockfish's continuationCorrectionHistory, 6592b13d5, its
	// ss−2 table; Weiss 3f9eb09, Berserk 525dab9). Unlike Stockfish's, no
	// entry where either of the two moves is a null move or before the
	// root, and a promotion is keyed by the pawn (as the continuation
	// history is). Without CorrectionDiv (xiangqi today) it does nothing.
	// 0: off.
	ContCorrection int

	// CaptureHistDiv > 0 orders captures by capture history: a capture
	// scores 6·value(victim) + captureHistory[piece][to][victim]/CaptureHistDiv
	// instead of MVV-LVA (SEE still sends the losing ones after the
	// quiets); at a beta cutoff the cutting capture gains the history bonus
	// of depth+1 and every capture tried before the cutting move, capture
	// or quiet, loses it (Stockfish 15.1's captureHistory in
	// MovePicker::score and update_all_stats, Pikafish the same). At 4 the
	// entries (±historyMax/4 = ±4096) stay below the gap between a queen's
	// and a pawn's 6·value (5,100), as Stockfish's (±10692 against 14,472)
	// do. Unlike Stockfish, SEE ≥ 0 alone splits good from bad captures,
	// and only fail highs update the table (as for the quiets). 0: off
	// (MVV-LVA, no table).
	CaptureHistDiv int

	// PostLMRBonus 1: a reduced move whose search failed high, once
	// searched again to the full depth (or not, where the depth did not
	// grow), moves its continuation history by the history bonus of the
	// new depth: up where it still beats alpha, down where it no longer
	// does, a sixth of it for a capture (Stockfish 15.1's update after the
	// LMR re-search). 0: off.
	PostLMRBonus int

	// LMRCaptures 1: captures from the second move on are reduced at every
	// non-PV node whose PV flag is off, not only at cut nodes, by the same
	// half reduction (Stockfish 15.1 reduces a capture unless ss->ttPv, or
	// at a cut node). Without Params.TTPv no flag is set, so a node that
	// was once on a PV counts as any other non-PV node. 0: off.
	LMRCaptures int

	// IIRStrong 1 replaces the one-ply internal iterative reduction by
	// Stockfish 16's: a PV node without a TT move searches 2 plies
	// shallower, 4 when its (move-less) TT entry is at least as deep, but
	// never below one ply (Stockfish drops into the quiescence search); a cut
	// node without a TT move from depth 8 on searches 2 plies shallower;
	// none in check (Stockfish goes straight to the moves there). Stockfish
	// 15.1 took 3 plies at PV nodes and 2 at cut nodes from depth 9; and
	// Stockfish 16 reduces before its ProbCut, where ours runs after.
	// 0: off (one ply from IIRMinDepth at PV and cut nodes, in check too).
	IIRStrong int

	// SENegExt > 0: when the singular search fails high on its own bound
	// but not on beta, a TT move whose stored value is at least beta is
	// reduced by SENegExt plies instead of one (Stockfish 15.1's negative
	// extension of −2; a cut node's TT move keeps −1). 0: off (−1).
	SENegExt int

	// CaptureGoodSEE > 0 (with CaptureHistDiv) lets a capture lose up to
	// CaptureGoodSEE/1024 of its ordering score by SEE and still be tried
	// among the good captures, before the quiets (Stockfish 15.1's
	// see_ge(−69·value/1024), Pikafish's 86): a well-scored capture that
	// loses a little is worth trying early. 0: off (SEE ≥ 0).
	CaptureGoodSEE int

	// LMRCutNodeExtra > 0: a late move at an expected cut node is reduced
	// that many plies more than the one ply every cut node adds, a capture
	// too, not halved (Stockfish 15.1 reduces cut nodes by 2 in all:
	// LMRCutNodeExtra 1). 0: off.
	LMRCutNodeExtra int

	// LMRPVDepth > 0: a late move at a PV node is reduced LMRPVDepth/(3 +
	// depth) plies less on top of the one ply every PV node takes off, so
	// shallow PV nodes reduce least (Stockfish 15.1's r −= 1 + 11/(3 +
	// depth): LMRPVDepth 11). Not at the root, whose late moves have a
	// reduction of their own. 0: off.
	LMRPVDepth int

	// LMRSingularQuiet > 0: once the TT move, a quiet move, was extended
	// as singular, the node's other late moves, quiets and captures, are
	// reduced that many plies less (Stockfish 15.1's singularQuietLMR:
	// r−−, not halved for a capture). 0: off.
	LMRSingularQuiet int

	// RFPWorsening > 0: the reverse-futility margin is that many
	// centipawns smaller where the opponent's position got worse with its
	// last move, our static evaluation plus the parent's (its own view)
	// above 2 (Stockfish 17's opponentWorsening, a third of its margin per
	// ply; a parent in check takes the evaluation two plies above it). 0: off.
	RFPWorsening int

	// PVBestStats 1: the history updates after the move loop (cutStats:
	// the best move rewarded, the other quiets searched, and with
	// CaptureHistDiv the other captures, punished; killer and counter
	// move set) also run where the best move raised alpha without reaching
	// beta, a PV node's exact score, as Stockfish's update_all_stats runs
	// wherever a best move exists (not at the root, whose moves are
	// ordered by their scores). 0: off (after cutoffs only).
	PVBestStats int

	// QSEvasions > 0: a quiescence node in check stops after its first
	// QSEvasions quiet evasions once one of its moves has kept it from
	// being mated (bestValue above a mated score); the captures, tried
	// first, are all searched; a quiet TT move, tried before them, counts
	// among the quiet ones (Stockfish 15.1's qsearch break after the
	// second quiet check evasion: QSEvasions 2). 0: off (every evasion).
	QSEvasions int

	// PruneMaterial 1: the shallow-depth pruning of the move loop (late
	// move, futility, SEE and history pruning) runs only where the side to
	// move has major material (position.Game.HasMajorMaterial: in chess a
	// piece besides king and pawns, Stockfish's step 13
	// pos.non_pawn_material(us); in xiangqi a rook, horse or cannon,
	// Pikafish's major_material(us)), so that in pawn endgames, and
	// xiangqi's pawns-and-defenders ones, no move is pruned by those
	// (null-move pruning keeps its own guard, HasNonPawnMaterial). 0: off
	// (at any material).
	PruneMaterial int

	// RootFullResearch 1: a root move after the first whose zero-window
	// search beats alpha is searched again with the full window even when
	// it reaches beta (Stockfish's rootNode || value < beta), so the move
	// the aspiration loop sees failing high has a confirmed score. 0: off
	// (only below beta; a fail high is left to the aspiration loop).
	RootFullResearch int

	// LMRExtend 1: a late move whose reduction is negative (a check, good
	// history, a PV node) is searched one ply deeper than the others, its
	// depth clamped to [1, newDepth + 1] as Stockfish's is, not to
	// [1, newDepth]. 0: off.
	LMRExtend int

	// LMRPVSecond 1: at a PV node below ply 1 the second move may be
	// reduced too (Stockfish 15.1's moveCount > 1 + (PvNode && ply <= 1)).
	// 0: off (a PV node's second move never reduced).
	LMRPVSecond int

	// QuietOrderSF 1: quiet moves are ordered by butterfly + 4·cont1 +
	// 2·(cont2 + cont4 + cont6), the weights of Stockfish 15.1's and
	// Pikafish's 2·main + 2·cont1 + cont2 + cont4 + cont6 over their
	// tables' bounds (7183 main, 29952 continuation) on our one bound,
	// where the last move's continuation counts most. 0: off (butterfly +
	// cont1 + cont2, + cont4 + cont6 with ContHistDeep). The quiet
	// evasions keep butterfly + cont1 + cont2. The quiet scores' range
	// about doubles, so ThreatOrder and LowPlyHistory, sized for the
	// default weights, weigh half as much beside it.
	QuietOrderSF int

	// QSDeltaExempt 1: the quiescence search's delta pruning spares a
	// capture that gives check, recaptures on the last move's square or
	// promotes (Stockfish 15.1's qsearch futility: !givesCheck, to_sq(move)
	// != prevSq, not a promotion); in xiangqi a cannon's or horse's
	// capture that checks is often what the position is about. 0: off
	// (every capture the victim's value cannot lift to alpha is pruned).
	QSDeltaExempt int

	// DrawJitter 1: a draw by the rules (repetition, a move-count rule,
	// insufficient material) found by the main search scores −1 or +1 by
	// the second bit of the thread's node count, not 0 (Stockfish's
	// value_draw, against three-fold blindness); the quiescence search,
	// stalemate, the ply limit and the upcoming-repetition bound
	// (UpcomingRepetition) keep 0. 0: off.
	DrawJitter int
}

// ParamSpec describes one tunable constant.
type ParamSpec struct {
	Name              string
	Default, Min, Max int
	// Step is the SPSA perturbation at the end of a tune (OpenBench's
	// c_end); by default (Max − Min)/20, Stockfish's TUNE default.
	Step  float64
	field func(*Params) *int
}

var paramSpecs = []ParamSpec{
	{Name: "AspirationDelta", Default: 20, Min: 5, Max: 60, field: func(p *Params) *int { return &p.AspirationDelta }},
	{Name: "RFPMaxDepth", Default: 7, Min: 3, Max: 12, field: func(p *Params) *int { return &p.RFPMaxDepth }},
	{Name: "RFPMargin", Default: 80, Min: 30, Max: 200, field: func(p *Params) *int { return &p.RFPMargin }},
	{Name: "RFPImproving", Default: 40, Min: 0, Max: 120, field: func(p *Params) *int { return &p.RFPImproving }},
	{Name: "NMPMinDepth", Default: 2, Min: 1, Max: 6, field: func(p *Params) *int { return &p.NMPMinDepth }},
	{Name: "NMPBase", Default: 3, Min: 1, Max: 6, field: func(p *Params) *int { return &p.NMPBase }},
	{Name: "NMPDepthDiv", Default: 3, Min: 2, Max: 8, field: func(p *Params) *int { return &p.NMPDepthDiv }},
	{Name: "NMPEvalDiv", Default: 200, Min: 60, Max: 600, field: func(p *Params) *int { return &p.NMPEvalDiv }},
	{Name: "NMPEvalMax", Default: 3, Min: 0, Max: 6, field: func(p *Params) *int { return &p.NMPEvalMax }},
	{Name: "NMPStaticMargin", Default: 20, Min: 0, Max: 60, field: func(p *Params) *int { return &p.NMPStaticMargin }},
	{Name: "IIRMinDepth", Default: 4, Min: 2, Max: 10, field: func(p *Params) *int { return &p.IIRMinDepth }},
	{Name: "LMRBase", Default: 75, Min: 0, Max: 200, field: func(p *Params) *int { return &p.LMRBase }},
	{Name: "LMRDiv", Default: 225, Min: 120, Max: 400, field: func(p *Params) *int { return &p.LMRDiv }},
	{Name: "LMRHistoryDiv", Default: 8000, Min: 2000, Max: 30000, field: func(p *Params) *int { return &p.LMRHistoryDiv }},
	{Name: "LMPBase", Default: 3, Min: 1, Max: 10, field: func(p *Params) *int { return &p.LMPBase }},
	{Name: "FutilityMaxDepth", Default: 6, Min: 2, Max: 12, field: func(p *Params) *int { return &p.FutilityMaxDepth }},
	{Name: "FutilityBase", Default: 100, Min: 20, Max: 300, field: func(p *Params) *int { return &p.FutilityBase }},
	{Name: "FutilityPerDepth", Default: 100, Min: 30, Max: 300, field: func(p *Params) *int { return &p.FutilityPerDepth }},
	{Name: "SEEQuietMargin", Default: 25, Min: 5, Max: 100, field: func(p *Params) *int { return &p.SEEQuietMargin }},
	{Name: "SEECaptureMargin", Default: 150, Min: 40, Max: 400, field: func(p *Params) *int { return &p.SEECaptureMargin }},
	{Name: "SEECaptureDepth", Default: 6, Min: 2, Max: 12, field: func(p *Params) *int { return &p.SEECaptureDepth }},
	{Name: "HistBonusQuad", Default: 16, Min: 2, Max: 64, field: func(p *Params) *int { return &p.HistBonusQuad }},
	{Name: "HistBonusLin", Default: 32, Min: 0, Max: 128, field: func(p *Params) *int { return &p.HistBonusLin }},
	{Name: "HistBonusMax", Default: 1800, Min: 400, Max: 4000, field: func(p *Params) *int { return &p.HistBonusMax }},
	{Name: "QSFutilityMargin", Default: 150, Min: 30, Max: 400, field: func(p *Params) *int { return &p.QSFutilityMargin }},
	{Name: "SEMinDepth", Default: 6, Min: 4, Max: 10, field: func(p *Params) *int { return &p.SEMinDepth }},
	{Name: "SEMarginPerDepth", Default: 2, Min: 1, Max: 8, field: func(p *Params) *int { return &p.SEMarginPerDepth }},
	{Name: "SEDoubleMargin", Default: 20, Min: 0, Max: 80, field: func(p *Params) *int { return &p.SEDoubleMargin }},
	{Name: "SEMaxDoubleExts", Default: 6, Min: 0, Max: 12, field: func(p *Params) *int { return &p.SEMaxDoubleExts }},
	{Name: "ImprovingFallback", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.ImprovingFallback }},
	{Name: "HindsightMargin", Default: 0, Min: 0, Max: 400, field: func(p *Params) *int { return &p.HindsightMargin }},
	{Name: "TTEvalStore", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.TTEvalStore }},
	{Name: "CorrectionDiv", Default: 0, Min: 0, Max: 200, field: func(p *Params) *int { return &p.CorrectionDiv }},
	{Name: "EvalScaleBase", Default: 0, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.EvalScaleBase }},
	{Name: "Rule50Damp", Default: 0, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.Rule50Damp }},
	{Name: "WinnableMaterial", Default: 0, Min: 0, Max: 200, field: func(p *Params) *int { return &p.WinnableMaterial }},
	{Name: "WinnableLone", Default: 10, Min: 0, Max: 60, field: func(p *Params) *int { return &p.WinnableLone }},
	{Name: "WinnableLoneScale", Default: 16, Min: 0, Max: 64, field: func(p *Params) *int { return &p.WinnableLoneScale }},
	{Name: "WinnableMinor", Default: 20, Min: 0, Max: 60, field: func(p *Params) *int { return &p.WinnableMinor }},
	{Name: "WinnableMinorScale", Default: 16, Min: 0, Max: 64, field: func(p *Params) *int { return &p.WinnableMinorScale }},
	{Name: "WinnableEvenScale", Default: 48, Min: 0, Max: 64, field: func(p *Params) *int { return &p.WinnableEvenScale }},
	{Name: "WinnableEdge", Default: 8, Min: 0, Max: 60, field: func(p *Params) *int { return &p.WinnableEdge }},
	{Name: "WinnableEdgeScale", Default: 80, Min: 64, Max: 128, field: func(p *Params) *int { return &p.WinnableEdgeScale }},
	{Name: "UpcomingRepetition", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.UpcomingRepetition }},
	{Name: "EndgameScale", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.EndgameScale }},
	{Name: "LMRDeeperBase", Default: 0, Min: 0, Max: 200, field: func(p *Params) *int { return &p.LMRDeeperBase }},
	{Name: "LMRDeeperPerDepth", Default: 1, Min: 0, Max: 30, field: func(p *Params) *int { return &p.LMRDeeperPerDepth }},
	{Name: "CheckExtMinDepth", Default: 0, Min: 0, Max: 20, field: func(p *Params) *int { return &p.CheckExtMinDepth }},
	{Name: "LMRTTCapture", Default: 0, Min: 0, Max: 3, field: func(p *Params) *int { return &p.LMRTTCapture }},
	{Name: "HistBigCutMargin", Default: 0, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.HistBigCutMargin }},
	{Name: "LMRParentMoves", Default: 0, Min: 0, Max: 64, field: func(p *Params) *int { return &p.LMRParentMoves }},
	{Name: "QSChecks", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.QSChecks }},
	{Name: "ProbCutMargin", Default: 0, Min: 0, Max: 500, field: func(p *Params) *int { return &p.ProbCutMargin }},
	{Name: "ProbCutImproving", Default: 26, Min: 0, Max: 200, field: func(p *Params) *int { return &p.ProbCutImproving }},
	{Name: "TTCutHistory", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.TTCutHistory }},
	{Name: "LowPlyHistory", Default: 0, Min: 0, Max: 16, field: func(p *Params) *int { return &p.LowPlyHistory }},
	{Name: "ContHistDeep", Default: 0, Min: 0, Max: 2, field: func(p *Params) *int { return &p.ContHistDeep }},
	{Name: "ContHistIsOK", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.ContHistIsOK }},
	{Name: "TTRepKey", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.TTRepKey }},
	{Name: "ThreatOrder", Default: 0, Min: 0, Max: 100000, field: func(p *Params) *int { return &p.ThreatOrder }},
	{Name: "PriorFailLowMargin", Default: 0, Min: 0, Max: 200, field: func(p *Params) *int { return &p.PriorFailLowMargin }},
	{Name: "SEPVNode", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.SEPVNode }},
	{Name: "SEPVExtraDepth", Default: 2, Min: 0, Max: 6, field: func(p *Params) *int { return &p.SEPVExtraDepth }},
	{Name: "HistPruneMargin", Default: 0, Min: 0, Max: 10000, field: func(p *Params) *int { return &p.HistPruneMargin }},
	{Name: "HistPruneMaxDepth", Default: 5, Min: 1, Max: 20, field: func(p *Params) *int { return &p.HistPruneMaxDepth }},
	{Name: "FutilityHistDiv", Default: 0, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.FutilityHistDiv }},
	{Name: "RazorMargin", Default: 0, Min: 0, Max: 2000, field: func(p *Params) *int { return &p.RazorMargin }},
	{Name: "RazorPerDepth2", Default: 125, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.RazorPerDepth2 }},
	{Name: "RazorNotImproving", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.RazorNotImproving }},
	{Name: "EndgameEval", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.EndgameEval }},
	{Name: "RFPReturnDiv", Default: 0, Min: 0, Max: 8, field: func(p *Params) *int { return &p.RFPReturnDiv }},
	{Name: "QSFailHighDamp", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.QSFailHighDamp }},
	{Name: "SmallProbCutMargin", Default: 0, Min: 0, Max: 1000, field: func(p *Params) *int { return &p.SmallProbCutMargin }},
	{Name: "QSMoveCount", Default: 0, Min: 0, Max: 16, field: func(p *Params) *int { return &p.QSMoveCount }},
	{Name: "TTPv", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.TTPv }},
	{Name: "TTPvLMR", Default: 1, Min: 0, Max: 4, field: func(p *Params) *int { return &p.TTPvLMR }},
	{Name: "AspFailHighDepth", Default: 0, Min: 0, Max: 2, field: func(p *Params) *int { return &p.AspFailHighDepth }},
	{Name: "ContCorrection", Default: 0, Min: 0, Max: 400, field: func(p *Params) *int { return &p.ContCorrection }},
	{Name: "CaptureHistDiv", Default: 0, Min: 0, Max: 16, field: func(p *Params) *int { return &p.CaptureHistDiv }},
	{Name: "PostLMRBonus", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.PostLMRBonus }},
	{Name: "LMRCaptures", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.LMRCaptures }},
	{Name: "IIRStrong", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.IIRStrong }},
	{Name: "SENegExt", Default: 0, Min: 0, Max: 3, field: func(p *Params) *int { return &p.SENegExt }},
	{Name: "CaptureGoodSEE", Default: 0, Min: 0, Max: 256, field: func(p *Params) *int { return &p.CaptureGoodSEE }},
	{Name: "LMRCutNodeExtra", Default: 0, Min: 0, Max: 3, field: func(p *Params) *int { return &p.LMRCutNodeExtra }},
	{Name: "LMRPVDepth", Default: 0, Min: 0, Max: 40, field: func(p *Params) *int { return &p.LMRPVDepth }},
	{Name: "LMRSingularQuiet", Default: 0, Min: 0, Max: 2, field: func(p *Params) *int { return &p.LMRSingularQuiet }},
	{Name: "RFPWorsening", Default: 0, Min: 0, Max: 100, field: func(p *Params) *int { return &p.RFPWorsening }},
	{Name: "PVBestStats", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.PVBestStats }},
	{Name: "QSEvasions", Default: 0, Min: 0, Max: 8, field: func(p *Params) *int { return &p.QSEvasions }},
	{Name: "PruneMaterial", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.PruneMaterial }},
	{Name: "RootFullResearch", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.RootFullResearch }},
	{Name: "LMRExtend", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.LMRExtend }},
	{Name: "LMRPVSecond", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.LMRPVSecond }},
	{Name: "QuietOrderSF", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.QuietOrderSF }},
	{Name: "QSDeltaExempt", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.QSDeltaExempt }},
	{Name: "DrawJitter", Default: 0, Min: 0, Max: 1, field: func(p *Params) *int { return &p.DrawJitter }},
}

// tunedParams holds values from tuning runs (`play tune` writes them as
// "NAME = VALUE" lines) that replace the defaults above at build time:
// lines before any section for both games, lines under "[xiangqi]" or
// "[chess]" for that game only (the games' best constants differ).
//
//go:embed params.toml
var tunedParams string

// defaultParams[v] are the table's defaults with the tuned values of game v
// applied; defaultParams[0] are the table's defaults alone.
var defaultParams = func() (d [len(position.Variants) + 1]Params) {
	for i := range paramSpecs {
		ps := &paramSpecs[i]
		if ps.Step == 0 {
			ps.Step = float64(ps.Max-ps.Min) / 20
		}
		*ps.field(&d[0]) = ps.Default
	}
	for _, v := range position.Variants {
		d[v] = d[0]
		if err := d[v].applyTOML(tunedParams, v); err != nil {
			panic("search/params.toml: " + err.Error()) // a build-time file: TestTunedParams keeps it valid
		}
	}
	return d
}()

// DefaultParams returns the search constants the engine plays game v with
// (an invalid v: the table's defaults without tuned values).
func DefaultParams(v position.Variant) Params {
	if !v.Valid() {
		return defaultParams[0]
	}
	return defaultParams[v]
}

// ParamSpecs returns the table of tunable constants; Default is the value
// the engine plays game v with (after the tuned file).
func ParamSpecs(v position.Variant) []ParamSpec {
	d := DefaultParams(v)
	out := make([]ParamSpec, len(paramSpecs))
	copy(out, paramSpecs)
	for i := range out {
		out[i].Default = *out[i].field(&d)
		out[i].field = nil
	}
	return out
}

// ParamsFromTOML returns the constants an engine built with text as its
// search/params.toml plays game v with: the table's defaults with text's
// values for v applied (lines before any section and under "[<v>]"; the
// other game's lines are checked, not applied). It reads the params.toml of
// another revision, e.g. to undo the scaling an engine of an old match
// played with (selfplay data import -unscale @FILE). A bad line, an unknown
// constant or a value out of range is an error naming the line.
func ParamsFromTOML(text string, v position.Variant) (Params, error) {
	if !v.Valid() {
		return Params{}, fmt.Errorf("search: no game %v", v)
	}
	p := defaultParams[0]
	if err := p.applyTOML(text, v); err != nil {
		return Params{}, err
	}
	return p, nil
}

func findParam(name string) *ParamSpec {
	for i := range paramSpecs {
		if strings.EqualFold(paramSpecs[i].Name, name) {
			return &paramSpecs[i]
		}
	}
	return nil
}

// Set changes one constant by name (case-insensitive). An unknown name or a
// value outside the constant's range is an error and changes nothing.
func (p *Params) Set(name string, value int) error {
	ps := findParam(name)
	if ps == nil {
		return fmt.Errorf("unknown search parameter %q", name)
	}
	if value < ps.Min || value > ps.Max {
		return fmt.Errorf("search parameter %s: %d is outside [%d, %d]", ps.Name, value, ps.Min, ps.Max)
	}
	*ps.field(p) = value
	return nil
}

// Get returns one constant by name.
func (p *Params) Get(name string) (int, bool) {
	ps := findParam(name)
	if ps == nil {
		return 0, false
	}
	return *ps.field(p), true
}

// applyTOML sets the constants of game v from "NAME = VALUE" lines ('#'
// starts a comment) outside any section or in the section "[<v>]"; lines
// of the other game's section are checked but not applied. The first bad
// line is an error naming its number, and then nothing changes.
func (p *Params) applyTOML(text string, v position.Variant) error {
	q := *p
	var other Params // the other game's lines are checked against a scratch copy
	dst := &q
	for i, line := range strings.Split(text, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "[") {
			sec, err := position.ParseVariant(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")))
			if err != nil || !strings.HasSuffix(line, "]") {
				return fmt.Errorf("line %d: want a section [xiangqi] or [chess], got %q", i+1, line)
			}
			dst = &q
			if sec != v {
				other = q
				dst = &other
			}
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		if !ok {
			return fmt.Errorf("line %d: want NAME = VALUE, got %q", i+1, line)
		}
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return fmt.Errorf("line %d: value %q is not an integer", i+1, strings.TrimSpace(val))
		}
		if err := dst.Set(strings.TrimSpace(name), n); err != nil {
			return fmt.Errorf("line %d: %v", i+1, err)
		}
	}
	*p = q
	return nil
}

// lmrTable[d][n] is the base late-move reduction at depth d for the n-th move.
type lmrTable [64][64]int8

func (t *lmrTable) init(p *Params) {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(n))*100/float64(p.LMRDiv))
		}
	}
}

// WinnableScale returns the factor in 64ths by which the search scales a
// static evaluation v (any side's view) when the side v favours has
// material a and the other side o (position.Game.SideMaterial; see
// Params.WinnableMaterial): 64 when the scale is off, v is 0 or a + o is
// above WinnableMaterial.
func (p *Params) WinnableScale(v position.Value, a, o int) int {
	switch {
	case p.WinnableMaterial <= 0 || v == 0 || a+o > p.WinnableMaterial:
		return 64
	case a < p.WinnableLone:
		return p.WinnableLoneScale
	case a <= o && a < p.WinnableMinor:
		return p.WinnableMinorScale
	case a <= o:
		return p.WinnableEvenScale
	case a-o > p.WinnableEdge && a >= p.WinnableMinor:
		return p.WinnableEdgeScale
	}
	return 64
}

// winnableScale is WinnableScale for the static evaluation v of g from
// the side to move's view.
func (p *Params) winnableScale(v position.Value, g position.Game) int {
	if p.WinnableMaterial <= 0 {
		return 64
	}
	fav := favoured(v, g)
	return p.WinnableScale(v, g.SideMaterial(fav), g.SideMaterial(fav^1))
}

// favoured is the side a score v of g from the side to move's view favours
// (the side to move when v is 0).
func favoured(v position.Value, g position.Game) position.Color {
	if v < 0 {
		return g.SideToMove() ^ 1
	}
	return g.SideToMove()
}

// endgameScale is position.Game.ScaleFactor for the side the score v of g
// (the side to move's view) favours, 64 when EndgameScale is off or v is 0.
func (p *Params) endgameScale(v position.Value, g position.Game) int {
	if p.EndgameScale <= 0 || v == 0 {
		return 64
	}
	return g.ScaleFactor(favoured(v, g))
}

// TrainingScore returns a search score v of position g on the evaluator's
// own scale: the search scores the static evaluation scaled by material
// (EvalScaleBase), by how winnable the endgame is (WinnableMaterial) and
// by the known drawn endgames (EndgameScale), and damped by the move-count
// rule's counter (Rule50Damp),
// and self-play records its scores as labels for the next net, which must
// not learn what the search applies on top of it (nor can it see the
// counter). The root's factors are undone: v·(EvalScaleBase + full)/(EvalScaleBase
// + m), v·64/WinnableScale and v·64/ScaleFactor (of the side v favours; a
// factor of 0 is left as it is) and v·Rule50Damp/max(Rule50Damp − rule50,
// 1), capped below ValueKnownWin in size. v itself when all are off or v
// is a known win or loss (mates and rule verdicts are neither scaled nor
// damped).
func (p *Params) TrainingScore(v position.Value, g position.Game) position.Value {
	b, d := p.EvalScaleBase, p.Rule50Damp
	if b <= 0 && d <= 0 && p.WinnableMaterial <= 0 && p.EndgameScale <= 0 || v >= position.ValueKnownWin || v <= -position.ValueKnownWin {
		return v
	}
	u := int64(v)
	if b > 0 {
		m, full := g.ScaleMaterial()
		u = u * int64(b+full) / int64(b+m)
	}
	// The factors are the root's; a score from a leaf of other material
	// comes back larger or smaller than that leaf's evaluation (in the
	// saturated part of the result curve, for the most part).
	if f := p.winnableScale(v, g); f == 0 {
		return v // scaled to 0 at the root: nothing to undo, and no other factor applied
	} else if f != 64 {
		u = u * 64 / int64(f)
	}
	if f := p.endgameScale(v, g); f > 0 && f != 64 {
		u = u * 64 / int64(f)
	}
	if d > 0 {
		u = u * int64(d) / int64(max(d-g.State().Rule50, 1))
	}
	return position.Value(max(min(u, int64(position.ValueKnownWin-1)), -int64(position.ValueKnownWin-1)))
}

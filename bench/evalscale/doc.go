// Command evalscale measures how well the static evaluation predicts the
// results of real games, with and without the search's material scaling
// (search.Params.EvalScaleBase), move-count damping (Rule50Damp), winnable
// scale (WinnableMaterial) and known drawn endgames (EndgameScale), and
// which values predict best.
//
// It reads the games of PGN files (a match against an outside engine: the
// results are what the evaluation should predict), takes every -every-th
// position from ply -from on, and evaluates it with the chosen evaluator.
// Half the games (by a seeded shuffle) fit the logistic scale K of
// P(win) = σ(v·s/K), s = (base + m)/(base + full) from
// position.Game.ScaleMaterial (s = 1 without scaling), v the evaluation
// from White's/Red's view, by the log loss of the games' results (1, ½, 0
// for White/Red), for each base of the grid and each damping D of -damp
// (v multiplied by max(D − r, 0)/D, r the plies since the last capture or,
// in chess, pawn move: what the search does with Rule50Damp D; 0 is no
// damping) and each WinnableMaterial W of -winnable (v multiplied by
// search.Params.WinnableScale/64 for the side v favours, the other
// Winnable constants at the game's defaults, which are xiangqi's fit in
// both games; 0 is off) and each
// EndgameScale of -endgame (1: v multiplied by position.Game.ScaleFactor/64
// of the side v favours, the known drawn endgames); the other half gives
// the held-out log loss (natural log, mean per position). Lower is better;
// the gap between two rows is what the scaling buys on games it was not
// fitted on. Positions in check are skipped (the search does not evaluate them).
//
// With -classes M it also prints, over the endgame positions (both sides'
// material at most M, |v| ≥ 20), the scale s of σ(v·s/K) that fits each
// material class best: the favoured side's edge a − o and its own
// material a (position.Game.SideMaterial). A class at s near 0 is drawn
// whatever the evaluation says; the Winnable constants of search.Params
// are fitted from this table. In xiangqi, -defenders splits each class
// further by the other side's advisors and elephants (0–1, 2–3, 4): a
// small attacking edge against a full set of defenders is drawn more often.
//
// usage: go run ./bench/evalscale [-game xiangqi|chess] [-eval embedded|hand|FILE]
//
//	[-from 16] [-every 3] [-seed 1] [-bases 0,20,40,...] [-damp 0,200,...] [-winnable 0,60,...] [-endgame 0,1] [-classes 60 [-defenders]] FILE.pgn...
package main

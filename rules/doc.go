// Package rules adjudicates games of chess and xiangqi: who won and why.
//
// It judges a position with its history (JudgeChess, JudgeXiangqi, or Judge
// for either; Undecided is the check an opening must pass) or a whole game
// record (Adjudicate), and backs the `play result` command (cmd/play).
// Results are written from White's/Red's side: "1-0", "0-1", "1/2-1/2", or
// "*" while the game goes on.
//
// Chess (FIDE Laws, articles 5 and 9): checkmate; stalemate, dead positions
// (insufficient material: K v K, K+minor v K, bishops all on one colour),
// the automatic fivefold repetition and 75-move rule; threefold repetition
// and the fifty-move rule are claims, granted by default (Options.NoClaims
// turns them off).
//
// Xiangqi (AXF rules): a side with no legal move loses, checkmated or
// stalemated alike; a position where neither side has a rook, horse, cannon
// or pawn is dead and drawn at once ("insufficient material", as
// Fairy-Stockfish and Pikafish rule); a repetition is a draw unless one side
// checked perpetually or chased perpetually (that side loses; both sides: a
// draw). "One check, one chase" is a draw by default (AXF Rule 12, as
// Fairy-Stockfish and Pikafish judge); `play result -check-chase-loses`
// selects the WXF/Chinese reading, where the chaser loses
// (Options.Xiangqi, a xiangqi.RuleOptions: the rule options ride in the
// position, where the engine and self-play set them too). The natural-move
// limit (RuleOptions.NaturalLimitPlies, 120 plies without a capture by
// default) draws. docs/xiangqi-rules.md lists the
// chase rulings (pinned pieces, moves that answer or give check) and where
// Fairy-Stockfish rules otherwise.
//
// Every rule about repetitions and move counts comes from the position
// packages' own verdict functions (chess.Position.RuleVerdict and
// InsufficientMaterial, xiangqi.Position.RuleOutcome), the ones the search
// calls, so the engine and the arbiter cannot disagree. Only what the search
// never needs is added here: checkmate and stalemate at game level, and the
// chess fivefold and 75-move rules.
package rules

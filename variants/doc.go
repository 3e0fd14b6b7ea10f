// Package variants holds each game's bundle: everything the tools above the
// search need to know about xiangqi or chess beyond position.Game – the
// start FEN and constructors, perft, the search's Rules, the hand-written
// evaluation and its WDL model, the arbiter (package rules), the readable
// notation (WXF, SAN), the board's geometry and piece names, the bench
// positions, and the UCI_Elo calibration (the node budget at 1600 and the
// rating points per doubling).
//
// uci, human, selfplay and match switch on the position.Variant once, at
// their entry (pipeline only names the game to them), and from there on run generic code over one Def:
//
//	switch v {
//	case position.Xiangqi:
//		return run(variants.Xiangqi)
//	case position.Chess:
//		return run(variants.Chess)
//	}
//
// The packages below (position, search, eval, nn, datasets, notation,
// rules) do not import it; position/setup is the small constructor they use.
package variants

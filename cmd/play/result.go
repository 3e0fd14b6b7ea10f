// The `play result` command: adjudicate a game given as FEN and moves or as a PGN file (package rules).
package main

import (
	"encoding/json"
	"os"
	"strings"

	"dualnnue/internal/cli"
	"dualnnue/notation"
	"dualnnue/position"
	"dualnnue/rules"
	"dualnnue/variants"
)

// runResult prints one JSON line {"result":...,"reason":...} for the game
// given by -game, -fen and -moves, or one line per game of the PGN file
// given by -pgn ("-" reads standard input). Exit code 1: a bad game (an
// illegal or unreadable move, named with its move number, or a bad FEN or
// PGN); 2: bad flags.
func runResult(c *cli.Call) int {
	fs := c.Flags
	game := fs.String("game", "xiangqi", "game: xiangqi, chess or chess960 (not used with -pgn: a PGN game's Variant tag names its game, no tag is chess); standard chess refuses castling rights off the standard squares")
	fen := fs.String("fen", "startpos", "start position in FEN, or startpos")
	moves := fs.String("moves", "", "moves separated by spaces: UCI or SAN (chess: e2e4 or e4, Nf3, O-O), ICCS with ranks 0-9 or WXF (xiangqi: h2e2 or C2=5)")
	pgn := fs.String("pgn", "", "read the game(s) from this PGN `file` instead (- for standard input)")
	limit := fs.Int("natural-limit", variants.DefaultNaturalLimitPlies, "xiangqi natural-move limit in plies without a capture (120 = 60 moves per side)")
	noClaims := fs.Bool("no-claims", false, "chess: do not grant threefold repetition and the fifty-move rule (fivefold and 75 moves still apply)")
	checkChase := fs.Bool("check-chase-loses", false, "xiangqi: \"one check, one chase\" loses as a perpetual chase (WXF/Chinese rules); default: a draw (AXF rules, as Fairy-Stockfish and Pikafish)")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	if *limit <= 0 {
		return c.UsageError("-natural-limit must be positive")
	}

	var games []*notation.Game
	if *pgn != "" {
		r := c.Stdin
		if *pgn != "-" {
			f, err := os.Open(*pgn)
			if err != nil {
				return c.Fail(err)
			}
			defer f.Close()
			r = f
		}
		var err error
		if games, err = notation.ReadPGN(r); err != nil {
			return c.Fail(err)
		}
		if len(games) == 0 {
			return c.Errorf(1, "no game in the PGN input")
		}
	} else {
		v, c960, err := notation.ParseVariant(*game)
		if err != nil || strings.TrimSpace(*game) == "" {
			return c.UsageError("-game %q: want xiangqi, chess or chess960", *game)
		}
		var g *notation.Game
		if c960 {
			g, err = rules.GameFromMoves960(strings.TrimSpace(*fen), strings.Fields(*moves))
		} else {
			g, err = rules.GameFromMoves(v, strings.TrimSpace(*fen), strings.Fields(*moves))
		}
		if err != nil {
			// A move list of the other game: say how to choose it.
			other, flag := position.Chess, "chess"
			if v == position.Chess {
				other, flag = position.Xiangqi, "xiangqi"
			}
			if _, oerr := rules.GameFromMoves(other, "startpos", strings.Fields(*moves)); oerr == nil && strings.TrimSpace(*fen) == "startpos" && len(strings.Fields(*moves)) > 0 {
				return c.Errorf(1, "%v (these moves are %s: add -game %s)", err, flag, flag)
			}
			return c.Fail(err)
		}
		games = []*notation.Game{g}
	}
	enc := json.NewEncoder(c.Stdout)
	opt := rules.Options{NoClaims: *noClaims, Xiangqi: variants.RuleOptions{NaturalLimitPlies: *limit, CheckChaseIsChase: *checkChase}}
	for _, g := range games {
		out, err := rules.Adjudicate(g, opt)
		if err != nil {
			return c.Fail(err)
		}
		if err := enc.Encode(out.Verdict); err != nil {
			return c.Fail(err)
		}
	}
	return 0
}

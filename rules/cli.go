// The `play result` command: adjudicate a game given as FEN and moves or as a PGN file.
package rules

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"dualnnue/notation"
	"dualnnue/position/xiangqi"
)

// Run is `play result`: it prints one JSON line {"result":...,"reason":...}
// for the game given by -game, -fen and -moves (engine coordinates: chess
// UCI, xiangqi ICCS with ranks 0-9), or one line per game of the PGN file
// given by -pgn ("-" reads standard input). It returns the exit code: 0, 1
// for a bad game (an illegal or unreadable move, named with its move number,
// or a bad FEN or PGN; the message goes to stderr), 2 for bad flags.
func Run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("result", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "chess", "game: chess, chess960 or xiangqi (a PGN's Variant tag overrides it); standard chess refuses castling rights off the standard squares")
	fen := fs.String("fen", "startpos", "start position in FEN, or startpos")
	moves := fs.String("moves", "", "moves separated by spaces, in UCI (chess) or ICCS (xiangqi, ranks 0-9) coordinates")
	pgn := fs.String("pgn", "", "read the game(s) from this PGN file instead (- for standard input)")
	limit := fs.Int("natural-limit", xiangqi.NaturalLimitPlies, "xiangqi natural-move limit in plies without a capture (120 = 60 moves per side)")
	noClaims := fs.Bool("no-claims", false, "chess: do not grant threefold repetition and the fifty-move rule (fivefold and 75 moves still apply)")
	checkChase := fs.Bool("check-chase-loses", false, "xiangqi: \"one check, one chase\" loses as a perpetual chase (WXF/Chinese rules); default: a draw (AXF rules, as Fairy-Stockfish and Pikafish)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: play result -game xiangqi|chess|chess960 [-fen FEN] [-moves \"m1 m2 ...\"] | -pgn FILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "play result: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *limit <= 0 {
		fmt.Fprintln(stderr, "play result: -natural-limit must be positive")
		return 2
	}
	old := xiangqi.NaturalLimitPlies
	oldChase := xiangqi.CheckChaseIsChase
	xiangqi.NaturalLimitPlies = *limit
	xiangqi.CheckChaseIsChase = *checkChase
	defer func() { xiangqi.NaturalLimitPlies, xiangqi.CheckChaseIsChase = old, oldChase }()
	opt := Options{NoClaims: *noClaims}

	var games []*notation.Game
	if *pgn != "" {
		var r io.Reader = os.Stdin
		if *pgn != "-" {
			f, err := os.Open(*pgn)
			if err != nil {
				fmt.Fprintln(stderr, "play result:", err)
				return 1
			}
			defer f.Close()
			r = f
		}
		var err error
		if games, err = notation.ReadPGN(r); err != nil {
			fmt.Fprintln(stderr, "play result:", err)
			return 1
		}
		if len(games) == 0 {
			fmt.Fprintln(stderr, "play result: no game in the PGN input")
			return 1
		}
	} else {
		v, c960, err := notation.ParseVariant(*game)
		if err != nil || strings.TrimSpace(*game) == "" {
			fmt.Fprintf(stderr, "play result: -game %q: want chess, chess960 or xiangqi\n", *game)
			return 2
		}
		g, err := gameFromMoves(v, c960, strings.TrimSpace(*fen), strings.Fields(*moves))
		if err != nil {
			fmt.Fprintln(stderr, "play result:", err)
			return 1
		}
		games = []*notation.Game{g}
	}
	enc := json.NewEncoder(stdout)
	for _, g := range games {
		out, err := Adjudicate(g, opt)
		if err != nil {
			fmt.Fprintln(stderr, "play result:", err)
			return 1
		}
		if err := enc.Encode(out.Verdict); err != nil {
			fmt.Fprintln(stderr, "play result:", err)
			return 1
		}
	}
	return 0
}

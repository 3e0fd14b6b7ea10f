// The `play match` subcommand: a match between two UCI engines (package match).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"dualnnue/internal/cli"
	"dualnnue/internal/shard"
	"dualnnue/match"
	"dualnnue/notation"
	"dualnnue/rules"
)

func runMatch(c *cli.Call) int {
	fs := c.Flags
	var engines []match.EngineConfig
	fs.Func("engine", `an engine, twice: "cmd=PATH [name=N] [dir=D] [arg=A]... [option.NAME=VALUE]... [ranks=0|1]"; cmd=self is this binary. `+
		`Words are quoted like shell words, so an option name with spaces is written 'option.Move Overhead=30' or option."Use NNUE"=false `+
		`(in a shell, quote the whole flag: -engine "cmd=stockfish 'option.Move Overhead=30'")`, func(s string) error {
		e, err := match.ParseEngine(s)
		if err != nil {
			return err
		}
		if e.Cmd == "self" {
			if e.Cmd, err = os.Executable(); err != nil {
				return err
			}
		}
		engines = append(engines, e)
		return nil
	})
	game := fs.String("game", "xiangqi", "xiangqi|chess")
	tcText := fs.String("tc", "nodes=5000", "time control: nodes=N, depth=N, movetime=MS, or a clock x+y in seconds")
	games := fs.Int("games", 100, "number of games (rounded up to pairs: each opening twice, colours reversed)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "", "EPD/FEN (or PGN) opening file; default: the start position")
	pgnOut := fs.String("pgnout", "", "append every game to this PGN file")
	pgnRanks := fs.String("pgn-ranks", "0-9", `xiangqi PGN move ranks: "0-9" (ICCS/UCCI, Pikafish, this project) or "1-10" (Fairy-Stockfish and its tools); written as the XiangqiRanks tag`)
	sprtText := fs.String("sprt", "", "elo0,elo1,alpha,beta[,normalized|logistic]: stop when the SPRT decides")
	adjFlags := addAdjudicationFlags(fs)
	event := fs.String("event", "", "PGN Event tag")
	shardFlag := fs.String("shard", "", "play shard `i/n` of the match: the pairs p with p mod n = i (default: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, else the whole match); merge the shards' -results with play match merge")
	shards := fs.Int("shards", 0, "number of shards when the index comes from JOB_COMPLETION_INDEX (or MATCH_SHARDS)")
	results := fs.String("results", "", "write the match's result `file` (W/D/L and pentanomial of each game, engines, control, openings, shard) for play match merge")
	resume := fs.Bool("resume", false, "continue the match of the -results file (a shard killed or requeued): its games are kept, the missing ones played; with a larger -games, extend a finished match (an SPRT match only under the same -sprt and only if it ended undecided at its length)")
	if _, code, ok := c.Parse(); !ok {
		return code
	}
	g, code, ok := c.Game(*game)
	if !ok {
		return code
	}
	fail := func(err error) int { return c.UsageError("%v", err) }
	if len(engines) != 2 {
		return fail(fmt.Errorf("give exactly two -engine flags, got %d", len(engines)))
	}
	if *pgnRanks != "0-9" && *pgnRanks != "1-10" {
		return fail(fmt.Errorf("-pgn-ranks wants 0-9 or 1-10, got %q", *pgnRanks))
	}
	if *concurrency < 1 {
		return fail(fmt.Errorf("-concurrency must be >= 1, got %d", *concurrency))
	}
	tc, adj, err := adjFlags.read(*tcText)
	if err != nil {
		return fail(err)
	}
	cfg := match.Config{Game: g, Engines: [2]match.EngineConfig{engines[0], engines[1]}, TC: tc, Games: *games,
		Concurrency: *concurrency, PGNOut: *pgnOut, PGNRanks1: *pgnRanks == "1-10", Progress: c.Stderr, Event: *event,
		Adjudication: adj}
	if cfg.Shard, cfg.Shards, err = shard.Select(*shardFlag, *shards, "MATCH_SHARDS"); err != nil {
		return fail(err)
	}
	if cfg.Shards > 1 && *results == "" {
		return fail(fmt.Errorf("a shard (%d/%d) needs -results FILE: its games count only when merged", cfg.Shard, cfg.Shards))
	}
	if *resume && *results == "" {
		return fail(fmt.Errorf("-resume needs -results FILE"))
	}
	cfg.Results, cfg.Resume = *results, *resume
	if *games <= 0 || *concurrency <= 0 {
		return fail(fmt.Errorf("-games and -concurrency must be > 0"))
	}
	if *sprtText != "" {
		s, err := match.ParseSPRT(*sprtText)
		if err != nil {
			return fail(err)
		}
		cfg.SPRT = &s
	}
	if *openings != "" {
		if cfg.Openings, err = notation.ReadOpenings(*openings, g, rules.Undecided); err != nil {
			return c.Errorf(2, "%v", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := match.Run(ctx, cfg)
	if rep.Games > 0 || err == nil {
		if cfg.Shards > 1 {
			fmt.Fprintf(c.Stdout, "shard %d/%d of the match (no SPRT on a part; play match merge adds up the shards):\n", cfg.Shard, cfg.Shards)
		}
		fmt.Fprint(c.Stdout, rep.Table())
	}
	if ctx.Err() != nil {
		if cfg.Results != "" {
			return c.Stopped(fmt.Sprintf("%d games played; rerun the same command with -resume to play the rest", rep.Games))
		}
		return c.Stopped(fmt.Sprintf("the table covers the %d games played", rep.Games))
	}
	if err != nil {
		return c.Fail(err)
	}
	return 0
}

// adjudicationFlags are the flags of the time control's margins and of
// adjudication that play match and play tune share.
type adjudicationFlags struct {
	resign, draw *string
	maxPlies     *int
	margin, hang *time.Duration
}

func addAdjudicationFlags(fs *flag.FlagSet) *adjudicationFlags {
	return &adjudicationFlags{
		resign:   fs.String("resign", "", "score,moves: adjudicate a win when both engines agree for that many moves each"),
		draw:     fs.String("draw", "", "score,moves,after: adjudicate a draw when both report |score| <= score for moves each after ply after"),
		maxPlies: fs.Int("maxplies", 0, "adjudicate a draw after this many plies (0: 2,000)"),
		margin:   fs.Duration("margin", 50*time.Millisecond, "how far past its clock an engine may answer"),
		hang:     fs.Duration("hang", 60*time.Second, "an engine that takes longer on a nodes/depth search is hung"),
	}
}

// read parses the time control tcText with the margins, and the
// adjudication.
func (a *adjudicationFlags) read(tcText string) (match.TimeControl, match.Adjudication, error) {
	var adj match.Adjudication
	tc, err := match.ParseTimeControl(tcText)
	if err != nil {
		return tc, adj, err
	}
	tc.Margin, tc.Hang = *a.margin, *a.hang
	adj.MaxPlies = *a.maxPlies
	if *a.resign != "" {
		v, err := parseInts(*a.resign, 2)
		if err != nil || v[0] <= 0 || v[1] <= 0 {
			return tc, adj, fmt.Errorf("-resign wants score,moves (both > 0), got %q", *a.resign)
		}
		adj.ResignScore, adj.ResignMoves = v[0], v[1]
	}
	if *a.draw != "" {
		v, err := parseInts(*a.draw, 3)
		if err != nil || v[0] < 0 || v[1] <= 0 || v[2] < 0 {
			return tc, adj, fmt.Errorf("-draw wants score,moves,after (score, after >= 0, moves > 0), got %q", *a.draw)
		}
		adj.DrawScore, adj.DrawMoves, adj.DrawAfter = v[0], v[1], v[2]
	}
	if *a.maxPlies < 0 {
		return tc, adj, fmt.Errorf("-maxplies must be >= 0, got %d", *a.maxPlies)
	}
	return tc, adj, nil
}

// parseInts reads exactly n comma-separated integers.
func parseInts(s string, n int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("want %d comma-separated integers, got %q", n, s)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// runMatchMerge adds up the result files of a match's shards and prints
// the table of the whole match; any bad file is an error and no verdict.
func runMatchMerge(c *cli.Call) int {
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	rep, parts, err := match.MergeResults(files)
	if err != nil {
		return c.Errorf(1, "%v\nno result printed: fix or replay the shards named above", err)
	}
	h := parts[0].Header
	fmt.Fprintf(c.Stdout, "%d shard(s) of %s, %s, %d games\n", h.Shards, h.Match.Game, h.Match.TC, h.Match.Games)
	fmt.Fprint(c.Stdout, rep.Table())
	return 0
}

// runMatchCompare pairs two arms' result files by opening and prints B − A.
func runMatchCompare(c *cli.Call) int {
	side := c.Flags.Int("side", 0, "the compared engine's place in both matches: 0 the first -engine (bench/field.sh's, ours), 1 the second")
	args, code, ok := c.Parse()
	if !ok {
		return code
	}
	if *side != 0 && *side != 1 {
		return c.UsageError("-side %d: want 0 or 1", *side)
	}
	var arms [2]*match.Arm
	for i, a := range args {
		arm, err := match.LoadArm(strings.Split(a, ","), *side)
		if err != nil {
			return c.Errorf(1, "%v", err)
		}
		arms[i] = arm
	}
	cmp, err := match.Compare(arms[0], arms[1])
	if err != nil {
		return c.Errorf(1, "%v", err)
	}
	fmt.Fprint(c.Stdout, cmp.Text())
	return 0
}

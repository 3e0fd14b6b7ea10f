// The command table: the UCI engine (no command) and the subcommands.
package main

import (
	"dualnnue/internal/version"
	"os"

	"dualnnue/internal/cli"
	"dualnnue/internal/enginecmd"
)

// root is the engine; its subcommands are listed here, one entry each.
var root = &cli.Command{
	Name:     "play",
	Version:  version.String,
	Synopsis: "the engine (UCI or UCCI on stdin/stdout, xiangqi and chess) and its tools",
	Usage:    "[-variant xiangqi|chess]\nCOMMAND [flags]",
	Doc: `With no command it is the engine: send "uci" (or "ucci" for UCCI). -variant
sets the game of "position startpos" before any UCI_Variant (default xiangqi,
chess when the binary's name contains "chess"; dualnnue-chess is this engine
with chess as its default, for GUIs that pass no arguments). A start position
whose moves are legal only in the other game switches to it, with a note.`,
	Example: "play -variant chess",
	Run:     runEngine,
	Sub: []*cli.Command{
		{
			Name: "bench", Synopsis: "search the bench positions; print Nodes searched and Nodes/second",
			Usage:   "[-game xiangqi|chess|both] [-depth N] [-threads N] [-hash MiB] [-eval embedded|hand|NET] [-cpuprofile FILE]",
			Example: "play bench -game chess -depth 10",
			Run:     runBench,
		},
		{
			Name: "human", Synopsis: "play against the engine in the terminal (xiangqi or chess)",
			Usage:   "[-game xiangqi|chess] [-color red|white|black] [flags]",
			Example: "play human -game chess -color black -movetime 1",
			Run:     runHuman,
		},
		{
			Name: "match", Synopsis: "play a match between two UCI engines (Elo, pentanomial, SPRT)",
			Usage: "-engine SPEC -engine SPEC [-game xiangqi|chess] [-tc TC] [-games N] [flags]",
			Example: `play match -game chess -tc nodes=5000 -games 200 -engine "cmd=self name=net" -engine "cmd=self name=hand 'option.Use NNUE=false'"
				play match -tc 10+0.1 -concurrency 2 -sprt 0,5,0.05,0.05 -engine cmd=self -engine "cmd=./old-play name=old" -pgnout games.pgn
				play match -shard 0/4 -results m0.results -tc nodes=5000 -games 400 -engine cmd=self -engine "cmd=self 'option.Use NNUE=false'"`,
			Run: runMatch,
			Sub: []*cli.Command{{
				Name: "merge", Synopsis: "add up the result files of a match's shards: the table, Elo and SPRT of the whole match",
				Usage:   "FILE...",
				Doc:     `Refuses (exit 1, no verdict) a truncated file, a file of another match, a shard given twice and a missing shard, naming the files.`,
				Example: "play match merge m0.results m1.results m2.results m3.results",
				MinArgs: 1, MaxArgs: cli.Many,
				Run: runMatchMerge,
			}, {
				Name: "compare", Synopsis: "compare two engines that played one opponent on the same openings, paired by opening (points per pair, Elo difference ± 95 %)",
				Usage: "[-side 0|1] A.results[,SHARD.results...] B.results[,SHARD.results...]",
				Doc: `Each arm is a match of an engine against the same opponent (the same command
file name, options and name), game, control, openings and adjudication, as
bench/field.sh plays them; an arm played in shards is its files joined by
commas. Only the opening pairs both arms played whole count, so an arm still
running (no end line) can be compared. The pairing takes out what an opening
does to both arms, so the interval of the difference is narrower than the
unpaired one (how much depends on how much the openings decide). The same
command and name on both arms' compared side (two bench/field.sh arms) is
pointed out: then only -side tells it from the opponent. Anything else
(another opponent or control, a corrupt file, no pair in common) is an error.`,
				Example: "play match compare runs/field/main.results runs/field/new.results",
				MinArgs: 2, MaxArgs: 2,
				Run: runMatchCompare,
			}},
		},
		{
			Name: "openings", Synopsis: "make a balanced opening set (random plies kept when a short search scores them near 0)",
			Usage:   "[-game xiangqi|chess] [-n N] [-plies N] [-out FILE] [flags]",
			Example: "play openings -game chess -n 500 -plies 8 -out chess-8ply.epd",
			Run:     runOpenings,
		},
		{
			Name: "pipeline", Synopsis: "run generations of self-play → train → match → keep (default: the embedded small config)",
			Usage:   "[-game xiangqi|chess] [-config FILE.toml] [-generations N] [-out DIR] [-quiet]",
			Example: "play pipeline -game chess -generations 2 -out runs/chess-small",
			Run:     runPipeline,
		},
		{
			Name: "result", Synopsis: `adjudicate a game: one JSON line {"result","reason"} (FEN and moves, or each game of a PGN file)`,
			Usage: "[-game xiangqi|chess|chess960] [-fen FEN] [-moves \"M1 M2 ...\"] [flags]\n-pgn FILE [flags]",
			Doc: `Moves are engine coordinates (chess UCI e2e4, e7e8q; xiangqi ICCS with
ranks 0-9, h2e2) or the game's notation (chess SAN e4, Nf3, O-O, e8=Q;
xiangqi WXF C2=5, H2+3), mixed as you like. Exit 1 for a bad game: an
illegal or unreadable move (named with its move number), or a bad FEN or PGN.`,
			Example: `play result -game chess -moves "f2f3 e7e5 g2g4 d8h4"
				play result -game chess -moves "f3 e5 g4 Qh4#"
				play result -moves "h2e2 h9g7" -check-chase-loses
				play result -pgn games.pgn`,
			Run: runResult,
		},
		{
			Name: "tune", Synopsis: "tune the engine's search constants by SPSA (OpenBench's method), resumable",
			Usage: "-params FILE [-game xiangqi|chess] [-iterations N] [-pairs N] [-tc TC] [-out FILE] [flags]\n-list-params [-engine SPEC] [-game xiangqi|chess]",
			Doc: `Each iteration perturbs every parameter by ±c_k at random, plays the engine
with θ+c_k·flip against θ−c_k·flip (-pairs game pairs on successive
openings) and moves θ by r_k·c_k·(wins−losses)·flip. The state is saved after
every iteration: the same command resumes after a kill. The engine must list
the parameters as spin options (this binary does with -tune, the default
-engine). docs/tuning.md tells how to confirm a tune with an SPRT.`,
			Example: `play tune -list-params -game chess
				play tune -game chess -params params.txt -iterations 2000 -pairs 4 -concurrency 2 -tc 2+0.02 -openings configs/openings/chess.epd -out chess-tuned.toml`,
			Run: runTune,
		},
	},
}

func main() {
	os.Exit(root.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runEngine is the UCI engine: commands from stdin, answers on stdout.
// -variant picks the game a GUI that sends no UCI_Variant gets for
// "position startpos" (a "position fen" picks the game its FEN fits, and a
// start position whose moves only the other game accepts switches to it);
// its default is chess when the binary's name contains "chess".
func runEngine(c *cli.Call) int {
	return enginecmd.Run(c, "dualnnue "+version.String(), enginecmd.DefaultVariant(os.Args[0]))
}

// The `selfplay data` commands: the dataset tools of package datasets.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"dualnnue/datasets"
	"dualnnue/internal/cli"
	"dualnnue/position"
	"dualnnue/search"
)

// dataCmd groups the dataset tools; each takes dataset files.
var dataCmd = &cli.Command{
	Name:     "data",
	Synopsis: "dataset tools: inspect, check, combine and convert .dnds files",
	Usage:    "COMMAND [flags] FILE...",
	Example:  "selfplay data verify data/selfplay/chess/*.dnds",
	Sub: []*cli.Command{
		{
			Name: "inspect", Synopsis: "file header, generator info, block table, damage",
			Usage: "FILE...", Example: "selfplay data inspect data/selfplay/chess/*.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataInspect,
		},
		{
			Name: "stats", Synopsis: "games, positions, results, score and ply histograms, bytes/position; exit 1 on damage",
			Usage: "FILE...", Example: "selfplay data stats data/selfplay/chess/*.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataStats,
		},
		{
			Name: "verify", Synopsis: "checksums and full replay legality of every file; exit 1 on damage",
			Usage: "FILE...", Example: "selfplay data verify data/selfplay/chess/*.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataVerify,
		},
		{
			Name: "merge", Synopsis: "copy every block of the inputs into one file",
			Usage:   "[-salvage] -out OUT FILE...",
			Doc:     "A damaged input is refused unless -salvage (copy its intact blocks).",
			Example: "selfplay data merge -out all.dnds shards/*.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataMerge,
		},
		{
			Name: "split", Synopsis: "deal the games round-robin into N files PREFIX-000.dnds ...",
			Usage:   "[-salvage] -n N -out PREFIX FILE...",
			Doc:     "A damaged input is refused unless -salvage (copy its intact games).",
			Example: "selfplay data split -n 4 -out shards/part all.dnds",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataSplit,
		},
		{
			Name: "export", Synopsis: `write the positions as "FEN | score | result" lines; exit 1 on damage`,
			Usage:   "[-out OUT] [filters] FILE...",
			Doc:     "score: centipawns from White's/Red's view; result 1.0, 0.5 or 0.0 from White's/Red's view.",
			Example: "selfplay data export data/selfplay/chess/*.dnds -skip-in-check -min-ply 16 -out chess.txt",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataExport,
		},
		{
			Name: "import", Synopsis: `read "FEN | score | result" lines or PGN with engine evaluations into a new file`,
			Usage: "-game G -out OUT [-format text|pgn] FILE...",
			Doc: `PGN moves carry their evaluations in comments ({+0.35/12 0.5s}, {-M5/20});
xiangqi moves are ICCS (ranks 0-9) or WXF, or with [XiangqiRanks "1-10"]
Fairy-Stockfish's ranks 1-10.`,
			Example: "selfplay data import -game chess -out imported.dnds games.pgn",
			MinArgs: 1, MaxArgs: cli.Many, Run: dataImport,
		},
	},
}

func dataInspect(c *cli.Call) int {
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	for _, p := range files {
		fi, err := datasets.Inspect(p)
		if err != nil {
			code = c.Fail(err)
			continue
		}
		fi.Write(c.Stdout)
	}
	return code
}

func dataStats(c *cli.Call) int {
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	var s datasets.Stats
	for _, p := range files {
		if err := s.Add(p); err != nil {
			return c.Fail(err)
		}
	}
	s.Write(c.Stdout)
	if s.Damaged > 0 {
		return c.Errorf(1, "%d problems that are damage: the figures miss what was lost", s.Damaged)
	}
	return 0
}

func dataVerify(c *cli.Call) int {
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	for _, p := range files {
		rep, err := datasets.Verify(p)
		if err != nil {
			code = c.Fail(err)
			continue
		}
		rep.Write(c.Stdout)
		if rep.FirstBad != nil {
			code = 1
		}
	}
	return code
}

func dataMerge(c *cli.Call) int {
	out := c.Out("", "output `file` (required)", "o")
	salvage := c.Flags.Bool("salvage", false, "copy the intact blocks of damaged inputs instead of refusing them")
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	if *out == "" {
		return c.UsageError("-out OUT is required")
	}
	recs, games, err := datasets.Merge(*out, files, *salvage, c.Stderr)
	if err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(c.Stdout, "%s: %d games, %d positions from %d files\n", *out, games, recs, len(files))
	return 0
}

func dataSplit(c *cli.Call) int {
	out := c.Out("", "`prefix` of the output files (required)", "o")
	shards := c.Flags.Int("n", 0, "number of output files (required)")
	salvage := c.Flags.Bool("salvage", false, "copy the intact games of damaged inputs instead of refusing them")
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	if *out == "" || *shards < 1 {
		return c.UsageError("-n N (>= 1) and -out PREFIX are required")
	}
	names, err := datasets.Split(files, *out, *shards, *salvage, c.Stderr)
	if err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(c.Stdout, "wrote %s\n", strings.Join(names, " "))
	return 0
}

func dataExport(c *cli.Call) int {
	fs := c.Flags
	out := c.Out("", "output `file` (default: standard output)", "o")
	var f datasets.Filter
	fs.BoolVar(&f.SkipInCheck, "skip-in-check", false, "skip positions in check")
	fs.BoolVar(&f.SkipCaptures, "skip-captures", false, "skip positions whose move played captures")
	fs.BoolVar(&f.SkipBestCaptures, "skip-best-captures", false, "skip positions whose best move captures")
	fs.IntVar(&f.MinPly, "min-ply", 0, "skip positions before this game ply")
	fs.IntVar(&f.MaxAbsScore, "max-score", 0, "skip |score| above this many cp (0: no limit)")
	fs.Float64Var(&f.RandomSkip, "random-skip", 0, "probability of skipping a position, in [0, 1)")
	fs.Uint64Var(&f.Seed, "seed", 0, "seed of the random skipping")
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	switch {
	case !(f.RandomSkip >= 0 && f.RandomSkip < 1):
		return c.UsageError("-random-skip %v out of range [0, 1) (the probability of skipping a position)", f.RandomSkip)
	case f.MinPly < 0:
		return c.UsageError("-min-ply %d is negative", f.MinPly)
	case f.MaxAbsScore < 0:
		return c.UsageError("-max-score %d is negative (0: no limit)", f.MaxAbsScore)
	}
	w := c.Stdout
	var fh *os.File
	if *out != "" {
		var err error
		if fh, err = os.Create(*out); err != nil {
			return c.Fail(err)
		}
		w = fh
	}
	total, damaged, err := datasets.ExportFiles(w, files, &f, c.Stderr)
	if err == nil && fh != nil {
		err = fh.Close()
		fh = nil
	}
	if err != nil {
		if fh != nil {
			fh.Close()
		}
		if *out != "" {
			os.Remove(*out) // no partial output that looks complete
		}
		return c.Fail(err)
	}
	if *out != "" {
		fmt.Fprintf(c.Stderr, "%s: %d positions\n", *out, total)
	}
	if damaged > 0 {
		return c.Errorf(1, "%d problems that are damage: the positions of the damaged blocks are missing", damaged)
	}
	return 0
}

func dataImport(c *cli.Call) int {
	gameName := c.Flags.String("game", "", "game of the imported data: chess or xiangqi (required)")
	out := c.Out("", "output `file` (required)", "o")
	format := c.Flags.String("format", "", "input format: text or pgn (default: pgn for *.pgn, else text)")
	unscale := c.Flags.String("unscale", "", "undo the search's scaling of the evaluation in the scores, as self-play does for its labels (search.Params.TrainingScore): "+
		"`SPEC` is \"build\" (the engine played with this build's search settings), NAME=VALUE,... changed from them (e.g. EvalScaleBase=80: the scaling constants the engine had), "+
		"or @FILE, the search/params.toml the engine was built with (git show REV:search/params.toml; bench/sprtdata.sh does this for SPRT games)")
	var perEngine engineSpecs
	c.Flags.Var(&perEngine, "unscale-engine", "as -unscale for the moves of one engine of a PGN match whose two engines had different settings: `ENGINE:SPEC`, "+
		"ENGINE the name in the White/Black tags or its start (\"new\" for new-1a2b3c); repeat it for each engine. A game of an engine none names "+
		"(nor -unscale, which then covers the others) stops the import")
	files, code, ok := c.Parse()
	if !ok {
		return code
	}
	if *gameName == "" || *out == "" {
		return c.UsageError("-game chess|xiangqi and -out OUT are required")
	}
	g, code, ok := c.Game(*gameName)
	if !ok {
		return code
	}
	opt := datasets.ImportOptions{Format: *format, Warn: c.Stderr}
	if *unscale != "" {
		prm, note, err := unscaleParams(g, *unscale)
		if err != nil {
			return c.UsageError("-unscale: %v", err)
		}
		opt.Rescore, opt.Note = prm.TrainingScore, note
	}
	var unused func() []string
	if len(perEngine) > 0 {
		byPlayer, note, un, err := perEngine.rescorers(g, opt.Rescore, opt.Note)
		if err != nil {
			return c.UsageError("-unscale-engine: %v", err)
		}
		opt.RescorePlayer, opt.Note, unused = byPlayer, note, un
	}
	if opt.Note != "" {
		fmt.Fprintf(c.Stderr, "import: scores unscaled for %s\n", opt.Note)
	}
	st, err := datasets.ImportFilesWith(*out, g, files, opt)
	if err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(c.Stdout, "%s: %d games (chains), %d positions (%d unscored), %d skipped\n", *out, st.Games, st.Positions, st.Unscored, st.Skipped)
	if unused != nil {
		for _, name := range unused() {
			fmt.Fprintf(c.Stderr, "import: warning: -unscale-engine %s named no engine of the imported games: its settings were not used\n", name)
		}
	}
	return 0
}

// unscaleParams is the search settings of -unscale: this build's for game
// g, with NAME=VALUE changes unless spec is "build", or those of the
// params.toml file named by "@FILE" (another revision's: git show
// REV:search/params.toml), and a note naming the constants by which the
// search scales the evaluation.
func unscaleParams(g position.Variant, spec string) (*search.Params, string, error) {
	prm := search.DefaultParams(g)
	if file, ok := strings.CutPrefix(spec, "@"); ok {
		text, err := readParamsFile(file)
		if err != nil {
			return nil, "", err
		}
		if prm, err = search.ParamsFromTOML(string(text), g); err != nil {
			return nil, "", fmt.Errorf("%s: %v", file, err)
		}
	} else if spec != "build" {
		for _, kv := range strings.Split(spec, ",") {
			name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if !ok || err != nil {
				return nil, "", fmt.Errorf("%q is not NAME=VALUE (an integer), nor \"build\"", kv)
			}
			if err := prm.Set(strings.TrimSpace(name), n); err != nil {
				return nil, "", err
			}
		}
	}
	var parts []string
	for _, name := range []string{"EvalScaleBase", "WinnableMaterial", "EndgameScale", "Rule50Damp"} {
		v, _ := prm.Get(name)
		parts = append(parts, fmt.Sprintf("%s=%d", name, v))
	}
	return &prm, strings.Join(parts, ","), nil
}

// engineSpecs are the -unscale-engine flags: ENGINE:SPEC, SPEC as -unscale's.
type engineSpecs []engineSpec

type engineSpec struct{ engine, spec string }

func (e *engineSpecs) String() string {
	if e == nil {
		return ""
	}
	var parts []string
	for _, s := range *e {
		parts = append(parts, s.engine+":"+s.spec)
	}
	return strings.Join(parts, " ")
}

func (e *engineSpecs) Set(v string) error {
	engine, spec, ok := strings.Cut(v, ":")
	engine, spec = strings.TrimSpace(engine), strings.TrimSpace(spec)
	if !ok || engine == "" || spec == "" {
		return fmt.Errorf("%q is not ENGINE:SPEC (e.g. new:WinnableMaterial=80)", v)
	}
	for _, s := range *e {
		if s.engine == engine {
			return fmt.Errorf("engine %q given twice", engine)
		}
	}
	*e = append(*e, engineSpec{engine, spec})
	return nil
}

// rescorers turns the specs into datasets.ImportOptions.RescorePlayer: an
// engine's name takes the spec of the longest ENGINE it equals or starts
// with, else fallback (-unscale's; nil: an error naming the engine). The
// note lists each engine's scaling constants (and the fallback's as "*").
// unused gives, after the import, the ENGINEs that no game's engine took
// (a misspelt name whose engine the fallback then covered).
func (e engineSpecs) rescorers(g position.Variant, fallback datasets.RescoreFunc, fallbackNote string) (byPlayer func(string) (datasets.RescoreFunc, error), note string, unused func() []string, err error) {
	fs := make([]datasets.RescoreFunc, len(e))
	used := make([]bool, len(e))
	var notes, names []string
	for i, s := range e {
		prm, note, err := unscaleParams(g, s.spec)
		if err != nil {
			return nil, "", nil, fmt.Errorf("%s: %v", s.engine, err)
		}
		fs[i] = prm.TrainingScore
		notes = append(notes, s.engine+":"+note)
		names = append(names, s.engine)
	}
	if fallback != nil {
		notes = append(notes, "*:"+fallbackNote)
	}
	byPlayer = func(name string) (datasets.RescoreFunc, error) {
		best := -1
		for i, s := range e {
			if strings.HasPrefix(name, s.engine) && (best < 0 || len(s.engine) > len(e[best].engine)) {
				best = i
			}
		}
		switch {
		case best >= 0:
			used[best] = true
			return fs[best], nil
		case fallback != nil:
			return fallback, nil
		}
		return nil, fmt.Errorf("engine %q has no -unscale-engine settings (given for %s) and no -unscale covers the others", name, strings.Join(names, ", "))
	}
	unused = func() []string {
		var out []string
		for i, s := range e {
			if !used[i] {
				out = append(out, s.engine)
			}
		}
		return out
	}
	return byPlayer, strings.Join(notes, " "), unused, nil
}

// maxParamsFile bounds what -unscale @FILE reads: search/params.toml is a
// few hundred bytes, and a device or a wrong file must not fill memory.
const maxParamsFile = 1 << 20

func readParamsFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, maxParamsFile+1))
	if err != nil {
		return nil, err
	}
	if len(text) > maxParamsFile {
		return nil, fmt.Errorf("%s: larger than %d bytes, not a search/params.toml", name, maxParamsFile)
	}
	return text, nil
}

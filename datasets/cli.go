// RunTool: the command-line front end of the data tools (`selfplay data ...`).
package datasets

import (
	"dualnnue/position"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

const toolUsage = `usage: data <tool> [flags] files...

tools:
  inspect FILE...                 file header, generator info, block table, damage
  stats FILE...                   games, positions, results, score and ply histograms, bytes/position;
                                  exit 1 on damage
  verify FILE...                  checksums and full replay legality; exit 1 on damage
  merge [-salvage] -o OUT FILE... copy every block of the inputs into OUT; a damaged input
                                  is refused unless -salvage (copy its intact blocks)
  split [-salvage] -n N -o PREFIX FILE...
                                  deal games round-robin into PREFIX-000.dnds ...
  export [-o OUT] [filters] FILE...   write "FEN | score | result" lines; exit 1 on damage
                                  (score: cp, White/Red view; result 1.0/0.5/0.0, White/Red view)
  import -game G -o OUT [-format text|pgn] FILE...
                                  read "FEN | score | result" lines or PGN with engine
                                  evaluations in move comments ({+0.35/12 0.5s}, {-M5/20});
                                  xiangqi moves in ICCS (ranks 0-9) or WXF, or with
                                  [XiangqiRanks "1-10"] Fairy-Stockfish's ranks 1-10
`

// RunTool runs one data tool with its arguments (args[0] is the tool name)
// and returns the process exit code: 0 success, 1 damage found or failure,
// 2 bad usage.
func RunTool(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" || args[0] == "--help" {
		fmt.Fprint(stderr, toolUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	tool, args := args[0], args[1:]
	fs := flag.NewFlagSet("data "+tool, flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output file (merge, export, import) or prefix (split)")
	shards := fs.Int("n", 0, "number of shards (split)")
	gameName := fs.String("game", "", "game of the imported data: chess or xiangqi (import)")
	format := fs.String("format", "", "import format: text or pgn (default: pgn for *.pgn, else text)")
	salvage := fs.Bool("salvage", false, "merge, split: copy the intact blocks of damaged inputs instead of refusing them")
	var f Filter
	fs.BoolVar(&f.SkipInCheck, "skip-in-check", false, "export: skip positions in check")
	fs.BoolVar(&f.SkipCaptures, "skip-captures", false, "export: skip positions whose move played captures")
	fs.BoolVar(&f.SkipBestCaptures, "skip-best-captures", false, "export: skip positions whose best move captures")
	fs.IntVar(&f.MinPly, "min-ply", 0, "export: skip positions before this game ply")
	fs.IntVar(&f.MaxAbsScore, "max-score", 0, "export: skip |score| above this many cp (0: no limit)")
	fs.Float64Var(&f.RandomSkip, "random-skip", 0, "export: probability of skipping a position")
	fs.Uint64Var(&f.Seed, "seed", 0, "export: seed of the random skipping")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	files := fs.Args()
	if len(files) == 0 {
		fmt.Fprintf(stderr, "data %s: no input files\n", tool)
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "data %s: %v\n", tool, err)
		return 1
	}
	switch tool {
	case "inspect":
		code := 0
		for _, p := range files {
			fi, err := Inspect(p)
			if err != nil {
				fmt.Fprintf(stderr, "data inspect: %v\n", err)
				code = 1
				continue
			}
			fi.Write(stdout)
		}
		return code
	case "stats":
		var s Stats
		for _, p := range files {
			if err := s.Add(p); err != nil {
				return fail(err)
			}
		}
		s.Write(stdout)
		if s.Damaged > 0 {
			fmt.Fprintf(stderr, "data stats: %d problems that are damage: the figures miss what was lost\n", s.Damaged)
			return 1
		}
		return 0
	case "verify":
		code := 0
		for _, p := range files {
			rep, err := Verify(p)
			if err != nil {
				fmt.Fprintf(stderr, "data verify: %v\n", err)
				code = 1
				continue
			}
			rep.Write(stdout)
			if rep.FirstBad != nil {
				code = 1
			}
		}
		return code
	case "merge":
		if *out == "" {
			fmt.Fprintln(stderr, "data merge: -o OUT is required")
			return 2
		}
		recs, games, err := Merge(*out, files, *salvage, stderr)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "%s: %d games, %d positions from %d files\n", *out, games, recs, len(files))
		return 0
	case "split":
		if *out == "" || *shards < 1 {
			fmt.Fprintln(stderr, "data split: -n N (>= 1) and -o PREFIX are required")
			return 2
		}
		names, err := Split(files, *out, *shards, *salvage, stderr)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "wrote %s\n", strings.Join(names, " "))
		return 0
	case "export":
		w := stdout
		var fh *os.File
		if *out != "" {
			var err error
			if fh, err = os.Create(*out); err != nil {
				return fail(err)
			}
			w = fh
		}
		failOut := func(err error) int {
			if fh != nil {
				fh.Close()
				os.Remove(*out) // no partial output that looks complete
			}
			return fail(err)
		}
		var total int64
		damaged := 0
		for _, p := range files {
			r, err := Open(p, &f)
			if err != nil {
				return failOut(err)
			}
			n, err := ExportText(w, r)
			for _, pr := range r.Problems() {
				fmt.Fprintf(stderr, "%s: %v\n", p, pr)
				if !pr.Warning {
					damaged++
				}
			}
			r.Close()
			total += n
			if err != nil {
				return failOut(err)
			}
		}
		if fh != nil {
			if err := fh.Close(); err != nil {
				return failOut(err)
			}
			fmt.Fprintf(stderr, "%s: %d positions\n", *out, total)
		}
		if damaged > 0 {
			fmt.Fprintf(stderr, "data export: %d problems that are damage: the positions of the damaged blocks are missing\n", damaged)
			return 1
		}
		return 0
	case "import":
		g, err := position.ParseVariant(*gameName)
		if err != nil || *out == "" {
			fmt.Fprintln(stderr, "data import: -game chess|xiangqi and -o OUT are required")
			return 2
		}
		w, err := Create(*out, g, GeneratorInfo{Engine: "import", Extra: map[string]string{"imported_from": strings.Join(baseNames(files), ",")}}, nil)
		if err != nil {
			return fail(err)
		}
		var total ImportStats
		for _, p := range files {
			fh, err := os.Open(p)
			if err != nil {
				w.Abort()
				return fail(err)
			}
			kind := *format
			if kind == "" {
				kind = "text"
				if strings.EqualFold(filepath.Ext(p), ".pgn") {
					kind = "pgn"
				}
			}
			var st ImportStats
			switch kind {
			case "text":
				st, err = ImportText(fh, w, prefixWriter{stderr, p + ": "})
			case "pgn":
				st, err = ImportPGN(fh, w, prefixWriter{stderr, p + ": "})
			default:
				err = fmt.Errorf("unknown format %q (want text or pgn)", kind)
			}
			fh.Close()
			if err != nil {
				w.Abort() // no partial output that looks complete
				return fail(fmt.Errorf("%s: %w", p, err))
			}
			total.Games += st.Games
			total.Positions += st.Positions
			total.Skipped += st.Skipped
			total.Unscored += st.Unscored
		}
		if err := w.Close(); err != nil {
			w.Abort()
			return fail(err)
		}
		fmt.Fprintf(stdout, "%s: %d games (chains), %d positions (%d unscored), %d skipped\n", *out, total.Games, total.Positions, total.Unscored, total.Skipped)
		return 0
	}
	fmt.Fprintf(stderr, "data: unknown tool %q\n%s", tool, toolUsage)
	return 2
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// prefixWriter prefixes every write (one message per write) with a name.
type prefixWriter struct {
	w      io.Writer
	prefix string
}

func (p prefixWriter) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix); err != nil {
		return 0, err
	}
	return p.w.Write(b)
}

// Data tools as library functions: inspect, stats, verify, merge, split, export and import of files.
package datasets

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"dualnnue/position"
)

// BlockInfo describes one intact block of a file.
type BlockInfo struct {
	Index            int
	Offset           int64
	Header           BlockHeader
	CompressionRatio float64
}

// FileInfo is what Inspect finds in one file.
type FileInfo struct {
	Path     string
	Size     int64
	Header   FileHeader
	Blocks   []BlockInfo
	Problems []Problem
	Ended    bool   // end marker present (file closed cleanly)
	Records  uint64 // sum over intact blocks
	Games    uint64
}

// Inspect reads the headers of every block of path (payloads are
// checksummed but not decoded).
func Inspect(path string) (*FileInfo, error) {
	f, sc, err := openScanner(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	fi := &FileInfo{Path: path, Size: st.Size(), Header: *sc.Header()}
	for {
		if _, ok := sc.Next(); !ok {
			break
		}
		h, idx, off := sc.Block()
		bi := BlockInfo{Index: idx, Offset: off, Header: *h}
		if h.Size > 0 {
			bi.CompressionRatio = float64(h.RawSize) / float64(h.Size)
		}
		fi.Blocks = append(fi.Blocks, bi)
		fi.Records += uint64(h.Records)
		fi.Games += uint64(h.Games)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	fi.Ended, _, _ = sc.Ended()
	fi.Problems = sc.Problems()
	return fi, nil
}

// Write prints fi for people.
func (fi *FileInfo) Write(w io.Writer) {
	fmt.Fprintf(w, "%s: %d bytes, %v, format %d, %d blocks, %d games, %d positions", fi.Path, fi.Size, fi.Header.Game, fi.Header.Version, len(fi.Blocks), fi.Games, fi.Records)
	if fi.Records > 0 {
		fmt.Fprintf(w, ", %.3f bytes/position", float64(fi.Size)/float64(fi.Records))
	}
	if !fi.Ended {
		fmt.Fprint(w, ", NOT CLOSED")
	}
	fmt.Fprintln(w)
	writeGenerator(w, &fi.Header.Generator)
	fmt.Fprintf(w, "  %6s %12s %9s %7s %10s %10s %6s\n", "block", "offset", "records", "games", "raw", "stored", "ratio")
	for _, b := range fi.Blocks {
		fmt.Fprintf(w, "  %6d %12d %9d %7d %10d %10d %6.2f\n", b.Index, b.Offset, b.Header.Records, b.Header.Games, b.Header.RawSize, b.Header.Size, b.CompressionRatio)
	}
	for _, p := range fi.Problems {
		fmt.Fprintf(w, "  %v\n", p)
	}
}

func writeGenerator(w io.Writer, g *GeneratorInfo) {
	fmt.Fprintf(w, "  generator: engine %q version %q net %q limits %q seed %d created %q\n", g.Engine, g.EngineVersion, g.NetHash, g.SearchLimits, g.Seed, g.Created)
	keys := make([]string, 0, len(g.Extra))
	for k := range g.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "    %s = %s\n", k, g.Extra[k])
	}
}

// Score histogram buckets: 100 cp wide over [-1000, 1000), plus below,
// above and the two mate ranges.
const (
	scoreBuckets  = 20
	plyBucketSize = 20
	plyBuckets    = 16 // the last bucket holds everything beyond
)

// Stats aggregates the content of datasets.
type Stats struct {
	Files     int
	Bytes     int64
	Games     int64
	Positions int64
	InCheck   int64 // positions whose side to move is in check
	Captures  int64 // positions whose move played captures
	BestDiff  int64 // positions whose best move differs from the move played
	Unscored  int64 // positions scored ValueNone
	// Results counts games by result (indexed by Result).
	Results [4]int64
	// ScoreHist: [0] mated, [1] below -1000, [2..21] 100 cp buckets from
	// -1000, [22] 1000 and above, [23] mating (side to move's view).
	ScoreHist [scoreBuckets + 4]int64
	// PlyHist counts positions by game ply in buckets of 20 plies.
	PlyHist    [plyBuckets]int64
	Generators []GeneratorInfo
	Problems   []string
	// Damaged counts the Problems that are damage (not a killed writer's
	// warnings): data the figures miss.
	Damaged int
}

func scoreBucket(v position.Value) int {
	switch {
	case v <= -position.ValueMateInMaxPly:
		return 0
	case v >= position.ValueMateInMaxPly:
		return scoreBuckets + 3
	case v < -1000:
		return 1
	case v >= 1000:
		return scoreBuckets + 2
	}
	return 2 + int(v+1000)/100
}

// Add reads every position of path into s.
func (s *Stats) Add(path string) error {
	r, err := Open(path, nil)
	if err != nil {
		return err
	}
	defer r.Close()
	if st, err := os.Stat(path); err == nil {
		s.Bytes += st.Size()
	}
	s.Files++
	s.Generators = append(s.Generators, r.Header().Generator)
	lastGame, lastBlock := -1, int64(-1)
	for {
		// Count unscored positions too: read without the ValueNone skip.
		if !r.step() {
			break
		}
		pos, rec := r.Position(), r.Record()
		if rec.Game != lastGame || r.Blocks != lastBlock {
			lastGame, lastBlock = rec.Game, r.Blocks
			s.Games++
			s.Results[rec.Result&3]++
		}
		s.Positions++
		st := pos.State()
		if st.InCheck {
			s.InCheck++
		}
		if rec.Move != position.MoveNone && pos.IsCapture(rec.Move) {
			s.Captures++
		}
		if rec.Best != rec.Move {
			s.BestDiff++
		}
		if rec.Score == position.ValueNone {
			s.Unscored++
		} else {
			s.ScoreHist[scoreBucket(rec.Score)]++
		}
		s.PlyHist[min(st.GamePly/plyBucketSize, plyBuckets-1)]++
	}
	for _, p := range r.Problems() {
		s.Problems = append(s.Problems, path+": "+p.String())
		if !p.Warning {
			s.Damaged++
		}
	}
	return r.Err()
}

// Write prints s for people.
func (s *Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "files %d, %d bytes, %d games, %d positions", s.Files, s.Bytes, s.Games, s.Positions)
	if s.Positions > 0 {
		fmt.Fprintf(w, ", %.3f bytes/position, %.1f positions/game", float64(s.Bytes)/float64(s.Positions), float64(s.Positions)/float64(max(s.Games, 1)))
	}
	fmt.Fprintln(w)
	pct := func(n int64, of int64) float64 { return 100 * float64(n) / float64(max(of, 1)) }
	fmt.Fprintf(w, "results (White/Red view, games): 1-0 %d (%.1f%%), 1/2-1/2 %d (%.1f%%), 0-1 %d (%.1f%%), unknown %d\n",
		s.Results[position.WhiteWin], pct(s.Results[position.WhiteWin], s.Games), s.Results[position.Draw], pct(s.Results[position.Draw], s.Games),
		s.Results[position.BlackWin], pct(s.Results[position.BlackWin], s.Games), s.Results[position.ResultUnknown])
	fmt.Fprintf(w, "in check %.1f%%, move played captures %.1f%%, best move differs %.1f%%, unscored %d\n",
		pct(s.InCheck, s.Positions), pct(s.Captures, s.Positions), pct(s.BestDiff, s.Positions), s.Unscored)
	fmt.Fprintln(w, "score histogram (cp, side to move's view):")
	for i, n := range s.ScoreHist {
		var label string
		switch {
		case i == 0:
			label = "mated"
		case i == 1:
			label = "< -1000"
		case i == scoreBuckets+2:
			label = ">= 1000"
		case i == scoreBuckets+3:
			label = "mating"
		default:
			lo := -1000 + 100*(i-2)
			label = fmt.Sprintf("[%d,%d)", lo, lo+100)
		}
		fmt.Fprintf(w, "  %12s %10d %5.1f%% %s\n", label, n, pct(n, s.Positions), bar(n, s.Positions))
	}
	fmt.Fprintln(w, "ply histogram (game ply):")
	for i, n := range s.PlyHist {
		label := fmt.Sprintf("[%d,%d)", i*plyBucketSize, (i+1)*plyBucketSize)
		if i == plyBuckets-1 {
			label = fmt.Sprintf(">= %d", i*plyBucketSize)
		}
		fmt.Fprintf(w, "  %12s %10d %5.1f%% %s\n", label, n, pct(n, s.Positions), bar(n, s.Positions))
	}
	for i := range s.Generators {
		writeGenerator(w, &s.Generators[i])
	}
	for _, p := range s.Problems {
		fmt.Fprintln(w, p)
	}
}

func bar(n, of int64) string {
	return strings.Repeat("#", int(60*n/max(of, 1)))
}

// VerifyReport is the outcome of Verify.
type VerifyReport struct {
	Path              string
	Blocks, BadBlocks int
	Games, Positions  int64
	// FirstBad is the first damaged block (nil if none).
	FirstBad *Problem
	Problems []Problem
	Ended    bool
}

// OK reports whether the file is intact and closed (warnings such as a
// missing end marker make it not OK).
func (v *VerifyReport) OK() bool { return len(v.Problems) == 0 && v.Ended }

// Verify walks every block of path: header and payload checksums, then a
// full replay in which every move is checked against the legal moves
// generated by the position core, and the totals of the end marker.
func Verify(path string) (*VerifyReport, error) {
	f, sc, err := openScanner(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rp, err := newReplayer(sc.Header().Game)
	if err != nil {
		return nil, err
	}
	var codec blockCodec
	defer codec.close()
	cd := chainDecoder{rp: rp, checkLegal: true}
	rep := &VerifyReport{Path: path}
	for {
		stored, ok := sc.Next()
		if !ok {
			break
		}
		h, idx, off := sc.Block()
		raw, err := codec.decompress(h, stored)
		if err == nil {
			err = cd.start(h, raw)
		}
		var games, recs, badScores int64
		var firstBad Record
		for err == nil {
			var more bool
			if more, err = cd.startGame(); err != nil || !more {
				break
			}
			games++
			for {
				if more, err = cd.nextInGame(); err != nil || !more {
					break
				}
				recs++
				if v := cd.rec.Score; v != position.ValueNone && (v > position.ValueMate || v < -position.ValueMate) {
					if badScores == 0 {
						firstBad = cd.rec
					}
					badScores++
				}
			}
		}
		if badScores > 0 {
			// Reported whatever else is wrong with the block: a decoding
			// error later in it must not hide these.
			sc.problems = append(sc.problems, Problem{Block: idx, Offset: off, Msg: fmt.Sprintf(
				"%d scores outside the mate range [%d, %d] (first: game %d, record %d, score %d)",
				badScores, -position.ValueMate, position.ValueMate, firstBad.Game, firstBad.Index, firstBad.Score)})
		}
		if err != nil {
			sc.problems = append(sc.problems, Problem{Block: idx, Offset: off, Msg: err.Error()})
			continue
		}
		if badScores > 0 {
			continue
		}
		rep.Blocks++
		rep.Games += games
		rep.Positions += recs
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	// The scanner compares the end marker's totals with the blocks'
	// headers; the chain decoder checked each block's counts.
	rep.Ended, _, _ = sc.Ended()
	rep.Problems = append(rep.Problems, sc.Problems()...)
	sort.SliceStable(rep.Problems, func(i, j int) bool { return rep.Problems[i].Offset < rep.Problems[j].Offset })
	for i := range rep.Problems {
		if !rep.Problems[i].Warning {
			rep.BadBlocks++
			if rep.FirstBad == nil {
				p := rep.Problems[i]
				rep.FirstBad = &p
			}
		}
	}
	return rep, nil
}

// Write prints the report.
func (v *VerifyReport) Write(w io.Writer) {
	status := "OK"
	switch {
	case v.FirstBad != nil:
		status = "DAMAGED"
	case !v.Ended:
		status = "INCOMPLETE"
	}
	fmt.Fprintf(w, "%s: %s: %d intact blocks, %d games, %d positions", v.Path, status, v.Blocks, v.Games, v.Positions)
	if v.BadBlocks > 0 {
		fmt.Fprintf(w, ", %d damaged", v.BadBlocks)
	}
	fmt.Fprintln(w)
	if v.FirstBad != nil {
		fmt.Fprintf(w, "  first bad block: %d at byte offset %d: %s\n", v.FirstBad.Block, v.FirstBad.Offset, v.FirstBad.Msg)
	}
	for _, p := range v.Problems {
		fmt.Fprintf(w, "  %v\n", p)
	}
}

// firstError returns the first problem that is not a warning, if any.
func firstError(ps []Problem) (Problem, bool) {
	for _, p := range ps {
		if !p.Warning {
			return p, true
		}
	}
	return Problem{}, false
}

// refuseDamaged is the error of a tool that copies data when an input is
// damaged and salvaging was not asked for.
func refuseDamaged(tool, in string, p Problem) error {
	return fmt.Errorf("datasets: %s is damaged (%v): %s refuses it, as its output would look intact; pass -salvage to copy what is intact", in, p, tool)
}

// Merge copies every intact block of the inputs, without decoding, into a
// new file out. The inputs must hold the same game; the generator info is
// the first input's, with the input names added under "merged_from".
// Problems in the inputs are reported to warn (may be nil). A damaged input
// (any problem but a killed writer's torn .tmp tail) makes Merge fail,
// unless salvage is set: then its intact blocks are copied. On failure
// nothing is left behind (no out, no out.tmp).
func Merge(out string, inputs []string, salvage bool, warn io.Writer) (records, games uint64, err error) {
	if len(inputs) == 0 {
		return 0, 0, fmt.Errorf("datasets: merge needs inputs")
	}
	var w *Writer
	defer func() {
		if w != nil && err != nil {
			w.Abort()
		}
	}()
	var names []string
	for _, in := range inputs {
		names = append(names, filepath.Base(in))
	}
	for _, in := range inputs {
		f, sc, err := openScanner(in)
		if err != nil {
			return 0, 0, err
		}
		if w == nil {
			info := sc.Header().Generator
			extra := map[string]string{}
			for k, v := range info.Extra {
				extra[k] = v
			}
			extra["merged_from"] = strings.Join(names, ",")
			info.Extra = extra
			if w, err = Create(out, sc.Header().Game, info, nil); err != nil {
				f.Close()
				return 0, 0, err
			}
		} else if sc.Header().Game != w.Game() {
			f.Close()
			return 0, 0, fmt.Errorf("datasets: %s holds %v, %s holds %v", inputs[0], w.Game(), in, sc.Header().Game)
		}
		for {
			stored, ok := sc.Next()
			if !ok {
				break
			}
			h, _, _ := sc.Block()
			if err := w.WriteBlock(h, stored); err != nil {
				f.Close()
				return 0, 0, err
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return 0, 0, fmt.Errorf("%s: %w", in, err)
		}
		if warn != nil {
			for _, p := range sc.Problems() {
				fmt.Fprintf(warn, "%s: %v\n", in, p)
			}
		}
		if p, bad := firstError(sc.Problems()); bad && !salvage {
			return 0, 0, refuseDamaged("merge", in, p)
		}
	}
	records, games, _, _ = w.Stats()
	if err = w.Close(); err != nil {
		return 0, 0, err
	}
	w = nil
	return records, games, nil
}

// Split deals the games of the inputs round-robin into n new files named
// prefix-000.dnds, prefix-001.dnds, ... and returns their names. Damaged
// inputs are refused unless salvage is set, as by Merge; on failure no
// shard (finished or .tmp) is left behind.
func Split(inputs []string, prefix string, n int, salvage bool, warn io.Writer) (_ []string, err error) {
	if n < 1 || n > 10000 {
		return nil, fmt.Errorf("datasets: split into %d shards", n)
	}
	var ws []*Writer
	var names []string
	closed := 0 // ws[:closed] are finished files
	defer func() {
		if err == nil {
			return
		}
		for i, w := range ws {
			if i < closed {
				os.Remove(names[i])
			} else {
				w.Abort()
			}
		}
	}()
	var g GameRecord
	k := 0
	for _, in := range inputs {
		r, err := Open(in, nil)
		if err != nil {
			return nil, err
		}
		if ws == nil {
			info := r.Header().Generator
			extra := map[string]string{"split_from": filepath.Base(in)}
			for k, v := range info.Extra {
				extra[k] = v
			}
			info.Extra = extra
			for i := 0; i < n; i++ {
				name := fmt.Sprintf("%s-%03d.dnds", prefix, i)
				w, err := Create(name, r.Header().Game, info, nil)
				if err != nil {
					r.Close()
					return nil, err
				}
				ws, names = append(ws, w), append(names, name)
			}
		} else if r.Header().Game != ws[0].Game() {
			r.Close()
			return nil, fmt.Errorf("datasets: %s holds %v, not %v", in, r.Header().Game, ws[0].Game())
		}
		for r.NextGame(&g) {
			if err := ws[k%n].WriteGame(&g); err != nil {
				r.Close()
				return nil, err
			}
			k++
		}
		if warn != nil {
			for _, p := range r.Problems() {
				fmt.Fprintf(warn, "%s: %v\n", in, p)
			}
		}
		err = r.Err()
		r.Close()
		if err != nil {
			return nil, err
		}
		if p, bad := firstError(r.Problems()); bad && !salvage {
			return nil, refuseDamaged("split", in, p)
		}
	}
	for _, w := range ws {
		if err := w.Close(); err != nil {
			return nil, err
		}
		closed++
	}
	return names, nil
}

// ExportFiles writes the positions of the files that pass f (nil: all) to
// w as ExportText lines, file after file, and returns how many it wrote.
// The files' problems go to warn (may be nil) as "path: problem" lines;
// damaged counts those that are damage, not warnings: the positions of
// their blocks are missing from w.
func ExportFiles(w io.Writer, paths []string, f *Filter, warn io.Writer) (positions int64, damaged int, err error) {
	for _, p := range paths {
		r, err := Open(p, f)
		if err != nil {
			return positions, damaged, err
		}
		n, err := ExportText(w, r)
		for _, pr := range r.Problems() {
			if warn != nil {
				fmt.Fprintf(warn, "%s: %v\n", p, pr)
			}
			if !pr.Warning {
				damaged++
			}
		}
		r.Close()
		positions += n
		if err != nil {
			return positions, damaged, err
		}
	}
	return positions, damaged, nil
}

// ImportFiles reads "FEN | score | result" text (ImportText) or PGN
// (ImportPGN) files of game g into a new dataset file out, whose generator
// info names them under "imported_from". format is "text", "pgn" or ""
// (by name: *.pgn is PGN, any other file text). What the importers skip is
// reported to warn (may be nil) with the file's path in front. On failure
// nothing is left behind.
func ImportFiles(out string, g position.Variant, paths []string, format string, warn io.Writer) (ImportStats, error) {
	return ImportFilesWith(out, g, paths, ImportOptions{Format: format, Warn: warn})
}

// ImportOptions are ImportFilesWith's settings.
type ImportOptions struct {
	// Format is "text", "pgn" or "" (by name), Warn where skipped input is
	// reported (may be nil), as ImportFiles's format and warn.
	Format string
	Warn   io.Writer
	// Rescore, when set, replaces every imported score v (the side to
	// move's view, centipawns; unscored positions are left alone) by
	// Rescore(v, pos), pos the position it scores (read only: Rescore must
	// not move it). It undoes what an engine's search applied on top of
	// its evaluation when it played the games, as self-play does for its
	// own labels with search.Params.TrainingScore, so that a net does not
	// learn the search's scaling; "extra" in the file's generator info
	// records Note.
	Rescore RescoreFunc
	// RescorePlayer, when set, chooses the rescoring per engine: the moves
	// of the engine a PGN game names in its White (Red) or Black tag are
	// rescored by RescorePlayer(name), for matches whose two engines
	// played with different scaling settings. Its error (an engine it has
	// no settings for) stops the import, naming the game; nothing is
	// written. An engine it gives no function (and no error) has its moves
	// rescored by Rescore, or kept as they are when Rescore is nil. Text
	// input, which names no engines, is refused.
	RescorePlayer func(name string) (RescoreFunc, error)
	Note          string
}

// ImportFilesWith is ImportFiles with options (see ImportOptions).
func ImportFilesWith(out string, g position.Variant, paths []string, opt ImportOptions) (ImportStats, error) {
	format, warn := opt.Format, opt.Warn
	var rs *rescorer
	if opt.Rescore != nil || opt.RescorePlayer != nil {
		var err error
		if rs, err = newRescorer(g, opt.Rescore, opt.RescorePlayer); err != nil {
			return ImportStats{}, err
		}
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	extra := map[string]string{"imported_from": strings.Join(names, ",")}
	if opt.Note != "" {
		extra["rescored"] = opt.Note
	}
	w, err := Create(out, g, GeneratorInfo{Engine: "import", Extra: extra}, nil)
	if err != nil {
		return ImportStats{}, err
	}
	var total ImportStats
	for _, p := range paths {
		fh, err := os.Open(p)
		if err != nil {
			w.Abort()
			return total, err
		}
		kind := format
		if kind == "" {
			kind = "text"
			if strings.EqualFold(filepath.Ext(p), ".pgn") {
				kind = "pgn"
			}
		}
		var pw io.Writer
		if warn != nil {
			pw = prefixWriter{warn, p + ": "}
		}
		var st ImportStats
		switch kind {
		case "text":
			if rs != nil && rs.byPlayer != nil {
				err = fmt.Errorf("rescoring per engine needs PGN games (text input names no engines)")
				break
			}
			st, err = importTextWith(fh, w, pw, rs)
		case "pgn":
			st, err = importPGNWith(fh, w, pw, rs)
		default:
			err = fmt.Errorf("unknown format %q (want text or pgn)", kind)
		}
		fh.Close()
		if err != nil {
			w.Abort() // no partial output that looks complete
			return total, fmt.Errorf("%s: %w", p, err)
		}
		total.Games += st.Games
		total.Positions += st.Positions
		total.Skipped += st.Skipped
		total.Unscored += st.Unscored
	}
	if err := w.Close(); err != nil {
		w.Abort()
		return total, err
	}
	return total, nil
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

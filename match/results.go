// Match result files: one shard's games as small JSON lines, read back strictly, and the merge of shards into one report.
package match

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"dualnnue/position"
)

// A result file holds one line of JSON per record: a header, one line per
// counted game in the order the match counted it, and an end line written
// only when the shard finished (all its games, or an SPRT that decided):
//
//	{"format":"dualnnue match results","version":1,"match":{...},"names":["a","b"],"shard":1,"shards":4}
//	{"pair":1,"leg":0,"result":"1-0","reason":"checkmate","fault":-1}
//	{"pair":1,"leg":1,"result":"1/2-1/2","reason":"draw by repetition","fault":-1}
//	{"end":true,"games":2}
//
// "match" identifies the match (game, engines, control, openings, number of
// games, adjudication, SPRT), so shards of different matches are refused;
// pair is the game pair's number in the whole match (0-based), the same
// whatever the number of shards, and leg 0 has Engines[0] as White/Red. A
// file without its end line is truncated (a task that was killed): merging
// refuses it and -resume continues it.

const resultsFormat = "dualnnue match results"

// MatchID is what makes two shards parts of one match.
type MatchID struct {
	Game    position.VariantName `json:"game"`    // "xiangqi" or "chess"
	Engines [2]string            `json:"engines"` // FormatEngine of each, the command reduced to its file name
	TC      string               `json:"tc"`
	Games   int                  `json:"games"` // of the whole match, whole pairs
	// Openings is the SHA-256 of the openings (FEN and moves, one a line);
	// "" for the start position.
	Openings     string       `json:"openings"`
	NOpenings    int          `json:"n_openings"`
	Adjudication Adjudication `json:"adjudication"`
	SPRT         *SPRT        `json:"sprt,omitempty"`
}

// ResultsHeader is a result file's first line.
type ResultsHeader struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	Match   MatchID   `json:"match"`
	Names   [2]string `json:"names"` // the engines' names in the table
	Shard   int       `json:"shard"`
	Shards  int       `json:"shards"`
}

// GameResult is one counted game of a result file.
type GameResult struct {
	Pair   int             `json:"pair"`
	Leg    int             `json:"leg"`
	Result position.Result `json:"result"` // from White's/Red's side
	Reason string          `json:"reason"`
	// Fault is the colour at fault (-1: none), FaultKind as GameRecord's.
	Fault     int    `json:"fault"`
	FaultKind string `json:"fault_kind,omitempty"`
}

type resultsEnd struct {
	End     bool   `json:"end"`
	Games   int    `json:"games"`
	Stopped string `json:"stopped,omitempty"`
}

// Results is a result file read back.
type Results struct {
	Path   string
	Header ResultsHeader
	Games  []GameResult
	// Ended: the end line is there (the shard finished); Stopped is its
	// "sprt" when an SPRT stopped the match.
	Ended   bool
	Stopped string
}

// matchID describes cfg (after Run's defaults) for result files.
func matchID(cfg *Config) MatchID {
	id := MatchID{Game: position.VariantName(cfg.Game), TC: cfg.TC.String(), Games: 2 * ((cfg.Games + 1) / 2),
		NOpenings: len(cfg.Openings), Adjudication: cfg.Adjudication, SPRT: cfg.SPRT}
	for i, e := range cfg.Engines {
		e.Cmd = filepath.Base(e.Cmd)
		id.Engines[i] = FormatEngine(e)
	}
	if len(cfg.Openings) > 0 {
		h := sha256.New()
		for _, op := range cfg.Openings {
			fmt.Fprintf(h, "%s|%s\n", op.FEN, strings.Join(op.Moves, " "))
		}
		id.Openings = hex.EncodeToString(h.Sum(nil))
	}
	return id
}

// shardPairs lists the pairs of shard i of n among pairs: p ≡ i (mod n), so
// a pair's number (and its opening) never depends on n.
func shardPairs(pairs, i, n int) int {
	if i >= pairs {
		return 0
	}
	return (pairs-1-i)/n + 1
}

// resultsWriter appends a shard's games to its result file.
type resultsWriter struct {
	f     *os.File
	games int
}

// createResults writes the header and the games kept from an earlier run
// into path (through a temporary file and a rename, so the file is always
// whole up to its last line) and opens it for appending.
func createResults(path string, hdr ResultsHeader, keep []GameResult) (*resultsWriter, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(hdr); err != nil {
		return nil, err
	}
	for i := range keep {
		if err := enc.Encode(&keep[i]); err != nil {
			return nil, err
		}
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	return &resultsWriter{f: f, games: len(keep)}, nil
}

// game appends one counted game (one write, so a kill leaves whole lines
// or a torn last line, which a resume drops).
func (w *resultsWriter) game(g GameResult) error {
	line, err := json.Marshal(g)
	if err != nil {
		return err
	}
	if _, err := w.f.Write(append(line, '\n')); err != nil {
		return err
	}
	w.games++
	return nil
}

// end writes the end line and closes the file.
func (w *resultsWriter) end(stopped string) error {
	line, _ := json.Marshal(resultsEnd{End: true, Games: w.games, Stopped: stopped})
	_, err := w.f.Write(append(line, '\n'))
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (w *resultsWriter) close() { w.f.Close() }

// ReadResults reads a result file strictly: a missing or foreign header, a
// line that is not a record, a game outside the shard or counted twice, a
// missing end line (truncated) or an end line whose count disagrees is an
// error that names the file.
func ReadResults(path string) (*Results, error) {
	r, torn, err := readResults(path)
	if err != nil {
		return nil, err
	}
	if torn != "" || !r.Ended {
		why := "no end line"
		if torn != "" {
			why = torn
		}
		return nil, fmt.Errorf("%s: truncated after %d games (%s): the shard did not finish; run it again with -resume", path, len(r.Games), why)
	}
	return r, nil
}

// ReadResultsSoFar reads a result file that may still be growing (a match
// running, or killed): as ReadResults, but a missing end line or a torn last
// line is not an error; the games before it are returned.
func ReadResultsSoFar(path string) (*Results, error) {
	r, _, err := readResults(path)
	return r, err
}

// readResults reads what a result file holds. A bad last line (a torn write)
// is not an error: torn says what it was and the games before it count; a
// bad line followed by more lines is an error.
func readResults(path string) (r *Results, torn string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	r = &Results{Path: path}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, "", fmt.Errorf("%s: empty: not a match result file", path)
	}
	if err := strictJSON(lines[0], &r.Header); err != nil || r.Header.Format != resultsFormat {
		return nil, "", fmt.Errorf("%s: not a match result file (line 1 is not its header)", path)
	}
	h := &r.Header
	if h.Version != 1 {
		return nil, "", fmt.Errorf("%s: result file version %d, this program reads 1", path, h.Version)
	}
	if h.Shards <= 0 || h.Shard < 0 || h.Shard >= h.Shards || h.Match.Games <= 0 || h.Match.Games%2 != 0 {
		return nil, "", fmt.Errorf("%s: bad header: shard %d/%d of %d games", path, h.Shard, h.Shards, h.Match.Games)
	}
	pairs := h.Match.Games / 2
	seen := map[[2]int]bool{}
	for k := 1; k < len(lines); k++ {
		line := lines[k]
		last := k == len(lines)-1
		bad := func(format string, a ...any) (*Results, string, error) {
			msg := fmt.Sprintf(format, a...)
			if last && !r.Ended {
				return r, fmt.Sprintf("line %d: %s", k+1, msg), nil
			}
			return nil, "", fmt.Errorf("%s: line %d: %s", path, k+1, msg)
		}
		if r.Ended {
			return bad("a record after the end line")
		}
		if !bytes.HasSuffix(line, []byte("\n")) {
			return bad("no line end (a torn write)")
		}
		if bytes.HasPrefix(line, []byte(`{"end"`)) {
			var e resultsEnd
			if err := strictJSON(line, &e); err != nil || !e.End {
				return bad("a bad end line")
			}
			if e.Games != len(r.Games) {
				return nil, "", fmt.Errorf("%s: the end line counts %d games, the file holds %d: games are missing", path, e.Games, len(r.Games))
			}
			if e.Stopped != "" && e.Stopped != "sprt" {
				return bad("unknown stop %q", e.Stopped)
			}
			r.Ended, r.Stopped = true, e.Stopped
			continue
		}
		var g GameResult
		if err := strictJSON(line, &g); err != nil {
			return bad("not a game record: %v", err)
		}
		if g.Pair < 0 || g.Pair >= pairs || g.Pair%h.Shards != h.Shard || g.Leg < 0 || g.Leg > 1 ||
			g.Result == position.ResultUnknown || g.Fault < -1 || g.Fault > 1 {
			return nil, "", fmt.Errorf("%s: line %d: game %d.%d (%s) does not belong to shard %d/%d of %d pairs", path, k+1, g.Pair+1, g.Leg+1, g.Result, h.Shard, h.Shards, pairs)
		}
		if seen[[2]int{g.Pair, g.Leg}] {
			return nil, "", fmt.Errorf("%s: line %d: game %d.%d is counted twice", path, k+1, g.Pair+1, g.Leg+1)
		}
		seen[[2]int{g.Pair, g.Leg}] = true
		r.Games = append(r.Games, g)
	}
	if r.Ended && r.Stopped == "" && len(r.Games) != 2*shardPairs(pairs, h.Shard, h.Shards) {
		return nil, "", fmt.Errorf("%s: shard %d/%d ended with %d games of its %d", path, h.Shard, h.Shards, len(r.Games), 2*shardPairs(pairs, h.Shard, h.Shards))
	}
	if r.Stopped == "sprt" && h.Shards != 1 {
		return nil, "", fmt.Errorf("%s: shard %d/%d says an SPRT stopped it; only a whole match stops by its SPRT", path, h.Shard, h.Shards)
	}
	return r, "", nil
}

// strictJSON decodes one JSON object, refusing unknown fields.
func strictJSON(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// newRunReport is an empty report of a match between names.
func newRunReport(names [2]string, sprt *SPRT) Report {
	rep := Report{Names: names, SPRT: sprt, Reasons: map[string]int{}}
	rep.Faults[0], rep.Faults[1] = map[string]int{}, map[string]int{}
	return rep
}

// replay counts games into rep in the given order, as the runner counts
// them as they finish, and returns the open pairs' first legs.
func (r *Report) replay(games []GameResult, legs map[int][2]float64) {
	for _, g := range games {
		rec := GameRecord{Result: g.Result, Reason: g.Reason, Fault: g.Fault, FaultKind: g.FaultKind}
		r.add(g.Pair, g.Leg, &rec, legs)
	}
}

// MergeResults adds up the result files of one match's shards into the
// report one unsharded match of the same games prints: the shards' games
// counted in the order a match playing one game at a time plays them (pair
// by pair, leg 0 first), the SPRT of the match stopping the count where it
// decides. A single unsharded file is counted in its own order (the order
// its match counted). Every file must be whole (see ReadResults) and of the
// same match (the same MatchID and engine names), the shards must be 0..n-1
// of the same n, each once; anything else is an error naming the files, and
// no report is returned.
func MergeResults(paths []string) (Report, []*Results, error) {
	if len(paths) == 0 {
		return Report{}, nil, errors.New("merge: no result files")
	}
	var all []*Results
	var errs []error
	for _, p := range paths {
		r, err := ReadResults(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		all = append(all, r)
	}
	if len(errs) > 0 {
		return Report{}, nil, errors.Join(errs...)
	}
	first := all[0]
	want, _ := json.Marshal(first.Header.Match)
	byShard := map[int]*Results{}
	for _, r := range all {
		got, _ := json.Marshal(r.Header.Match)
		if !bytes.Equal(got, want) {
			errs = append(errs, fmt.Errorf("%s is from another match than %s: %s", r.Path, first.Path, idDiff(first.Header.Match, r.Header.Match)))
			continue
		}
		if r.Header.Names != first.Header.Names {
			errs = append(errs, fmt.Errorf("%s is from another match than %s: engines %q, not %q", r.Path, first.Path, r.Header.Names, first.Header.Names))
			continue
		}
		if r.Header.Shards != first.Header.Shards {
			errs = append(errs, fmt.Errorf("%s is shard %d/%d, %s is of %d shards", r.Path, r.Header.Shard, r.Header.Shards, first.Path, first.Header.Shards))
			continue
		}
		if o, dup := byShard[r.Header.Shard]; dup {
			errs = append(errs, fmt.Errorf("%s and %s are both shard %d/%d (duplicated)", o.Path, r.Path, r.Header.Shard, r.Header.Shards))
			continue
		}
		byShard[r.Header.Shard] = r
	}
	if len(errs) == 0 {
		var missing []string
		for i := 0; i < first.Header.Shards; i++ {
			if byShard[i] == nil {
				missing = append(missing, fmt.Sprintf("%d/%d", i, first.Header.Shards))
			}
		}
		if len(missing) > 0 {
			errs = append(errs, fmt.Errorf("merge: shard %s missing (%d of %d files given)", strings.Join(missing, ", "), len(byShard), first.Header.Shards))
		}
	}
	if len(errs) > 0 {
		return Report{}, nil, errors.Join(errs...)
	}
	var games []GameResult
	for _, r := range all {
		games = append(games, r.Games...)
	}
	if first.Header.Shards > 1 {
		sort.Slice(games, func(a, b int) bool {
			if games[a].Pair != games[b].Pair {
				return games[a].Pair < games[b].Pair
			}
			return games[a].Leg < games[b].Leg
		})
	}
	rep := newRunReport(first.Header.Names, first.Header.Match.SPRT)
	rep.Control, rep.Specs = first.Header.Match.TC, first.Header.Match.Engines
	rep.replay(games, map[int][2]float64{})
	return rep, all, nil
}

// idDiff names the first field in which two match descriptions differ.
func idDiff(a, b MatchID) string {
	var ma, mb map[string]any
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	_ = json.Unmarshal(ja, &ma)
	_ = json.Unmarshal(jb, &mb)
	keys := make([]string, 0, len(ma)+len(mb))
	for k := range ma {
		keys = append(keys, k)
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		x, _ := json.Marshal(ma[k])
		y, _ := json.Marshal(mb[k])
		if !bytes.Equal(x, y) {
			return fmt.Sprintf("%s %s, not %s", k, y, x)
		}
	}
	return "the same description"
}

// filterPGN keeps the games of a shard's PGN file whose Round tag ("p.l",
// 1-based) is in keep, in their order, each round once (its last game): after
// a kill, a game can be in the PGN but not yet in the result file, and the
// resumed shard plays it again.
func filterPGN(path string, keep map[[2]int]bool) error {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	type pgnGame struct {
		round [2]int
		text  []byte
	}
	var games []pgnGame
	last := map[[2]int]int{} // a round's last game in the file
	var game bytes.Buffer
	round := [2]int{-1, -1}
	flush := func() {
		if game.Len() > 0 && keep[round] {
			last[round] = len(games)
			games = append(games, pgnGame{round, bytes.Clone(game.Bytes())})
		}
		game.Reset()
		round = [2]int{-1, -1}
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "[Event ") {
			flush()
		}
		if strings.HasPrefix(line, "[Round \"") {
			var p, l int
			if _, err := fmt.Sscanf(strings.TrimPrefix(line, "[Round \""), "%d.%d", &p, &l); err == nil {
				round = [2]int{p - 1, l - 1}
			}
		}
		game.WriteString(line)
		game.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	flush()
	// A round played twice (the same command run again without -resume
	// appends to the PGN) keeps its last game, the one the result file counts.
	var out bytes.Buffer
	for i, g := range games {
		if last[g.round] == i {
			out.Write(g.text)
		}
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, out.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// resumeResults reads an earlier run's result file for Config.Resume: the
// games it counted, and the file itself when it ended. The file must be of
// the same match and shard as hdr, or of the same match with fewer games
// (an extension: its games are kept, and it has not ended for the longer
// match), an SPRT match only under the same SPRT and only if that did not
// decide. The PGN is cut to the counted games.
func resumeResults(path string, hdr *ResultsHeader, pgnPath string) (keep []GameResult, ended *Results, err error) {
	r, _, err := readResults(path)
	if os.IsNotExist(err) {
		if pgnPath != "" {
			return nil, nil, filterPGN(pgnPath, nil)
		}
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	// A finished match of fewer games, equal in everything else, is extended:
	// its games are kept and the pairs it did not reach are played (pair p
	// plays opening p mod NOpenings whatever the length). An SPRT match is
	// extended only under the same test and only when it ended at its
	// length undecided: the sequential test goes on as if its cap had been
	// the longer one from the start (fishtest's and OpenBench's SPRTs have
	// no cap at all); one its test decided is over.
	old := r.Header.Match
	extend := old.Games < hdr.Match.Games
	if extend {
		old.Games = hdr.Match.Games
	}
	got, _ := json.Marshal(old)
	want, _ := json.Marshal(hdr.Match)
	// The file's match with this run's SPRT: equal to this run's when the
	// two differ in the SPRT alone (set in the file, in this run or both).
	withRunSPRT := old
	withRunSPRT.SPRT = hdr.Match.SPRT
	sameButSPRT, _ := json.Marshal(withRunSPRT)
	sameSPRT := old.SPRT != nil && hdr.Match.SPRT != nil && *old.SPRT == *hdr.Match.SPRT
	switch {
	case extend && bytes.Equal(sameButSPRT, want) && (old.SPRT != nil || hdr.Match.SPRT != nil) && !sameSPRT:
		return nil, nil, fmt.Errorf("%s: cannot extend an SPRT match from %d to %d games under another test (an SPRT added, dropped or changed); start a new result file", path, r.Header.Match.Games, hdr.Match.Games)
	case extend && sameSPRT && r.Stopped == "sprt":
		return nil, nil, fmt.Errorf("%s: cannot extend an SPRT match from %d to %d games: its test already decided; start a new result file", path, r.Header.Match.Games, hdr.Match.Games)
	case !bytes.Equal(got, want):
		// Compared with the file's match at this run's length when
		// extending, so the message names what differs besides it.
		return nil, nil, fmt.Errorf("%s: cannot resume: it holds another match (%s); remove it or give another result file", path, idDiff(hdr.Match, old))
	case r.Header.Names != hdr.Names:
		return nil, nil, fmt.Errorf("%s: cannot resume: its engines are %q, this match's %q", path, r.Header.Names, hdr.Names)
	case r.Header.Shard != hdr.Shard || r.Header.Shards != hdr.Shards:
		return nil, nil, fmt.Errorf("%s: cannot resume: it is shard %d/%d, this run is %d/%d", path, r.Header.Shard, r.Header.Shards, hdr.Shard, hdr.Shards)
	}
	if r.Ended && !extend {
		return r.Games, r, nil
	}
	if pgnPath != "" {
		set := map[[2]int]bool{}
		for _, g := range r.Games {
			set[[2]int{g.Pair, g.Leg}] = true
		}
		if err := filterPGN(pgnPath, set); err != nil {
			return nil, nil, err
		}
	}
	return r.Games, nil, nil
}

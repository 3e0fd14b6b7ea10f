// The match runner: concurrency, opening pairs, statistics, SPRT stop, progress.
package match

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"dualnnue/internal/progress"
	"dualnnue/notation"
	"dualnnue/position"
)

// Config is one match between Engines[0] and Engines[1].
type Config struct {
	Game    position.Variant
	Engines [2]EngineConfig
	TC      TimeControl
	// Games is the number of games (rounded up to whole pairs).
	Games int
	// Concurrency is the number of games played at once (0: 1; negative
	// is an error).
	Concurrency int
	// Openings are played in order, each twice with colours reversed; none:
	// the start position.
	Openings     []notation.Opening
	Adjudication Adjudication
	// SPRT, when set, stops the match as soon as it decides.
	SPRT *SPRT
	// PGNOut receives every game (appended); "" for none. PGNRanks1 writes
	// xiangqi moves with Fairy-Stockfish's ranks 1–10 instead of ICCS's 0–9.
	PGNOut    string
	PGNRanks1 bool
	// Progress receives a live progress line, redrawn in place when it is
	// a terminal and written as a plain line every ProgressEvery (0: 15 s)
	// otherwise (nil: none).
	Progress      io.Writer
	ProgressEvery time.Duration
	// Event names the match in PGN.
	Event string
	// Shard and Shards (0: 1) select this process's share of the match:
	// the pairs p with p mod Shards = Shard, numbered as in the whole match
	// (PGN rounds "p.leg", openings[p mod len]), so a pair is the same
	// game whatever the number of shards. A shard of several plays all its
	// pairs (its SPRT is applied when the shards are merged, see
	// MergeResults) and its report has no SPRT.
	Shard, Shards int
	// Results, when set, is the shard's result file (see ReadResults),
	// written as the games finish. Resume continues an earlier run of the
	// same shard from that file: its counted games are kept (the PGN keeps
	// exactly those), the others are played; a finished file is returned as
	// it is, unless Games is larger and the match has no SPRT: then it is
	// extended (the pairs it did not reach are played, the header rewritten).
	Results string
	Resume  bool
}

// Report is a match's outcome from Engines[0]'s view.
type Report struct {
	Names    [2]string
	Games    int
	Tri      Trinomial
	Penta    Pentanomial
	Elo      Estimate // pentanomial when pairs exist, else trinomial
	SPRT     *SPRT
	LLR      float64
	Decision Decision
	// Faults counts per engine: "illegal", "crash", "timeout", "time".
	Faults [2]map[string]int
	// Reasons counts how games ended.
	Reasons map[string]int
	Stopped string // "sprt", "interrupted" or ""
	// Control is the time control as -tc takes it, and Specs the engines as
	// -engine takes them (command base name, arguments, options): the
	// summary states both.
	Control string
	Specs   [2]string
}

// Table renders the final report: the W/D/L row (the name column as wide
// as the names), Elo, LOS and pentanomial, the SPRT state, the control and
// the engines' settings, each engine's faults in words, how the games
// ended, and why the match stopped early.
func (r *Report) Table() string {
	var b strings.Builder
	vs := r.Names[0] + " vs " + r.Names[1]
	w := max(28, len(vs))
	fmt.Fprintf(&b, "%-*s %6s %6s %6s %6s %8s\n", w, "Engine", "Games", "W", "D", "L", "Score")
	n := r.Tri.Games()
	score := 0.0
	if n > 0 {
		score = (float64(r.Tri.W) + 0.5*float64(r.Tri.D)) / float64(n)
	}
	fmt.Fprintf(&b, "%-*s %6d %6d %6d %6d %7.1f%%\n", w, vs, n, r.Tri.W, r.Tri.D, r.Tri.L, 100*score)
	fmt.Fprintf(&b, "%s\n", r.Elo)
	fmt.Fprintf(&b, "LOS %.1f%%; pentanomial [LL LD WL+DD WD WW] = %v over %d pairs\n", 100*r.Tri.LOS(), [5]int(r.Penta), r.Penta.Pairs())
	if r.SPRT != nil {
		lo, hi := r.SPRT.Bounds()
		model := "normalized"
		if r.SPRT.Model == SPRTLogistic {
			model = "logistic"
		}
		fmt.Fprintf(&b, "SPRT [%g, %g] (%s Elo), alpha %g, beta %g: LLR %.2f (%.2f, %.2f) – %s\n",
			r.SPRT.Elo0, r.SPRT.Elo1, model, r.SPRT.Alpha, r.SPRT.Beta, r.LLR, lo, hi, r.Decision)
	}
	if r.Control != "" {
		fmt.Fprintf(&b, "control %s\n", r.Control)
	}
	for i, spec := range r.Specs {
		if spec != "" {
			fmt.Fprintf(&b, "engine %d: %s\n", i+1, spec)
		}
	}
	for i := range r.Faults {
		if text := faultWords(r.Faults[i]); text != "" {
			fmt.Fprintf(&b, "faults of %s: %s\n", r.Names[i], text)
		}
	}
	keys := make([]string, 0, len(r.Reasons))
	for k := range r.Reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "  %4d × %s\n", r.Reasons[k], k)
	}
	if r.Stopped != "" {
		fmt.Fprintf(&b, "stopped early: %s\n", r.Stopped)
	}
	return b.String()
}

// faultWords says an engine's fault counts in words, in a fixed order
// ("1 loss on time, 2 illegal moves"); "" for none.
func faultWords(f map[string]int) string {
	var parts []string
	for _, k := range []struct{ kind, one, many string }{
		{"time", "loss on time", "losses on time"},
		{"illegal", "illegal move", "illegal moves"},
		{"crash", "crash", "crashes"},
		{"timeout", "hang (no answer in time)", "hangs (no answer in time)"},
	} {
		switch n := f[k.kind]; n {
		case 0:
		case 1:
			parts = append(parts, "1 "+k.one)
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n, k.many))
		}
	}
	var other []string
	for k, n := range f {
		switch k {
		case "time", "illegal", "crash", "timeout":
		default:
			if n > 0 {
				other = append(other, fmt.Sprintf("%d %s", n, k))
			}
		}
	}
	sort.Strings(other)
	return strings.Join(append(parts, other...), ", ")
}

// job is one pair to play; skip marks legs an earlier run already counted.
type job struct {
	pair int
	skip [2]bool
}

type gameDone struct {
	pair, leg int // leg 0: Engines[0] plays White/Red
	rec       GameRecord
	err       error
}

// slot owns one process per engine and replaces a process that misbehaved.
type slot struct {
	cfg *Config
	eng [2]*Engine
	gp  *gamePlayer
}

func (s *slot) ensure(ctx context.Context, i int) error {
	if s.eng[i] != nil {
		return nil
	}
	cfg := s.cfg.Engines[i]
	e, err := StartEngine(ctx, cfg, s.cfg.Game, 20*time.Second)
	if err != nil {
		name := cfg.Name
		if name == "" {
			name = cfg.Cmd
		}
		return fmt.Errorf("engine %d (%s) could not be started: %w", i+1, name, err)
	}
	s.eng[i] = e
	return nil
}

func (s *slot) close() {
	for i, e := range s.eng {
		if e != nil {
			e.Close()
			s.eng[i] = nil
		}
	}
}

// Run plays the match. Cancelling ctx stops it after the games in flight
// are abandoned; the report covers the finished games.
func Run(ctx context.Context, cfg Config) (Report, error) {
	rep := Report{SPRT: cfg.SPRT, Reasons: map[string]int{}}
	rep.Faults[0], rep.Faults[1] = map[string]int{}, map[string]int{}
	if cfg.Concurrency < 0 {
		return rep, fmt.Errorf("match: concurrency %d (games at once) must be >= 1", cfg.Concurrency)
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 1
	}
	pairs := (cfg.Games + 1) / 2
	if pairs <= 0 {
		return rep, fmt.Errorf("match: no games to play")
	}
	if cfg.Shards == 0 {
		cfg.Shards = 1
	}
	if cfg.Shards < 0 || cfg.Shard < 0 || cfg.Shard >= cfg.Shards {
		return rep, fmt.Errorf("match: shard %d/%d: want 0 <= shard < shards", cfg.Shard, cfg.Shards)
	}
	if cfg.Resume && cfg.Results == "" {
		return rep, fmt.Errorf("match: resume needs a result file")
	}
	id := matchID(&cfg)
	rep.Control, rep.Specs = id.TC, id.Engines
	sprt := cfg.SPRT
	if cfg.Shards > 1 {
		// A shard cannot stop on its part of the evidence: the merge runs
		// the SPRT over all the shards' games.
		cfg.SPRT, rep.SPRT = nil, nil
	}
	if _, _, err := newReferee(cfg.Game); err != nil {
		return rep, err
	}
	if cfg.TC.kind() == tcNone {
		return rep, fmt.Errorf("match: no time control (nodes, depth, movetime or a clock)")
	}
	if err := cfg.Adjudication.Validate(); err != nil {
		return rep, err
	}
	// Every opening is checked before any engine starts: a bad one found
	// in the middle of a match would abort it.
	check, _ := newGamePlayer(cfg.Game)
	for i, op := range cfg.Openings {
		if _, _, err := check.setup(op); err != nil {
			return rep, fmt.Errorf("match: opening %d: %w", i+1, err)
		}
	}
	// Start one pair of engines up front so configuration errors surface
	// before any game (and names are known).
	probe := &slot{cfg: &cfg}
	for i := range 2 {
		if err := probe.ensure(ctx, i); err != nil {
			probe.close()
			if ctx.Err() != nil {
				// Cancelled while the engines started (SIGINT right after
				// launch): an interrupted match, not a broken engine.
				rep.Stopped = "interrupted"
				return rep, nil
			}
			return rep, err
		}
		rep.Names[i] = probe.eng[i].Name()
	}
	if rep.Names[0] == rep.Names[1] {
		rep.Names[0] += " (1)"
		rep.Names[1] += " (2)"
		cfg.Engines[0].Name, cfg.Engines[1].Name = rep.Names[0], rep.Names[1]
		probe.close()
	}
	id.SPRT = sprt
	legs := map[int][2]float64{}
	todo, out, ended, err := planJobs(&cfg, &rep, id, pairs, legs)
	if err != nil || ended {
		probe.close()
		return rep, err
	}
	if out != nil {
		defer out.close()
	}
	var pgn *os.File
	if cfg.PGNOut != "" {
		var err error
		if pgn, err = os.OpenFile(cfg.PGNOut, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			probe.close()
			return rep, err
		}
		defer pgn.Close()
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	done := make(chan gameDone, 2*cfg.Concurrency)
	var wg sync.WaitGroup
	for k := 0; k < cfg.Concurrency; k++ {
		s := probe
		if k > 0 || s.eng[0] == nil {
			s = &slot{cfg: &cfg}
		}
		gp, err := newGamePlayer(cfg.Game)
		if err != nil {
			return rep, err
		}
		s.gp = gp
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer s.close()
			s.playJobs(runCtx, &cfg, jobs, done)
		}()
	}
	go func() {
		defer close(jobs)
		for _, j := range todo {
			select {
			case jobs <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()

	total := 2 * shardPairs(pairs, cfg.Shard, cfg.Shards)
	firstErr := collect(runCtx, cancel, &cfg, &rep, legs, done, pgn, out, total)
	if ctx.Err() != nil && rep.Stopped == "" {
		rep.Stopped = "interrupted"
	}
	if out != nil && firstErr == nil && rep.Stopped != "interrupted" {
		// Only a finished shard gets its end line; an interrupted one is
		// truncated on purpose, for -resume.
		if err := out.end(rep.Stopped); err != nil {
			firstErr = err
		}
	}
	return rep, firstErr
}

// collect counts the games arriving on done into rep, writes each counted
// game to the PGN file and then its line to the result file (either may be
// nil), shows the progress line, and cancels the match at an SPRT decision
// or at the first error, which it returns.
func collect(ctx context.Context, cancel func(), cfg *Config, rep *Report, legs map[int][2]float64, done <-chan gameDone, pgn *os.File, out *resultsWriter, total int) error {
	start, resumed := time.Now(), rep.Games // games of a resumed file are counted before
	status, line := progress.NewStatus(cfg.Progress, cfg.ProgressEvery), ""
	var firstErr error
	for d := range done {
		if d.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = d.err
				cancel()
			}
			continue
		}
		if !rep.add(d.pair, d.leg, &d.rec, legs) {
			continue
		}
		// The PGN game first, then its result line: a counted game is
		// always whole in the PGN (see filterPGN).
		if pgn != nil {
			if err := WritePGN(pgn, cfg.Game, &d.rec, PGNTags{Event: cfg.Event, Round: fmt.Sprintf("%d.%d", d.pair+1, d.leg+1), TimeControl: cfg.TC.String(), Ranks1: cfg.PGNRanks1}); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
		}
		if out != nil && firstErr == nil {
			if err := out.game(GameResult{Pair: d.pair, Leg: d.leg, Result: d.rec.Result, Reason: d.rec.Reason, Fault: d.rec.Fault, FaultKind: d.rec.FaultKind}); err != nil {
				firstErr = err
				cancel()
			}
		}
		if status != nil {
			line = rep.progressLine(total, cfg.Concurrency, resumed, time.Since(start))
			status.Update(line)
		}
		if rep.Stopped == "sprt" {
			cancel()
		}
	}
	if line != "" {
		status.Final(line)
	}
	return firstErr
}

// planJobs lists the pairs of the shard still to play: all of them, or with
// a result file (cfg.Results) those it lacks, after reading the games it
// holds into rep and legs (Resume) and opening it for the new ones. ended
// reports a resumed result file that says the match is over (rep.Stopped
// says why); nothing is left to play then.
func planJobs(cfg *Config, rep *Report, id MatchID, pairs int, legs map[int][2]float64) (todo []job, out *resultsWriter, ended bool, err error) {
	if cfg.Results != "" {
		hdr := ResultsHeader{Format: resultsFormat, Version: 1, Match: id, Names: rep.Names, Shard: cfg.Shard, Shards: cfg.Shards}
		var keep []GameResult
		if cfg.Resume {
			old, end, err := resumeResults(cfg.Results, &hdr, cfg.PGNOut)
			if err != nil {
				return nil, nil, false, err
			}
			keep = old
			rep.replay(old, legs)
			if end != nil {
				rep.Stopped = end.Stopped
				return nil, nil, true, nil
			}
		}
		done := map[[2]int]bool{}
		for _, g := range keep {
			done[[2]int{g.Pair, g.Leg}] = true
		}
		for p := cfg.Shard; p < pairs; p += cfg.Shards {
			j := job{pair: p, skip: [2]bool{done[[2]int{p, 0}], done[[2]int{p, 1}]}}
			if !j.skip[0] || !j.skip[1] {
				todo = append(todo, j)
			}
		}
		if out, err = createResults(cfg.Results, hdr, keep); err != nil {
			return nil, nil, false, err
		}
	} else {
		for p := cfg.Shard; p < pairs; p += cfg.Shards {
			todo = append(todo, job{pair: p})
		}
	}
	return todo, out, false, nil
}

// playJobs plays both legs of every pair it receives on jobs with the
// slot's engines (restarting an engine that faulted) and sends each game to
// done. It returns when jobs is closed, ctx ends or a game fails.
func (s *slot) playJobs(ctx context.Context, cfg *Config, jobs <-chan job, done chan<- gameDone) {
	for j := range jobs {
		p := j.pair
		op := notation.Opening{}
		if len(cfg.Openings) > 0 {
			op = cfg.Openings[p%len(cfg.Openings)]
		}
		for leg := 0; leg < 2; leg++ {
			if j.skip[leg] {
				continue
			}
			var eng [2]*Engine
			var err error
			for i := range 2 {
				if err = s.ensure(ctx, i); err != nil {
					break
				}
			}
			var rec GameRecord
			if err == nil {
				// leg 0: Engines[0] is White/Red.
				eng = [2]*Engine{s.eng[leg], s.eng[1-leg]}
				rec, err = s.gp.play(ctx, eng, op, cfg.TC, cfg.Adjudication)
				if rec.Fault >= 0 && rec.FaultKind != "illegal" {
					idx := rec.Fault // colour → engine index
					if leg == 1 {
						idx = 1 - idx
					}
					s.eng[idx].Close()
					s.eng[idx] = nil
				}
			}
			select {
			case done <- gameDone{pair: p, leg: leg, rec: rec, err: err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}
}

// progressLine is the match's progress after a game: games of total, W/D/L,
// the Elo estimate (over the finished pairs when the games come in pairs,
// and then labelled so, since the counts are per game), the LLR when an
// SPRT runs, the time so far and an estimate of the time left (the mean
// time per game this run played, resumed games not counted, times the
// games left), e.g.
//
//	3/60 games  +2 =0 -1  1 pair: Elo +0.00 (no interval yet: 1 pair)  41s, ~10m left
func (r *Report) progressLine(total, concurrency, resumed int, elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d games  +%d =%d -%d  ", r.Games, total, r.Tri.W, r.Tri.D, r.Tri.L)
	if p := r.Penta.Pairs(); r.Elo.Pairs {
		unit := "pairs"
		if p == 1 {
			unit = "pair"
		}
		fmt.Fprintf(&b, "%d %s: ", p, unit)
	}
	b.WriteString(r.Elo.String())
	if r.SPRT != nil {
		fmt.Fprintf(&b, "  LLR %.2f", r.LLR)
	}
	fmt.Fprintf(&b, "  %s", roundDuration(elapsed))
	if left, played := total-r.Games, r.Games-resumed; left > 0 && played > 0 {
		eta := time.Duration(float64(elapsed) / float64(played) * float64(left))
		if played < concurrency {
			eta = 0 // the first games are still running: no estimate yet
		}
		if eta > 0 {
			fmt.Fprintf(&b, ", ~%s left", roundDuration(eta))
			if r.SPRT != nil {
				b.WriteString(" at most (the SPRT may stop sooner)")
			}
		}
	}
	return b.String()
}

// roundDuration prints d to the second (to the minute above an hour).
func roundDuration(d time.Duration) string {
	if d >= time.Hour {
		return d.Round(time.Minute).String()
	}
	return d.Round(time.Second).String()
}

// add counts one finished game: leg 0 of a pair has Engines[0] as
// White/Red, leg 1 the reverse. The two legs of a pair may come in either
// order; a pair enters the pentanomial count when both are in (legs holds
// the first leg's score + 1 until then). Once the SPRT has decided, the
// test is over: games that finish afterwards are not counted (add returns
// false), so the decision, the LLR and the table stay those of the moment
// it stopped.
func (r *Report) add(pair, leg int, rec *GameRecord, legs map[int][2]float64) bool {
	if r.Stopped == "sprt" {
		return false
	}
	r.Games++
	// Score from Engines[0]'s view.
	s := 0.5
	switch rec.Result {
	case position.WhiteWin:
		s = 1
	case position.BlackWin:
		s = 0
	}
	if leg == 1 {
		s = 1 - s
	}
	switch s {
	case 1:
		r.Tri.W++
	case 0:
		r.Tri.L++
	default:
		r.Tri.D++
	}
	r.Reasons[rec.Reason]++
	if rec.Fault >= 0 {
		idx := rec.Fault // the colour at fault → its engine
		if leg == 1 {
			idx = 1 - idx
		}
		r.Faults[idx][rec.FaultKind]++
	}
	l := legs[pair]
	l[leg] = s + 1
	if l[0] > 0 && l[1] > 0 {
		r.Penta[int((l[0]-1+l[1]-1)*2+0.5)]++
		delete(legs, pair)
	} else {
		legs[pair] = l
	}
	r.update()
	if r.SPRT != nil && r.Decision != Continue {
		r.Stopped = "sprt"
	}
	return true
}

func (r *Report) update() {
	if r.Penta.Pairs() > 0 {
		r.Elo = r.Penta.Elo()
	} else {
		r.Elo = r.Tri.Elo()
	}
	if r.SPRT != nil {
		if r.Penta.Pairs() > 0 {
			r.LLR = r.SPRT.LLRPentanomial(r.Penta)
		} else {
			r.LLR = r.SPRT.LLRTrinomial(r.Tri)
		}
		r.Decision = r.SPRT.Decide(r.LLR)
	}
}

// A fake UCI chess engine for the tuner's tests: a one-ply search whose strength peaks at option Skill = 60.
//
// It declares two tunable spin options, Skill (default 40, range 0..100)
// and Flat (default 50, range 0..100, no effect), besides Hash, Threads
// and Move Overhead, and refuses out-of-range or unknown setoption values
// with an "info string error" line, as the engine's tuning mode does. Each
// move it scores every legal move by the hand-written evaluation one ply
// deep (a mate in one first) and adds noise of amplitude 30·|Skill − 60|
// centipawns, drawn from a hash of the position, the move and Skill: the
// same options play the same games, so a tune of it is reproducible.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"dualnnue/internal/splitmix"
	"dualnnue/position"
	"dualnnue/position/chess"
	"dualnnue/variants"
)

type spin struct{ def, lo, hi int }

var decl = []struct {
	name string
	spin
}{
	{"Hash", spin{16, 1, 1024}}, {"Threads", spin{1, 1, 8}}, {"Move Overhead", spin{10, 0, 5000}},
	{"Skill", spin{40, 0, 100}}, {"Flat", spin{50, 0, 100}},
}

func main() {
	val := map[string]int{}
	for _, d := range decl {
		val[d.name] = d.def
	}
	def := variants.Chess
	pos, _ := def.NewFromFEN(def.StartFEN)
	ev := def.HCE()
	var hist position.History
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { fmt.Fprintln(out, s); out.Flush() }
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name fake tunable")
			for _, d := range decl {
				say(fmt.Sprintf("option name %s type spin default %d min %d max %d", d.name, d.def, d.lo, d.hi))
			}
			say("option name Ponder type check default false")
			say("uciok")
		case "isready":
			say("readyok")
		case "setoption":
			rest := strings.TrimPrefix(line, "setoption name ")
			name, v, _ := strings.Cut(rest, " value ")
			found := false
			for _, d := range decl {
				if d.name != name {
					continue
				}
				found = true
				n, err := strconv.Atoi(v)
				if err != nil || n < d.lo || n > d.hi {
					say(fmt.Sprintf("info string error: %s value %q outside %d..%d", name, v, d.lo, d.hi))
					break
				}
				val[name] = n
			}
			if !found {
				say("info string error: no option " + name)
			}
		case "position":
			fen, i := def.StartFEN, 2
			if len(f) > 1 && f[1] == "fen" {
				j := 2
				for j < len(f) && f[j] != "moves" {
					j++
				}
				fen, i = strings.Join(f[2:j], " "), j
			}
			p, err := def.NewFromFEN(fen)
			if err != nil {
				say("info string error: bad fen")
				continue
			}
			pos = p
			hist.Reset()
			if err := hist.Replay(pos, f[min(i+1, len(f)):]); err != nil {
				var me *position.MoveError
				if errors.As(err, &me) {
					say("info string error: bad move " + me.Move)
				}
			}
		case "go":
			mv, score := choose(pos, ev, val["Skill"])
			say(fmt.Sprintf("info depth 1 score cp %d nodes 1", score))
			say("bestmove " + mv)
		case "quit":
			return
		}
	}
}

// choose is the one-ply search with Skill's noise.
func choose(pos *chess.Position, ev position.Evaluator[*chess.Position], skill int) (string, int) {
	var l, replies position.MoveList
	pos.GenerateLegal(&l)
	if l.Len == 0 {
		return "0000", 0
	}
	amp := 30 * abs(skill-60)
	best, bestNoisy, bestScore := l.Moves[0], -1<<30, 0
	var st position.State
	for _, m := range l.Moves[:l.Len] {
		pos.DoMove(m, &st)
		replies.Clear()
		pos.GenerateLegal(&replies)
		var v int
		switch {
		case replies.Len == 0 && st.InCheck:
			v = 30000
		case replies.Len == 0:
			v = 0
		default:
			ev.Reset(pos)
			v = -int(ev.Evaluate(pos))
		}
		noisy := v
		if amp > 0 && v < 30000 {
			h := splitmix.Mix(uint64(st.Key) ^ uint64(skill)*splitmix.Gamma)
			noisy += int(h%uint64(2*amp+1)) - amp
		}
		pos.UndoMove(m)
		if noisy > bestNoisy {
			best, bestNoisy, bestScore = m, noisy, v
		}
	}
	return pos.MoveString(best), bestScore
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

var (
	tagRe  = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	timeRe = regexp.MustCompile(`\{[^}]*?([0-9]+\.[0-9]+)s\}`)
)

// side is one engine's totals over the games it played.
type side struct {
	games        int
	used, budget float64 // seconds
	moves        int
	maxShare     float64
}

type game struct {
	tags map[string]string
	text strings.Builder
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: clockuse FILE.pgn [FILE.pgn ...]")
		os.Exit(2)
	}
	totals := map[string]*side{}
	skipped := 0
	for _, path := range os.Args[1:] {
		games, err := readGames(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "clockuse:", err)
			os.Exit(1)
		}
		for _, g := range games {
			if !account(g, totals) {
				skipped++
			}
		}
	}
	names := make([]string, 0, len(totals))
	for n := range totals {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Printf("%-32s %6s %10s %10s %7s %9s\n", "engine", "games", "used/game", "budget", "share", "max share")
	for _, n := range names {
		s := totals[n]
		fmt.Printf("%-32s %6d %9.2fs %9.2fs %6.1f%% %8.1f%%\n", n, s.games, s.used/float64(s.games),
			s.budget/float64(s.games), 100*s.used/s.budget, 100*s.maxShare)
	}
	if skipped > 0 {
		fmt.Printf("(%d games without a clock or move times skipped)\n", skipped)
	}
}

// readGames splits a PGN file into games (tags and movetext).
func readGames(path string) ([]*game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var games []*game
	var cur *game
	inMoves := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := tagRe.FindStringSubmatch(line); m != nil {
			if cur == nil || inMoves {
				cur = &game{tags: map[string]string{}}
				games = append(games, cur)
				inMoves = false
			}
			cur.tags[m[1]] = m[2]
			continue
		}
		if cur != nil && line != "" {
			inMoves = true
			cur.text.WriteString(line)
			cur.text.WriteByte(' ')
		}
	}
	return games, sc.Err()
}

// account adds one game to the totals; false if it has no clock.
func account(g *game, totals map[string]*side) bool {
	base, inc, ok := parseTC(g.tags["TimeControl"])
	if !ok {
		return false
	}
	times := timeRe.FindAllStringSubmatch(g.text.String(), -1)
	if len(times) == 0 {
		return false
	}
	first := 0 // index of the side that moved first: 0 White/Red, 1 Black
	if f := strings.Fields(g.tags["FEN"]); len(f) > 1 && f[1] == "b" {
		first = 1
	}
	var used [2]float64
	var moves [2]int
	for i, t := range times {
		s, _ := strconv.ParseFloat(t[1], 64)
		c := (first + i) % 2
		used[c] += s
		moves[c]++
	}
	for c, name := range [2]string{g.tags["White"], g.tags["Black"]} {
		s := totals[name]
		if s == nil {
			s = &side{}
			totals[name] = s
		}
		b := base + inc*float64(moves[c])
		s.games++
		s.used += used[c]
		s.budget += b
		s.moves += moves[c]
		if b > 0 {
			s.maxShare = max(s.maxShare, used[c]/b)
		}
	}
	return true
}

// parseTC reads "base+inc" in seconds.
func parseTC(tc string) (base, inc float64, ok bool) {
	b, i, found := strings.Cut(tc, "+")
	if !found {
		return 0, 0, false
	}
	var err1, err2 error
	base, err1 = strconv.ParseFloat(b, 64)
	inc, err2 = strconv.ParseFloat(i, 64)
	return base, inc, err1 == nil && err2 == nil
}

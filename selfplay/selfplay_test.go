package selfplay

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// smallConfig is a fast run: shallow searches and short games.
func smallConfig(t *testing.T, game position.Variant, games int) Config {
	t.Helper()
	return Config{
		Game: position.VariantName(game), Games: games, Threads: 2, Seed: 7, Output: t.TempDir(), Eval: "classic", HashMiB: 1,
		Search:       SearchConfig{SoftNodes: 300, HardNodes: 3000},
		Opening:      OpeningConfig{RandomPlies: 6},
		Adjudication: AdjudicationConfig{ResignScore: 1000, ResignPlies: 4, DrawScore: 5, DrawPlies: 10, DrawAfterPly: 30, MaxPlies: 40},
		Shards:       1,
	}
}

// readGames returns every game of the run's files, in file order.
func readGames(t *testing.T, files []string) []datasets.GameRecord {
	t.Helper()
	sort.Strings(files)
	var out []datasets.GameRecord
	for _, f := range files {
		r, err := datasets.Open(f, nil)
		if err != nil {
			t.Fatal(err)
		}
		for {
			var g datasets.GameRecord
			if !r.NextGame(&g) {
				break
			}
			out = append(out, g)
		}
		if err := r.Err(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if p := r.Problems(); len(p) > 0 {
			t.Fatalf("%s: problems %v", f, p)
		}
		r.Close()
	}
	return out
}

func runOK(t *testing.T, cfg Config) Summary {
	t.Helper()
	sum, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestDeterministicAcrossRunsAndThreads(t *testing.T) {
	for _, game := range position.Variants {
		t.Run(game.String(), func(t *testing.T) {
			a := smallConfig(t, game, 6)
			b := a
			b.Output = t.TempDir()
			b.Threads = 1
			sa, sb := runOK(t, a), runOK(t, b)
			ga, gb := readGames(t, sa.Files), readGames(t, sb.Files)
			if len(ga) != 6 || !reflect.DeepEqual(ga, gb) {
				t.Fatalf("runs differ: %d vs %d games", len(ga), len(gb))
			}
			results := 0
			for _, g := range ga {
				if g.Result == position.ResultUnknown {
					t.Fatalf("a game was stored without its result")
				}
				results++
			}
			if sa.Results[position.WhiteWin]+sa.Results[position.Draw]+sa.Results[position.BlackWin] != results {
				t.Fatalf("summary results %v, %d games", sa.Results, results)
			}
			if sa.Positions == 0 || sa.Positions != sb.Positions {
				t.Fatalf("positions %d vs %d", sa.Positions, sb.Positions)
			}
			// Different games: no two games share their opening.
			seen := map[string]bool{}
			for _, g := range ga {
				k := fmt.Sprint(g.Book)
				if seen[k] {
					t.Fatalf("two games with the same opening %v", g.Book)
				}
				seen[k] = true
			}
		})
	}
}

func TestResumeDoesNotDuplicate(t *testing.T) {
	full := smallConfig(t, position.Xiangqi, 6)
	want := readGames(t, runOK(t, full).Files)

	part := full
	part.Output = t.TempDir()
	part.Games = 3
	runOK(t, part)
	// Without -resume the existing files are refused.
	part.Games = 6
	if _, err := Run(context.Background(), part, Options{}); err == nil {
		t.Fatal("second run without resume must fail")
	}
	part.Resume = true
	sum := runOK(t, part)
	if sum.Resumed != 3 || sum.Games != 3 {
		t.Fatalf("resumed %d played %d, want 3 and 3", sum.Resumed, sum.Games)
	}
	got := readGames(t, sum.Files)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("resumed run differs from the uninterrupted one (%d vs %d games)", len(got), len(want))
	}
	// Idempotent: running again plays nothing.
	again := runOK(t, part)
	if again.Games != 0 || again.Resumed != 6 {
		t.Fatalf("rerun played %d games, resumed %d", again.Games, again.Resumed)
	}
}

func TestShardsPartitionTheRun(t *testing.T) {
	full := smallConfig(t, position.Chess, 5)
	want := readGames(t, runOK(t, full).Files)
	var got [5]*datasets.GameRecord
	for i := 0; i < 2; i++ {
		c := full
		c.Output = t.TempDir()
		c.Shard, c.Shards = i, 2
		sum := runOK(t, c)
		if n := len(sum.Files); n != 1 || filepath.Base(sum.Files[0]) != fmt.Sprintf("chess-s%dof2-p000.dnds", i) {
			t.Fatalf("shard files %v", sum.Files)
		}
		games := readGames(t, sum.Files)
		if len(games) != ShardGames(5, i, 2) {
			t.Fatalf("shard %d has %d games", i, len(games))
		}
		for k := range games {
			idx := i + 2*k
			if got[idx] != nil {
				t.Fatalf("game %d played twice", idx)
			}
			got[idx] = &games[k]
		}
	}
	for i := range want {
		if got[i] == nil || !reflect.DeepEqual(*got[i], want[i]) {
			t.Fatalf("game %d differs between the sharded and the whole run", i)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	if _, err := ParseConfig([]byte("game = \"chess\"\ngamez = 3\n")); err == nil {
		t.Fatal("unknown key accepted")
	}
	// The game is read once, by the TOML decoder: a bad name is its error
	// with the key's line; a config without a game fails Validate.
	if _, err := ParseConfig([]byte("games = 3\ngame = \"shogi\"\n")); err == nil ||
		err.Error() != `selfplay config: toml: line 2 (last key "game"): unknown game "shogi" (want xiangqi or chess)` {
		t.Fatalf("unknown game: %v", err)
	}
	c := smallConfig(t, 0, 1)
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), `game: unknown game "" (want xiangqi or chess)`) {
		t.Fatalf("no game: %v", err)
	}
	c = smallConfig(t, position.Chess, 0)
	if err := c.Validate(); err == nil {
		t.Fatal("zero games accepted")
	}
	// Wrong types and negative unsigned numbers are errors naming the key
	// (seed = -1 and soft_nodes = -5 were silently wrapped to 2^64 - 1 and
	// 2^64 - 5).
	for text, key := range map[string]string{
		"games = \"ten\"":                   "games",
		"threads = 1.5":                     "threads",
		"seed = -1":                         "seed",
		"[search]\nsoft_nodes = -5":         "search.soft_nodes",
		"[search]\nhard_nodes = -1":         "search.hard_nodes",
		"[search]\ndepth = true":            "search.depth",
		"search = 3":                        "search",
		"[opening]\nbook = 3":               "opening.book",
		"games = 99999999999999999999":      "games",
		"[adjudication]\nmax_plies = \"x\"": "adjudication.max_plies",
	} {
		_, err := ParseConfig([]byte(text))
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%q: %v, want an error naming %s", text, err, key)
		}
	}
	c = smallConfig(t, position.Chess, 4)
	c.Adjudication.ResignScore = 0
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "resign_score") {
		t.Fatalf("resign_plies without resign_score: %v", err)
	}
	c = smallConfig(t, position.Chess, 4)
	c.Threads = 1 << 20
	if err := c.Validate(); err == nil {
		t.Fatal("a million threads accepted")
	}
	// Values that cannot work, given explicitly, were replaced by defaults
	// (hash_mib <= 0) or taken as they were (a NaN or infinite flush time).
	for text, want := range map[string]string{
		"hash_mib = 0":         "selfplay config: hash_mib must be > 0, got 0 (leave it out for the default 8)",
		"hash_mib = -4":        "selfplay config: hash_mib must be > 0, got -4 (leave it out for the default 8)",
		"flush_seconds = 0.0":  "selfplay config: flush_seconds must be > 0 (leave it out for the default 60)",
		"flush_seconds = nan":  "flush_seconds must be in (0, 604800], got NaN",
		"flush_seconds = inf":  "flush_seconds must be in (0, 604800], got +Inf",
		"flush_seconds = -inf": "flush_seconds must be in (0, 604800], got -Inf",
		"flush_seconds = 1e30": "flush_seconds must be in (0, 604800], got 1e+30",
	} {
		c, err := ParseConfig([]byte(text + "\ngame = \"chess\"\ngames = 2\noutput = \"x\"\n[search]\ndepth = 2\n[adjudication]\nmax_plies = 9\n"))
		if err == nil {
			err = c.Validate()
		}
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	c = smallConfig(t, position.Chess, 4)
	c.HashMiB = -1
	if err := c.Validate(); err == nil || err.Error() != "hash_mib must be > 0, got -1" {
		t.Fatalf("hash_mib -1: %v", err)
	}
}

// TestDeterministicWithMultiPVOpenings: the MultiPV searches of the random
// plies ran before the TT and histories were cleared, so they saw what the
// worker's previous game left there: the games depended on which worker
// played which games before (threads 2 vs 1 differed).
func TestDeterministicWithMultiPVOpenings(t *testing.T) {
	a := smallConfig(t, position.Chess, 6)
	a.Opening.MultiPVMargin = 40
	a.Opening.RandomPlies = 4
	b := a
	b.Output = t.TempDir()
	b.Threads = 1
	ga, gb := readGames(t, runOK(t, a).Files), readGames(t, runOK(t, b).Files)
	if len(ga) != 6 || !reflect.DeepEqual(ga, gb) {
		for i := range min(len(ga), len(gb)) {
			if !reflect.DeepEqual(ga[i].Book, gb[i].Book) {
				t.Logf("game %d: openings %v vs %v", i, ga[i].Book, gb[i].Book)
			}
		}
		t.Fatalf("runs differ: %d vs %d games", len(ga), len(gb))
	}
}

// TestBook: book lines in EPD (with counters in hmvc/fmvn) and FEN are
// used in turn; a decided position in the book is refused up front (every
// game from it used to be redrawn 100 times and then written without a
// move).
func TestBook(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	lines := "# two openings\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; id \"1. e4\";\n" +
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"
	if err := os.WriteFile(book, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	c := smallConfig(t, position.Chess, 4)
	c.Opening.Book = book
	c.Opening.RandomPlies = 2
	games := readGames(t, runOK(t, c).Files)
	want := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
	}
	for i, g := range games {
		if g.StartFEN != want[i%2] || len(g.Book) != 2 {
			t.Fatalf("game %d starts at %q with %d random plies", i, g.StartFEN, len(g.Book))
		}
	}
	if err := os.WriteFile(book, []byte("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.Output = t.TempDir()
	if _, err := Run(context.Background(), c, Options{}); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a mated book position: %v", err)
	}
}

// TestBookRefusesNonStandardCastling: CH-28's kind in a self-play book. A
// chess line whose castling rights do not fit a king and rook on their
// standard squares is refused before any game, naming the line (self-play
// plays standard chess; it never switches to Chess960 castling).
func TestBookRefusesNonStandardCastling(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.epd")
	text := chess.StartFEN + "\n2r1k1r1/1Bq2pp1/4pn1p/1p5P/3P2R1/R1pN2P1/2Q1PP2/6K1 b kq - 0 1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := readBook(path, position.Chess)
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "impossible in standard chess") {
		t.Errorf("book with kq and rooks on c8/g8: %v", err)
	}
}

// TestProgressNotOnATerminal: progress written to a buffer (a redirected
// log) is plain lines, one per interval (here every game), with no
// carriage-return bar redraws.
func TestProgressNotOnATerminal(t *testing.T) {
	var buf bytes.Buffer
	cfg := smallConfig(t, position.Xiangqi, 4)
	if _, err := Run(context.Background(), cfg, Options{Progress: &buf, ProgressEvery: time.Nanosecond}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Fatalf("bar redraws in a non-terminal log:\n%q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d progress lines, want 4 (one per game):\n%s", len(lines), out)
	}
	for k, l := range lines {
		re := regexp.MustCompile(fmt.Sprintf(`^selfplay xiangqi: \d+ positions, \d+ pos/s: %d/4 games \(%d%%\), [0-9.]+ games/s, \d`, k+1, 25*(k+1)))
		if !re.MatchString(l) {
			t.Errorf("line %d: %q", k+1, l)
		}
	}
}

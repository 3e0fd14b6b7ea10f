// Engine games for the benchmarks: Stockfish (chess) and Fairy-Stockfish
// (xiangqi) play themselves at a fixed node count, scoring every move like
// a self-play search does. Run
//
//	go test ./datasets -run TestEngineGames -enginegames 200
//
// to write ../data/engine-chess.dnds and ../data/engine-xiangqi.dnds
// (git-ignored); BenchmarkDataFiles reads them.
package datasets

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"dualnnue/internal/sharedtest"
	"dualnnue/position"
)

var engineGames = flag.Int("enginegames", 0, "play this many engine games per game into ../data (TestEngineGames)")
var engineNodes = flag.Int("enginenodes", 2000, "nodes per move of the engine games")

type uciEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(name string, opts ...string) (*uciEngine, error) {
	cmd := exec.Command(name)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &uciEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.send("uci")
	e.wait("uciok")
	for _, o := range opts {
		e.send(o)
	}
	e.send("isready")
	e.wait("readyok")
	return e, nil
}

func (e *uciEngine) send(s string) { fmt.Fprintln(e.in, s) }

func (e *uciEngine) wait(prefix string) string {
	for e.out.Scan() {
		if l := e.out.Text(); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func (e *uciEngine) close() {
	e.send("quit")
	e.in.Close()
	e.cmd.Wait()
}

// search returns the engine's best move and score (side to move's view).
func (e *uciEngine) search(posCmd string, nodes int) (string, position.Value) {
	e.send(posCmd)
	e.send("go nodes " + strconv.Itoa(nodes))
	var score position.Value
	for e.out.Scan() {
		l := e.out.Text()
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "bestmove" {
			return f[1], score
		}
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" {
				n, _ := strconv.Atoi(f[i+2])
				switch f[i+1] {
				case "cp":
					score = position.Value(n)
				case "mate":
					if n > 0 {
						score = position.MateIn(2*n - 1)
					} else {
						score = position.MatedIn(-2 * n)
					}
				}
			}
		}
	}
	return "", 0
}

// fsfRanks converts a move between our xiangqi ranks 0-9 and
// Fairy-Stockfish's 1-10 (delta +1 or -1).
func fsfRanks(m string, delta int) string {
	var out strings.Builder
	for i := 0; i < len(m); {
		out.WriteByte(m[i])
		j := i + 1
		for j < len(m) && m[j] >= '0' && m[j] <= '9' {
			j++
		}
		r, _ := strconv.Atoi(m[i+1 : j])
		out.WriteString(strconv.Itoa(r + delta))
		i = j
	}
	return out.String()
}

func playEngineGame(t *testing.T, g position.Variant, e *uciEngine, rng *testRNG, nodes int) GameRecord {
	rp, err := newReplayer(g)
	if err != nil {
		t.Fatal(err)
	}
	var gr GameRecord
	var uci []string
	for k := 0; k < 8; k++ { // random opening, as self-play does
		l := rp.legal()
		if l.Len == 0 {
			break
		}
		m := l.Moves[rng.intn(l.Len)]
		gr.Book = append(gr.Book, m)
		uci = append(uci, rp.pos.MoveString(m))
		rp.do(m)
	}
	e.send("ucinewgame")
	big := 0
	for ply := 0; ply < 400; ply++ {
		l := rp.legal()
		if l.Len == 0 {
			if g == position.Xiangqi || rp.pos.State().InCheck {
				gr.Result = position.WhiteWin
				if rp.pos.SideToMove() == position.White {
					gr.Result = position.BlackWin
				}
			} else {
				gr.Result = position.Draw
			}
			return gr
		}
		if v, decided := rp.pos.RuleVerdict(1); decided {
			gr.Result = position.Draw
			if v != position.ValueDraw {
				gr.Result = position.WhiteWin
				if (v > 0) != (rp.pos.SideToMove() == position.White) {
					gr.Result = position.BlackWin
				}
			}
			return gr
		}
		moves := uci
		if g == position.Xiangqi {
			moves = make([]string, len(uci))
			for i, m := range uci {
				moves[i] = fsfRanks(m, 1)
			}
		}
		best, score := e.search("position startpos moves "+strings.Join(moves, " "), nodes)
		if g == position.Xiangqi {
			best = fsfRanks(best, -1)
		}
		m, err := rp.pos.ParseMove(best)
		if err != nil {
			t.Fatalf("engine move %q: %v", best, err)
		}
		gr.Plies = append(gr.Plies, Ply{Move: m, Score: score})
		uci = append(uci, best)
		rp.do(m)
		// Adjudicate clear wins as self-play does.
		if score > 1500 || score < -1500 {
			big++
		} else {
			big = 0
		}
		if big >= 6 {
			win := score > 0 // side that just moved is winning
			mover := rp.pos.SideToMove().Flip()
			if win == (mover == position.White) {
				gr.Result = position.WhiteWin
			} else {
				gr.Result = position.BlackWin
			}
			return gr
		}
	}
	gr.Result = position.Draw
	return gr
}

func TestEngineGames(t *testing.T) {
	if *engineGames == 0 {
		t.Skip("pass -enginegames N to play engine games into ../data")
	}
	for _, g := range bothGames {
		name, opts := "stockfish", []string{"setoption name Threads value 1", "setoption name Hash value 16"}
		if g == position.Xiangqi {
			name, opts = "fairy-stockfish", append(opts, "setoption name UCI_Variant value xiangqi")
		}
		bin := sharedtest.FindEngine(name)
		if bin == "" {
			how := sharedtest.HowStockfish
			if g == position.Xiangqi {
				how = sharedtest.HowFairyStockfish
			}
			t.Skipf("%s not installed: %s", name, how)
		}
		name = bin
		e, err := startEngine(name, opts...)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "data")
		os.MkdirAll(dir, 0o755)
		path := filepath.Join(dir, "engine-"+g.String()+".dnds")
		os.Remove(path)
		os.Remove(path + ".tmp")
		w, err := Create(path, g, GeneratorInfo{Engine: filepath.Base(name), SearchLimits: fmt.Sprintf("nodes=%d", *engineNodes), Seed: 1,
			Extra: map[string]string{"opening": "8 random plies (book, unscored)", "adjudication": "|score| > 1500 for 6 plies"}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := testRNG(uint64(g))
		positions := 0
		for i := 0; i < *engineGames; i++ {
			gr := playEngineGame(t, g, e, &rng, *engineNodes)
			positions += len(gr.Plies)
			if err := w.WriteGame(&gr); err != nil {
				t.Fatal(err)
			}
		}
		e.close()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(path)
		t.Logf("%s: %d games, %d positions, %d bytes, %.3f B/pos", path, *engineGames, positions, st.Size(), float64(st.Size())/float64(positions))
	}
}

// Test helpers: a deterministic generator of random, self-play-like games.
package datasets

import (
	"math"
	"os"
	"testing"

	"dualnnue/internal/splitmix"
	"dualnnue/position"
)

type testRNG uint64

func (r *testRNG) next() uint64 { return splitmix.Next((*uint64)(r)) }
func (r *testRNG) intn(n int) int {
	return int(r.next() % uint64(n))
}
func (r *testRNG) float() float64 { return float64(r.next()>>11) / (1 << 53) }
func (r *testRNG) normal() float64 {
	u1, u2 := r.float()+1e-12, r.float()
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}

// genOptions shapes generated games.
type genOptions struct {
	fenStarts  bool // some games start from a FEN
	book       bool // some games have unscored book plies
	bestDiff   bool // some plies have a best move different from the move played
	finals     bool // some games end with a move-less scored ply
	maxPlies   int
	greedy     bool // prefer captures (more realistic material swings)
	scoreNoise float64
}

var fullGen = genOptions{fenStarts: true, book: true, bestDiff: true, finals: true, maxPlies: 220, greedy: true, scoreNoise: 25}

// randomGames plays n random games of g: random legal moves (captures
// preferred when greedy), a random-walk "search score" (side to move's view,
// alternating sign like a real search, with occasional mate scores), and a
// random result. It is deterministic in seed.
func randomGames(tb testing.TB, g position.Variant, n int, seed uint64, o genOptions) []GameRecord {
	tb.Helper()
	rng := testRNG(seed)
	rp, err := newReplayer(g)
	if err != nil {
		tb.Fatal(err)
	}
	games := make([]GameRecord, n)
	var caps []position.Move
	pick := func(l *position.MoveList) position.Move {
		if o.greedy {
			caps = caps[:0]
			for _, m := range l.Slice() {
				if rp.pos.IsCapture(m) {
					caps = append(caps, m)
				}
			}
			if len(caps) > 0 && rng.intn(3) > 0 {
				return caps[rng.intn(len(caps))]
			}
		}
		return l.Moves[rng.intn(l.Len)]
	}
	for gi := range games {
		gr := &games[gi]
		if err := rp.reset(""); err != nil {
			tb.Fatal(err)
		}
		if o.fenStarts && rng.intn(5) == 0 {
			for k := 4 + rng.intn(16); k > 0; k-- {
				l := rp.legal()
				if l.Len == 0 {
					break
				}
				rp.do(pick(l))
			}
			gr.StartFEN = rp.pos.FEN()
			if err := rp.reset(gr.StartFEN); err != nil {
				tb.Fatal(err)
			}
		}
		if o.book {
			for k := rng.intn(9); k > 0; k-- {
				l := rp.legal()
				if l.Len == 0 {
					break
				}
				m := pick(l)
				gr.Book = append(gr.Book, m)
				rp.do(m)
			}
		}
		plies := 1 + rng.intn(o.maxPlies)
		score := float64(rng.intn(61) - 30)
		for k := 0; k < plies; k++ {
			l := rp.legal()
			if l.Len == 0 {
				break
			}
			if _, decided := rp.pos.RuleVerdict(k + 1); decided && k > 0 {
				break
			}
			m := pick(l)
			p := Ply{Move: m, Score: position.Value(math.Round(score))}
			if plies-k < 8 && rng.intn(4) == 0 {
				p.Score = position.MateIn(1 + rng.intn(15))
				if rng.intn(2) == 0 {
					p.Score = -p.Score
				}
			}
			if o.bestDiff && l.Len > 1 && rng.intn(10) == 0 {
				for p.Best == position.MoveNone || p.Best == m {
					p.Best = l.Moves[rng.intn(l.Len)]
				}
			}
			if rp.pos.IsCapture(m) {
				score += 60 * rng.normal()
			}
			gr.Plies = append(gr.Plies, p)
			rp.do(m)
			score = -score + o.scoreNoise*rng.normal()
			if rng.intn(50) == 0 {
				score += 300 * rng.normal()
			}
			score = max(-3000, min(3000, score))
		}
		if o.finals && rng.intn(5) == 0 && rp.legal().Len > 0 {
			gr.Plies = append(gr.Plies, Ply{Score: position.Value(rng.intn(201) - 100)})
		}
		gr.Result = position.Result(rng.intn(4))
	}
	return games
}

// normalized returns g with Best set to MoveNone where it equals Move, as
// the format stores it.
func normalized(g GameRecord) GameRecord {
	c := g
	c.Plies = append([]Ply(nil), g.Plies...)
	for i := range c.Plies {
		if c.Plies[i].Best == c.Plies[i].Move {
			c.Plies[i].Best = position.MoveNone
		}
	}
	c.Book = nil
	if len(g.Book) > 0 {
		c.Book = append([]position.Move(nil), g.Book...)
	}
	return c
}

func writeFile(path string, b []byte) error { return os.WriteFile(path, b, 0o644) }

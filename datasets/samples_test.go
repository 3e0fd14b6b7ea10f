// ReadSamples: the same positions as the Reader, in order, with game identities; batches in any feature set.
package datasets

import (
	"slices"
	"testing"

	"dualnnue/nn/features"
	"dualnnue/position"
)

// TestReadSamplesMatchesReader: over three files of random games per game,
// ReadSamples hands out exactly the Reader's filtered positions in the
// same order (pieces, side, score, result), every position of one game
// carries one identity and different games different ones, and
// Batch.AddSample gives the features the set computes from the board, for
// plain, compact and mirrored sets.
func TestReadSamplesMatchesReader(t *testing.T) {
	for _, g := range bothGames {
		t.Run(g.String(), func(t *testing.T) {
			files := writeShards(t, g, 3, 30, fullGen)
			filter := Filter{SkipInCheck: true, MaxAbsScore: 2500}
			type want struct {
				pieces []uint16
				side   position.Color
				score  float32
				result float32
				game   int64
			}
			var wants []want
			var games int64
			for _, f := range files {
				r, err := Open(f, &filter)
				if err != nil {
					t.Fatal(err)
				}
				for r.Next() {
					pos, rec := r.Position(), r.Record()
					var pieces []uint16
					for sq := 0; sq < g.Squares(); sq++ {
						if p := pos.PieceOn(position.Square(sq)); p != position.NoPiece {
							pieces = append(pieces, features.PackPiece(p, position.Square(sq)))
						}
					}
					wants = append(wants, want{pieces, pos.SideToMove(), float32(rec.Score), rec.Result.Score(pos.SideToMove()), games + r.Games})
				}
				games += r.Games + 1
				r.Close()
			}
			var sets []*features.Set
			for id := features.SetID(1); id <= 6; id++ {
				if s, _ := features.Lookup(id); s.Game == g {
					sets = append(sets, s)
				}
			}
			i := 0
			idOf := map[int64]uint64{}
			owner := map[uint64]int64{}
			var b Batch
			st, err := ReadSamples(files, g, &filter, func(s *Sample) error {
				if i >= len(wants) {
					t.Fatalf("more samples than the reader's %d positions", len(wants))
				}
				w := wants[i]
				got := slices.Clone(s.Pieces[:s.N])
				slices.Sort(got)
				slices.Sort(w.pieces)
				if !slices.Equal(got, w.pieces) || position.Color(s.Side) != w.side || float32(s.Score) != w.score || s.ResultScore() != w.result {
					t.Fatalf("sample %d differs from the reader's position", i)
				}
				if id, ok := idOf[w.game]; ok && id != s.Game {
					t.Fatalf("game %d has identities %x and %x", w.game, id, s.Game)
				}
				if o, ok := owner[s.Game]; ok && o != w.game {
					t.Fatalf("identity %x shared by games %d and %d", s.Game, o, w.game)
				}
				idOf[w.game], owner[s.Game] = s.Game, w.game
				for _, set := range sets {
					b.Reset()
					b.AddSample(s.Pieces[:s.N], position.Color(s.Side), float32(s.Score), s.ResultScore(), &Format{Set: set})
					var board [features.MaxSquares]position.Piece
					for _, v := range w.pieces {
						p, sq := features.UnpackPiece(v)
						board[sq] = p
					}
					var wf, bf [features.MaxActive]uint16
					n := set.Active(boardOf(board), wf[:], bf[:])
					stm, nstm := wf[:n], bf[:n]
					if w.side == position.Black {
						stm, nstm = nstm, stm
					}
					gs, gn, _, _, _ := b.Position(0)
					if sampleKey(gs, gn, 0, 0) != sampleKey(stm, nstm, 0, 0) {
						t.Fatalf("%s: AddSample features differ from Active", set.Name)
					}
				}
				i++
				return nil
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if i != len(wants) || st.Kept != int64(i) || st.Games != int64(len(idOf)) || len(idOf) < 80 {
				t.Fatalf("%d samples (%d kept) of %d games, reader %d positions", i, st.Kept, st.Games, len(wants))
			}
		})
	}
}

type boardOf [features.MaxSquares]position.Piece

func (b boardOf) PieceOn(sq position.Square) position.Piece { return b[sq] }

package craftdata

import (
	"dualnnue/datasets"
	"dualnnue/position"
	"dualnnue/position/chess"
)

// KnightShuffle is the four plies Ng1f3 Ng8f6 Nf3g1 Nf6g8, which bring the
// chess start position back: games of it compress to almost nothing.
var KnightShuffle = [4]string{"g1f3", "g8f6", "f3g1", "f6g8"}

// WriteShuffles writes a chess dataset of games drawn games of plies
// knight-shuffle plies each (every ply scored 10 cp) to path and returns the
// number of positions written (games·plies). Errors are those of
// datasets.Create, WriteGame and Close.
func WriteShuffles(path string, games, plies int) (int, error) {
	w, err := datasets.Create(path, position.Chess, datasets.GeneratorInfo{Engine: "budget test"}, &datasets.WriterOptions{NoSync: true})
	if err != nil {
		return 0, err
	}
	pos, err := chess.NewFromFEN(chess.StartFEN)
	if err != nil {
		return 0, err
	}
	var moves [4]position.Move
	for i, s := range KnightShuffle {
		if moves[i], err = pos.ParseMove(s); err != nil {
			return 0, err
		}
		var st position.State
		pos.DoMove(moves[i], &st)
	}
	g := datasets.GameRecord{Result: position.Draw}
	for i := range plies {
		g.Plies = append(g.Plies, datasets.Ply{Move: moves[i%4], Score: 10})
	}
	for range games {
		if err := w.WriteGame(&g); err != nil {
			w.Close()
			return 0, err
		}
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return games * plies, nil
}

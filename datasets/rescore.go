package datasets

import (
	"fmt"

	"dualnnue/position"
)

// RescoreFunc replaces a score v (the side to move's view, centipawns) of
// the position pos (read only) by another (see ImportOptions.Rescore).
type RescoreFunc func(v position.Value, pos position.Game) position.Value

// rescorer replays an imported game to give each score its position (see
// ImportOptions.Rescore and RescorePlayer).
type rescorer struct {
	rp       *replayer
	f        RescoreFunc                       // every score, or the fallback of a player byPlayer gives no function (nil: none)
	byPlayer func(string) (RescoreFunc, error) // nil: f for every player
}

func newRescorer(g position.Variant, f RescoreFunc, byPlayer func(string) (RescoreFunc, error)) (*rescorer, error) {
	rp, err := newReplayer(g)
	if err != nil {
		return nil, err
	}
	return &rescorer{rp: rp, f: f, byPlayer: byPlayer}, nil
}

// players gives the rescoring of the moves of the engines named white and
// black (PGN's tags): byPlayer's, f for a player it gives no function
// (nil: the scores are kept), or f for both without byPlayer.
func (r *rescorer) players(white, black string) (fw, fb RescoreFunc, err error) {
	if r.byPlayer == nil {
		return r.f, r.f, nil
	}
	if fw, err = r.byPlayer(white); err != nil {
		return nil, nil, err
	}
	if fb, err = r.byPlayer(black); err != nil {
		return nil, nil, err
	}
	if fw == nil {
		fw = r.f
	}
	if fb == nil {
		fb = r.f
	}
	return fw, fb, nil
}

// apply replaces the scores of rec's plies by f of them in their positions.
// The moves were checked legal by the importer that built rec.
func (r *rescorer) apply(rec *GameRecord) error {
	return r.applyBy(rec, r.f, r.f)
}

// applyBy is apply with White's (Red's) moves rescored by fw and Black's by
// fb (the side to move of the position a score belongs to played the move;
// a nil function keeps that side's scores).
func (r *rescorer) applyBy(rec *GameRecord, fw, fb RescoreFunc) error {
	if err := r.rp.reset(rec.StartFEN); err != nil {
		return fmt.Errorf("rescore: %w", err)
	}
	for _, m := range rec.Book {
		r.rp.do(m)
	}
	for i := range rec.Plies {
		p := &rec.Plies[i]
		if p.Score != position.ValueNone {
			f := fw
			if r.rp.pos.SideToMove() != position.White {
				f = fb
			}
			if f != nil {
				p.Score = f(p.Score, r.rp.pos)
			}
		}
		if p.Move != position.MoveNone {
			r.rp.do(p.Move)
		}
	}
	return nil
}

package datasets

import (
	"fmt"

	"dualnnue/position"
)

// rescorer replays an imported game to give each score its position (see
// ImportOptions.Rescore).
type rescorer struct {
	rp *replayer
	f  func(v position.Value, pos position.Game) position.Value
}

func newRescorer(g position.Variant, f func(position.Value, position.Game) position.Value) (*rescorer, error) {
	rp, err := newReplayer(g)
	if err != nil {
		return nil, err
	}
	return &rescorer{rp: rp, f: f}, nil
}

// apply replaces the scores of rec's plies by f of them in their positions.
// The moves were checked legal by the importer that built rec.
func (r *rescorer) apply(rec *GameRecord) error {
	if err := r.rp.reset(rec.StartFEN); err != nil {
		return fmt.Errorf("rescore: %w", err)
	}
	for _, m := range rec.Book {
		r.rp.do(m)
	}
	for i := range rec.Plies {
		p := &rec.Plies[i]
		if p.Score != position.ValueNone {
			p.Score = r.f(p.Score, r.rp.pos)
		}
		if p.Move != position.MoveNone {
			r.rp.do(p.Move)
		}
	}
	return nil
}

//go:build dualnnue_debug

// The debug build (go test -tags dualnnue_debug): every DoMove and UndoMove validates the position.
package xiangqi

import "dualnnue/position"

// debugValidate is true in the debug build: DoMove and UndoMove call
// Validate and panic on the first inconsistency, naming the move.
const debugValidate = true

func (p *Position) debugCheck(op string, m position.Move) {
	if err := p.Validate(); err != nil {
		panic("xiangqi: after " + op + " " + p.MoveString(m) + ": " + err.Error() + " (" + p.FEN() + ")")
	}
}

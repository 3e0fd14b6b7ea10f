//go:build !dualnnue_debug

// The normal build: no validation after DoMove and UndoMove (see debug_on.go).
package chess

import "dualnnue/position"

// debugValidate is false in the normal build, so the check compiles away.
const debugValidate = false

func (p *Position) debugCheck(string, position.Move) {}

// Package pstnet builds the default nets: the hand-written evaluation's
// material and piece-square tables (package eval) folded into the weights of
// a CReLU perspective net, so the engine plays with a net before any
// training: the start of every fine-tuning (cmd/mknet writes them; the
// embedded nn/nets files were trained from them).
//
// Construction (N hidden units, two halves of N/2 for the middle-game and
// end-game tables; w = OutUnit/QB):
//
//   - Each half is split among the piece types in proportion to the most a
//     type can be worth on one side ((start count + promotion headroom) ×
//     largest table value; the headroom is one piece for chess knights,
//     bishops, rooks and queens), so a unit saturates only with material
//     real games rarely reach.
//   - A feature's table value v (centipawns, from the perspective's view) is
//     converted to quanta q = v·QA·QB/(2·Scale·OutUnit) and spread over its
//     type's units as evenly as integers allow (the remainder rotates with
//     the feature index so no unit collects it).
//   - Every bias is QA/2 (rounded down), the middle of CReLU's linear range,
//     so a_us − a_them = 2·q summed over the active features.
//   - Output bucket b (by piece count, 8 buckets) weights the middle-game
//     half by round(OutUnit·φ_b) and the end-game half by the rest, with
//     φ_b = clamp((pieces_b − 2)/30, 0, 1) at the bucket's middle piece count;
//     the stm half of the output layer is +w, the other side's −w.
//   - The output bias is the hand-written evaluation's tempo bonus.
//
// The net thus computes the tapered table eval with the phase estimated
// from the piece count, to within about a centipawn of rounding per piece.
package pstnet

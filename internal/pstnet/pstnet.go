package pstnet

import (
	"fmt"
	"math"

	"dualnnue/eval"
	"dualnnue/nn"
	"dualnnue/nn/features"
	"dualnnue/position"
)

// Defaults of the embedded nets.
const (
	Hidden  = 128
	Buckets = 8
	OutUnit = 16 // quantized output weight of a unit at full phase
)

// tempo is the hand-written evaluation's bonus for the side to move
// (eval's chess and xiangqi tables: 10 and 15 centipawns).
var tempo = map[position.Variant]float64{position.Chess: 10, position.Xiangqi: 15}

// Build returns the default net of game g with hidden units (a multiple of 32).
func Build(g position.Variant, hidden int) (*nn.Net, error) {
	var t *eval.Tables
	// Per piece type (index = type): pieces per side at the start, and the
	// extra pieces a unit group should absorb before saturating (chess
	// promotions; xiangqi has none).
	var startCount, headroom []int
	switch g {
	case position.Chess:
		t = eval.ChessTables
		startCount = []int{0, 8, 2, 2, 2, 1, 1}
		headroom = []int{0, 0, 1, 1, 1, 1, 0}
	case position.Xiangqi:
		t = eval.XiangqiTables
		startCount = []int{0, 1, 2, 2, 2, 2, 2, 5}
		headroom = make([]int, 8)
	default:
		return nil, fmt.Errorf("pstnet: unknown game %v", g)
	}
	if hidden%32 != 0 {
		return nil, fmt.Errorf("pstnet: hidden %d not a multiple of 32", hidden)
	}
	set := features.Default(g)
	arch := nn.Arch{Game: g, Set: set.ID, Inputs: set.Size, Hidden: hidden, Buckets: Buckets, Activation: nn.CReLU}
	desc := fmt.Sprintf("dualnnue default %v net: package eval's material + piece-square tables "+
		"(middle game and end game) folded into a (%d->%d)x2->1 CReLU net with %d piece-count output buckets "+
		"by internal/pstnet (go run ./cmd/mknet); not trained", g, set.Size, hidden, Buckets)
	net, err := nn.NewNet(arch, desc)
	if err != nil {
		return nil, err
	}
	qa, qb, scale := float64(net.QA), float64(net.QB), float64(net.Scale)
	cpPerQuantum := 2 * scale * OutUnit / (qa * qb)

	// Table value of piece p on sq from perspective White/Red, phase 0 = mg, 1 = eg.
	value := func(p position.Piece, sq position.Square, phase int) float64 {
		mg, eg := t.PieceSquare(p, sq)
		return float64([]int{mg, eg}[phase])
	}

	// Units per type in proportion to start count × largest |value|.
	types := set.Types
	half := hidden / 2
	first := make([][2]int, types+1) // [type] -> first unit, count, within a half
	weight := make([]float64, types+1)
	var total float64
	for ty := 1; ty <= types; ty++ {
		p := position.MakePiece(position.White, position.PieceType(ty))
		var m float64
		for sq := 0; sq < set.Squares; sq++ {
			for ph := 0; ph < 2; ph++ {
				m = math.Max(m, math.Abs(value(p, position.Square(sq), ph)))
			}
		}
		weight[ty] = float64(startCount[ty]+headroom[ty]) * m
		total += weight[ty]
	}
	next := 0
	for ty := 1; ty <= types; ty++ {
		k := max(1, int(math.Round(weight[ty]/total*float64(half))))
		if ty == types {
			k = half - next
		}
		if k < 1 || next+k > half {
			return nil, fmt.Errorf("pstnet: cannot split %d units among %d types", half, types)
		}
		first[ty] = [2]int{next, k}
		next += k
	}

	for i := range net.FTBias {
		net.FTBias[i] = int16(net.QA / 2)
	}
	for c := position.Color(0); c <= 1; c++ {
		for ty := 1; ty <= types; ty++ {
			p := position.MakePiece(c, position.PieceType(ty))
			u0, k := first[ty][0], first[ty][1]
			for sq := 0; sq < set.Squares; sq++ {
				f := set.Index(position.White, p, position.Square(sq))
				row := net.Row(f)
				for ph := 0; ph < 2; ph++ {
					q := int(math.Round(value(p, position.Square(sq), ph) / cpPerQuantum))
					base, rem := floorDiv(q, k)
					for j := 0; j < k; j++ {
						v := base
						if (j-f%k+k)%k < rem {
							v++
						}
						row[ph*half+u0+j] = int16(v)
					}
				}
			}
		}
	}
	for b := 0; b < Buckets; b++ {
		div := (nn.MaxPieces + Buckets - 1) / Buckets
		mid := 2 + b*div + div/2
		phi := math.Min(1, math.Max(0, float64(mid-2)/30))
		wmg := int16(math.Round(OutUnit * phi))
		weg := OutUnit - wmg
		w := net.OutWeights[b*2*hidden : (b+1)*2*hidden]
		for i := 0; i < hidden; i++ {
			v := wmg
			if i >= half {
				v = weg
			}
			w[i], w[hidden+i] = v, -v
		}
		net.OutBias[b] = int32(math.Round(tempo[g] / scale * qa * qb))
	}
	if err := net.Validate(); err != nil {
		return nil, err
	}
	return net, nil
}

// floorDiv returns q = k·base + rem with 0 ≤ rem < k.
func floorDiv(q, k int) (base, rem int) {
	base = q / k
	rem = q % k
	if rem < 0 {
		base--
		rem += k
	}
	return base, rem
}

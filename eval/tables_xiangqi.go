// Xiangqi material and piece-square tables, from Red's view.
package eval

import "dualnnue/position"

// Xiangqi piece types (the xiangqi package's numbering).
const (
	xKing     = 1
	xAdvisor  = 2
	xElephant = 3
	xHorse    = 4
	xRook     = 5
	xCannon   = 6
	xPawn     = 7
)

// xiangqiMaterial is the material of each piece type, middle game and end
// game: the cannon needs screens and weakens as the board empties, the
// horse needs room and gains.
var xiangqiMaterial = [8][2]int{
	xAdvisor: {200, 200}, xElephant: {200, 200}, xHorse: {430, 470},
	xRook: {1000, 1000}, xCannon: {470, 430}, xPawn: {100, 120},
}

// XiangqiTables is the xiangqi evaluation.
var XiangqiTables = buildXiangqi()

func buildXiangqi() *Tables {
	t := &Tables{name: "xiangqi", squares: 90, tempo: 15}
	// Phase: rooks, horses and cannons (start position: 2*(2*2+2+2) = 16).
	t.phase = [8]int32{xRook: 2, xHorse: 1, xCannon: 1}
	t.fullPhase = 16
	for pt := xKing; pt <= xPawn; pt++ {
		for sq := 0; sq < 90; sq++ {
			file, rank := sq%9, sq/9
			mg, eg := xiangqiPlacement(pt, file, rank)
			mg += xiangqiMaterial[pt][0]
			eg += xiangqiMaterial[pt][1]
			red := position.MakePiece(position.Red, position.PieceType(pt))
			black := position.MakePiece(position.Black, position.PieceType(pt))
			t.psq[red][sq] = makeScore(mg, eg)
			t.psq[black][(9-rank)*9+file] = makeScore(-mg, -eg) // mirrored rank
		}
	}
	return t
}

// xiangqiPlacement returns the placement bonus of a red piece of type pt on
// (file, rank): file 0..8 from Red's left, rank 0 = Red's back rank.
func xiangqiPlacement(pt, file, rank int) (mg, eg int) {
	fd := abs(file - 4) // distance from the central file
	switch pt {
	case xPawn:
		if rank <= 4 {
			// Not yet across the river: the central and third/seventh-file
			// pawns that have stepped forward are a little better.
			if rank == 4 {
				mg, eg = 10, 10
			}
			if fd == 0 {
				mg += 5
			}
			return mg, eg
		}
		// Across the river a soldier also moves sideways: worth about two
		// pawns, more near the enemy palace, less on the last rank where
		// it can only move sideways.
		bonus := 90 - 12*max(fd-1, 0)
		switch rank {
		case 6, 7:
			bonus += 20
		case 8:
			bonus += 10
		case 9:
			bonus -= 30
		}
		return bonus, bonus + 20
	case xHorse:
		// Central and forward horses attack the palace; edge horses are slow.
		mg = 20 - 8*fd + 6*min(rank, 7)
		if fd == 4 {
			mg -= 15
		}
		if rank == 0 {
			mg -= 15
		}
		if rank >= 7 && fd <= 2 {
			mg += 15 // near the palace
		}
		eg = mg
		return mg, eg
	case xRook:
		// Rooks want open ranks and files: the river ranks and the enemy side.
		mg = 6 - 3*fd
		switch {
		case rank == 0:
			mg -= 10
		case rank == 4 || rank == 5:
			mg += 10 // river rank: sideways reach
		case rank >= 6:
			mg += 15
		}
		eg = mg
		return mg, eg
	case xCannon:
		// The central cannon and the cannon behind the enemy lines pin pieces.
		mg = 5 - 2*fd
		if file == 4 && rank <= 2 {
			mg += 20
		}
		if rank == 9 {
			mg += 10 // bottom cannon
		}
		if rank >= 5 && rank <= 8 && fd >= 3 {
			mg -= 10
		}
		eg = mg - 5
		return mg, eg
	case xAdvisor:
		if file == 4 && rank == 1 {
			return 10, 10 // the palace centre
		}
		return 0, 0
	case xElephant:
		if file == 4 && rank == 2 {
			return 10, 10 // the elephant eye of the palace
		}
		return 0, 0
	case xKing:
		// Stay on the back rank, in the middle of the palace.
		mg = -15*rank - 8*fd
		eg = -8*rank - 4*fd
		return mg, eg
	}
	return 0, 0
}

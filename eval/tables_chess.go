// Chess material and piece-square tables (middle game / end game), from White's view.
package eval

import "dualnnue/position"

// Chess piece types (the chess package's numbering).
const (
	cPawn   = 1
	cKnight = 2
	cBishop = 3
	cRook   = 4
	cQueen  = 5
	cKing   = 6
)

// chessMaterial is the material of each piece type, middle game and end game.
var chessMaterial = [7][2]int{
	cPawn: {100, 125}, cKnight: {330, 310}, cBishop: {345, 330},
	cRook: {480, 540}, cQueen: {1000, 1020},
}

// ChessTables is the chess evaluation.
var ChessTables = buildChess()

func buildChess() *Tables {
	t := &Tables{name: "chess", squares: 64, tempo: 10}
	t.phase = [8]int32{cKnight: 1, cBishop: 1, cRook: 2, cQueen: 4}
	t.fullPhase = 24
	for pt := cPawn; pt <= cKing; pt++ {
		for sq := 0; sq < 64; sq++ {
			file, rank := sq%8, sq/8
			mg, eg := chessPlacement(pt, file, rank)
			mg += chessMaterial[pt][0]
			eg += chessMaterial[pt][1]
			white := position.MakePiece(position.White, position.PieceType(pt))
			black := position.MakePiece(position.Black, position.PieceType(pt))
			t.psq[white][sq] = makeScore(mg, eg)
			t.psq[black][sq^56] = makeScore(-mg, -eg) // mirrored rank
		}
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// centre is 0 on the four centre squares, rising by one per step away
// (file and rank distances from the middle, each 0..3, summed: 0..6).
func centre(file, rank int) int {
	fd := max(3-file, file-4)
	rd := max(3-rank, rank-4)
	return fd + rd
}

// chessPlacement returns the placement bonus of a white piece of type pt on
// (file, rank), middle game and end game.
func chessPlacement(pt, file, rank int) (mg, eg int) {
	c := centre(file, rank)
	switch pt {
	case cPawn:
		if rank == 0 || rank == 7 {
			return 0, 0
		}
		// Central pawns should advance early; any pawn is worth more the
		// closer it is to promotion, most of all in the end game.
		adv := rank - 1                       // 0..5
		centreFile := 3 - max(3-file, file-4) // 0 on a/h .. 3 on d/e
		mg = adv*4 + centreFile*adv*3
		if rank == 1 && (file == 3 || file == 4) {
			mg -= 12 // unmoved centre pawns block the pieces
		}
		eg = adv*adv*5 + adv*4
		return mg, eg
	case cKnight:
		mg = 24 - 10*c
		eg = 18 - 8*c
		if rank == 0 && (file == 1 || file == 6) {
			mg -= 10 // undeveloped
		}
		return mg, eg
	case cBishop:
		mg = 12 - 5*c
		eg = 10 - 4*c
		if rank == 0 {
			mg -= 10 // undeveloped
		}
		if file == rank || file == 7-rank {
			mg += 8 // long diagonals
		}
		return mg, eg
	case cRook:
		fileBonus := 0
		if file == 3 || file == 4 {
			fileBonus = 8
		}
		mg = fileBonus
		if rank == 6 {
			mg += 20
			eg += 15
		}
		if rank == 0 && (file == 0 || file == 7) {
			mg -= 5
		}
		return mg, eg
	case cQueen:
		mg = 4 - 2*c
		if rank == 0 {
			mg -= 4
		}
		eg = 20 - 6*c
		return mg, eg
	case cKing:
		// Middle game: stay home and tucked in a corner. End game: centralise.
		mg = -25 * rank
		switch file {
		case 1, 6:
			mg += 30
		case 2:
			mg += 15
		case 0, 7:
			mg += 20
		case 3, 5:
			mg -= 10
		case 4:
			mg -= 5
		}
		eg = 40 - 12*c
		return mg, eg
	}
	return 0, 0
}

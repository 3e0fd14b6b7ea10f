// PGN game records for chess and xiangqi: the Game type, its tags and the variant names (pgn_write.go writes, pgn_read.go reads, pgn_lex.go tokenizes).
package notation

import (
	"fmt"
	"strings"

	"dualnnue/position"
	"dualnnue/position/setup"
)

// ParseVariant reads a game name as the CLI and the PGN Variant tag spell
// it: "chess" (also "standard", "" or "chess960"/"fischerandom", which set
// chess960) or "xiangqi" (also "chinese chess"), case-insensitive.
func ParseVariant(s string) (v position.Variant, chess960 bool, err error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "chess", "standard", "normal", "from position":
		return position.Chess, false, nil
	case "chess960", "chess 960", "fischerandom", "fischer random":
		return position.Chess, true, nil
	case "xiangqi", "chinese chess", "chinesechess":
		return position.Xiangqi, false, nil
	}
	return position.Chess, false, fmt.Errorf("unsupported variant %q (want chess, chess960 or xiangqi)", clip(s))
}

// Tag is one PGN tag pair.
type Tag struct{ Name, Value string }

// Game is one game record: the variant, the tags in file order, the start
// position, the moves (legal, in order, as the game package encodes them)
// with their comments, and the result (from White's/Red's side;
// ResultUnknown is written "*").
type Game struct {
	// Variant is the game; the zero value is read and written as chess.
	Variant position.Variant
	// Chess960 marks a Chess960 game (Variant tag "Chess960"): its FEN may
	// carry X-FEN or Shredder-FEN castling rights and castling is written
	// as in Chess960. A standard game's FEN may hold only standard rights.
	Chess960 bool
	Tags     []Tag
	// FEN is the start position; "" means the game's standard start.
	FEN   string
	Moves []position.Move
	// Comments holds the text of each move's {comment}, parallel to Moves
	// ("" for none; several comments after one move are joined by a
	// space). ReadPGN fills it for every move; WritePGN takes a shorter
	// slice (nil) as no comments for the moves past its end.
	Comments []string
	// Comment is the text of the comments before the first move.
	Comment string
	Result  position.Result
}

// MoveComment returns the comment of move i ("" for none).
func (g *Game) MoveComment(i int) string {
	if i < len(g.Comments) {
		return g.Comments[i]
	}
	return ""
}

// Tag returns the value of the named tag, or "".
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets (or adds) the named tag.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// StartFEN returns the game's start position in FEN.
func (g *Game) StartFEN() string {
	if g.FEN != "" {
		return g.FEN
	}
	if g.Variant == position.Xiangqi {
		return setup.StartFEN(position.Xiangqi)
	}
	return setup.StartFEN(position.Chess)
}

// validResult reports whether s is a PGN game termination marker.
func validResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// Xiangqi rank numbering: ICCS/UCCI ranks 0–9 and Fairy-Stockfish's 1–10.
package notation

import (
	"fmt"
	"strconv"
	"strings"
)

// Xiangqi coordinate moves name a square by its file (a–i from Red's left)
// and its rank from Red's side. ICCS, UCCI, Pikafish and this project
// number the ranks 0–9 ("h2e2"); Fairy-Stockfish (its UCI, and tools built
// on it: pyffish, fairy-stockfish.wasm) numbers them 1–10 ("h3e3"). The two
// read each other's moves wrongly without an error when the move happens to
// be legal both ways, so a file that uses 1–10 must say so.
//
// XiangqiRanksTag names the PGN tag that does: [XiangqiRanks "0-9"] (the
// default when absent) or [XiangqiRanks "1-10"]. ReadPGN honours it; the
// match runner writes it (see match.PGNTags).
const XiangqiRanksTag = "XiangqiRanks"

// The values of the XiangqiRanks tag.
const (
	Ranks0 = "0-9"
	Ranks1 = "1-10"
)

// ToRanks1 converts a xiangqi move in ICCS coordinates (ranks 0–9, "h9g7")
// to Fairy-Stockfish's ranks 1–10 ("h10g8"). Text that is not a lowercase
// four-character coordinate move is returned unchanged.
func ToRanks1(m string) string {
	if len(m) != 4 || !looksICCS(m) || m[0] < 'a' || m[2] < 'a' {
		return m
	}
	return fmt.Sprintf("%c%d%c%d", m[0], m[1]-'0'+1, m[2], m[3]-'0'+1)
}

// FromRanks1 converts a xiangqi move with ranks 1–10 ("h10g8") to ICCS
// coordinates ("h9g7"). Anything else (a bad file, a rank outside 1–10,
// trailing text) is an error.
func FromRanks1(m string) (string, error) {
	var out strings.Builder
	i := 0
	for k := 0; k < 2; k++ {
		if i >= len(m) || m[i] < 'a' || m[i] > 'i' {
			return "", fmt.Errorf("bad square in %q", clip(m))
		}
		out.WriteByte(m[i])
		i++
		j := i
		for j < len(m) && j-i < 2 && m[j] >= '0' && m[j] <= '9' {
			j++
		}
		r, err := strconv.Atoi(m[i:j])
		if err != nil || r < 1 || r > 10 || m[i] == '0' {
			return "", fmt.Errorf("bad rank in %q (want 1-10)", clip(m))
		}
		out.WriteString(strconv.Itoa(r - 1))
		i = j
	}
	if i != len(m) {
		return "", fmt.Errorf("trailing text in %q", clip(m))
	}
	return out.String(), nil
}

// parseRanksTag reads the XiangqiRanks tag's value ("" : 0–9).
func parseRanksTag(v string) (ranks1 bool, err error) {
	switch strings.TrimSpace(v) {
	case "", Ranks0:
		return false, nil
	case Ranks1:
		return true, nil
	}
	return false, fmt.Errorf("%s tag %q: want %q or %q", XiangqiRanksTag, clip(v), Ranks0, Ranks1)
}

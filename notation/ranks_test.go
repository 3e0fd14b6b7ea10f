// Xiangqi ranks 0–9 and 1–10: conversion, the XiangqiRanks PGN tag, round trips.
package notation

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"dualnnue/position"
	"dualnnue/position/xiangqi"
)

// TestRanks1MatchesFairyStockfish: ToRanks1 of every xiangqi case's moves
// is the list Fairy-Stockfish wrote (moves_fsf in cases.jsonl), and
// FromRanks1 takes it back.
func TestRanks1MatchesFairyStockfish(t *testing.T) {
	type rec struct {
		Game     string   `json:"game"`
		Moves    []string `json:"moves"`
		MovesFSF []string `json:"moves_fsf"`
	}
	n := 0
	for _, c := range readJSONL[rec](t, filepath.Join(testdataDir(t), "cases", "cases.jsonl")) {
		if c.Game != "xiangqi" || len(c.Moves) != len(c.MovesFSF) {
			continue
		}
		for i, m := range c.Moves {
			if got := ToRanks1(m); got != c.MovesFSF[i] {
				t.Fatalf("ToRanks1(%q) = %q, Fairy-Stockfish wrote %q", m, got, c.MovesFSF[i])
			}
			if back, err := FromRanks1(c.MovesFSF[i]); err != nil || back != m {
				t.Fatalf("FromRanks1(%q) = %q, %v; want %q", c.MovesFSF[i], back, err, m)
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d moves compared", n)
	}
	for _, bad := range []string{"h0e2", "h11e2", "h3e", "j3e3", "h3e3x", "h03e3", ""} {
		if got, err := FromRanks1(bad); err == nil {
			t.Errorf("FromRanks1(%q) = %q, want an error", bad, got)
		}
	}
	if got := ToRanks1("C2=5"); got != "C2=5" {
		t.Errorf("ToRanks1 changed WXF: %q", got)
	}
}

// TestXiangqiRanksTag: [XiangqiRanks "1-10"] makes ReadPGN read
// Fairy-Stockfish's coordinates; the same moves with ranks 0–9 and no tag
// give the same game. Writing that game in ICCS says [XiangqiRanks "0-9"]
// (the 1-10 tag is not copied) and reads back to the same moves.
func TestXiangqiRanksTag(t *testing.T) {
	iccs := []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"}
	fsf := make([]string, len(iccs))
	for i, m := range iccs {
		fsf[i] = ToRanks1(m)
	}
	if fsf[1] != "h10g8" {
		t.Fatalf("ToRanks1(h9g7) = %q", fsf[1])
	}
	g1, err := ParsePGN("[Variant \"xiangqi\"]\n[XiangqiRanks \"1-10\"]\n\n1. " + fsf[0] + " " + fsf[1] + " 2. " + fsf[2] + " " + fsf[3] + " 3. " + fsf[4] + " " + fsf[5] + " *\n")
	if err != nil {
		t.Fatal(err)
	}
	g0, err := ParsePGN("[Variant \"xiangqi\"]\n\n1. " + strings.Join(iccs, " ") + " *\n")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g1.Moves, g0.Moves) || len(g1.Moves) != len(iccs) {
		t.Fatalf("1-10 read %v, 0-9 read %v", g1.Moves, g0.Moves)
	}
	var b strings.Builder
	if err := WritePGN(&b, g1, WriteOptions{Xiangqi: FormatICCS}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if strings.Count(text, "[XiangqiRanks ") != 1 || !strings.Contains(text, "[Format \"ICCS\"]\n[XiangqiRanks \"0-9\"]\n") || !strings.Contains(text, "1. H2-E2 H9-G7") {
		t.Fatalf("ICCS export:\n%s", text)
	}
	back, err := ParsePGN(text)
	if err != nil || !reflect.DeepEqual(back.Moves, g0.Moves) {
		t.Fatalf("ICCS export read back: %v %v", err, back)
	}
	// The ranks decide the game: "h3e3" is legal in the start position only
	// as Fairy-Stockfish's h2e2; read as ICCS it is an error, not a wrong game.
	if _, err := ParsePGN("[Variant \"xiangqi\"]\n\n1. h3e3 *\n"); err == nil {
		t.Error("h3e3 without the tag read as ICCS: want an error")
	}
	if _, err := ParsePGN("[Variant \"xiangqi\"]\n[XiangqiRanks \"1-9\"]\n\n1. h2e2 *\n"); err == nil || !strings.Contains(err.Error(), "XiangqiRanks tag") {
		t.Errorf("bad XiangqiRanks value: %v", err)
	}
	// WXF is rank-free: the tag does not disturb it.
	if g, err := ParsePGN("[Variant \"xiangqi\"]\n[XiangqiRanks \"1-10\"]\n\n1. C2.5 H8+7 *\n"); err != nil || len(g.Moves) != 2 {
		t.Errorf("WXF with the 1-10 tag: %v", err)
	}
	p, _ := xiangqi.NewFromFEN(xiangqi.StartFEN)
	if m, _ := p.ParseMove("h2e2"); g0.Moves[0] != m || m == position.MoveNone {
		t.Errorf("first move %v, want h2e2", g0.Moves[0])
	}
}

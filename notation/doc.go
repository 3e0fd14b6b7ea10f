// Package notation reads and writes moves and game records for both games:
// chess SAN (SAN, ParseSAN), xiangqi WXF notation (WXF, ParseWXF), and PGN
// game records (ReadPGN, ParsePGN, WritePGN, and Reader, which reads a
// file game by game and goes on past a game it cannot read) for chess and
// for xiangqi ([Variant "xiangqi"] with a [FEN] tag, moves in ICCS
// coordinates or WXF). A record's moves keep their {comments}, where match
// tools put the engines' evaluations ("+0.35/12 0.5s"). Opening lists are
// read here too (ReadOpenings: EPD/FEN lines with ParseOpenings, PGN games
// with ReadPGNOpenings), for the match runner and self-play.
// Xiangqi coordinates number the ranks 0–9 (ICCS, UCCI, Pikafish); the
// [XiangqiRanks "1-10"] tag marks Fairy-Stockfish's numbering (see
// XiangqiRanksTag, ToRanks1, FromRanks1).
//
// Every parser returns a clear error for bad input and never panics; the
// parsers are fuzzed (see fuzz_test.go and testdata/fuzz). Moves are
// position.Move values of the game packages; a move is always checked for
// legality in the position it is read in.
//
// Sources: the PGN standard (Steven J. Edwards, 1994) for SAN and PGN; the
// WXF notation as described in the project's Italian rule text and by the
// World Xiangqi Federation, with the tandem-piece conventions Fairy-Stockfish
// writes (front/rear marker after the piece letter, "H++7"; numbered pawns
// when three or more share a file, "15+1"); the XQ PGN conventions of the
// xiangqi community ([Format "ICCS"] / [Format "WXF"]).
package notation

// Package match plays matches between UCI engines – ours with a given net,
// Fairy-Stockfish for xiangqi, Stockfish for chess, Pikafish – and reports
// what a tester needs to trust the result: W/D/L, score, Elo with 95% error
// bars (trinomial and, for paired games, pentanomial), and an SPRT that stops
// the match early.
//
// Engines are processes spoken to over UCI. Each concurrent slot owns one
// process per engine and plays game pairs: every opening twice with colours
// reversed. The referee is this project's position core: every move an
// engine returns is checked for legality, the game rules (mate, xiangqi
// stalemate-loss, repetition verdicts including perpetual check, move-count
// rules, insufficient material) end games, and adjudication (resign, draw,
// maximum length) is optional. An engine that plays an illegal move, crashes,
// hangs or loses on time loses the game, is restarted, and the match goes on.
//
// Engines are described as in cutechess-cli, key=value words (see
// ParseEngine): cmd=, name=, dir=, arg=, ranks= and option.NAME=VALUE. A
// word with spaces is quoted like a shell word, which is how option names
// such as "Move Overhead" or "Use NNUE" are set:
//
//	cmd=stockfish 'option.Move Overhead=30' option."UCI_Elo"=1500
//	cmd=./play "option.Use NNUE=false" option.EvalFile=/nets/my\ net.nnue
//
// Xiangqi dialects: Pikafish and this engine write ICCS ranks 0–9;
// Fairy-Stockfish writes ranks 1–10 in UCI. An engine's dialect is detected
// from its "id name" (or set with ranks=1 in its configuration) and moves
// are translated both ways. The match PGN writes ranks 0–9 by default and
// says so with [XiangqiRanks "0-9"]; Config.PGNRanks1 (play match
// -pgn-ranks 1-10) writes Fairy-Stockfish's 1–10 for its tools, tagged
// [XiangqiRanks "1-10"]. Both read back (notation.ReadPGN honours the tag).
// Package notation writes the records (WritePGN builds a notation.Game with
// the match's tags and each move's engine comment, "{+0.35/12 0.5s}").
//
// A match can be played in shards (Config.Shard/Shards, play match -shard
// i/n or a scheduler's array index): shard i plays the pairs p with
// p mod n = i, numbered as in the whole match, and writes a result file
// (Config.Results, see ReadResults) of its games; a killed shard resumes from
// it (Config.Resume). MergeResults adds the shards up into the report of
// the unsharded match, the SPRT applied over all their games in pair order,
// and refuses truncated, foreign, duplicated or missing shards.
//
// Statistics follow fastchess/fishtest: logistic Elo from the mean score,
// its 95% interval from the standard error of the per-game (trinomial) or
// per-pair (pentanomial) scores, normalized Elo, and the GSPRT
// log-likelihood ratio from the maximum-likelihood distributions under H0
// and H1 (empty cells regularized to 1e-3, so a one-sided result decides)
// with Wald's bounds. A sweep prints as "+Inf (all games won)" ("all pairs won" for the pentanomial); Finite gives
// the numbers for JSON.
package match

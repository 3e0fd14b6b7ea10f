// Package selfplay generates training data: it plays games of xiangqi or
// chess with the project's search against itself, many games in parallel,
// and writes them to the compressed dataset format of package datasets.
//
// # A game
//
// Each game has a global index. Its random generator is seeded from the run
// seed and that index alone, so the same config, seed and index give the same
// game (one search thread per game, the TT cleared before each game, node or
// depth limits only). An opening is a line of the book file (if any) followed
// by random plies, uniform among the legal moves or, with a margin, among the
// moves a MultiPV search scores within the margin of the best; these plies
// are stored as the chain's unscored prefix. Then every move is searched with
// soft nodes (finish the iteration in progress after the budget) and a hard
// node cap, or a fixed depth, and the position, move played and score
// (centipawns from the side to move's view) are recorded.
//
// A game ends by the rules (no legal move: checkmate, or in xiangqi a loss
// even when not in check; chess stalemate; repetition verdicts, where a
// xiangqi perpetual check loses; the move-count rules; insufficient
// material), by resignation (both sides' scores agree that one side wins by
// at least ResignScore for ResignPlies consecutive plies), by a draw
// adjudication (|score| <= DrawScore for DrawPlies plies after DrawAfterPly)
// or at MaxPlies (a draw).
//
// # Runs, shards and resume
//
// A run of N games split into n shards gives shard i the indices i, i+n,
// i+2n, ... so shards never overlap and their union is the unsharded run.
// Workers play games concurrently; finished games are written in index
// order, so a shard's files are deterministic. Files are
// <output>/<game>-s<i>of<n>-p<k>.dnds; the datasets writer keeps the file
// under a .tmp name until it is closed, so a killed run leaves its finished
// blocks readable and Resume salvages them into a closed part before going
// on. A resume goes by game identity, never by count: a part's header says
// which games it holds ("first_game", and a "games" list when they have
// holes) and the format keeps each game's ordinal in its file whatever
// blocks were lost, so the resumed run plays exactly the games missing from
// disk (those of a damaged block included), in index order. A finished
// part with a damaged block has its intact games copied to a new part and
// is then moved aside as <part>.damaged (kept for inspection, matched by no
// *.dnds pattern), so that `selfplay data verify` of the run's parts
// passes once the lost games are played again.
package selfplay

// Package uci speaks the engine side of the Universal Chess Interface (UCI)
// and of UCCI, the older protocol of xiangqi GUIs, for both games of the
// project.
//
// A Session reads one command per line, keeps the options, the current game
// (UCI_Variant: xiangqi, the default, or chess) and the current position
// with its move history, runs one search at a time in the background and
// writes every answer as one line. The protocol layer knows nothing about
// the rules: each game is reached through a small generic adapter over
// position.Game and the search.
//
// Conventions, chosen to match Stockfish (chess) and Pikafish (xiangqi) so
// that GUIs, lichess-bot style clients and match runners can drive us:
//
//   - Xiangqi moves are ICCS with ranks 0–9 ("h2e2"), xiangqi FENs as
//     Pikafish writes them; chess moves are UCI long algebraic ("e7e8q"),
//     castling as king to its destination unless UCI_Chess960 is true, then
//     as king takes own rook. The evaluation is the game's embedded net
//     (nn.Default) unless EvalFile names another or "Use NNUE" is false
//     (the hand-written evaluation of package eval).
//   - UCCI (after "ucci"): options without "name"/"value", "go [ponder|draw]
//     depth|nodes|time <t> [movestogo|increment] [opptime ..]" with times in
//     seconds unless "setoption usemillisec true", "banmoves", "nobestmove",
//     "quit" answered with "bye". Draw offers are never accepted.
//   - Bad input never changes state silently: an unparsable or illegal move
//     in "position ... moves" rejects the whole command at the first bad move
//     (reported with "info string", naming its number and text) and the
//     position from before the command is kept; a malformed FEN likewise.
//     Unknown commands and options are reported and ignored.
//   - A line longer than MaxLineBytes is discarded with an info string.
//   - Threads above the number of goroutines Go runs at once (GOMAXPROCS)
//     are accepted but the search uses that many, with a note: more threads
//     only share the same cores and make the clock late.
//   - EvalFile's default is empty, announced as "<empty>": the game's
//     embedded net. "<empty>", an empty value and "<default>" (what older
//     versions announced) all select it.
//   - "go" before any "position" searches the start position. Every search
//     that has a legal move answers one, never "0000": "go movetime 0" and
//     negative or zero clocks are answered promptly after a depth-1 search.
//   - With no legal move the answer is "bestmove (none)" (UCCI:
//     "nobestmove"); for "go infinite" and "go ponder" only after "stop" or
//     "ponderhit", while waiting without using the CPU.
//   - "isready" is answered at once, also during a search.
//   - A command that needs the engine idle (position, setoption,
//     ucinewgame, go, d, eval, bench) while a search runs: a search that
//     waits for "stop" (infinite, ponder) is stopped first, with a note; a
//     search with limits is waited for, as Stockfish does. Lines read
//     meanwhile run afterwards in order, except that "stop", "ponderhit"
//     and "quit" still reach the running search, unless the waiting
//     command is a "go" (then they are meant for the search it starts).
//   - "quit" stops the search and ends the session; at the end of input a
//     search with limits still answers first, so "echo go depth 8 | play"
//     works.
//
// Extra commands: "d" (board, FEN, key), "go perft N" (Stockfish's divide
// format), "eval" and "bench".
package uci

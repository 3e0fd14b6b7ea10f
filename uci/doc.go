// Package uci speaks the engine side of the Universal Chess Interface (UCI)
// and of UCCI, the older protocol of xiangqi GUIs, for both games of the
// project.
//
// A Session reads one command per line, keeps the options, the current game
// (UCI_Variant: xiangqi, the default, or chess) and the current position
// with its move history, runs one search at a time in the background and
// writes every answer as one line. The protocol layer knows nothing about
// the rules: each game is reached through a small generic adapter that
// turns protocol strings into calls of that game's engine.Engine (which
// owns the position, its history, the evaluator and the searcher).
//
// Conventions, chosen to match Stockfish (chess) and Pikafish (xiangqi) so
// that GUIs, lichess-bot style clients and match runners can drive us:
//
//   - Xiangqi moves are ICCS with ranks 0–9 ("h2e2"), xiangqi FENs as
//     Pikafish writes them; chess moves are UCI long algebraic ("e7e8q"),
//     castling as king to its destination unless UCI_Chess960 is true, then
//     as king takes own rook. Chess FENs are read in the mode UCI_Chess960
//     sets when "position" arrives: without it, castling rights that do not
//     fit a king and rook on their standard squares (and Shredder-FEN
//     letters) reject the FEN, never switch to Chess960 castling. The evaluation is the game's embedded net
//     (nn.Default) unless EvalFile names another or "Use NNUE" is false
//     (the hand-written evaluation of package eval).
//   - Xiangqi "one check, one chase" in a repetition is a draw by default
//     (the AXF rules, as Fairy-Stockfish and Pikafish judge); the check
//     option CheckChaseLoses selects the WXF/Chinese reading, where the
//     chasing side loses (a rule option of the session's positions,
//     variants.RuleOptions).
//   - UCI_ShowWDL adds "wdl W D L" (per mille) to every score, from the
//     game's win/draw/loss model fitted to the project's own self-play
//     (eval.WDLModel). UCI_LimitStrength with UCI_Elo (1320–2100; chess on
//     Stockfish 15.1's scale, xiangqi on Fairy-Stockfish 11.1's, calibrated
//     at 1 s + 0.01 s) caps every search at
//     a node budget (strengthNodes) that plays at that rating. "Skill
//     Level" (0–20, Stockfish's name) uses the same limiter: level L below
//     20 plays as UCI_Elo 1320 + 39·L, 20 is full strength, and
//     UCI_LimitStrength takes precedence. Below 1500 the budget halves
//     faster (the reference scales bend there; docs/strength.md).
//   - UCCI (after "ucci"): options without "name"/"value", "go [ponder|draw]
//     depth|nodes|time <t> [movestogo|increment] [opptime ..]" with times in
//     seconds unless "setoption usemillisec true", "banmoves", "nobestmove",
//     "quit" answered with "bye". Draw offers are never accepted.
//   - Bad input never changes state silently: an unparsable or illegal move
//     in "position ... moves" rejects the whole command at the first bad move
//     (reported with "info string", naming its number and text) and the
//     position from before the command is kept (for "d"); a malformed FEN
//     likewise. Unknown commands and options are reported and ignored.
//   - After a rejected "position", "go" never searches the position kept
//     from before, which the client no longer means: it answers an info
//     string and "bestmove 0000" (UCCI "nobestmove"), for "go infinite" and
//     "go ponder" after "stop" or "ponderhit", and "go perft" is an error,
//     until a valid "position" or "ucinewgame".
//   - The game: UCI_Variant, whose default is Config.DefaultVariant ("play
//     -variant chess"), which "position startpos" uses. A "position fen"
//     whose FEN the current game rejects but whose board has the other
//     game's shape (8 ranks: chess, 10: xiangqi) switches to that game when
//     it accepts the whole command, with a note: a plain UCI chess GUI sends
//     no UCI_Variant. Likewise a "position startpos" whose moves the
//     current game refuses and the other game accepts (e2e4 from the start
//     is chess; h2e2 is xiangqi) switches to the other game with a note
//     that says how to select it (UCI_Variant, or "play -variant",
//     or the dualnnue-chess binary). Moves legal in both games (h2h3) keep
//     the current game, and a list that continues the last accepted
//     "position startpos" of the current game never switches: in the middle
//     of a game a bad move is an error. Every error about a bad move names
//     the current game and how to choose the other. (Not in UCCI, which is
//     xiangqi only.)
//   - A line longer than MaxLineBytes is discarded with an info string.
//   - A "go" whose limit value is missing or not a number ("go movetime
//     abc") is refused as a whole: an error and "bestmove 0000" (UCCI
//     "nobestmove"; for infinite and ponder after "stop" or "ponderhit"),
//     never a search with the limit left out. Unknown tokens are reported
//     and skipped.
//   - "go" before any "position" searches the start position. Every search
//     that has a legal move answers one, never "0000": "go movetime 0" and
//     negative or zero clocks are answered promptly after a depth-1 search.
//   - With no legal move the answer is "bestmove (none)" (UCCI:
//     "nobestmove"); for "go infinite" and "go ponder" only after "stop" or
//     "ponderhit", while waiting without using the CPU.
//   - Threads above the machine's CPUs (runtime.NumCPU, or GOMAXPROCS when
//     that is lower) are accepted but the search uses that many, with a
//     note: more threads only share the same cores and make the clock late.
//   - EvalFile's default is empty, announced as "<empty>": the game's
//     embedded net. "<empty>", an empty value and "<default>" (what older
//     versions announced) all select it.
//
// Commands during a search (or "go perft", or "bench", which run in the
// background the same way). The command loop never waits for a search to
// end by itself, so nothing the client sends is held up behind one:
//
//   - "isready" is answered at once; "stop", "ponderhit" and "quit" act at
//     once. "quit" ends the session after the search has answered its best
//     move so far.
//   - "position" and "banmoves" change the position of the next "go" and
//     leave the running search alone (it searches the position it was
//     given); so do "d" and "eval", which only read. A "position fen" that
//     switches the game is the exception: it stops the search as below.
//   - A command that changes what the search uses – "ucinewgame",
//     "setoption" with a new value (the same value again changes nothing
//     and does not stop it), "go", "go perft", "bench", "ucci" in chess –
//     stops the search first, with the note "info string '<cmd>' during
//     search: stopping it first" ("during go perft", "during bench"; none
//     when the client had already stopped it or seen its answer). The
//     search answers its best move so far, then the command runs.
//     Stopping rather than waiting means no search with a far-off limit
//     ("go depth 60") can hold the session; a client that wants the whole
//     search waits for its "bestmove", as the protocol asks.
//   - The end of input is "quit": nobody is left to send "stop", so any
//     search ("go", "go infinite", "go mate 3", "go depth 99999999999")
//     answers its best move so far and the session ends; a perft or bench
//     ends with a note instead of its totals. To pipe a deep search, keep
//     the input open ("(echo go depth 12; sleep 10) | play"), as with
//     Stockfish.
//
// Extra commands: "d" (board, FEN, key), "go perft N" (Stockfish's divide
// format), "eval" and "bench".
package uci

// Package tune tunes an engine's search constants by SPSA (simultaneous
// perturbation stochastic approximation), the method OpenBench and
// fishtest run, over games played by package match.
//
// The engine lists its tunable constants as UCI spin options (this
// project's engine does so when started with -tune) and takes values
// with setoption. The parameters to tune come from a file in OpenBench's
// SPSA input format, one a line (see ParseParams):
//
//	NAME, int, START, MIN, MAX, C_END, R_END
//
// ListParams writes such a file from an engine's options with Stockfish's
// TUNE defaults (c_end = (max − min)/20, r_end = 0.002).
//
// Each iteration k = 1..N draws a random ±1 flip per parameter, plays the
// engine with θ + c_k·flip against the engine with θ − c_k·flip (int
// parameters rounded at random, both sides clipped to the range) for a
// number of game pairs on successive openings, and moves θ by
// r_k·c_k·(wins − losses)·flip, clipped to the range. c_k and r_k follow
// Schedule (α 0.602, γ 0.101, A = 0.1·N): c_k shrinks to c_end and r_k to
// r_end at the last iteration.
//
// Run writes its state (θ, k, the random source, the totals, and what the
// tune belongs to: the parameter file's hash, the engine's id and
// options, the run's settings) atomically after every iteration, so a kill
// loses at most the iteration in flight and the same command resumes; a
// state of another tune is refused. The result, "NAME = VALUE" lines
// (TOML), is written atomically at the end: a reader never sees half a
// file.
package tune

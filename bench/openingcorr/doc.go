// Command openingcorr reads the result files `play match -results` writes and says how much
// the games of one opening resemble each other: a match that plays each opening of its set
// more than once (pair p plays opening p mod n) counts pairs of the same opening as
// independent, which they are not when an opening favours one engine. It prints, per file,
// a one-way analysis of variance of the pair scores (0, ½, 1, 1½, 2 points for the first
// engine) grouped by opening: the F ratio with a permutation p-value, the intraclass
// correlation ICC and the design effect 1 + (Σ n_o²/N − 1)·ICC for N pairs, n_o of them on
// opening o (1 + (m − 1)·ICC for m pairs on each), the factor by which the pentanomial
// variance understates the true one (the 95 % interval is too narrow by its square root, and
// an SPRT stops early too often by as much).
//
//	go run ./bench/openingcorr runs/sprt/*.results
//
// A torn last line (a match still running) is skipped, an unreadable line before it is an
// error; pairs with one leg are left out.
package main

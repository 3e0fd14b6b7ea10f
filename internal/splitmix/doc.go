// Package splitmix is SplitMix64 (Steele, Lea and Flood 2014), the one copy the project uses:
// a tiny, fast generator for opening moves, sampling and shuffling, and a well-mixed 64-bit
// hash of a counter (seeds, Zobrist keys). It is not cryptographic.
package splitmix

// Command stream1b makes and reads the shards of bench/stream1b.sh (issue 21, the stream
// road at scale).
//
//	go run ./bench/stream1b shards -o DIR -positions 1000000000 -shards 100 -seed 1 FILE.dnds...
//	go run ./bench/stream1b loader -features chess-ps768-hm -workers 1 -limit 20000000 DIR/shard-*.dnds
//
// shards repeats and reshuffles real data: it reads the games of the input datasets into
// memory and writes -shards dataset files holding -positions scored positions in all (the
// first positions%shards shards one more), each a different permutation of the games drawn
// from -seed and the shard's number, a new permutation each time a shard has used every
// game; the last game of a shard is cut to the shard's count. The output is deterministic
// (byte for byte: the header's creation time is the first input's). It prints, and writes
// to DIR/manifest.txt as key=value lines, the positions, games, bytes and how many
// positions pass the filter flags (the trainer's: -skip-in-check, -skip-best-captures,
// -skip-captures, -max-abs-score, -min-ply), which a trainer needs to train one pass.
//
// loader runs datasets.Loader alone over the files, one pass (or until -limit positions
// are decoded), and prints the positions decoded per CPU-second of the whole process
// (feeder, decoding workers, shuffle buffer and the batches' feature indices), the
// figure issue 21 calls the loader's positions per second per core. Give it whole files
// and no -limit for that figure: a stopped loader has decoded the shuffle buffer's
// positions without handing them out (their feature indices never computed), and blocks
// are counted as a whole once decoded.
package main

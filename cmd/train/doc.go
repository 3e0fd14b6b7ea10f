// Command train fits an NNUE for the engine from self-play datasets and
// exports it as a net file that `play` loads with EvalFile.
//
// Usage:
//
//	train [-config configs/train-xiangqi.toml] [flags]     train (flags override the config)
//	train -resume [-config ...]                             continue from <out>/checkpoints/last.ckpt
//	train export -checkpoint C -o net.nnue [-description D] quantize a checkpoint to a net file
//	train wdl -game chess|xiangqi FILE...                   fit the win/draw/loss model of UCI_ShowWDL
//	train [COMMAND] -h                                      the help of a command: synopsis, usage, example, flags
//
// Training flags (each overrides the config key in brackets):
//
//	-config path     TOML configuration (default: the built-in defaults of -game)
//	-game g          xiangqi or chess [game]
//	-name s          run name [name]
//	-out dir         run directory [out_dir]
//	-data p,p        training dataset files or globs [data.train]
//	-valid p,p       held-out dataset files or globs [data.valid]
//	-stream          stream through datasets.Loader instead of memory [data.stream]
//	-max-positions n read at most n positions (memory mode) [data.max_positions]
//	-hidden n        accumulator width N [net.hidden]
//	-buckets n       output buckets [net.buckets]
//	-init net        fine-tune this net file [net.init]
//	-epochs n        epochs (superbatches) [train.epochs]
//	-positions n     positions per epoch [train.positions_per_epoch]
//	-batch n         batch size [train.batch_size]
//	-lr f            peak learning rate [train.lr]
//	-schedule s      constant, step or cosine [train.schedule]
//	-workers n       goroutines, 0 = all cores [train.workers]
//	-seed n          random seed [train.seed]
//	-lambda f        λ, weight of the score in the target (bullet's wdl = 1−λ) [loss.lambda]
//	-k f             sigmoid scale K in centipawns [loss.k]
//	-power f         loss exponent, 2 = MSE, 2.5 = nnue-pytorch [loss.power]
//	-resume          continue the run in out_dir from its last checkpoint
//	-checkpoint p    continue from this checkpoint (implies -resume)
//	-quiet           no progress bar
//	-print-config    print the effective config as TOML (a -config file) and exit
//
// The run directory receives config.toml (the effective configuration),
// metrics.csv, metrics.json and loss.png (rewritten every epoch),
// checkpoints/epoch-NNNN.ckpt and last.ckpt, nets/epoch-NNNN.nnue, and the
// final net <name>.nnue. The program logic lives in package train; this
// command only turns flags and the config into a train.Config.
package main

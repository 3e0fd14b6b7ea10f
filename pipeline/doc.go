// Package pipeline closes the loop: it runs generations of self-play with
// the current evaluator (generation 0: the hand-written evaluation), trains a
// new net on the data, plays the new net against the current one, keeps the
// new net when it is better, and records everything in a run directory.
//
// A run directory holds:
//
//	pipeline.toml              the effective configuration
//	gen-NNN/data/*.dnds        that generation's self-play data, one file (or more after resumes) per shard
//	gen-NNN/merged/<game>.dnds the shards merged in game order: the training data
//	gen-NNN/selfplay-tasks/    on a cluster: the tasks' config, batch script or Job manifests, logs, jobs.json
//	gen-NNN/match-shards/      the gating match's shard result files and PGNs (and, on a cluster, jobs.json)
//	gen-NNN/train/             the trainer's run: metrics.csv/json, loss.png, checkpoints, <name>.nnue
//	gen-NNN/match.pgn          the new-vs-current games (and baseline.pgn)
//	gen-NNN/match-data/        with match_data: match.pgn and classic.pgn as training data for later generations
//	generations.json           one record per generation (data, training, match, verdict)
//	elo.png                    Elo per generation (cumulative over accepted nets)
//	elo-positions.png          each net's Elo over the hand-written evaluation by positions trained on
//	report.md                  a short human-readable report, linking every picture above
//	best.nnue                  the best net so far (absent while the hand-written evaluation leads)
//
// With [cluster] (ClusterConfig) the self-play and the gating match run as
// shards: one after the other in this process (local), or as Slurm job
// arrays or Kubernetes Indexed Jobs that the pipeline submits, polls,
// resubmits when a task fails (up to a bound), verifies and merges;
// training stays in this process. The job ids are written in the run
// directory before and after each submission, so a pipeline started again
// waits for its jobs and never submits a stage twice (docs/cluster.md).
//
// The match engines are processes of the play binary (Options.EngineCmd):
// the candidate with EvalFile set to its net, the current best with its net
// or, in generation 0, with "Use NNUE" off (the hand-written evaluation).
package pipeline

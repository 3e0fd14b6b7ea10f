// Command compare checks a pipeline run on Slurm against the same run in local mode (test/slurm/run.sh).
//
//	go run ./test/slurm/compare SLURM_RUN_DIR LOCAL_RUN_DIR
//
// Both runs must have made the same nets (byte for byte) from the same
// self-play games and reached the same decisions from the same match
// games; the Slurm run must have submitted each stage once, except the
// generation-0 self-play whose killed task 2 was resubmitted alone. It
// prints each stage's queue time and overhead. Exit 1 on any difference.
package main

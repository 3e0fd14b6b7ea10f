#!/usr/bin/env bash
# Integration test with a real Slurm: starts slurmctld + slurmd on localhost
# (one node, no munge), then
#  1. submits configs/slurm/selfplay.sbatch as a 4-task array and checks that
#     4 shards come back and verify;
#  2. runs a two-generation tiny pipeline with [cluster] scheduler = "slurm":
#     self-play and the gating matches as 4-task arrays, one self-play task
#     killed on purpose (resubmitted, its shard resumed), the pipeline itself
#     killed once during a match and started again with the same command (it
#     waits for its job, submits nothing twice); then the same pipeline with
#     scheduler = "local" must reach the same nets and decisions from the
#     same games.
# Needs root and the Debian package slurm-wlm (.ci/run installs it).
# Usage: test/slurm/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
. test/slurm/start.sh
go build -o "$work/selfplay" ./cmd/selfplay
go build -o "$work/play" ./cmd/play

# A tiny run: 8 games over 4 shards, shallow searches.
jobid=$(SELFPLAY_BIN="$work/selfplay" sbatch --parsable --array=0-3 --cpus-per-task=1 \
  --output="$work/logs/task-%a.log" --export=ALL \
  configs/slurm/selfplay.sbatch configs/selfplay-xiangqi.toml "$work/out" \
  -games 8 -nodes 300 -hard-nodes 3000 -max-plies 60)
echo "submitted array job $jobid"
for i in $(seq 1 300); do
  left=$(squeue -h -j "$jobid" 2>/dev/null | wc -l)
  [ "$left" -eq 0 ] && break
  sleep 1
done
[ "$left" -eq 0 ] || { echo "array job did not finish in 300 s"; squeue; exit 1; }
cat "$work"/logs/task-*.log
n=$(ls "$work"/out/xiangqi-s*of4-p000.dnds 2>/dev/null | wc -l)
[ "$n" -eq 4 ] || { echo "expected 4 shards, found $n"; ls -la "$work/out"; tail -30 "$work"/logs/*; exit 1; }
"$work/selfplay" data verify "$work"/out/*.dnds
games=$("$work/selfplay" data stats "$work"/out/*.dnds | grep -oE '[0-9]+ games' | head -1 | grep -oE '[0-9]+' || true)
echo "slurm integration: 4 shards verified ($games games)"

# Part 2. The pipeline on Slurm, then the same in local mode.
bin="$work/bin"
mkdir -p "$bin"
cp "$work/play" "$bin/play"
# The selfplay the tasks run: the real one, except that the first run of
# shard 2/4 of generation 0 plays only the first of its 4 games (as if it had
# got no further) and is then killed (SIGKILL): the resubmitted task must
# resume the shard from that part.
cat > "$bin/selfplay" <<SH
#!/bin/bash
if [[ " \$* " == *" 2/4 "* && " \$* " == *gen-000* && ! -e "$work/killed" ]]; then
  touch "$work/killed"
  "$work/selfplay" "\$@" -games 4
  kill -9 \$\$
fi
exec "$work/selfplay" "\$@"
SH
chmod +x "$bin/selfplay"
conf() {
  cat <<TOML
game = "xiangqi"
generations = 2
fine_tune = true
[selfplay]
games = 16
threads = 1
[selfplay.search]
soft_nodes = 300
hard_nodes = 3000
[selfplay.adjudication]
max_plies = 60
[train.train]
epochs = 2
positions_per_epoch = 4096
batch_size = 1024
[match]
games = 16
tc = "nodes=300"
concurrency = 1
classic_games = -1
[cluster]
scheduler = "$1"
selfplay_tasks = 4
match_tasks = 4
cpus_per_task = 1
bin_dir = "$bin"
poll = "1s"
retries = 2
TOML
}
conf slurm > "$work/slurm.toml"
conf local > "$work/local.toml"
# A rejected submission (a partition that does not exist): the pipeline stops
# with Slurm's message and records no job, so the same command can go on.
sed 's/^scheduler = "slurm"$/scheduler = "slurm"\npartition = "nope"/' "$work/slurm.toml" > "$work/bad.toml"
if "$work/play" pipeline -config "$work/bad.toml" -run-dir "$work/run-bad" -quiet > "$work/logs/bad.out" 2>&1; then
  echo "a pipeline submitting to a missing partition succeeded"; exit 1
fi
grep -qi "invalid partition" "$work/logs/bad.out" || { echo "no Slurm message:"; cat "$work/logs/bad.out"; exit 1; }
grep -q '"jobs": \[\]\|"jobs": null' "$work/run-bad/gen-000/selfplay-tasks/jobs.json" || { echo "a rejected job was recorded:"; cat "$work/run-bad/gen-000/selfplay-tasks/jobs.json"; exit 1; }
echo "rejected submission: $(grep -io 'sbatch: error:.*' "$work/logs/bad.out" | head -1)"
# Run 1, killed once its generation-1 match is submitted.
"$work/play" pipeline -config "$work/slurm.toml" -run-dir "$work/run-slurm" -quiet > "$work/logs/pipeline1.out" 2>&1 & pipe=$!
for i in $(seq 1 4500); do
  [ -s "$work/run-slurm/gen-001/match-shards/jobs.json" ] && grep -q '"id": "[0-9]' "$work/run-slurm/gen-001/match-shards/jobs.json" && break
  kill -0 "$pipe" 2>/dev/null || break
  sleep 0.2
done
if kill -9 "$pipe" 2>/dev/null; then echo "pipeline killed during the generation-1 match"; else echo "the pipeline ended before it could be killed"; cat "$work/logs/pipeline1.out"; exit 1; fi
wait "$pipe" 2>/dev/null || true
start=$(date +%s)
"$work/play" pipeline -config "$work/slurm.toml" -run-dir "$work/run-slurm" -quiet > "$work/logs/pipeline2.out" 2>&1 || { echo "the resumed pipeline failed"; cat "$work"/logs/pipeline*.out; tail -30 "$work"/logs/*.log; exit 1; }
echo "resumed pipeline finished in $(( $(date +%s) - start )) s"
grep -h "waiting for the jobs submitted before\|resubmitting" "$work"/logs/pipeline*.out
[ -e "$work/run-slurm/gen-000/data/xiangqi-s2of4-p001.dnds" ] || { echo "the killed shard was not resumed into a second part"; ls "$work/run-slurm/gen-000/data"; exit 1; }
"$work/play" pipeline -config "$work/local.toml" -run-dir "$work/run-local" -quiet > "$work/logs/pipeline-local.out" 2>&1 || { echo "the local pipeline failed"; cat "$work/logs/pipeline-local.out"; exit 1; }
go run ./test/slurm/compare "$work/run-slurm" "$work/run-local"
rm -rf "$work"

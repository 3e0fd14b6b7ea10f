#!/usr/bin/env bash
# Self-play as a Slurm job array against one task, and the pipeline's
# overhead per generation, on a one-node Slurm started here (test/slurm/start.sh;
# needs root and slurm-wlm). Usage: bench/cluster.sh [GAMES_PER_TASK] [TASKS]
#
# 1. One task (--array=0, 1 CPU, 1 thread) plays GAMES_PER_TASK games; then an
#    array of TASKS tasks plays TASKS x GAMES_PER_TASK games of the same run
#    settings. Rates are positions per second of wall time, from the first
#    task's start to the last one's end (each task prints its epoch times).
#    The ideal array rate is TASKS x the single-task rate when the node has
#    TASKS free cores; with fewer cores, cores x it. On a loaded machine the
#    wall-clock rates measure the share of the CPUs the tasks won, so the
#    positions per CPU-second (GNU time) are printed too.
# 2. A one-generation tiny pipeline with [cluster] scheduler = "slurm" and
#    TASKS self-play and match tasks: each stage's overhead (the pipeline's
#    time beyond the tasks' span: submit, poll, wait, verify, merge) from
#    generations.json.
set -euo pipefail
cd "$(dirname "$0")/.."
per=${1:-12}
tasks=${2:-4}
. test/slurm/start.sh
go build -o "$work/selfplay" ./cmd/selfplay
go build -o "$work/play" ./cmd/play
cat > "$work/task.sh" <<SH
#!/bin/bash
echo "START \$(date +%s.%N)"
/usr/bin/time -f "CPU %U %S" "$work/selfplay" -config configs/selfplay-xiangqi.toml -output "\$1" -threads 1 -quiet -shard "\$SLURM_ARRAY_TASK_ID/\$2" \
  -games "\$3" -nodes 1000 -hard-nodes 10000 -max-plies 120 -seed 11
echo "END \$(date +%s.%N)"
SH
chmod +x "$work/task.sh"
run() { # name array shards games
  local id
  id=$(sbatch --parsable --array="$2" --cpus-per-task=1 --output="$work/logs/$1-%a.log" "$work/task.sh" "$work/$1" "$3" "$4")
  while [ "$(squeue -h -j "$id" 2>/dev/null | wc -l)" -gt 0 ]; do sleep 0.5; done
  cat "$work"/logs/"$1"-*.log | awk -v name="$1" '
    /^START/ { if (!s || $2 < s) s = $2 }
    /^END/ { if ($2 > e) e = $2 }
    /^CPU/ { c += $2 + $3 }
    /selfplay done/ { for (i = 1; i <= NF; i++) if ($i ~ /^positions=/) { split($i, a, "="); p += a[2] } }
    END { printf "%s: %d positions in %.1f s: %.0f positions/s; %.1f CPU-s: %.1f positions per CPU-second\n", name, p, e - s, p / (e - s), c, p / c }'
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
single=$(run single 0 1 "$per"); echo "$single"
array=$(run array "0-$((tasks - 1))" "$tasks" "$((per * tasks))"); echo "$array"
r1=$(echo "$single" | grep -oE '[0-9]+ positions/s' | grep -oE '^[0-9]+')
r4=$(echo "$array" | grep -oE '[0-9]+ positions/s' | grep -oE '^[0-9]+')
cores=$(nproc)
k=$(( tasks < cores ? tasks : cores ))
awk -v a="$r4" -v s="$r1" -v t="$tasks" -v k="$k" 'BEGIN {
  printf "array/single = %.2fx; against %d x single: %.0f%%; against the %d cores free here: %.0f%%\n", a / s, t, 100 * a / (t * s), k, 100 * a / (k * s) }'
c1=$(echo "$single" | grep -oE '[0-9.]+ positions per CPU' | grep -oE '^[0-9.]+')
c4=$(echo "$array" | grep -oE '[0-9.]+ positions per CPU' | grep -oE '^[0-9.]+')
awk -v a="$c4" -v s="$c1" 'BEGIN { printf "per CPU-second: array/single = %.2f (1.00: no cost of running side by side)\n", a / s }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

cat > "$work/pipe.toml" <<TOML
game = "xiangqi"
generations = 1
fine_tune = true
[selfplay]
games = 16
[selfplay.search]
soft_nodes = 300
hard_nodes = 3000
[selfplay.adjudication]
max_plies = 60
[train.train]
epochs = 1
positions_per_epoch = 4096
batch_size = 1024
[match]
games = 16
tc = "nodes=300"
classic_games = -1
[cluster]
scheduler = "slurm"
selfplay_tasks = $tasks
match_tasks = $tasks
cpus_per_task = 1
bin_dir = "$work"
poll = "1s"
TOML
start=$(date +%s.%N)
"$work/play" pipeline -config "$work/pipe.toml" -run-dir "$work/run" -quiet > "$work/logs/pipeline.out" 2>&1
end=$(date +%s.%N)
python3 - "$work/run/generations.json" "$start" "$end" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["generations"][0]
total = float(sys.argv[3]) - float(sys.argv[2])
over = 0
for s in g["stages"]:
    over += s.get("overhead_seconds", 0)
    print(f'{s["stage"]:9s} {s["where"]:16s} {s["tasks"]} tasks: queued {s["queue_seconds"]:.0f} s, ran {s["run_seconds"]:.0f} s, overhead {s.get("overhead_seconds", 0):.1f} s')
print(f'generation: {total:.0f} s wall clock, training {g["train_seconds"]:.1f} s; overhead of the two stages {over:.1f} s')
PY
rm -rf "$work"

#!/usr/bin/env bash
# The stream road at scale (issue 21): POSITIONS scored positions of real self-play data in SHARDS
# dataset files, made by repeating and reshuffling DATA (each shard its own permutation of the games,
# drawn from SEED: go run ./bench/stream1b shards), trained for one pass in stream mode (cmd/train,
# stream = true, a bounded shuffle buffer, the usual filters, validation on VALID) under
# /usr/bin/time -v for the peak RSS and positions per second, then the loader alone
# (datasets.Loader over whole shards holding LOADER_POSITIONS: positions decoded per CPU-second,
# i.e. per core).
#
# usage: bench/stream1b.sh [positions=1e9] [shards=100]
#   environment (defaults): OUT=runs/stream1b GAME=chess SEED=1 DATA=../shared/data/gen0-GAME.dnds
#   VALID=../shared/data/net1-GAME.dnds FEATURES=chess-ps768-hm (xiangqi: xiangqi-compact692-hm)
#   HIDDEN=256 EPOCHS=10 SHUFFLE=4194304 LOADER_POSITIONS=40000000 LOADER_WORKERS=1
# Shards already in OUT/shards with the same settings (its manifest.txt) are reused; other settings
# are refused (remove OUT/shards). The run refuses to start when OUT's disk lacks the space it needs.
# What it leaves: OUT/shards (about 2 bytes a position), OUT/train (the run), OUT/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
positions=$(awk -v n="${1:-1e9}" 'BEGIN { printf "%.0f", n }')
shards=${2:-100}
out=${OUT:-runs/stream1b}
game=${GAME:-chess}
seed=${SEED:-1}
data=${DATA:-../shared/data/gen0-$game.dnds}
valid=${VALID:-../shared/data/net1-$game.dnds}
if [ "$game" = chess ]; then features=${FEATURES:-chess-ps768-hm}; else features=${FEATURES:-xiangqi-compact692-hm}; fi
hidden=${HIDDEN:-256}
epochs=${EPOCHS:-10}
shuffle=${SHUFFLE:-4194304}
loader_positions=${LOADER_POSITIONS:-40000000}
loader_workers=${LOADER_WORKERS:-1}
batch=16384
filter_flags=(-skip-in-check=true -skip-captures=false -skip-best-captures=true -max-abs-score 3000 -min-ply 0)

[ -x /usr/bin/time ] || { echo "stream1b: needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
for f in "$data" "$valid"; do
	[ -f "$f" ] || { echo "stream1b: no $f (see ../shared/data/README.md; set DATA / VALID)" >&2; exit 1; }
done
mkdir -p "$out"

# Disk: about 2.0 bytes a position in the shards (the source's rate, ../shared/data/README.md);
# ask for 2.5 and 256 MiB for the run's nets, checkpoints and logs.
manifest=$out/shards/manifest.txt
want_manifest="sources=$(basename "$data") seed=$seed shards=$shards positions=$positions"
have_manifest=""
if [ -f "$manifest" ]; then
	have_manifest="sources=$(sed -n 's/^sources=//p' "$manifest") seed=$(sed -n 's/^seed=//p' "$manifest") shards=$(sed -n 's/^shards=//p' "$manifest") positions=$(sed -n 's/^positions=//p' "$manifest")"
fi
need=$((256 << 20))
if [ "$have_manifest" != "$want_manifest" ]; then
	if [ -e "$out/shards" ]; then
		echo "stream1b: $out/shards holds other shards (${have_manifest:-no manifest.txt}); remove it or set OUT" >&2
		exit 1
	fi
	need=$((need + positions * 5 / 2))
fi
avail=$(($(df -Pk "$out" | awk 'NR == 2 { print $4 }') * 1024))
if [ "$avail" -lt "$need" ]; then
	echo "stream1b: $out's disk has $((avail >> 20)) MiB free, the run needs $((need >> 20)) MiB ($positions positions at 2.5 bytes each and 256 MiB for the run): free space or set OUT" >&2
	exit 1
fi

echo "# $(date -u '+%F %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg), $(free -g | awk '/^Mem:/ { print $2 }') GiB"
echo "# go: $(go version | cut -d' ' -f3-), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
mkdir -p "$out/bin"
go build -o "$out/bin/stream1b" ./bench/stream1b
go build -o "$out/bin/train" ./cmd/train

echo "## shards: $positions positions in $shards files from $data, seed $seed"
if [ "$have_manifest" = "$want_manifest" ]; then
	echo "reusing $out/shards"
else
	/usr/bin/time -f 'shards: %e s wall, %U s user, %S s system, %M KiB peak RSS' \
		"$out/bin/stream1b" shards -o "$out/shards" -positions "$positions" -shards "$shards" -seed "$seed" "${filter_flags[@]}" "$data"
fi
kept=$(sed -n 's/^kept=//p' "$manifest")

# One pass: EPOCHS epochs of whole batches, together at most the positions that pass the filters.
ppe=$((kept / epochs / batch * batch))
if [ "$ppe" -lt "$batch" ]; then
	echo "stream1b: $kept positions pass the filters: fewer than $epochs epochs of one batch ($batch); more positions or fewer EPOCHS" >&2
	exit 1
fi
trained=$((ppe * epochs))
rm -rf "$out/train"
cat >"$out/train.toml" <<EOF
# Written by bench/stream1b.sh: one pass in stream mode over $out/shards.
name = "stream1b"
game = "$game"
out_dir = "$out/train"
[data]
train = ["$out/shards/shard-*.dnds"]
valid = ["$valid"]
valid_max = 100000
stream = true
loader_workers = 1
shuffle_buffer = $shuffle
skip_in_check = true
skip_captures = false
skip_best_captures = true
min_ply = 0
max_abs_score = 3000
random_skip = 0.0
[net]
features = "$features"
hidden = $hidden
buckets = 1
activation = "screlu"
[train]
epochs = $epochs
positions_per_epoch = $ppe
batch_size = $batch
lr = 0.001
schedule = "cosine"
warmup = 100
final_lr = 0.00001
seed = $seed
keep = "last"
keep_checkpoints = 1
[loss]
lambda = 0.9
k = 400
power = 2.5
EOF
echo "## train: one pass, $trained of the $kept positions that pass the filters ($epochs epochs of $ppe), ($features→$hidden)×2→1, shuffle buffer $shuffle"
/usr/bin/time -v -o "$out/train.time" "$out/bin/train" -config "$out/train.toml" -quiet 2>&1 | tee "$out/train.log" | grep -E '^(epoch|train: wrote)'
rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$out/train.time")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$out/train.time")
cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$out/train.time")
epoch_s=$(awk '/^epoch / { s += $(NF - 1) } END { print s }' "$out/train.log")

# The loader alone: one whole pass over the first shards that hold LOADER_POSITIONS (every
# position decoded is handed out, so the figure holds the work of the whole pass).
per_shard=$((positions / shards))
nfiles=$(((loader_positions + per_shard - 1) / per_shard))
nfiles=$((nfiles < shards ? nfiles : shards))
files=("$out"/shards/shard-*.dnds)
echo "## loader alone: $loader_workers worker(s), one pass over $nfiles shard(s)"
loader=$("$out/bin/stream1b" loader -features "$features" -workers "$loader_workers" -shuffle "$shuffle" -seed "$seed" "${filter_flags[@]}" "${files[@]:0:nfiles}")
echo "$loader"

{
	echo "stream1b $(date -u '+%F %H:%M UTC'): $positions positions in $shards shards ($(sed -n 's/^bytes=//p' "$manifest") bytes), $kept pass the filters"
	awk -v r="$rss" -v w="$wall" -v c="$cpu" -v e="$epoch_s" -v n="$trained" 'BEGIN {
		printf "train, one pass: %d positions, peak RSS %.0f MiB, %.1f s wall (%.1f s in epochs), %.1f s CPU: %.0f positions/s (%.0f in epochs), %.0f per CPU-second\n",
			n, r / 1024, w, e, c, n / w, n / e, n / c }'
	echo "$loader"
} | tee "$out/summary.txt"

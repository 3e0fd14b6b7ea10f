#!/usr/bin/env bash
# The whole training-data loader's speed in a minute or two (issue 21): one pass of
# datasets.Loader (feeder, checked decoding, shuffle buffer, the batches' feature indices; one
# worker) over POSITIONS positions of real self-play data in SHARDS shards, as the loader step of
# bench/stream1b.sh measures it at a billion positions (the same 4e7 positions in shards of 1e7):
# positions decoded per CPU-second of the process, i.e. per core. Every block is read once, so every move takes the checked road (the
# position core's legality check), as in a first epoch.
#
# With BASE=<revision> (default main) the same command is also built at that revision (in a
# temporary git worktree) and the rounds of the two alternate, so that both see the same load;
# the summary gives each side's median, the ratio of the medians and the median of the rounds'
# ratios working tree / base (each round's pair ran back to back, under about the same load).
#
# usage: [BASE=rev] bench/loader.sh [rounds=3]
#   environment (defaults): OUT=runs/loader-bench GAME=chess DATA=../shared/data/gen0-GAME.dnds
#   POSITIONS=4e7 SHARDS=4 SEED=1 FEATURES=chess-ps768-hm (xiangqi: xiangqi-compact692-hm)
#   SHUFFLE=4194304 WORKERS=1
# The shards (go run ./bench/stream1b shards; about 1 µs of CPU a position to write, 2 bytes a
# position on disk) are made once in OUT/shards-GAME-POSITIONS and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
base=${BASE:-main}
out=${OUT:-runs/loader-bench}
game=${GAME:-chess}
data=${DATA:-../shared/data/gen0-$game.dnds}
positions=$(awk -v n="${POSITIONS:-4e7}" 'BEGIN { printf "%.0f", n }')
shards=${SHARDS:-4}
seed=${SEED:-1}
if [ "$game" = chess ]; then features=${FEATURES:-chess-ps768-hm}; else features=${FEATURES:-xiangqi-compact692-hm}; fi
shuffle=${SHUFFLE:-4194304}
workers=${WORKERS:-1}
filter_flags=(-skip-in-check=true -skip-captures=false -skip-best-captures=true -max-abs-score 3000 -min-ply 0)

[ -f "$data" ] || { echo "loader.sh: no $data (see ../shared/data/README.md; set DATA)" >&2; exit 1; }
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || { echo "loader.sh: BASE=$base is not a revision" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
cleanup() {
	if [ -d "$tmp/base-src" ]; then git worktree remove --force "$tmp/base-src" >/dev/null 2>&1 || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/new" ./bench/stream1b
git worktree add --detach "$tmp/base-src" "$base" >/dev/null 2>&1
(cd "$tmp/base-src" && go build -o "$tmp/base" ./bench/stream1b)
base_label=$(git rev-parse --short "$base^{commit}")

dir=$out/shards-$game-$positions-$shards-$seed
if [ ! -f "$dir/manifest.txt" ]; then
	rm -rf "$dir"
	"$tmp/new" shards -o "$dir" -positions "$positions" -shards "$shards" -seed "$seed" "${filter_flags[@]}" "$data"
fi
files=("$dir"/shard-*.dnds)

echo "# $(date -u '+%F %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $(go version | cut -d' ' -f3-); working tree at $(git rev-parse --short HEAD) against base $base ($base_label)"
echo "# $positions positions of $(basename "$data") in $shards shards, $features, shuffle buffer $shuffle, $workers worker(s), one pass"
declare -A figs
ratios=""
for r in $(seq "$rounds"); do
	for side in base new; do
		line=$("$tmp/$side" loader -features "$features" -workers "$workers" -shuffle "$shuffle" -seed "$seed" "${filter_flags[@]}" "${files[@]}")
		fig=$(printf '%s\n' "$line" | sed -n 's/.*CPU: \([0-9.]*\) M positions\/s per core.*/\1/p')
		figs[$side]="${figs[$side]:-} $fig"
		printf -v "fig_$side" %s "$fig"
		echo "round $r $side: $line (load $(cut -d' ' -f1 /proc/loadavg))"
	done
	ratios="$ratios $(awk -v a="$fig_new" -v b="$fig_base" 'BEGIN { printf "%.3f", a / b }')"
done
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mb=$(echo "${figs[base]}" | median)
mn=$(echo "${figs[new]}" | median)
echo "base $base_label:${figs[base]} M positions per CPU-second (median $mb)"
echo "working tree:${figs[new]} M positions per CPU-second (median $mn)"
awk -v a="$mn" -v b="$mb" 'BEGIN { printf "ratio of the medians, working tree / base: %.3f\n", a / b }'
echo "ratio in each round:$ratios (median $(echo "$ratios" | median))"

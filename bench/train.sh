#!/usr/bin/env bash
# Trainer throughput, side by side in one run: the Go trainer (default amd64 build: AVX2 Go
# assembly kernels; -tags purego: the pure-Go kernels; GOEXPERIMENT=simd: simd/archsimd kernels)
# and the PyTorch reference (../shared/bench/torch_reference_trainer.py)
# on the same work: (768→256)×2→1 chess and (1260→256)×2→1 xiangqi SCReLU nets, batch 16384,
# 32 random active features per perspective, one full step (forward, loss, backward, AdamW) per batch.
# Usage: bench/train.sh [batches=30] [threads=2]   (needs Debian python3-torch for the reference)
set -euo pipefail
cd "$(dirname "$0")/.."
batches=${1:-30}
threads=${2:-2}
ref=../shared/bench/torch_reference_trainer.py

echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# go: $(go version | cut -d' ' -f3-)"
for run in 1 2; do
	echo "## round $run"
	echo "### Go trainer, default build (AVX2 Go assembly kernels)"
	go test ./train -run '^$' -bench 'TrainStep' -benchtime "${batches}x" -cpu "$threads" | grep '^Benchmark'
	echo "### Go trainer, pure-Go kernels (-tags purego)"
	go test -tags purego ./train -run '^$' -bench 'TrainStep' -benchtime "${batches}x" -cpu "$threads" | grep '^Benchmark'
	echo "### Go trainer, simd/archsimd kernels (GOEXPERIMENT=simd)"
	GOEXPERIMENT=simd go test ./train -run '^$' -bench 'TrainStep' -benchtime "${batches}x" -cpu "$threads" | grep '^Benchmark'
	echo "### PyTorch reference (wall clock, then per CPU-second × threads like the Go cpu-pos/s)"
	if [ -f "$ref" ] && /usr/bin/python3 -c 'import torch' 2>/dev/null; then
		for f in 768 1260; do
			/usr/bin/python3 "$ref" "$f" 256 "$batches" "$threads"
			# The same script with its clock replaced by the process's CPU time: positions per
			# CPU-second, scaled by the threads, is its speed on otherwise idle cores.
			/usr/bin/python3 - "$ref" "$f" 256 "$batches" "$threads" <<'PY'
import io, contextlib, re, runpy, sys, time
time.time = time.process_time
ref, threads = sys.argv[1], int(sys.argv[5])
sys.argv = sys.argv[1:]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    runpy.run_path(ref, run_name="__main__")
line = out.getvalue().strip()
m = re.search(r"([\d,]+) positions/s", line)
print(line[:m.start()] + f"{int(m.group(1).replace(',', '')) * threads:,} cpu-positions/s")
PY
		done
	else
		echo "reference skipped: needs $ref and Debian python3-torch (apt-get install -y python3-torch)"
	fi
done

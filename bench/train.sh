#!/usr/bin/env bash
# Trainer throughput, side by side in one run: the Go trainer (pure-Go kernels, then the AVX2
# kernels of GOEXPERIMENT=simd) and the PyTorch reference (../shared/bench/torch_reference_trainer.py)
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
	echo "### Go trainer, pure-Go kernels"
	go test ./nn/train -run '^$' -bench 'TrainStep' -benchtime "${batches}x" -cpu "$threads" | grep '^Benchmark'
	echo "### Go trainer, AVX2 kernels (GOEXPERIMENT=simd)"
	GOEXPERIMENT=simd go test ./nn/train -run '^$' -bench 'TrainStep' -benchtime "${batches}x" -cpu "$threads" | grep '^Benchmark'
	echo "### PyTorch reference"
	if [ -f "$ref" ] && /usr/bin/python3 -c 'import torch' 2>/dev/null; then
		/usr/bin/python3 "$ref" 768 256 "$batches" "$threads"
		/usr/bin/python3 "$ref" 1260 256 "$batches" "$threads"
	else
		echo "reference skipped: needs $ref and Debian python3-torch (apt-get install -y python3-torch)"
	fi
done

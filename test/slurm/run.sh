#!/usr/bin/env bash
# Integration test with a real Slurm: starts slurmctld + slurmd on localhost
# (one node, no munge), submits configs/slurm/selfplay.sbatch as a 4-task
# array and checks that 4 shards come back and verify. Needs root and the
# Debian package slurm-wlm (.ci/run installs it). Usage: test/slurm/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d /tmp/slurmtest.XXXXXX)
cleanup() {
  [ -n "${ctld_pid:-}" ] && kill "$ctld_pid" 2>/dev/null || true
  [ -n "${d_pid:-}" ] && kill "$d_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

go build -o "$work/selfplay" ./cmd/selfplay
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
mkdir -p "$work/state" "$work/spool" "$work/out" "$work/logs"
cat > "$work/slurm.conf" <<CONF
ClusterName=selfplaytest
SlurmctldHost=$host
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -f "$SLURM_CONF" > "$work/logs/ctld.out" 2>&1 & ctld_pid=$!
slurmd -D -f "$SLURM_CONF" > "$work/logs/d.out" 2>&1 & d_pid=$!
for i in $(seq 1 60); do
  if sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mix|alloc'; then break; fi
  sleep 1
done
sinfo || { echo "slurm did not come up"; tail -20 "$work"/logs/*; exit 1; }

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
rm -rf "$work"

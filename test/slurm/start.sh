# Starts a one-node Slurm (slurmctld + slurmd on localhost, no munge) in a
# fresh directory $work and stops it on exit. Sourced by test/slurm/run.sh
# and bench/cluster.sh from the repository root; needs root and slurm-wlm.
work=$(mktemp -d /tmp/slurmtest.XXXXXX)
cleanup() {
  [ -n "${ctld_pid:-}" ] && kill "$ctld_pid" 2>/dev/null || true
  [ -n "${d_pid:-}" ] && kill "$d_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

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

#!/usr/bin/env bash
# make test-slurm: runs the Slurm recipes of docs/SCALING.md on a real single-node Slurm cluster
# started here, and checks that the result equals a single-process run, table by table.
#
#   scripts/slurm-test.sh [WXPIPE_BINARY]      (default .build/debug/wxpipe)
#
# Installs Debian's slurm-wlm and munge when missing (as root), starts munged with a generated
# key, slurmctld and slurmd with a generated slurm.conf (this host's name, CPUs and memory;
# proctrack/linuxproc, task/none: no cgroup plugin), all in a temporary folder on ports of
# their own. Submits scripts/slurm/ingest-array.sbatch as a 4-task array over a generated
# 12-city archive, then location-merge-array.sbatch (4 tasks, --dependency=afterok),
# aggregate-array.sbatch (4 tasks), statistics-array.sbatch (3 tasks: the pooled statistics
# split) and merge-scores.sbatch with STATISTICS=1 ROWS_IN_PARTS=1, the last with sbatch --wait:
# the merge by location, where no task writes every record, and no serial step copies the pairs.
# Compares the 4 location parts and the scores store, together (the pairs read from the
# aggregate parts the scores store's part_tables names), with one process's ingest + aggregate,
# every table. Stops only the daemons it started.
# If Slurm cannot start, it fails with the daemon's log: it never skips.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bin=$(realpath "${1:-.build/debug/wxpipe}")
tasks=4
statistics_tasks=3
[ -x "$bin" ] || { echo "slurm-test: no wxpipe binary at $bin (build it first)"; exit 1; }

fail() { echo "slurm-test: FAILED: $*"; exit 1; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "slurm-test: installing slurm-wlm and munge"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null \
      || fail "could not install slurm-wlm and munge"
  else
    fail "slurm-wlm and munge are not installed; run as root (or: sudo apt-get install slurm-wlm munge)"
  fi
fi

tmp=$(mktemp -d /tmp/wxpipe-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
  local status=$?
  for pidfile in "$tmp/slurmd.pid" "$tmp/slurmctld.pid" "$tmp/munge/munged.pid"; do
    [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 1
  for pidfile in "$tmp/slurmd.pid" "$tmp/slurmctld.pid" "$tmp/munge/munged.pid"; do
    [ -s "$pidfile" ] && kill -9 "$(cat "$pidfile")" 2>/dev/null || true
  done
  if [ "$status" = 0 ]; then rm -rf "$tmp"; else echo "slurm-test: files kept in $tmp"; fi
}
trap cleanup EXIT
logs() { for f in "$@"; do echo "---- $f"; tail -n 40 "$f" 2>/dev/null || echo "(no log)"; done; }

# munge: a generated key, our own socket.
mkdir -m 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
socket="$tmp/munge/munge.socket"
munged --force --key-file="$tmp/munge/munge.key" --socket="$socket" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" \
  || { logs "$tmp/munge/munged.log"; fail "munged did not start"; }
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
munge --socket="$socket" -n | unmunge --socket="$socket" >/dev/null || { logs "$tmp/munge/munged.log"; fail "munge does not work"; }

# slurm.conf for this machine.
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
port=$(( 20000 + RANDOM % 20000 ))
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
cat > "$tmp/slurm.conf" <<CONF
ClusterName=wxpipe-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"

slurmctld -i || { logs "$tmp/slurmctld.log"; fail "slurmctld did not start"; }
slurmd -N "$host" || { logs "$tmp/slurmd.log"; fail "slurmd did not start"; }
state=""
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || { logs "$tmp/slurmctld.log" "$tmp/slurmd.log"; fail "the node did not become idle (state '$state')"; }
echo "slurm-test: single-node cluster up ($host, $cpus CPUs, $(sinfo -V))"

# The archive and the reference: one process, whole.
python3 scripts/make-city-archive.py "$tmp/archive" --cities 12 --days 4
"$bin" ingest --quiet --db "$tmp/single.sqlite" "$tmp/archive/data"
"$bin" aggregate --db "$tmp/single.sqlite" 2>/dev/null

# The recipes, as docs/SCALING.md gives them.
export WXPIPE="$bin" ARCHIVE="$tmp/archive/data" WORK="$tmp/work"
cd "$tmp/work"
submit() { sbatch --parsable "$@" | cut -d';' -f1; }
ingest=$(submit --array=0-$((tasks - 1)) "$root/scripts/slurm/ingest-array.sbatch")
merge=$(submit --array=0-$((tasks - 1)) --dependency=afterok:"$ingest" --kill-on-invalid-dep=yes \
  "$root/scripts/slurm/location-merge-array.sbatch")
aggregate=$(submit --array=0-$((tasks - 1)) --dependency=afterok:"$merge" --kill-on-invalid-dep=yes \
  "$root/scripts/slurm/aggregate-array.sbatch")
statistics=$(submit --array=0-$((statistics_tasks - 1)) --dependency=afterok:"$aggregate" --kill-on-invalid-dep=yes \
  "$root/scripts/slurm/statistics-array.sbatch")
echo "slurm-test: jobs ingest $ingest (array of $tasks), location merge $merge (array of $tasks), aggregate $aggregate (array of $tasks)," \
  "statistics $statistics (array of $statistics_tasks)"
last=$(STATISTICS=1 ROWS_IN_PARTS=1 timeout 150 sbatch --parsable --wait --dependency=afterok:"$statistics" --kill-on-invalid-dep=yes \
  "$root/scripts/slurm/merge-scores.sbatch" | cut -d';' -f1) \
  || { logs "$tmp"/work/*.out "$tmp/slurmctld.log" "$tmp/slurmd.log"; fail "the job chain did not complete"; }
# sbatch --wait also returns 0 for a job cancelled because one it depended on failed: every job
# of the chain (each array task) must have completed.
for job in "$ingest" "$merge" "$aggregate" "$statistics" "$last"; do
  states=$(scontrol show job "$job" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ' || true)
  if [ -z "$states" ] || echo "$states" | grep -qv 'JobState=COMPLETED'; then
    logs "$tmp"/work/*.out "$tmp/slurmctld.log" "$tmp/slurmd.log"
    fail "job $job did not complete: ${states:-unknown}"
  fi
done
cd "$root"

shards=$(ls "$tmp"/work/shards/ingest-*.sqlite | wc -l)
[ "$shards" = "$tasks" ] || fail "expected $tasks shard stores, found $shards"
for k in $(seq 0 $((tasks - 1))); do
  n=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from sources').fetchone()[0])" \
      "$tmp/work/shards/ingest-$k.sqlite")
  echo "slurm-test: array task $k ingested $n files"
done
[ ! -e "$tmp/work/weather.sqlite" ] || fail "a store of every record was written"
for k in $(seq 0 $((tasks - 1))); do
  n=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from locations').fetchone()[0])" \
      "$tmp/work/locations/part-$k.sqlite")
  echo "slurm-test: location merge task $k wrote $n locations"
done
python3 scripts/compare-stores.py "$tmp/single.sqlite" "$tmp"/work/locations/part-*.sqlite "$tmp/work/scores.sqlite" --tables all \
  || fail "the location parts and the scores store differ from a single-process run"
n=$(ls "$tmp"/work/statistics/stats-*.sqlite | wc -l)
[ "$n" = "$statistics_tasks" ] || fail "expected $statistics_tasks statistics files, found $n"
n=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select count(*) from sqlite_master where name in ('forecast_pairs', 'forecast_consistency')\").fetchone()[0])" \
    "$tmp/work/scores.sqlite")
[ "$n" = 0 ] || fail "the scores store holds a copy of the pairs or of forecast_consistency (merge-scores --rows-in-parts leaves them in the parts and the statistics files)"
echo "slurm-test: passed: $tasks-task array ingest + $tasks-task location merge + $tasks-task aggregate + $statistics_tasks-task statistics + merge-scores (per-location tables left in the parts, forecast_consistency in the statistics files) equal one process"

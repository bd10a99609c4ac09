#!/usr/bin/env bash
# DTM's saga benchmark reproduced on this machine, side by side in one run (issue 4, point 5):
#   sysbench oltp_write_only     the participant database's own write capacity (bank1)
#   direct 2SQL / 10SQL          TransOut then TransIn called directly, no coordinator
#   saga 0SQL / 2SQL / 10SQL     the same transfer as a saga through `ferry.jar saga`
#   ... + barrier                with the sub-transaction barrier in each branch
# Each branch is one local transaction of 2 (or 10) statements: a balance update and a movement
# record. bank1 is the upstream MariaDB, bank2 the downstream one. Prints DTM's table (Global-TPS,
# DB-TPS, OPS) and writes it to benchmarks/results/saga/.
#
#   benchmarks/saga.sh [--quick] [--sagas N] [--seconds N] [--threads N] [--no-build]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
sagas=20000 seconds=30 threads=16 build=1
sysbench_rows=100000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) sagas=5000; seconds=15; sysbench_rows=10000; shift ;;
    --sagas) sagas=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: benchmarks/saga.sh [--quick] [--sagas N] [--seconds N] [--threads N] [--no-build]" >&2; exit 2 ;;
  esac
done
eval "$(bin/services env)"
for port in "$FERRY_UPSTREAM_PORT" "$FERRY_DOWNSTREAM_PORT" "${FERRY_KAFKA_BOOTSTRAP##*:}"; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "nothing listens on port $port: run bin/services start" >&2; exit 1; }
done
up=(mariadb -h127.0.0.1 -P"$FERRY_UPSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
down=(mariadb -h127.0.0.1 -P"$FERRY_DOWNSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
work=$(mktemp -d /tmp/ferry-saga-bench.XXXXXX)
if [[ $build == 1 ]]; then
  mvn -B -q package -DskipTests -Dspotless.apply.skip=true -pl jobs,benchmarks -am
fi

echo "== sysbench oltp_write_only on bank1 (4 tables x $sysbench_rows rows, $threads threads, ${seconds} s)"
sb=(sysbench oltp_write_only --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$FERRY_UPSTREAM_PORT"
    --mysql-user=ferry_admin --mysql-password=ferry_admin --mysql-db=bench_saga_sysbench --tables=4
    --table-size="$sysbench_rows" --threads="$threads")
"${up[@]}" -e "DROP DATABASE IF EXISTS bench_saga_sysbench; CREATE DATABASE bench_saga_sysbench"
"${sb[@]}" prepare > "$work/sysbench-prepare.log"
"${sb[@]}" --time="$seconds" --report-interval=0 run > "$work/sysbench.log"
sysbench_tps=$(awk '/transactions:/ { gsub(/\(/, "", $3); print $3 }' "$work/sysbench.log")
sysbench_writes=$(awk '/write:/ { print $2 }' "$work/sysbench.log")
sysbench_time=$(awk '/total time:/ { gsub(/s/, "", $3); print $3 }' "$work/sysbench.log")
sysbench_ops=$(awk "BEGIN { print $sysbench_writes / $sysbench_time }")
"${up[@]}" -e "DROP DATABASE IF EXISTS bench_saga_sysbench"

echo "== starting the saga coordinator (ferry.jar saga, $threads SQL threads)"
# The barrier lives apart from the bank, which the benchmark recreates; empty it for this run.
"${up[@]}" -e "DROP DATABASE IF EXISTS bench_saga_barrier"
"${down[@]}" -e "DROP DATABASE IF EXISTS bench_saga_barrier"
cat > "$work/saga.properties" <<PROPERTIES
kafka.bootstrap-servers=$FERRY_KAFKA_BOOTSTRAP
saga.command-topic=bench-saga-commands
saga.results-topic=bench-saga-results
saga.feedback-topic=bench-saga-feedback
saga.consumer-group=bench-saga
saga.transactional-id-prefix=bench-saga
saga.participants=bank1=127.0.0.1:$FERRY_UPSTREAM_PORT,bank2=127.0.0.1:$FERRY_DOWNSTREAM_PORT
saga.participant-username=ferry_admin
saga.participant-password=ferry_admin
saga.barrier-table=bench_saga_barrier.saga_barrier
saga.sql-threads=$threads
job.checkpoint-dir=$work/checkpoints
PROPERTIES
# FERRY_SAGA_JAVA_OPTS adds JVM options to the coordinator (a profiler, GC settings).
java -Xmx1g ${FERRY_SAGA_JAVA_OPTS:-} -jar jobs/target/ferry.jar saga --config "$work/saga.properties" > "$work/saga.log" 2>&1 &
saga=$!
trap 'kill $saga 2>/dev/null || true' EXIT
until grep -q "is running" "$work/saga.log"; do
  kill -0 $saga 2>/dev/null || { cat "$work/saga.log" >&2; exit 1; }
  sleep 0.2
done

# One file per run: a second run on the same day gets -2, -3, … instead of replacing the first.
result="benchmarks/results/saga/$(date -u +%Y-%m-%d).md"
for n in $(seq 2 99); do
  [[ -e $result ]] || break
  result="benchmarks/results/saga/$(date -u +%Y-%m-%d)-$n.md"
done
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
# The processes whose CPU per global transaction the table shows (local services only).
cpu="coordinator=$saga"
for service in Kafka=kafka/kafka.pid bank1=upstream/mariadb.pid bank2=downstream/mariadb.pid; do
  pidfile="${FERRY_RUN_DIR:-}/${service#*=}"
  [[ -r $pidfile ]] && cpu+=",${service%%=*}=$(cat "$pidfile")"
done
java -Xmx1g -cp benchmarks/target/ferry-benchmarks.jar dev.ferry.benchmarks.saga.SagaBenchmark \
  --bank1 "127.0.0.1:$FERRY_UPSTREAM_PORT" --bank2 "127.0.0.1:$FERRY_DOWNSTREAM_PORT" \
  --kafka "$FERRY_KAFKA_BOOTSTRAP" --command-topic bench-saga-commands --results-topic bench-saga-results \
  --coordinator-pid "$saga" --cpu "$cpu" \
  --sagas "$sagas" --seconds "$seconds" --threads "$threads" \
  --sysbench-tps "$sysbench_tps" --sysbench-ops "$sysbench_ops" \
  --title "Saga transfers on $(nproc) cores, MariaDB $("${up[@]}" -e 'SELECT VERSION()'), $sagas sagas per saga column, $threads clients / SQL threads, direct columns ${seconds} s" \
  --notes "Global-TPS is measured; DB-TPS and OPS follow from it as in DTM's report (transactions and statements per global transaction: direct and saga 2SQL 2 and 4, + barrier 6 statements, 10SQL 2 and 20, + barrier 22; saga 0SQL touches no database, since ferry keeps saga state in Flink, not in a database). sysbench OPS counts its write statements. Each column ran once unmeasured right before it was measured (every variant also once before the first), and started when neither the client's nor the coordinator's JIT compiler was busy. CPU ms / global tx: utime + stime from /proc of each process over the measured run, divided by the global transactions it completed (for the direct columns the coordinator is idle beside them)." \
  --output "$result"
printf '\nLoad average (1, 5, 15 min) when the coordinator started: %s; at the end: %s.\n' \
  "$load_start" "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$result"
echo "written to $result"
kill $saga 2>/dev/null || true
wait $saga 2>/dev/null || true
for db in bench_saga bench_saga_barrier; do
  "${up[@]}" -e "DROP DATABASE IF EXISTS $db"; "${down[@]}" -e "DROP DATABASE IF EXISTS $db"
done
rm -rf "$work"

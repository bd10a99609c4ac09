#!/usr/bin/env bash
# Snapshot (full copy) speed, side by side in one run on this machine:
#   ferry        capture -> Kafka -> apply, java -jar, same parallelism and batch size
#   stock        Flink CDC's SQL pipeline mysql-cdc -> jdbc (benchmarks/sql/stock-snapshot.sql)
#   mydumper     mydumper + myloader, same number of threads
# Data: sysbench oltp_insert prepare, 4 tables. Each copy starts from an empty downstream database
# and ends when COUNT(*) downstream equals the upstream rows (polled every 0.5 s). Prints a table.
#
#   benchmarks/snapshot.sh [--rows-per-table N] [--parallelism N] [--batch-size N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage "usage: benchmarks/snapshot.sh [--rows-per-table N] [--parallelism N] [--batch-size N]"
rows=250000 parallelism=4 batch=2000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --parallelism) need_value "$@"; parallelism=$2; shift 2 ;;
    --batch-size) need_value "$@"; batch=$2; shift 2 ;;
    *) usage ;;
  esac
done
total=$((rows * 4))
bench_init snapshot bench_snapshot
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"; "${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build
sysbench_args "$rows"

echo "== preparing $db upstream: 4 tables x $rows rows (sysbench oltp_insert prepare)"
prepare_upstream oltp_insert
bytes=$(data_bytes)
# wait_copied: seconds until every row is downstream
wait_copied() { wait_until "$(rows_sql)" "$total" 3600 || { echo "see $work" >&2; exit 1; }; }
results=()

echo "== ferry: capture + apply (parallelism $parallelism, batch $batch)"
reset_downstream
capture_parallelism=$parallelism
start=$(now)
start_capture "$run_id"
start_apply "$run_id" "$run_id" "$parallelism" "$batch"
wait_copied > /dev/null
seconds=$(calc "$(now) - $start")
stop_procs
results+=("ferry (capture -> Kafka -> apply)|$seconds")

run_stock() { # label, extra mysql-cdc options
  echo "== $1 (parallelism $parallelism, batch $batch)"
  reset_downstream
  local seconds; seconds=$(now)
  start_stock "$parallelism" "$batch" "$2"
  wait_copied > /dev/null
  seconds=$(calc "$(now) - $seconds")
  stop_procs
  results+=("$1|$seconds")
}
run_stock "stock mysql-cdc -> jdbc" ""
# The same Debezium queue settings as ferry's capture (see CapturePipeline), to show what they
# alone are worth.
run_stock "stock + ferry's Debezium queue settings" ", 'debezium.poll.interval.ms' = '10', 'debezium.max.batch.size' = '4096', 'debezium.max.queue.size' = '16384'"

echo "== mydumper + myloader ($parallelism threads)"
"${down[@]}" -e "DROP DATABASE IF EXISTS $db"
start=$(now)
mydumper -h 127.0.0.1 -P "$FERRY_UPSTREAM_PORT" -u ferry_admin -p ferry_admin -B $db -t "$parallelism" \
  --rows 50000 -o "$work/dump" > "$work/mydumper.log" 2>&1
dumped=$(now)
myloader -h 127.0.0.1 -P "$FERRY_DOWNSTREAM_PORT" -u ferry_admin -p ferry_admin -B $db -t "$parallelism" \
  -d "$work/dump" -o > "$work/myloader.log" 2>&1
loaded=$(now)
[[ $("${down[@]}" -e "$(rows_sql)") -eq $total ]] || { echo "myloader did not load every row; see $work" >&2; exit 1; }
results+=("mydumper + myloader|$(calc "$loaded - $start")")
results+=("  of which myloader alone|$(calc "$loaded - $dumped")")

echo
echo "Snapshot of $total rows ($((bytes / 1024 / 1024)) MiB of InnoDB data), $(nproc) cores, parallelism $parallelism, batch $batch"
echo "(each time runs from process start until every row is downstream, JVM start included)"
printf '| %-36s | %8s | %9s | %7s |\n' "pipeline" "seconds" "rows/s" "MB/s"
printf '|%s|%s|%s|%s|\n' "--------------------------------------" "----------" "-----------" "---------"
for r in "${results[@]}"; do
  name=${r%%|*}; s=${r##*|}
  printf '| %-36s | %8.1f | %9.0f | %7.1f |\n' "$name" "$s" "$(calc "$total / $s")" "$(calc "$bytes / 1048576 / $s")"
done
seconds_of() { echo "${results[$1]}" | cut -d'|' -f2; }
ferry=$(seconds_of 0); stock=$(seconds_of 1); tuned=$(seconds_of 2); dumper=$(seconds_of 3)
printf 'ferry / stock pipeline: %.2fx   ferry / stock with the same Debezium settings: %.2fx   ferry / (mydumper + myloader): %.2fx\n' \
  "$(calc "$stock / $ferry")" "$(calc "$tuned / $ferry")" "$(calc "$dumper / $ferry")"

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
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
rows=250000 parallelism=4 batch=2000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rows-per-table) rows=$2; shift 2 ;;
    --parallelism) parallelism=$2; shift 2 ;;
    --batch-size) batch=$2; shift 2 ;;
    *) echo "usage: benchmarks/snapshot.sh [--rows-per-table N] [--parallelism N] [--batch-size N]" >&2; exit 2 ;;
  esac
done
db=bench_snapshot
total=$((rows * 4))
work=$(mktemp -d /tmp/ferry-bench.XXXXXX)
eval "$(bin/services env)"
up=(mariadb -h127.0.0.1 -P"$FERRY_UPSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
down=(mariadb -h127.0.0.1 -P"$FERRY_DOWNSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)

mvn -B -q package -DskipTests -Dspotless.apply.skip=true -pl jobs,benchmarks -am
bin/services start > /dev/null

echo "== preparing $db upstream: 4 tables x $rows rows (sysbench oltp_insert prepare)"
"${up[@]}" -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
sysbench oltp_insert --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$FERRY_UPSTREAM_PORT" \
  --mysql-user=ferry_admin --mysql-password=ferry_admin --mysql-db=$db --tables=4 --table-size="$rows" \
  --threads=4 prepare > "$work/prepare.log"
bytes=$("${up[@]}" -e "SELECT SUM(DATA_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA='$db'")

reset_downstream() { # empty tables of the upstream's definition
  "${down[@]}" -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
  for t in 1 2 3 4; do
    "${up[@]}" -e "SHOW CREATE TABLE $db.sbtest$t" | cut -f2- | sed 's/\\n/\n/g' | "${down[@]}" $db
  done
}
downstream_rows() {
  "${down[@]}" -e "SELECT (SELECT COUNT(*) FROM $db.sbtest1)+(SELECT COUNT(*) FROM $db.sbtest2)+(SELECT COUNT(*) FROM $db.sbtest3)+(SELECT COUNT(*) FROM $db.sbtest4)" 2>/dev/null || echo 0
}
now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; } # bc is not on every machine
# wait_copied START PID...: seconds from START until every row is downstream
wait_copied() {
  local start=$1; shift
  while [[ $(downstream_rows) -lt $total ]]; do
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null || { echo "a process died; see $work" >&2; exit 1; }; done
    sleep 0.5
  done
  calc "$(now) - $start"
}
stop() { for pid in "$@"; do kill "$pid" 2>/dev/null || true; done; wait "$@" 2>/dev/null || true; }
results=()

echo "== ferry: capture + apply (parallelism $parallelism, batch $batch)"
reset_downstream
tag=bench$(date +%s)
start=$(now)
java -jar jobs/target/ferry.jar capture --upstream.port "$FERRY_UPSTREAM_PORT" --upstream.username ferry_cdc \
  --upstream.password ferry_cdc --upstream.tables "$db.*" --upstream.server-id 5600-5631 \
  --capture.parallelism "$parallelism" --kafka.topic-pattern "$tag.{database}.{table}" --kafka.schema-topic "$tag-schema" \
  --kafka.transactional-id-prefix "$tag" --job.checkpoint-dir "$work/checkpoints" --job.name capture > "$work/capture.log" 2>&1 &
capture=$!
until grep -q "is running" "$work/capture.log"; do kill -0 $capture || { cat "$work/capture.log"; exit 1; }; sleep 0.2; done
java -jar jobs/target/ferry.jar apply --downstream.port "$FERRY_DOWNSTREAM_PORT" --downstream.username ferry_apply \
  --downstream.password ferry_apply --apply.workers "$parallelism" --apply.batch-size "$batch" \
  --kafka.schema-topic "$tag-schema" --kafka.consumer-group "$tag" --job.checkpoint-dir "$work/checkpoints" --job.name apply > "$work/apply.log" 2>&1 &
apply=$!
seconds=$(wait_copied "$start" $capture $apply)
stop $capture $apply
results+=("ferry (capture -> Kafka -> apply)|$seconds")

run_stock() { # label, extra mysql-cdc options
  echo "== $1 (parallelism $parallelism, batch $batch)"
  reset_downstream
  local start; start=$(now)
  java -jar benchmarks/target/ferry-benchmarks.jar benchmarks/sql/stock-snapshot.sql database=$db \
    upstream_port="$FERRY_UPSTREAM_PORT" downstream_port="$FERRY_DOWNSTREAM_PORT" parallelism="$parallelism" \
    batch_size="$batch" server_ids=5700-5731 source_tuning="$2" > "$work/stock.log" 2>&1 &
  local stock=$!
  local seconds; seconds=$(wait_copied "$start" $stock)
  stop $stock
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
[[ $(downstream_rows) -eq $total ]] || { echo "myloader did not load every row; see $work" >&2; exit 1; }
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
"${up[@]}" -e "DROP DATABASE IF EXISTS $db"; "${down[@]}" -e "DROP DATABASE IF EXISTS $db"
rm -rf "$work"

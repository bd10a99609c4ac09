#!/usr/bin/env bash
# Many tables (issue 30): the same rows spread over more and more tables, ferry on its defaults
# (transaction apply, database.* capture), each table count in turn in one run:
#   start-up   from the capture's process start to the first row downstream (both jobs start together)
#   snapshot   end to end, capture and apply together, until every row is downstream
#   idle       CPU of every process over --idle-seconds once caught up, nothing written upstream
#   drain      the apply's own drain of a Kafka backlog of sysbench oltp_write_only over all tables
#              (apply paused while sysbench runs and the capture writes it to Kafka; then timed)
# and the same for the stock Flink CDC SQL pipeline mysql-cdc -> jdbc beside it (sql/stock-snapshot.sql
# with a sink per table, parallelism --stock-parallelism), on the same data in the same run, to tell
# what any JDBC pipeline pays for many tables from what ferry does: its drain is end to end (the
# whole job paused while sysbench runs; then timed until the downstream equals the upstream).
# Ratios are against the fewest tables. Prints progress, then a Markdown report, also written to
# benchmarks/results/tables/<UTC date-time>.md.
#
#   benchmarks/tables.sh [--quick] [--tables "4 400 1000"] [--rows N] [--seconds N] [--idle-seconds N]
#                        [--threads N] [--topic-layout database|table] [--pipelines "ferry stock"]
#                        [--stock-parallelism N] [--jfr DIR]
# --jfr DIR profiles ferry's capture and apply (Java Flight Recorder's execution samples,
# benchmarks/conf/cpu-samples.jfc) into DIR: TABLES-NAME-snapshot.jfr from start to the last row
# downstream, TABLES-capture-idle.jfr over the idle time, TABLES-apply-drain.jfr over the apply's drain.
# --topic-layout database (the default, as ferry's) runs the capture with one topic for all the
# tables of the database, kafka.topic-pattern <tag>.{database}; table with a topic per table,
# <tag>.{database}.{table}. benchmarks/import.sh --tables and drain.sh --tables run this script.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage 'usage: benchmarks/tables.sh [--quick] [--tables "4 400 1000"] [--rows N] [--seconds N]
                            [--idle-seconds N] [--threads N] [--topic-layout database|table]
                            [--pipelines "ferry stock"] [--stock-parallelism N] [--jfr DIR]
  default  200,000 rows in all over 4, 400 and 1,000 tables; 30 s of sysbench; 20 s idle
  --quick  40,000 rows over 4 and 400 tables; 10 s of sysbench; 10 s idle'
quick=0 tables_list="" rows="" seconds="" idle_seconds="" threads=8 layout=database
pipelines="ferry stock" stock_parallelism=2 jfr_dir=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --tables) need_value "$@"; tables_list=$2; shift 2 ;;
    --rows) need_value "$@"; rows=$2; shift 2 ;;
    --seconds) need_value "$@"; seconds=$2; shift 2 ;;
    --idle-seconds) need_value "$@"; idle_seconds=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    --topic-layout) need_value "$@"; layout=$2; shift 2 ;;
    --pipelines) need_value "$@"; pipelines=$2; shift 2 ;;
    --stock-parallelism) need_value "$@"; stock_parallelism=$2; shift 2 ;;
    --jfr) need_value "$@"; jfr_dir=$(realpath -m "$2"); shift 2 ;;
    *) usage ;;
  esac
done
if [[ $quick == 1 ]]; then
  : "${tables_list:=4 400}" "${rows:=40000}" "${seconds:=10}" "${idle_seconds:=10}"
else
  : "${tables_list:=4 400 1000}" "${rows:=200000}" "${seconds:=30}" "${idle_seconds:=20}"
fi
check_ints --tables "$tables_list" 1 5000
[[ $layout =~ ^(table|database)$ ]] || usage
for p in $pipelines; do [[ $p =~ ^(ferry|stock)$ ]] || usage; done
check_ints --stock-parallelism "$stock_parallelism" 1 16
[[ -z $jfr_dir ]] || mkdir -p "$jfr_dir"
jfc=$bench_repo/benchmarks/conf/cpu-samples.jfc
check_ints "--rows/--seconds/--idle-seconds/--threads" "$rows $seconds $idle_seconds $threads" 1 100000000
bench_init tables bench_tables
meta=bench_tables_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build

# All rows of every table, and a checksum of all of them, in one statement each over information_schema's list.
count_sql() { echo "SELECT SUM(c) FROM ($(union_sql 'COUNT(*) c')) AS counts"; }
checksum_all_sql() { echo "SELECT COUNT(*), SUM(s) FROM ($(union_sql "CRC32(CONCAT_WS('#',id,k,c,pad)) s")) AS sums"; }
union_sql() { # SELECT-LIST: over sbtest1..$tables
  local t sql=""
  for ((t = 1; t <= tables; t++)); do
    [[ $t == 1 ]] || sql+=" UNION ALL "
    sql+="SELECT $1 FROM $db.sbtest$t"
  done
  echo "$sql"
}
# first_row_at TIMEOUT: epoch seconds when sbtest1 downstream first holds a row (the snapshot's
# chunks are assigned in table order, so its first chunk is among the first read)
first_row_at() {
  local start; start=$(now)
  until [[ $("${down[@]}" -e "SELECT 1 FROM $db.sbtest1 LIMIT 1" 2>/dev/null) == 1 ]]; do
    procs_alive || return 1
    [[ $(calc "($(now) - $start > $1)") == 1 ]] && { echo "no row downstream after $1 s" >&2; return 1; }
    sleep 0.2
  done
  now
}

# Results, one line per table count: tables|startup s|snapshot s|snapshot CPU|idle CPU|drain s|
# drain row changes|drain CPU|status  (CPU fields: "name=seconds ...")
results=()
record() { local IFS='|'; results+=("$*"); }

run_tables() {
  tables=$1
  local per_table=$((rows / tables)) tag="$run_id-$1" total first start snap c0 c1 idle0 idle1 status=ok
  total=$((per_table * tables))
  rm -f "$work"/*.log
  sysbench_args "$per_table" "$tables"
  say "$tables tables: preparing $db upstream ($tables x $per_table rows, sysbench oltp_insert prepare)"
  prepare_upstream oltp_insert
  "${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"
  c0=$(cpu_all); start=$(now)
  local pattern=(); [[ $layout == database ]] || pattern=(--kafka.topic-pattern "$tag.{database}.{table}")
  capture_jvm_flags=() apply_jvm_flags=()
  if [[ -n $jfr_dir ]]; then
    capture_jvm_flags=("-XX:StartFlightRecording=name=snapshot,settings=$jfc")
    apply_jvm_flags=("-XX:StartFlightRecording=name=snapshot,settings=$jfc")
  fi
  if ! { start_capture "$tag" "${pattern[@]}" 2> "$work/why" && start_apply "$tag" "$tag" 16 2000 2>> "$work/why" \
      && first=$(first_row_at 600 2>> "$work/why") \
      && wait_until "$(count_sql)" "$total" 1800 quiet > /dev/null 2>> "$work/why"; }; then
    record "$tables" "" "" "" "" "" "" "" "$(failure "$(cat "$work/why")")"
    say "$tables tables: FAILED: ${results[-1]##*|}"; stop_procs; return
  fi
  snap=$(calc "$(now) - $start"); c1=$(cpu_all)
  if [[ -n $jfr_dir ]]; then
    for name in capture apply; do
      jcmd "${procs[$name]}" JFR.stop name=snapshot filename="$jfr_dir/$tables-$name-snapshot.jfr" > /dev/null
    done
  fi
  say "$tables tables: first row downstream $(fmt1 "$(calc "$first - $start")") s after start; all $total rows in $(fmt1 "$snap") s"
  sleep 30 # the last checkpoint, progress save, and the binlog phase's start (it reads every table's definition)
  [[ -z $jfr_dir ]] || jcmd "${procs[capture]}" JFR.start name=idle settings="$jfc" > /dev/null
  idle0=$(cpu_all); sleep "$idle_seconds"; idle1=$(cpu_all)
  [[ -z $jfr_dir ]] || jcmd "${procs[capture]}" JFR.stop name=idle filename="$jfr_dir/$tables-capture-idle.jfr" > /dev/null
  say "$tables tables: idle for ${idle_seconds}s: $(cpu_line "$idle0" "$idle1")"
  # The apply's drain of a backlog in Kafka.
  local regex offsets0 offsets1="" offsets2 txns rowchanges expected drained d0 d1
  regex="^${tag//./\\.}\\.$db(\\..*)?\$"
  offsets0=$(kafka_offsets "$regex")
  [[ -z $jfr_dir ]] || jcmd "${procs[apply]}" JFR.start name=drain settings="$jfc" > /dev/null
  kill -STOP "${procs[apply]}"
  # Statements as text: prepared ones would need tables x threads x 4 of the server's 16,382.
  if ! sysbench oltp_write_only "${sb[@]}" --db-ps-mode=disable --threads="$threads" --time="$seconds" \
      --report-interval=0 run > "$work/run.log" 2>&1; then
    status="sysbench failed: $(grep -m1 -E 'FATAL|error' "$work/run.log" | cut -c1-200)"
    kill -CONT "${procs[apply]}"
  fi
  txns=$(sysbench_figure "$work/run.log" txns); rowchanges=$(row_changes oltp_write_only "${txns:-0}")
  expected=$("${up[@]}" -e "$(checksum_all_sql)")
  if [[ $status != ok ]]; then
    : # reported below
  elif ! kafka_wait_offsets "$regex" $((offsets0 + rowchanges)) 900 > /dev/null; then
    status="the capture did not write the backlog to Kafka"
  else
    offsets2=$(kafka_offsets "$regex")
    until [[ $offsets1 == "$offsets2" ]]; do offsets1=$offsets2; sleep 3; offsets2=$(kafka_offsets "$regex"); done
    d0=$(cpu_all)
    kill -CONT "${procs[apply]}"
    if drained=$(wait_until "$(checksum_all_sql)" "$expected" 900 quiet 2> "$work/why"); then
      d1=$(cpu_all)
      [[ -z $jfr_dir ]] || jcmd "${procs[apply]}" JFR.stop name=drain filename="$jfr_dir/$tables-apply-drain.jfr" > /dev/null
      say "$tables tables: drained $rowchanges row changes in ${drained}s: $(calc "int($rowchanges / $drained)") changes/s"
    else
      status=$(failure "drain: $(cat "$work/why")")
    fi
  fi
  local restarts; restarts=$(restarts_in_logs)
  [[ $restarts == 0 ]] || status="$status; a task failed over $restarts times, first because: $(failover_cause)"
  record "$tables" "$(calc "$first - $start")" "$snap" "$(cpu_line "$c0" "$c1")" "$(cpu_line "$idle0" "$idle1")" \
    "${drained:-}" "$rowchanges" "$(if [[ -n ${d1:-} ]]; then cpu_line "$d0" "$d1"; fi)" "$status" "$total"
  stop_procs
}
cpu_line() { cpu_summary "$1" "$2" capture apply stock kafka down up; }

# stock_sql_file TABLES: sql/stock-snapshot.sql with a jdbc sink and an INSERT per table sbtest1..TABLES
stock_sql_file() {
  local t file="$work/stock-$1.sql"
  sed '/^CREATE TABLE dst1 /,$d' benchmarks/sql/stock-snapshot.sql > "$file"
  for ((t = 1; t <= $1; t++)); do
    printf "CREATE TABLE dst%s (id INT, k INT, c STRING, pad STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (\n  'connector' = 'jdbc', 'url' = 'jdbc:mysql://127.0.0.1:\${downstream_port}/\${database}', 'table-name' = 'sbtest%s',\n  'username' = 'ferry_apply', 'password' = 'ferry_apply', 'sink.buffer-flush.max-rows' = '\${batch_size}');\n" "$t" "$t"
  done >> "$file"
  for ((t = 1; t <= $1; t++)); do
    printf "INSERT INTO dst%s SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest%s';\n" "$t" "$t"
  done >> "$file"
  echo "$file"
}

# The stock pipeline on the same data: snapshot, idle, and its end-to-end drain (the whole job
# paused while sysbench runs). Each sink keeps a connection per subtask: the downstream's
# max_connections is raised for the run.
stock_results=()
run_stock() {
  tables=$1
  local per_table=$((rows / tables)) total first start snap c0 c1 idle0 idle1 status=ok
  local txns rowchanges expected drained d0 d1
  total=$((per_table * tables))
  rm -f "$work"/*.log
  sysbench_args "$per_table" "$tables"
  say "$tables tables, stock pipeline: preparing $db upstream and empty tables downstream"
  prepare_upstream oltp_insert
  reset_downstream
  "${down[@]}" -e "SET GLOBAL max_connections = GREATEST(@@max_connections, $((tables * stock_parallelism + 100)))"
  stock_sql=$(stock_sql_file "$tables")
  c0=$(cpu_all); start=$(now)
  start_stock "$stock_parallelism" 2000
  if ! { first=$(first_row_at 600 2> "$work/why") \
      && wait_until "$(count_sql)" "$total" 1800 quiet > /dev/null 2>> "$work/why"; }; then
    stock_results+=("$tables||||||||$(failure "$(cat "$work/why")" | tr '|' '/')|$total")
    say "$tables tables, stock: FAILED: ${stock_results[-1]}"; stop_procs; return
  fi
  snap=$(calc "$(now) - $start"); c1=$(cpu_all)
  say "$tables tables, stock: first row downstream $(fmt1 "$(calc "$first - $start")") s after start; all $total rows in $(fmt1 "$snap") s"
  sleep 30
  idle0=$(cpu_all); sleep "$idle_seconds"; idle1=$(cpu_all)
  say "$tables tables, stock: idle for ${idle_seconds}s: $(cpu_line "$idle0" "$idle1")"
  kill -STOP "${procs[stock]}"
  if ! sysbench oltp_write_only "${sb[@]}" --db-ps-mode=disable --threads="$threads" --time="$seconds" \
      --report-interval=0 run > "$work/run.log" 2>&1; then
    status="sysbench failed: $(grep -m1 -E 'FATAL|error' "$work/run.log" | cut -c1-200)"
  fi
  txns=$(sysbench_figure "$work/run.log" txns); rowchanges=$(row_changes oltp_write_only "${txns:-0}")
  expected=$("${up[@]}" -e "$(checksum_all_sql)")
  d0=$(cpu_all)
  kill -CONT "${procs[stock]}"
  if [[ $status == ok ]]; then
    if drained=$(wait_until "$(checksum_all_sql)" "$expected" 900 quiet 2> "$work/why"); then
      d1=$(cpu_all)
      say "$tables tables, stock: drained $rowchanges row changes in ${drained}s: $(calc "int($rowchanges / $drained)") changes/s"
    else
      status=$(failure "drain: $(cat "$work/why")")
    fi
  fi
  local restarts; restarts=$(restarts_in_logs)
  [[ $restarts == 0 ]] || status="$status; a task failed over $restarts times, first because: $(failover_cause)"
  local IFS='|'
  stock_results+=("$tables|$(calc "$first - $start")|$snap|$(cpu_line "$c0" "$c1")|$(cpu_line "$idle0" "$idle1")|${drained:-}|$rowchanges|$(if [[ -n ${d1:-} ]]; then cpu_line "$d0" "$d1"; fi)|${status//|//}|$total")
  unset IFS
  stop_procs
}

say "run $run_id: $rows rows over $tables_list tables; ${seconds}s of sysbench oltp_write_only x $threads threads; work dir $work"
for n in $tables_list; do
  [[ " $pipelines " != *" ferry "* ]] || run_tables "$n"
  [[ " $pipelines " != *" stock "* ]] || run_stock "$n"
done

# ---------------------------------------------------------------- report
field() { cut -d'|' -f"$2" <<< "$1"; }
cpu_of() { tr ' ' '\n' <<< "$1" | sed -n "s/^$2=//p"; } # CPU-FIELD NAME: seconds
# figures NAME ROWS...: the figures and CPU tables of one pipeline's result lines, ratios against its first
figures() {
  local name=$1 base=$2 line snap_rate drain_rate idle snap drain n changes base_snap_rate base_drain_rate; shift 2
  base_snap_rate=$(rate "$(field "$base" 10)" "$(snapshot_seconds "$base")")
  base_drain_rate=$(rate "$(field "$base" 7)" "$(field "$base" 6)")
  echo "| $name: tables | start-up to first row | snapshot rows/s | ratio | drain changes/s | ratio | idle CPU cores: capture / apply / stock / Kafka | status |"
  echo "|--:|--:|--:|--:|--:|--:|---|---|"
  for line in "$@"; do
    snap_rate=$(rate "$(field "$line" 10)" "$(snapshot_seconds "$line")"); drain_rate=$(rate "$(field "$line" 7)" "$(field "$line" 6)")
    idle=$(field "$line" 5)
    cores() { if [[ -n $(cpu_of "$idle" "$1") ]]; then fmt2 "$(calc "$(cpu_of "$idle" "$1") / $idle_seconds")"; else printf '—'; fi; }
    echo "| $(field "$line" 1) | $(fmt1 "$(field "$line" 2)") s | $(fmt0 "$snap_rate") | $(ratio "$snap_rate" "$base_snap_rate") | $(fmt0 "$drain_rate") | $(ratio "$drain_rate" "$base_drain_rate") | $(cores capture) / $(cores apply) / $(cores stock) / $(cores kafka) | $(field "$line" 9) |"
  done
  echo
  echo "| $name: tables | snapshot µs per row: capture | apply | stock | Kafka | downstream | drain µs per change: apply | stock | Kafka | downstream |"
  echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  for line in "$@"; do
    snap=$(field "$line" 4) drain=$(field "$line" 8) n=$(field "$line" 10) changes=$(field "$line" 7)
    per() { if [[ -n $(cpu_of "$1" "$2") && -n $3 && $3 != 0 ]]; then fmt1 "$(calc "$(cpu_of "$1" "$2") * 1000000 / $3")"; else printf '—'; fi; }
    echo "| $(field "$line" 1) | $(per "$snap" capture "$n") | $(per "$snap" apply "$n") | $(per "$snap" stock "$n") | $(per "$snap" kafka "$n") | $(per "$snap" down "$n") | $(per "$drain" apply "$changes") | $(per "$drain" stock "$changes") | $(per "$drain" kafka "$changes") | $(per "$drain" down "$changes") |"
  done
  echo
}
rate() { if [[ -n $1 && -n $2 ]]; then calc "$1 / $2"; fi; } # count, seconds
snapshot_seconds() { if [[ -n $(field "$1" 3) ]]; then calc "$(field "$1" 3) - $(field "$1" 2)"; fi; } # first row to last
{
  report_header "Many tables: $rows rows over $tables_list tables" \
    "Ferry on its defaults (apply.consistency=transaction, 16 workers, batch 2000, upstream.tables=database.*), $([[ $layout == table ]] && echo 'a topic per table (kafka.topic-pattern=<tag>.{database}.{table})' || echo 'one topic per database (the default layout, kafka.topic-pattern=<tag>.{database})'), each table count in turn; beside it the stock Flink CDC SQL pipeline mysql-cdc → jdbc (a sink per table, parallelism $stock_parallelism) on the same data. Ratios are against the fewest tables of the same pipeline."
  echo
  echo "## Figures"
  echo
  [[ ${#results[@]} == 0 ]] || figures ferry "${results[0]}" "${results[@]}"
  [[ ${#stock_results[@]} == 0 ]] || figures stock "${stock_results[0]}" "${stock_results[@]}"
  echo "## How it was measured"
  echo
  echo "- Data: sysbench oltp_insert prepare, $rows rows in all, split evenly over the tables (sbtest1..N)."
  echo "- Start-up: from launching both jobs (\`java -jar ferry.jar capture\` and \`apply\`) to the first row in a downstream table."
  echo "- Snapshot rows/s: the rows over the time from the first row downstream to the last (start-up left out; the downstream counted when its handlers stopped writing)."
  echo "- Idle: CPU seconds of each process (from /proc) over ${idle_seconds} s once caught up, 30 s after the last row (when the binlog phase has started), nothing written upstream."
  echo "- Drain: the apply paused (SIGSTOP) while sysbench oltp_write_only ran ${seconds} s on $threads threads over all tables and the capture wrote it to Kafka; then resumed and timed until the downstream's checksum over all tables equals the upstream's."
  echo "- Stock: \`benchmarks/sql/stock-snapshot.sql\` with a jdbc sink and an INSERT per table (one statement set), \`parallelism.default\` $stock_parallelism, \`sink.buffer-flush.max-rows\` 2000; the downstream's max_connections raised to tables × parallelism + 100. Its drain is end to end: the whole job paused (SIGSTOP) while sysbench ran, then timed from its resume until the checksums are equal."
} | write_report

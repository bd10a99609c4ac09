#!/usr/bin/env bash
# Table 1: full import, as TiDB DM's benchmark reports it (dump side, load side, a sweep over sink
# parallelism and one over rows per statement), side by side in one run on this machine:
#   ferry         dump = capture snapshot into Kafka; load = apply draining that backlog into an
#                 empty downstream; end to end = both running together
#   stock         Flink CDC's SQL pipeline mysql-cdc -> jdbc (sql/stock-snapshot.sql), end to end
#   mydumper      mydumper (dump) + myloader (load), Debian's packages
#   ceiling       the downstream's own ceiling: CeilingLoader writes sysbench-identical rows as
#                 multi-row INSERTs over the same number of connections (no Flink, no Kafka)
#   direct        (only with --pipelines ... direct) a probe of a direct import mode (issue 23):
#                 Flink CDC's snapshot read chained to wide multi-row upserts in one job, no Kafka
#                 (dev.ferry.benchmarks.direct.DirectImportProbe), end to end
# Data: sysbench oltp_insert prepare, 4 tables. Prints progress, then writes a Markdown report and
# PNG charts to benchmarks/results/import/.
#
#   benchmarks/import.sh [--quick|--smoke] [--no-sweeps] [--rows-per-table N] [--sweep-rows-per-table N]
#                        [--parallelism "2 4 8 16 32 64"] [--rows-per-statement "300 ... 7500"]
#                        [--workers N] [--batch-size N] [--dump-threads N] [--downstream mariadb|tidb]
#                        [--pipelines "ferry stock mydumper ceiling direct"] [--direct-connections N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
# --tables "4 400 1000" is the table-count axis (issue 30): the same rows spread over more tables.
# benchmarks/tables.sh measures it, the import (snapshot rows/s, start-up) among its
# figures, in one run; the arguments go to it as they are.
for arg in "$@"; do [[ $arg != --tables ]] || exec "$(dirname "${BASH_SOURCE[0]}")/tables.sh" "$@"; done
bench_usage 'usage: benchmarks/import.sh [--quick|--smoke] [--no-sweeps] [--rows-per-table N] [--sweep-rows-per-table N]
                            [--parallelism "2 4 8 16 32 64"] [--rows-per-statement "300 600 1250 2500 5000 7500"]
                            [--workers N] [--batch-size N] [--dump-threads N] [--downstream mariadb|tidb]
                            [--pipelines "ferry stock mydumper ceiling direct"] [--direct-connections N]
       benchmarks/import.sh --tables "4 400 1000" [tables.sh options]: the table-count axis, run by tables.sh
  --downstream  mariadb (default: bin/services, measures ferry'"'"'s own cost) or tidb (a tidb-server
            of the run, or the TiDB on FERRY_TIDB_PORT; TiDB in one process takes much of the cores)
  --quick   4 x 25,000 rows; sweeps: parallelism 4 16, rows per statement 500 5000 (a few minutes)
  --smoke   4 x 5,000 rows, no sweeps (does it run and write a report; for CI)
  --pipelines  which pipelines run (default "ferry stock mydumper ceiling"); "direct" adds the
            direct import probe (no Kafka; issue 23), end to end with the others
  --direct-connections  downstream connections of the probe, a multiple of --dump-threads (default:
            --workers); rows per statement: --batch-size; source parallelism: --dump-threads
  --no-sweeps  only the headline tables (dump, load, end to end), at the size chosen: no sweep
            over sink parallelism or rows per statement
  default   4 x 200,000 rows; sweeps on 4 x 50,000 rows: parallelism 2 4 8 16 32 64,
            rows per statement 300 600 1250 2500 5000 7500'
size=full rows="" sweep_rows="" parallelism="-" statement_rows="-" workers=16 batch=2000 dump_threads=4
pipelines="ferry stock mydumper ceiling" direct_connections=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) size=quick; shift ;;
    --smoke) size=smoke; shift ;;
    --no-sweeps) parallelism="" statement_rows=""; shift ;;
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --sweep-rows-per-table) need_value "$@"; sweep_rows=$2; shift 2 ;;
    --parallelism) need_value "$@"; parallelism=$2; shift 2 ;;
    --rows-per-statement) need_value "$@"; statement_rows=$2; shift 2 ;;
    --workers) need_value "$@"; workers=$2; shift 2 ;;
    --batch-size) need_value "$@"; batch=$2; shift 2 ;;
    --dump-threads) need_value "$@"; dump_threads=$2; shift 2 ;;
    --downstream) need_value "$@"; bench_downstream=$2; shift 2 ;;
    --pipelines) need_value "$@"; pipelines=$2; shift 2 ;;
    --direct-connections) need_value "$@"; direct_connections=$2; shift 2 ;;
    *) usage ;;
  esac
done
case $size in
  smoke) : "${rows:=5000}" "${sweep_rows:=$rows}"; [[ $parallelism != - ]] || parallelism=""; [[ $statement_rows != - ]] || statement_rows="" ;;
  quick) : "${rows:=25000}" "${sweep_rows:=$rows}"; [[ $parallelism != - ]] || parallelism="4 16"; [[ $statement_rows != - ]] || statement_rows="500 5000" ;;
  full) : "${rows:=200000}" "${sweep_rows:=50000}"; [[ $parallelism != - ]] || parallelism="2 4 8 16 32 64"; [[ $statement_rows != - ]] || statement_rows="300 600 1250 2500 5000 7500" ;;
esac
[[ -n $parallelism || -n $statement_rows ]] || sweep_rows=$rows # no sweeps: no sweep data set
check_ints --rows-per-table "$rows $sweep_rows" 100 100000000
[[ -z $parallelism ]] || check_ints --parallelism "$parallelism" 1 64
[[ -z $statement_rows ]] || check_ints --rows-per-statement "$statement_rows" 1 20000
check_ints "--workers/--batch-size/--dump-threads" "$workers $batch $dump_threads" 1 20000
check_ints --workers "$workers" 1 64
for p in $pipelines; do
  case $p in ferry|stock|mydumper|ceiling|direct) ;; *) echo "--pipelines takes ferry stock mydumper ceiling direct, got '$p'" >&2; exit 2 ;; esac
done
runs() { [[ " $pipelines " == *" $1 "* ]]; } # PIPELINE: whether it is measured in this run
: "${direct_connections:=$workers}"
check_ints --direct-connections "$direct_connections" 1 256
((direct_connections % dump_threads == 0)) || { echo "--direct-connections ($direct_connections) must be a multiple of --dump-threads ($dump_threads)" >&2; exit 2; }
case ${bench_downstream:=mariadb} in mariadb|tidb) ;; *) echo "--downstream must be mariadb or tidb, got '$bench_downstream'" >&2; exit 2 ;; esac

bench_init import bench_import
meta=bench_import_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS bench_import; DROP DATABASE IF EXISTS bench_import_sweep"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS bench_import; DROP DATABASE IF EXISTS bench_import_sweep; DROP DATABASE IF EXISTS $meta"'
bench_build
timeout_s=1800 # longest a single copy may take

# ---------------------------------------------------------------- data sets
# Two data sets: "main" (the headline tables) and "sweep" (the sweeps, when
# --sweep-rows-per-table differs; otherwise the sweeps run on "main" and reuse its measurements).
# use_data NAME switches db, rows, total and bytes to it.
declare -A data_db=([main]=bench_import [sweep]=bench_import_sweep) data_rows=([main]=$rows [sweep]=$sweep_rows) data_bytes=()
sweep_data=sweep
[[ $sweep_rows != "$rows" ]] || sweep_data=main
use_data() {
  data=$1 db=${data_db[$1]} rows=${data_rows[$1]}
  total=$((rows * 4)) bytes=${data_bytes[$1]:-0}
  sysbench_args "$rows"
}
prepare_data() { # NAME
  use_data "$1"
  say "preparing $db upstream: 4 tables x $rows rows (sysbench oltp_insert prepare)"
  prepare_upstream oltp_insert
  data_bytes[$1]=$(data_bytes)
  use_data "$1"
}
mb() { calc "$bytes / 1048576"; }

# ---------------------------------------------------------------- measurements
# One line per measurement: key = what:data:threads:rows-per-statement; value =
# seconds|INSERT statements downstream|statement latency p99 ms|CPU "name=s ..."|status
declare -A result=()
record() { local IFS='|'; result[$1]="${*:2}"; }
field_of() { # KEY FIELD-NUMBER: a field of a measurement, empty when not measured
  if [[ -n ${result[$1]:-} ]]; then cut -d'|' -f"$2" <<< "${result[$1]}"; fi
}
seconds_of() { field_of "$1" 1; }
cpu_line() { cpu_summary "$1" "$2" capture apply stock ceiling direct kafka down up; } # BEFORE AFTER
# mydumper and myloader run in the foreground: their CPU is what bash's `times` counts for this
# shell's waited-for children (run in this shell, not in $(...), whose subshell starts from zero).
# children_cpu FILE: the CPU seconds (user + system) of the children in a `times` output
children_cpu() { awk 'NR == 2 { gsub(/s/, ""); split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1"; }
# tool_cpu NAME: "NAME=seconds" of the children between `times > $work/times0` and `… times1`
tool_cpu() { echo "$1=$(fmt1 "$(calc "$(children_cpu "$work/times1") - $(children_cpu "$work/times0")")")"; }
# measured KEY STATUS_BEFORE CPU_BEFORE START [SECONDS]: records a copy that succeeded, which took
# SECONDS (default: since START)
measured() {
  local seconds=${5:-}; [[ -n $seconds ]] || seconds=$(calc "$(now) - $4")
  local after; after=$(status_snapshot down)
  record "$1" "$seconds" "$(status_delta Com_insert "$2" "$after")" "${latency:-}" "$(cpu_line "$3" "$(cpu_all)")${tool_cpu:+ $tool_cpu}" ok
  say "$1: $(fmt1 "$seconds") s, $(fmt1 "$(calc "$bytes / 1048576 / $seconds")") MB/s"
}
failed() { # KEY WHAT
  record "$1" "" "" "" "" "$(failure "$2")"
  say "$1: FAILED: $(field_of "$1" 5)"
}
empty_downstream() {
  reset_downstream
  "${down[@]}" -e "DROP DATABASE IF EXISTS $meta"
}

# mydumper THREADS STATEMENT-BYTES: dumps $db to $work/dump-<data>-<bytes>
dump_dir() { echo "$work/dump-$data-$1"; }
run_mydumper() {
  local key=mydumper:$data:$1:$2 dir; dir=$(dump_dir "$2")
  [[ -z ${result[$key]:-} ]] || return 0
  rm -rf "$dir"
  local s0 c0 start; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now); times > "$work/times0"
  if mydumper -h 127.0.0.1 -P "$FERRY_UPSTREAM_PORT" -u ferry_admin -p ferry_admin -B "$db" -t "$1" \
      --rows 50000 -s "$2" -o "$dir" > "$work/mydumper.log" 2>&1; then
    times > "$work/times1"; local tool_cpu; tool_cpu=$(tool_cpu mydumper)
    latency="" measured "$key" "$s0" "$c0" "$start"
  else
    failed "$key" "mydumper failed: $(tail -1 "$work/mydumper.log")"
  fi
}
# myloader THREADS STATEMENT-BYTES: loads that dump into an empty downstream database
run_myloader() {
  local key=myloader:$data:$1:$2
  [[ -z ${result[$key]:-} ]] || return 0
  "${down[@]}" -e "DROP DATABASE IF EXISTS $db"
  local s0 c0 start; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now); times > "$work/times0"
  if myloader -h 127.0.0.1 -P "$FERRY_DOWNSTREAM_PORT" -u ferry_admin -p ferry_admin -B "$db" -t "$1" \
      -d "$(dump_dir "$2")" -o > "$work/myloader.log" 2>&1 && [[ $("${down[@]}" -e "$(rows_sql)") == "$total" ]]; then
    times > "$work/times1"; local tool_cpu; tool_cpu=$(tool_cpu myloader)
    latency="" measured "$key" "$s0" "$c0" "$start"
  else
    failed "$key" "myloader did not load every row: $(tail -1 "$work/myloader.log")"
  fi
}
# ferry dump: capture snapshots $db into the topics of tag <run>-<data>; done when their committed
# end offsets hold every row and no Kafka transaction is open
run_ferry_dump() {
  local key=ferry-dump:$data:$capture_parallelism:- tag=$run_id-$data
  [[ -z ${result[$key]:-} ]] || return 0
  local s0 c0 start reached; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now)
  rm -f "$work/capture.log"
  if start_capture "$tag" 2> "$work/why" \
      && reached=$(kafka_wait_offsets "${tag}\\.${db}(\\..*)?" "$total" "$timeout_s" 2>> "$work/why"); then
    local c1; c1=$(cpu_all)
    record "$key" "$(calc "$reached - $start")" "" "" "$(cpu_line "$c0" "$c1")" ok
    say "$key: $(fmt2 "$(seconds_of "$key")") s into Kafka"
  else
    failed "$key" "$(cat "$work/why")"
  fi
  stop_proc capture
}
# timed_copy KEY COMMAND...: empty downstream tables; COMMAND starts the pipeline's processes;
# timed from then until every row is downstream
timed_copy() {
  local key=$1; shift
  empty_downstream
  rm -f "$work/capture.log" "$work/apply.log" "$work/stock.log"
  local s0 c0 start; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now)
  if "$@" 2> "$work/why" && wait_until "$(rows_sql)" "$total" "$timeout_s" 2> "$work/why" > /dev/null; then
    latency="" measured "$key" "$s0" "$c0" "$start"
  else
    failed "$key" "$(cat "$work/why")"
  fi
  stop_procs
}
# ferry load WORKERS BATCH: apply drains the dump's backlog (its own consumer group)
run_ferry_load() {
  local key=ferry-load:$data:$1:$2 tag=$run_id-$data
  [[ -z ${result[$key]:-} ]] || return 0
  [[ -n $(seconds_of "ferry-dump:$data:$capture_parallelism:-") ]] || { failed "$key" "no ferry dump to load"; return; }
  timed_copy "$key" start_apply "$tag" "$tag-load-$1-$2" "$1" "$2"
}
# ferry end to end WORKERS BATCH: capture and apply together, on fresh topics
start_ferry() { start_capture "$1" && start_apply "$1" "$1" "$2" "$3"; } # TAG WORKERS BATCH
run_ferry_e2e() {
  local key=ferry-e2e:$data:$1:$2
  [[ -z ${result[$key]:-} ]] || return 0
  timed_copy "$key" start_ferry "$run_id-e2e-$data-$1-$2" "$1" "$2"
}
# stock PARALLELISM BATCH: the stock SQL pipeline end to end
run_stock() {
  local key=stock:$data:$1:$2
  [[ -z ${result[$key]:-} ]] || return 0
  timed_copy "$key" start_stock "$1" "$2"
}
# ceiling CONNECTIONS ROWS-PER-STATEMENT: CeilingLoader into empty tables of the same definition
run_ceiling() {
  local key=ceiling:$data:$1:$2
  [[ -z ${result[$key]:-} ]] || return 0
  empty_downstream
  local s0 c0 start; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now)
  "${java[@]}" -cp "$benchmarks_jar" dev.ferry.benchmarks.ceiling.CeilingLoader \
    --url "jdbc:mysql://127.0.0.1:$FERRY_DOWNSTREAM_PORT/$db" --user ferry_apply --password ferry_apply \
    --tables 4 --rows-per-table "$rows" --connections "$1" --rows-per-statement "$2" > "$work/ceiling.log" 2>&1 &
  track ceiling $!
  if wait "${procs[ceiling]}" && [[ $("${down[@]}" -e "$(rows_sql)") == "$total" ]]; then
    latency=$(sed -n 's/.*latency_ms_p99=\([0-9.]*\).*/\1/p' "$work/ceiling.log")
    measured "$key" "$s0" "$c0" "$start" "$(sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' "$work/ceiling.log")"
  else
    failed "$key" "CeilingLoader failed: $(grep -m1 -E 'Exception|Error' "$work/ceiling.log" || tail -1 "$work/ceiling.log")"
  fi
  unset 'procs[ceiling]'
}

# direct CONNECTIONS ROWS-PER-STATEMENT: DirectImportProbe end to end (snapshot read chained to wide
# upserts, no Kafka) into empty tables; timed like the other copies, until the downstream holds every
# row (or the probe has exited, if that comes first: it exits only after its own checks). The probe
# then compares every table's count and CRC32 sum with the upstream's and fails on a difference.
run_direct() {
  local key=direct:$data:$1:$2
  [[ -z ${result[$key]:-} ]] || return 0
  empty_downstream
  local s0 c0 start pid; s0=$(status_snapshot down); c0=$(cpu_all); start=$(now)
  "${java[@]}" ${direct_jvm_flags[@]+"${direct_jvm_flags[@]}"} -cp "$benchmarks_jar" dev.ferry.benchmarks.direct.DirectImportProbe \
    --database "$db" --upstream-port "$FERRY_UPSTREAM_PORT" --downstream-port "$FERRY_DOWNSTREAM_PORT" \
    --server-id "$(server_ids 6600 "$capture_parallelism")" --parallelism "$capture_parallelism" \
    --sink upsert --rows-per-statement "$2" --connections "$1" > "$work/direct.out" 2> "$work/direct.log" &
  pid=$!
  track direct $pid
  while kill -0 "$pid" 2>/dev/null && [[ $("${down[@]}" -e "$(rows_sql)" 2>/dev/null) != "$total" ]]; do
    [[ $(calc "($(now) - $start > $timeout_s)") == 1 ]] && break
    sleep 0.5
  done
  local seconds c1; seconds=$(calc "$(now) - $start"); c1=$(cpu_all)
  if wait "$pid" && grep -q rows_per_second "$work/direct.out"; then
    latency="" measured "$key" "$s0" "$c0" "$start" "$seconds"
    # the copy's CPU, not the probe's checks after it
    result[$key]=$(awk -F'|' -v OFS='|' -v cpu="$(cpu_line "$c0" "$c1")" '{ $4 = cpu; print }' <<< "${result[$key]}")
  else
    failed "$key" "DirectImportProbe failed: $(grep -m1 -E 'NOT equal|Exception|Error' "$work/direct.log" | cut -c1-300 || tail -1 "$work/direct.log")"
  fi
  unset 'procs[direct]'
}

# mydumper's --statement-size (bytes) for about N rows per INSERT: sysbench rows take about 200
# bytes in a statement; the rows per statement actually loaded are measured (Com_insert).
statement_bytes() { echo $(($1 * 200)); }
dumper_bytes=$(statement_bytes "$batch")

# ---------------------------------------------------------------- the runs
say "run $run_id: $size size; 4 x $rows rows (sweeps: 4 x $sweep_rows); workers $workers, batch $batch, dump threads $dump_threads; parallelism sweep: ${parallelism:-none}; rows per statement sweep: ${statement_rows:-none}; work dir $work"
capture_parallelism=$dump_threads
prepare_data main
say "main data: $(fmt1 "$(mb)") MB of InnoDB data"
! runs mydumper || { run_mydumper "$dump_threads" "$dumper_bytes"; run_myloader "$workers" "$dumper_bytes"; }
! runs ferry || { run_ferry_dump; run_ferry_load "$workers" "$batch"; }
! runs ceiling || run_ceiling "$workers" "$batch"
! runs ferry || run_ferry_e2e "$workers" "$batch"
! runs stock || run_stock "$workers" "$batch"
! runs direct || run_direct "$direct_connections" "$batch"

if [[ -n $parallelism || -n $statement_rows ]]; then
  if [[ $sweep_data == sweep ]]; then
    prepare_data sweep
    say "sweep data: $(fmt1 "$(mb)") MB of InnoDB data"
    ! runs ferry || run_ferry_dump
  else
    use_data main
  fi
  ! runs mydumper || run_mydumper "$dump_threads" "$dumper_bytes"
  for p in $parallelism; do
    say "sweep: sink parallelism $p"
    ! runs ferry || run_ferry_load "$p" "$batch"
    ! runs stock || run_stock "$p" "$batch"
    ! runs ceiling || run_ceiling "$p" "$batch"
    ! runs mydumper || run_myloader "$p" "$dumper_bytes"
  done
  for r in $statement_rows; do
    say "sweep: $r rows per statement"
    ! runs ferry || run_ferry_load "$workers" "$r"
    ! runs ceiling || run_ceiling "$workers" "$r"
    ! runs mydumper || { run_mydumper "$dump_threads" "$(statement_bytes "$r")"; run_myloader "$workers" "$(statement_bytes "$r")"; }
  done
fi

# ---------------------------------------------------------------- report
# Each prints nothing when the measurement is missing or failed.
data_of() { cut -d: -f2 <<< "$1"; } # KEY: its data set
mb_s() { # KEY: MB/s of that measurement on its data set
  local s; s=$(seconds_of "$1")
  if [[ -n $s ]]; then calc "${data_bytes[$(data_of "$1")]} / 1048576 / $s"; fi
}
rows_s() { local s; s=$(seconds_of "$1"); if [[ -n $s ]]; then calc "${data_rows[$(data_of "$1")]} * 4 / $s"; fi; }
per_statement() { # KEY: rows per INSERT statement downstream (rows / Com_insert)
  local n; n=$(field_of "$1" 2)
  if [[ -n $n && $n -gt 0 ]]; then calc "${data_rows[$(data_of "$1")]} * 4 / $n"; fi
}
cpu_rate() { local s; s=$(seconds_of "$1"); if [[ -n $s ]]; then calc "$(cpu_total "$(field_of "$1" 4)") / $s"; fi; }
cpu_per_100k() { if [[ -n $(seconds_of "$1") ]]; then calc "$(cpu_total "$(field_of "$1" 4)") * 100000 / (${data_rows[$(data_of "$1")]} * 4)"; fi; }
cell() { echo "$(fmt1 "$(mb_s "$1")") ($(fmt2 "$(seconds_of "$1")"))"; } # KEY: "MB/s (seconds)"
sum_seconds() { local a b; a=$(seconds_of "$1"); b=$(seconds_of "$2"); if [[ -n $a && -n $b ]]; then calc "$a + $b"; fi; }
# per_second AMOUNT SECONDS: AMOUNT / SECONDS, nothing when SECONDS is missing
per_second() { if [[ -n $2 ]]; then calc "$1 / $2"; fi; }
main_mb=$(calc "${data_bytes[main]} / 1048576")
sweep_mb=$(calc "${data_bytes[$sweep_data]} / 1048576")
k_mydumper=mydumper:main:$dump_threads:$dumper_bytes
k_myloader=myloader:main:$workers:$dumper_bytes
k_dump=ferry-dump:main:$dump_threads:-
k_load=ferry-load:main:$workers:$batch
k_ceiling=ceiling:main:$workers:$batch
k_e2e=ferry-e2e:main:$workers:$batch
k_stock=stock:main:$workers:$batch
k_direct=direct:main:$direct_connections:$batch
dumper_total=$(sum_seconds "$k_mydumper" "$k_myloader")
ferry_serial=$(sum_seconds "$k_dump" "$k_load")
rate_e2e=$(rows_s "$k_e2e")
rate_stock=$(rows_s "$k_stock")
rate_direct=$(rows_s "$k_direct")
vs_stock_direct="" vs_dumper_direct=""
[[ -z $rate_direct || -z $rate_stock ]] || vs_stock_direct=$(calc "$rate_direct / $rate_stock")
rate_dumper=$(per_second "$((data_rows[main] * 4))" "$dumper_total")
rate_load=$(rows_s "$k_load"); rate_ceiling=$(rows_s "$k_ceiling")
vs_stock="" vs_dumper=""
[[ -z $rate_e2e || -z $rate_stock ]] || vs_stock=$(calc "$rate_e2e / $rate_stock")
[[ -z $rate_e2e || -z $rate_dumper ]] || vs_dumper=$(calc "$rate_e2e / $rate_dumper")
[[ -z $rate_direct || -z $rate_dumper ]] || vs_dumper_direct=$(calc "$rate_direct / $rate_dumper")
# us_per_row NAME KEY...: CPU µs per row of process NAME summed over the measurements KEY (its
# cpu field, "name=seconds ..."); "all" sums every process; nothing when a measurement is missing
us_per_row() {
  local name=$1 key sum=0 line; shift
  for key in "$@"; do
    [[ -n $(seconds_of "$key") ]] || return 0
    line=$(field_of "$key" 4)
    sum=$(calc "$sum + $(tr ' ' '\n' <<< "$line" | awk -F= -v n="$name" 'NF == 2 && (n == "all" || $1 == n) { s += $2 } END { print s + 0 }')")
  done
  calc "$sum * 1000000 / (${data_rows[main]} * 4)"
}
# cpu_row LABEL OWN-PROCESSES KEY...: a row of the CPU-per-row table
cpu_row() {
  local label=$1 own=$2 name sum=0 v; shift 2
  for name in $own; do v=$(us_per_row "$name" "$@"); [[ -z $v ]] || sum=$(calc "$sum + $v"); done
  [[ -n $(us_per_row all "$@") ]] || { echo "| $label | — | — | — | — | — |"; return; }
  echo "| $label | $(fmt1 "$sum") ($own) | $(fmt1 "$(us_per_row kafka "$@")") | $(fmt1 "$(us_per_row down "$@")") | $(fmt1 "$(us_per_row up "$@")") | $(fmt1 "$(us_per_row all "$@")") |"
}
status_line() { local st; st=$(field_of "$1" 5); if [[ -n $st && $st != ok ]]; then echo "- \`$1\`: $st"; fi; }

# Charts: MB/s against sink parallelism and against rows per statement
charts=""
if [[ -n $parallelism ]]; then
  {
    printf 'sink parallelism\tferry apply (Kafka → downstream)\tstock mysql-cdc → jdbc (end to end)\tmyloader\tdownstream ceiling\n'
    for p in $parallelism; do
      printf '%s\t%s\t%s\t%s\t%s\n' "$p" "$(mb_s "ferry-load:$sweep_data:$p:$batch")" "$(mb_s "stock:$sweep_data:$p:$batch")" \
        "$(mb_s "myloader:$sweep_data:$p:$dumper_bytes")" "$(mb_s "ceiling:$sweep_data:$p:$batch")"
    done
  } > "$work/parallelism.tsv"
  charts+="$(chart line parallelism "Full import: MB/s vs sink parallelism ($(fmt0 "$((sweep_rows * 4))") rows)" "sink parallelism (apply.workers, stock parallelism, connections)" "MB/s" "$work/parallelism.tsv")"$'\n\n'
fi
if [[ -n $statement_rows ]]; then
  {
    printf 'rows per statement (configured)\tferry apply (Kafka → downstream)\tmyloader\tdownstream ceiling\n'
    for r in $statement_rows; do
      printf '%s\t%s\t%s\t%s\n' "$r" "$(mb_s "ferry-load:$sweep_data:$workers:$r")" \
        "$(mb_s "myloader:$sweep_data:$workers:$(statement_bytes "$r")")" "$(mb_s "ceiling:$sweep_data:$workers:$r")"
    done
  } > "$work/statement.tsv"
  charts+="$(chart line rows-per-statement "Full import: MB/s vs rows per statement ($workers connections)" "rows per statement (apply.batch-size, CeilingLoader, mydumper -s)" "MB/s" "$work/statement.tsv")"$'\n'
fi

{
  report_header "Full import$([[ $bench_downstream == tidb ]] && echo " into TiDB")" \
    "Table 1 of the benchmark suite (issue 6), after TiDB DM's full import benchmark: \`benchmarks/import.sh$([[ $size != full ]] && echo " --$size")$([[ $size != smoke && -z $parallelism && -z $statement_rows ]] && echo " --no-sweeps")$([[ $bench_downstream == tidb ]] && echo " --downstream tidb")\`."
  echo
  echo "## Settings"
  echo
  echo "- data: sysbench \`oltp_insert prepare\`, 4 tables of $(fmt0 "${data_rows[main]}") rows ($(fmt1 "$main_mb") MB of InnoDB data, the \"data size\" of every MB/s below)$([[ $sweep_data == sweep ]] && echo "; the sweeps use 4 tables of $(fmt0 "${data_rows[$sweep_data]}") rows ($(fmt1 "$sweep_mb") MB)")"
  echo "- ferry: \`capture.parallelism\` $dump_threads (dump threads), \`apply.workers\` $workers, \`apply.batch-size\` $batch, \`apply.consistency\` transaction (the default), apply heap \`-Xmx1g\`, every other option at its default (Kafka compression lz4, checkpoints every 2 s)"
  echo "- stock: \`benchmarks/sql/stock-snapshot.sql\` as shipped (\`parallelism.default\` = sink parallelism, \`sink.buffer-flush.max-rows\` = $batch), one JVM"
  echo "- mydumper: \`-t $dump_threads --rows 50000 -s $dumper_bytes\` (about $batch rows per INSERT); myloader: \`-t $workers -o\`"
  echo "- downstream ceiling: \`CeilingLoader --connections $workers --rows-per-statement $batch\` (generated rows, see the notes)"
  echo
  echo "## Dump"
  echo
  echo "| tool | data size (MB) | threads | rows per statement | time (s) | dump speed (MB/s) |"
  echo "|---|--:|--:|--:|--:|--:|"
  echo "| mydumper (SQL files on local disk) | $(fmt1 "$main_mb") | $dump_threads | $(fmt0 "$(per_statement "myloader:main:$workers:$dumper_bytes")") | $(fmt2 "$(seconds_of "$k_mydumper")") | $(fmt1 "$(mb_s "$k_mydumper")") |"
  echo "| ferry capture (snapshot → Kafka) | $(fmt1 "$main_mb") | $dump_threads | — | $(fmt2 "$(seconds_of "$k_dump")") | $(fmt1 "$(mb_s "$k_dump")") |"
  echo
  echo "## Load"
  echo
  echo "| tool | data size (MB) | connections | rows per INSERT (measured) | statement latency p99 (ms) | time (s) | import speed (MB/s) |"
  echo "|---|--:|--:|--:|--:|--:|--:|"
  echo "| myloader | $(fmt1 "$main_mb") | $workers | $(fmt0 "$(per_statement "$k_myloader")") | — | $(fmt2 "$(seconds_of "$k_myloader")") | $(fmt1 "$(mb_s "$k_myloader")") |"
  echo "| ferry apply (Kafka backlog → downstream) | $(fmt1 "$main_mb") | $workers | $(fmt0 "$(per_statement "$k_load")") | — | $(fmt2 "$(seconds_of "$k_load")") | $(fmt1 "$(mb_s "$k_load")") |"
  echo "| downstream ceiling (CeilingLoader) | $(fmt1 "$main_mb") | $workers | $(fmt0 "$(per_statement "$k_ceiling")") | $(fmt1 "$(field_of "$k_ceiling" 3)") | $(fmt2 "$(seconds_of "$k_ceiling")") | $(fmt1 "$(mb_s "$k_ceiling")") |"
  echo
  echo "## End to end"
  echo
  echo "| pipeline | time (s) | rows/s | MB/s | CPU seconds per process |"
  echo "|---|--:|--:|--:|---|"
  echo "| mydumper, then myloader | $(fmt2 "$dumper_total") | $(fmt0 "$rate_dumper") | $(fmt1 "$(per_second "$main_mb" "$dumper_total")") | dump: $(field_of "$k_mydumper" 4); load: $(field_of "$k_myloader" 4) |"
  echo "| ferry dump, then load (the two rows above) | $(fmt2 "$ferry_serial") | $(fmt0 "$(per_second "$((data_rows[main] * 4))" "$ferry_serial")") | $(fmt1 "$(per_second "$main_mb" "$ferry_serial")") | dump: $(field_of "$k_dump" 4); load: $(field_of "$k_load" 4) |"
  echo "| **ferry capture → Kafka → apply, together** | $(fmt2 "$(seconds_of "$k_e2e")") | $(fmt0 "$rate_e2e") | $(fmt1 "$(mb_s "$k_e2e")") | $(field_of "$k_e2e" 4) |"
  echo "| stock \`mysql-cdc\` → \`jdbc\` | $(fmt2 "$(seconds_of "$k_stock")") | $(fmt0 "$rate_stock") | $(fmt1 "$(mb_s "$k_stock")") | $(field_of "$k_stock" 4) |"
  ! runs direct || echo "| ferry direct import probe (snapshot → wide upserts, no Kafka; $direct_connections connections) | $(fmt2 "$(seconds_of "$k_direct")") | $(fmt0 "$rate_direct") | $(fmt1 "$(mb_s "$k_direct")") | $(field_of "$k_direct" 4) |"
  echo
  echo "## CPU per row"
  echo
  echo "CPU µs per copied row of each process during the copy (\`/proc/<pid>/stat\`; JVM start included). mydumper + myloader: both runs added."
  echo
  echo "| pipeline | own processes | Kafka broker | downstream | upstream | all |"
  echo "|---|--:|--:|--:|--:|--:|"
  cpu_row "mydumper, then myloader" "mydumper myloader" "$k_mydumper" "$k_myloader"
  cpu_row "ferry dump, then load" "capture apply" "$k_dump" "$k_load"
  cpu_row "ferry capture → Kafka → apply, together" "capture apply" "$k_e2e"
  cpu_row "stock \`mysql-cdc\` → \`jdbc\`" "stock" "$k_stock"
  ! runs direct || cpu_row "ferry direct import probe" "direct" "$k_direct"
  cpu_row "downstream ceiling (load only)" "ceiling" "$k_ceiling"
  echo
  echo "## Ratios and targets"
  echo
  echo "| ratio (rows/s, same data, same run) | value | target | verdict |"
  echo "|---|--:|--:|---|"
  echo "| ferry end to end ÷ stock pipeline | $(ratio "$rate_e2e" "$rate_stock") | ≥ 2× | $(verdict "$vs_stock" 2) |"
  echo "| ferry end to end ÷ mydumper + myloader | $(ratio "$rate_e2e" "$rate_dumper") | ≥ 0.6× | $(verdict "$vs_dumper" 0.6) |"
  echo "| ferry apply (load) ÷ downstream ceiling | $(ratio "$rate_load" "$rate_ceiling") | — | — |"
  echo "| ferry dump then load ÷ mydumper then myloader | $(ratio "$dumper_total" "$ferry_serial") | — | — |"
  if runs direct; then
    echo "| direct import probe ÷ stock pipeline | $(ratio "$rate_direct" "$rate_stock") | ≥ 2× | $(verdict "$vs_stock_direct" 2) |"
    echo "| direct import probe ÷ mydumper + myloader | $(ratio "$rate_direct" "$rate_dumper") | ≥ 0.6× | $(verdict "$vs_dumper_direct" 0.6) |"
    echo "| direct import probe ÷ ferry end to end | $(ratio "$rate_direct" "$rate_e2e") | — | — |"
  fi
  echo
  echo "What limits ferry here: the CPU seconds above show where the cores went (\`capture\`, \`apply\`, the Kafka broker, the downstream ($([[ $bench_downstream == tidb ]] && echo "\`tidb-server\`" || echo "\`mariadbd\`")) and the upstream \`mariadbd\`). Ferry end to end used $(fmt1 "$(cpu_per_100k "$k_e2e")") CPU seconds per 100k rows, the stock pipeline $(fmt1 "$(cpu_per_100k "$k_stock")"); on a CPU-bound machine the one that spends less CPU per row copies faster. Ferry's copy was $([[ -n $(seconds_of "$k_e2e") ]] && cpu_bound_note "$(cpu_rate "$k_e2e")")"
  echo
  if [[ -n $parallelism ]]; then
    echo "## Sweep: sink parallelism"
    echo
    echo "4 tables of $(fmt0 "${data_rows[$sweep_data]}") rows ($(fmt1 "$sweep_mb") MB); $batch rows per statement (mydumper \`-s $dumper_bytes\`). MB/s, and time in seconds in brackets. ferry: \`apply.workers\` on the Kafka backlog; stock: \`parallelism.default\`, end to end; myloader: \`-t\`; ceiling: connections."
    echo
    echo "| sink parallelism | ferry apply | stock (end to end) | myloader | downstream ceiling | ferry apply ÷ ceiling |"
    echo "|--:|--:|--:|--:|--:|--:|"
    for p in $parallelism; do
      echo "| $p | $(cell "ferry-load:$sweep_data:$p:$batch") | $(cell "stock:$sweep_data:$p:$batch") | $(cell "myloader:$sweep_data:$p:$dumper_bytes") | $(cell "ceiling:$sweep_data:$p:$batch") | $(ratio "$(rows_s "ferry-load:$sweep_data:$p:$batch")" "$(rows_s "ceiling:$sweep_data:$p:$batch")") |"
    done
    echo
  fi
  if [[ -n $statement_rows ]]; then
    echo "## Sweep: rows per statement"
    echo
    echo "4 tables of $(fmt0 "${data_rows[$sweep_data]}") rows ($(fmt1 "$sweep_mb") MB), $workers connections. Configured: ferry \`apply.batch-size\`, CeilingLoader \`--rows-per-statement\`, mydumper \`-s\` (200 bytes a row); measured: rows ÷ downstream \`Com_insert\`."
    echo
    echo "| rows per statement | ferry rows per INSERT | ferry apply MB/s (s) | myloader rows per INSERT | myloader MB/s (s) | ceiling MB/s (s) | ceiling p99 statement ms |"
    echo "|--:|--:|--:|--:|--:|--:|--:|"
    for r in $statement_rows; do
      kf=ferry-load:$sweep_data:$workers:$r km=myloader:$sweep_data:$workers:$(statement_bytes "$r") kc=ceiling:$sweep_data:$workers:$r
      echo "| $r | $(fmt0 "$(per_statement "$kf")") | $(cell "$kf") | $(fmt0 "$(per_statement "$km")") | $(cell "$km") | $(cell "$kc") | $(fmt1 "$(field_of "$kc" 3)") |"
    done
    echo
  fi
  [[ -z $charts ]] || { echo "## Charts"; echo; printf '%s\n' "$charts"; }
  echo "## Failed runs"
  echo
  failures=$(for key in "${!result[@]}"; do status_line "$key"; done | sort)
  echo "${failures:-None: every copy ended with every row downstream.}"
  echo
  echo "## How each figure was measured"
  echo
  echo "- **data size**: \`SUM(DATA_LENGTH)\` of the upstream tables in \`information_schema.TABLES\` after \`sysbench prepare\` (InnoDB pages, as DM's reports count it); every MB/s is that size ÷ the time, so all tools are divided by the same number."
  echo "- **time** of a load or an end-to-end copy: from starting the process (JVM start included: that is what a user waits for) until the downstream holds every row: the total \`COUNT(*)\` of the 4 tables, polled with the \`mariadb\` client every 0.5 s. Each copy starts from empty downstream tables of the upstream's definition (myloader creates its own from the dump)."
  echo "- **ferry dump**: from starting \`ferry.jar capture\` until the change topics' committed end offsets (last stable offsets, read with Kafka's Admin API by \`dev.ferry.benchmarks.kafka.TopicOffsets\`, polled every 100 ms) sum to at least the row count with no Kafka transaction open. The offsets also count one commit marker per partition and checkpoint, and capture commits at checkpoints (every 2 s), so the time includes the wait for the last checkpoint."
  echo "- **ferry load**: \`ferry.jar apply\` started on that backlog under its own consumer group (so every load reads the same records from the start) into empty tables. **ferry end to end**: capture and apply started together on fresh topics. Both are timed like the other copies."
  echo "- **mydumper**: wall time of \`mydumper\` writing SQL files to local disk. **myloader**: wall time of \`myloader\` until it exits, checked afterwards by \`COUNT(*)\`."
  echo "- **rows per INSERT (measured)**: the rows copied ÷ the growth of the downstream's \`Com_insert\` status counter during the copy (any other INSERT, e.g. ferry's progress table, counts too; no other work uses this downstream)."
  echo "- **downstream ceiling**: \`dev.ferry.benchmarks.ceiling.CeilingLoader\` generates sysbench-identical rows (sysbench's templates for \`k\`, \`c\`, \`pad\`; nothing is read from the upstream) and writes them as autocommitted multi-row \`INSERT\`s over N connections taking statements from one queue: what the downstream absorbs without Flink, Kafka or an upstream. Its time is its own, from the first statement to the last commit (no JVM start: a ceiling of the downstream, not of a tool); its statement latency p99 is measured around each \`execute\` call."
  echo "- **CPU seconds**: utime + stime from \`/proc/<pid>/stat\` before and after each copy, per process (\`capture\`, \`apply\`, \`stock\`, \`ceiling\`, and the services \`kafka\`, \`down\`, \`up\` found by the ports they listen on). mydumper and myloader are not tracked themselves; the database servers' columns show their work."
  ! runs direct || echo "- **direct import probe**: \`dev.ferry.benchmarks.direct.DirectImportProbe\` (not a product option): Flink CDC's MySQL source at snapshot-only startup with the capture's source settings (parallelism $dump_threads, chunk and fetch size at ferry's defaults, backfill on), chained in the same task to a sink that gathers rows per table and writes autocommitted multi-row \`INSERT … ON DUPLICATE KEY UPDATE\` of $batch rows (the apply's \`StatementBuilder\`, prepared on the server) over $direct_connections connections. Timed like the other copies, from its start until the downstream holds every row; afterwards it compares every table's \`COUNT(*)\` and CRC32 sum with the upstream's and fails the run on a difference. Its CPU is taken when the rows are all downstream, before those checks."
  echo "- **Ratios**: rows/s of the two pipelines on the same data in this run. The targets (issue 6): ferry end to end ≥ 2× the stock pipeline, and ≥ 0.6× mydumper + myloader (dump then load, their times added)."
} | write_report

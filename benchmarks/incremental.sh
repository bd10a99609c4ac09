#!/usr/bin/env bash
# Table 2: incremental replication, as TiDB DM's benchmark reports it, side by side in one run:
#   live   sysbench (32 threads) writes upstream while the pipeline runs: upstream QPS/TPS and
#          latency, ferry's events/s, downstream QPS/TPS, replication delay p95/p99 from a
#          heartbeat; a sweep over apply.workers and one over apply.batch-size
#   drain  the pipeline paused (SIGSTOP) while sysbench writes, then resumed: the time to catch up
#          (issue 6's 1.5x target; on 2 cores a live load starves the pipeline of CPU)
# Pipelines: ferry (capture -> Kafka -> apply), the stock Flink CDC SQL pipeline mysql-cdc -> jdbc
# (sql/stock-snapshot.sql from the binlog's end, same parallelism and batch), and the downstream's
# ceiling (CeilingLoader, multi-row statements over the same connections). Prints progress, then
# writes a Markdown report and PNG charts to benchmarks/results/incremental/.
#
#   benchmarks/incremental.sh [--quick] [--workers "4 8 16 32 64"] [--batch-sizes "100 500 2000"]
#       [--workloads "oltp_insert oltp_write_only"] [--drain-workers "32"] [--live-seconds N]
#       [--drain-seconds N] [--rows-per-table N] [--threads N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage 'usage: benchmarks/incremental.sh [--quick] [--workers "4 8 16 32 64"] [--batch-sizes "100 500 2000"]
           [--workloads "oltp_insert oltp_write_only"] [--drain-workers "32"] [--live-seconds N]
           [--drain-seconds N] [--rows-per-table N] [--threads N]
  --workers        apply.workers of the live runs (at the largest batch size)
  --batch-sizes    apply.batch-size of the live runs (at the live workers nearest 32)
  --drain-workers  workers (ferry apply.workers, stock parallelism, ceiling connections) of the drains
  --quick          oltp_insert only; live: workers 16, batch 2000, 15 s; drain: 16 workers, 10 s; 4 x 10,000 rows
  default          live: workers 4 8 16 32 64 at batch 2000, batch 100 500 at 32 workers, 10 s each,
                   oltp_insert; drain: 32 workers, 20 s, oltp_insert and oltp_write_only; 4 x 20,000 rows'
quick=0 workers="" batches="" workloads="" drain_workers="" live_seconds="" drain_seconds="" rows="" threads=32
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --workers) need_value "$@"; workers=$2; shift 2 ;;
    --batch-sizes) need_value "$@"; batches=$2; shift 2 ;;
    --workloads) need_value "$@"; workloads=$2; shift 2 ;;
    --drain-workers) need_value "$@"; drain_workers=$2; shift 2 ;;
    --live-seconds) need_value "$@"; live_seconds=$2; shift 2 ;;
    --drain-seconds) need_value "$@"; drain_seconds=$2; shift 2 ;;
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [[ $quick == 1 ]]; then
  : "${workers:=16}" "${batches:=2000}" "${workloads:=oltp_insert}" "${drain_workers:=16}"
  : "${live_seconds:=15}" "${drain_seconds:=10}" "${rows:=10000}"
else
  : "${workers:=4 8 16 32 64}" "${batches:=100 500 2000}" "${workloads:=oltp_insert oltp_write_only}" "${drain_workers:=32}"
  : "${live_seconds:=10}" "${drain_seconds:=20}" "${rows:=20000}"
fi
check_ints --workers "$workers $drain_workers" 1 64
check_ints --batch-sizes "$batches" 1 20000
check_ints "--live-seconds/--drain-seconds/--threads" "$live_seconds $drain_seconds $threads" 1 3600
check_ints --rows-per-table "$rows" 100 100000000
for w in $workloads; do [[ $w =~ ^(oltp_insert|oltp_write_only)$ ]] || { echo "--workloads: oltp_insert and/or oltp_write_only, not $w" >&2; exit 2; }; done
# The live sweep: every --workers at the largest batch, and every other batch at the workers nearest 32.
batch=$(tr ' ' '\n' <<< "$batches" | sort -n | tail -1)
batch_workers=$(for w in $workers; do echo "$(( (w - 32) * (w - 32) )) $w"; done | sort -n | head -1 | cut -d' ' -f2)
live_points=$(for w in $workers; do echo "$w:$batch"; done; for b in $batches; do [[ $b == "$batch" ]] || echo "$batch_workers:$b"; done)
live_workload=$(cut -d' ' -f1 <<< "$workloads")

bench_init incremental bench_incremental
meta=bench_incremental_meta
ceiling_db=bench_incremental_ceiling
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta; DROP DATABASE IF EXISTS $ceiling_db"'
bench_build
sysbench_args "$rows"
catch_up_timeout=900

# ---------------------------------------------------------------- the state both sides must reach
checksum_sql=$(checksum_sql)
rows_sql=$(rows_sql)
upstream_state() { "${up[@]}" -e "$checksum_sql"; }
# caught_up TIMEOUT: seconds until the downstream's per-table counts and checksums equal the upstream's
caught_up() { wait_until "$checksum_sql" "$(upstream_state)" "$1"; }
# probe: proves the running pipeline streams and has caught up: changes the probe row (id -1)
# upstream until the downstream shows the change, then waits for equal checksums
probe() {
  local value start; start=$(now)
  while true; do
    value=$(( $(date +%s%N) / 1000000 % 1000000000 ))
    "${up[@]}" -e "UPDATE $db.sbtest1 SET k = $value WHERE id = -1"
    local i
    for ((i = 0; i < 10; i++)); do
      if [[ $("${down[@]}" -e "SELECT k FROM $db.sbtest1 WHERE id = -1" 2>/dev/null) == "$value" ]]; then
        caught_up 600 > /dev/null
        return
      fi
      procs_alive || return 1
      sleep 0.5
    done
    [[ $(calc "($(now) - $start > 600)") == 0 ]] || { echo "the pipeline did not catch up within 600 s" >&2; return 1; }
  done
}

# ---------------------------------------------------------------- pipelines
ferry_tag=$run_id
prom_port=$(free_port $(( ${FERRY_FLINK_REST_PORT:-8081} + 1 ))) # the apply's metrics, for its commit latency
apply_running="" # workers:batch of the running apply
start_ferry_apply() { # WORKERS BATCH
  start_apply "$ferry_tag" "$ferry_tag" "$1" "$2" --monitoring.prometheus-port "$prom_port"
  apply_running="$1:$2"
}
ensure_apply() { # WORKERS BATCH: ferry's apply with these settings, running and caught up
  if [[ $apply_running != "$1:$2" ]]; then
    stop_proc apply
    say "ferry: starting apply (workers $1, batch $2)"
    start_ferry_apply "$1" "$2"
  fi
  probe
}
stock_running=""
ensure_stock() { # PARALLELISM BATCH: the stock pipeline from the binlog's end, running and caught up
  if [[ $stock_running != "$1:$2" ]]; then
    stop_proc stock
    say "stock: starting mysql-cdc -> jdbc (parallelism $1, batch $2) from the binlog's end"
    start_stock "$1" "$2" ", 'scan.startup.mode' = 'latest-offset'"
    stock_running="$1:$2"
  fi
  probe
}

# ---------------------------------------------------------------- measurements
# live: one |-separated line per run, with these fields (upstream ones per second of the sysbench
# window; downstream ones per second from sysbench's start until caught up)
live_fields=(pipeline workers batch workload tps qps p95 errors window up_insert up_update up_delete up_commit
  up_questions capture_eps busy changes down_questions down_commit down_insert rows_s hb_sent hb_arrived
  d50 d95 d99 dmax c50 c95 c99 cpu status)
declare -A live_index=()
for i in "${!live_fields[@]}"; do live_index[${live_fields[$i]}]=$((i + 1)); done
lv() { cut -d'|' -f"${live_index[$2]}" <<< "$1"; } # LINE FIELD
live=()
drains=()
# record_live NAME=VALUE...: a live line; fields not given are empty
record_live() {
  local -A v=() ; local pair line="" f
  for pair in "$@"; do v[${pair%%=*}]=${pair#*=}; done
  for f in "${live_fields[@]}"; do line+="${v[$f]:-}|"; done
  live+=("${line%|}")
}
record_drain() { local IFS='|'; drains+=("$*"); }
per_s() { calc "$1 / $2"; }
# commit_latencies: "p50 p95 p99" in ms of the apply's commitLatencyUs histogram (its last 1024
# downstream commits), from one scrape of its Prometheus endpoint; empty when it serves none
commit_latencies() {
  curl -sf --max-time 5 "http://127.0.0.1:$prom_port/metrics" | awk '
    index($0, "_commitLatencyUs{") && $NF != "NaN" {
      if (index($0, "quantile=\"0.5\"")) p50 = $NF
      if (index($0, "quantile=\"0.95\"")) p95 = $NF
      if (index($0, "quantile=\"0.99\"")) p99 = $NF
    }
    END { if (p50 != "") print p50 / 1000, p95 / 1000, p99 / 1000 }' || true
}
heartbeat_cmd() { # SECONDS
  "${java[@]}" -Xmx128m -cp "$benchmarks_jar" dev.ferry.benchmarks.heartbeat.Heartbeat \
    --upstream-url "jdbc:mysql://127.0.0.1:$FERRY_UPSTREAM_PORT/$db" --downstream-url "jdbc:mysql://127.0.0.1:$FERRY_DOWNSTREAM_PORT/$db" \
    --user ferry_admin --password ferry_admin --table "$db.sbtest1" --seconds "$1" --interval-ms 100 --poll-ms 20 \
    --settle-seconds "$catch_up_timeout"
}

# live PIPELINE WORKERS BATCH WORKLOAD: sysbench with the pipeline running, heartbeat beside it
live_run() {
  local pipeline=$1 w=$2 b=$3 workload=$4 label="live $1 workers $2 batch $3 $4"
  if ! { if [[ $pipeline == ferry ]]; then ensure_apply "$w" "$b"; else ensure_stock "$w" "$b"; fi; } 2> "$work/why"; then
    record_live pipeline="$pipeline" workers="$w" batch="$b" workload="$workload" status="$(failure "$(cat "$work/why")")"
    say "$label: FAILED: ${live[-1]##*|}"; return
  fi
  say "$label: sysbench $threads threads for ${live_seconds}s, heartbeat every 100 ms"
  local u0 u1 d0 d1 k0="" k1="" tk0="" tk1="" c0 c1 t0 t1 tc hb topics="${ferry_tag}\\.${db}(\\..*)?"
  u0=$(status_snapshot up); d0=$(status_snapshot down); c0=$(cpu_all)
  if [[ $pipeline == ferry ]]; then k0=$(kafka_written_offsets "$topics"); tk0=$(now); fi
  heartbeat_cmd "$live_seconds" > "$work/heartbeat.out" 2> "$work/heartbeat.err" &
  local hb_pid=$!; started+=("$hb_pid")
  t0=$(now)
  sysbench "$workload" "${sb[@]}" --threads="$threads" --time="$live_seconds" --report-interval=0 --percentile=95 run > "$work/run.log"
  t1=$(now); u1=$(status_snapshot up)
  if [[ $pipeline == ferry ]]; then k1=$(kafka_written_offsets "$topics"); tk1=$(now); fi
  local settled=ok
  wait "$hb_pid" || settled="heartbeat failed: $(tail -1 "$work/heartbeat.err")"
  if ! caught_up "$catch_up_timeout" > /dev/null 2> "$work/why"; then settled=$(failure "$(cat "$work/why")"); fi
  tc=$(now); d1=$(status_snapshot down); c1=$(cpu_all)
  local c50="" c95="" c99=""
  if [[ $pipeline == ferry ]]; then read -r c50 c95 c99 <<< "$(commit_latencies)" || true; fi
  hb=$(tail -1 "$work/heartbeat.out")
  local window busy txns changes
  window=$(calc "$t1 - $t0"); busy=$(calc "$tc - $t0")
  txns=$(sysbench_figure "$work/run.log" txns); changes=$(row_changes "$workload" "$txns")
  hb_field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<< "$hb"; }
  local cpu; cpu=$(cpu_summary "$c0" "$c1" capture apply stock kafka down up)
  local capture_eps=""
  [[ -z $k0 || -z $k1 ]] || capture_eps=$(per_s "$((k1 - k0))" "$(calc "$tk1 - $tk0")")
  record_live pipeline="$pipeline" workers="$w" batch="$b" workload="$workload" \
    tps="$(sysbench_figure "$work/run.log" tps)" qps="$(sysbench_figure "$work/run.log" qps)" \
    p95="$(sysbench_figure "$work/run.log" p95)" errors="$(sysbench_figure "$work/run.log" errors)" window="$window" \
    up_insert="$(per_s "$(status_delta Com_insert "$u0" "$u1")" "$window")" \
    up_update="$(per_s "$(status_delta Com_update "$u0" "$u1")" "$window")" \
    up_delete="$(per_s "$(status_delta Com_delete "$u0" "$u1")" "$window")" \
    up_commit="$(per_s "$(status_delta Com_commit "$u0" "$u1")" "$window")" \
    up_questions="$(per_s "$(status_delta Questions "$u0" "$u1")" "$window")" \
    capture_eps="$capture_eps" busy="$busy" changes="$changes" \
    down_questions="$(per_s "$(status_delta Questions "$d0" "$d1")" "$busy")" \
    down_commit="$(per_s "$(status_delta Com_commit "$d0" "$d1")" "$busy")" \
    down_insert="$(per_s "$(status_delta Com_insert "$d0" "$d1")" "$busy")" rows_s="$(per_s "$changes" "$busy")" \
    hb_sent="$(hb_field sent)" hb_arrived="$(hb_field arrived)" d50="$(hb_field p50_ms)" d95="$(hb_field p95_ms)" \
    d99="$(hb_field p99_ms)" dmax="$(hb_field max_ms)" c50="$c50" c95="$c95" c99="$c99" cpu="$cpu" status="$settled"
  say "$label: upstream $(fmt0 "$(sysbench_figure "$work/run.log" tps)") tps; pipeline $(fmt0 "$(per_s "$changes" "$busy")") rows/s until caught up (${busy%.*} s); delay p95 $(hb_field p95_ms) ms, p99 $(hb_field p99_ms) ms ($settled)"
}

# drain PIPELINE WORKERS BATCH WORKLOAD: pause, sysbench, resume, time the catch-up
drain_run() {
  local pipeline=$1 w=$2 b=$3 workload=$4 label="drain $1 workers $2 batch $3 $4"
  if ! { if [[ $pipeline == ferry ]]; then ensure_apply "$w" "$b"; else ensure_stock "$w" "$b"; fi; } 2> "$work/why"; then
    record_drain "$pipeline" "$w" "$b" "$workload" "" "" "" "" "$(failure "$(cat "$work/why")")"
    say "$label: FAILED: ${drains[-1]##*|}"; return
  fi
  say "$label: pipeline paused (SIGSTOP); sysbench $threads threads for ${drain_seconds}s"
  pause_procs
  sysbench "$workload" "${sb[@]}" --threads="$threads" --time="$drain_seconds" --report-interval=0 run > "$work/run.log"
  local txns changes c0 c1 drained status=ok
  txns=$(sysbench_figure "$work/run.log" txns); changes=$(row_changes "$workload" "$txns")
  c0=$(cpu_all)
  resume_procs
  if ! drained=$(caught_up "$catch_up_timeout" 2> "$work/why"); then
    record_drain "$pipeline" "$w" "$b" "$workload" "$txns" "$changes" "" "" "$(failure "$(cat "$work/why")")"
    say "$label: FAILED: ${drains[-1]##*|}"; return
  fi
  c1=$(cpu_all)
  local cpu; cpu=$(cpu_summary "$c0" "$c1" capture apply stock kafka down up)
  [[ $(restarts_in_logs) == 0 ]] || status="a task failed over during the run, first because: $(failover_cause)"
  record_drain "$pipeline" "$w" "$b" "$workload" "$txns" "$changes" "$drained" "$cpu" "$status"
  say "$label: backlog of $changes row changes drained in $(fmt1 "$drained") s: $(fmt0 "$(per_s "$changes" "$drained")") rows/s"
}

# ceiling WORKLOAD CONNECTIONS BATCH ROWS: CeilingLoader on a database of its own: INSERTs of new
# rows (oltp_insert), or upserts of existing rows (oltp_write_only: ferry writes each changed row as
# one, a delete-then-insert folded), ROWS rows in all
ceilings=()
ceiling_run() {
  local workload=$1 c=$2 b=$3 n=$4 per_table mode=insert first=$((rows + 1))
  per_table=$(( (n + 3) / 4 ))
  "${down[@]}" -e "DROP DATABASE IF EXISTS $ceiling_db; CREATE DATABASE $ceiling_db"
  local t
  for t in 1 2 3 4; do
    "${up[@]}" -e "SHOW CREATE TABLE $db.sbtest$t" | cut -f2- | sed 's/\\n/\n/g' | "${down[@]}" "$ceiling_db"
  done
  local loader=("${java[@]}" -cp "$benchmarks_jar" dev.ferry.benchmarks.ceiling.CeilingLoader
    --url "jdbc:mysql://127.0.0.1:$FERRY_DOWNSTREAM_PORT/$ceiling_db" --user ferry_apply --password ferry_apply --tables 4)
  if [[ $workload == oltp_write_only ]]; then # the rows to change, first
    mode=upsert first=1
    "${loader[@]}" --rows-per-table "$per_table" --connections 4 --rows-per-statement 2000 > /dev/null
  fi
  say "ceiling $workload: $c connections, $b rows per statement, $((per_table * 4)) rows ($mode)"
  local out
  if out=$("${loader[@]}" --rows-per-table "$per_table" --connections "$c" --rows-per-statement "$b" --first-id "$first" --mode "$mode" 2>&1 | tail -1) \
      && [[ $out == rows=* ]]; then
    ceilings+=("$workload|$c|$b|$mode|$(sed -n 's/.*rows=\([0-9]*\).*/\1/p' <<< "$out")|$(sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' <<< "$out")|$(sed -n 's/.*latency_ms_p99=\([0-9.]*\).*/\1/p' <<< "$out")|ok")
  else
    ceilings+=("$workload|$c|$b|$mode||||CeilingLoader failed: $out")
  fi
  "${down[@]}" -e "DROP DATABASE IF EXISTS $ceiling_db"
}

# ---------------------------------------------------------------- the runs
say "run $run_id: live $live_workload at workers:batch $(echo $live_points), ${live_seconds}s; drains of $workloads at $drain_workers workers, ${drain_seconds}s; sysbench $threads threads; 4 x $rows rows; work dir $work"
say "preparing $db upstream (sysbench prepare, 4 x $rows rows) and the probe row"
prepare_upstream oltp_insert
"${up[@]}" -e "INSERT INTO $db.sbtest1 (id, k, c, pad) VALUES (-1, 0, 'probe', 'probe')"
reset_downstream
"${down[@]}" -e "DROP DATABASE IF EXISTS $meta"
say "ferry: starting capture and apply; copying the tables"
start_capture "$ferry_tag"
first_live=$(head -1 <<< "$live_points")
start_ferry_apply "${first_live%%:*}" "${first_live##*:}"
caught_up "$catch_up_timeout" > /dev/null || die "ferry did not copy the tables; see $work"

for point in $live_points; do live_run ferry "${point%%:*}" "${point##*:}" "$live_workload"; done
for w in $drain_workers; do
  for workload in $workloads; do drain_run ferry "$w" "$batch" "$workload"; done
done
backlogs=$(for d in "${drains[@]}"; do cut -d'|' -f6 <<< "$d"; done | sort -n | tail -1)
stop_procs
apply_running=""
# The stock pipeline runs where ferry left a downstream equal to the upstream.
live_run stock "$batch_workers" "$batch" "$live_workload"
for w in $drain_workers; do
  for workload in $workloads; do drain_run stock "$w" "$batch" "$workload"; done
done
stop_procs
for w in $drain_workers; do
  for workload in $workloads; do ceiling_run "$workload" "$w" "$batch" "${backlogs:-$((rows * 4))}"; done
done

# ---------------------------------------------------------------- report
field() { cut -d'|' -f"$2" <<< "$1"; }
k() { if [[ $(calc "($1 >= 1000)") == 1 ]]; then echo "$(fmt1 "$(calc "$1 / 1000")")k"; else fmt0 "$1"; fi; } # 12345 -> 12.3k
kf() { if [[ -n ${1:-} ]]; then k "$1"; else printf '—'; fi; }
drain_rate() { # PIPELINE WORKERS WORKLOAD: rows/s, empty when not measured
  local d
  for d in "${drains[@]}"; do
    if [[ $(field "$d" 1) == "$1" && $(field "$d" 2) == "$2" && $(field "$d" 4) == "$3" && -n $(field "$d" 7) ]]; then
      calc "$(field "$d" 6) / $(field "$d" 7)"; return
    fi
  done
}
ceiling_rate() { # WORKERS WORKLOAD
  local c
  for c in "${ceilings[@]}"; do
    if [[ $(field "$c" 1) == "$2" && $(field "$c" 2) == "$1" && -n $(field "$c" 6) ]]; then
      calc "$(field "$c" 5) / $(field "$c" 6)"; return
    fi
  done
}
live_of() { # PIPELINE WORKERS BATCH: that live line
  local l
  for l in "${live[@]}"; do
    if [[ $(lv "$l" pipeline) == "$1" && $(lv "$l" workers) == "$2" && $(lv "$l" batch) == "$3" ]]; then echo "$l"; return; fi
  done
}
cpu_per_100k() { # DRAIN LINE: CPU seconds of all its processes per 100,000 row changes
  if [[ -n $(field "$1" 7) ]]; then calc "$(cpu_total "$(field "$1" 8)") * 100000 / $(field "$1" 6)"; fi
}
drain_of() { # PIPELINE WORKERS WORKLOAD: that drain line
  local d
  for d in "${drains[@]}"; do
    if [[ $(field "$d" 1) == "$1" && $(field "$d" 2) == "$2" && $(field "$d" 4) == "$3" ]]; then echo "$d"; return; fi
  done
}
name_of() { if [[ $1 == ferry ]]; then echo "ferry"; else echo "stock mysql-cdc → jdbc"; fi; }

charts=""
if [[ $(wc -w <<< "$workers") -gt 1 ]]; then
  {
    printf 'apply.workers\tupstream sysbench TPS\tferry rows/s until caught up\tdownstream Com_commit/s\n'
    for w in $workers; do
      l=$(live_of ferry "$w" "$batch")
      printf '%s\t%s\t%s\t%s\n' "$w" "$(lv "$l" tps)" "$(lv "$l" rows_s)" "$(lv "$l" down_commit)"
    done
  } > "$work/workers.tsv"
  charts+="$(chart line live-workers "Incremental ($live_workload, $threads sysbench threads): rates vs apply.workers" "apply.workers (batch $batch)" "per second" "$work/workers.tsv")"$'\n\n'
  {
    printf 'apply.workers\tdelay p95 (ms)\tdelay p99 (ms)\n'
    for w in $workers; do
      l=$(live_of ferry "$w" "$batch")
      printf '%s\t%s\t%s\n' "$w" "$(lv "$l" d95)" "$(lv "$l" d99)"
    done
  } > "$work/delay.tsv"
  charts+="$(chart bar live-delay "Incremental: replication delay (heartbeat) vs apply.workers" "apply.workers (batch $batch)" "ms" "$work/delay.tsv")"$'\n\n'
fi
{
  printf 'workload\tferry\tstock mysql-cdc → jdbc\tdownstream ceiling\n'
  for workload in $workloads; do
    printf '%s\t%s\t%s\t%s\n' "$workload" "$(drain_rate ferry "${drain_workers%% *}" "$workload")" \
      "$(drain_rate stock "${drain_workers%% *}" "$workload")" "$(ceiling_rate "${drain_workers%% *}" "$workload")"
  done
} > "$work/drain.tsv"
charts+="$(chart bar drain "Draining a backlog: rows/s at ${drain_workers%% *} workers, batch $batch" "sysbench workload" "rows/s" "$work/drain.tsv")"$'\n'

live_row() { # LINE: the DM-style row of a live run
  local l=$1
  echo "| $(name_of "$(lv "$l" pipeline)") | $(lv "$l" workers) | $(lv "$l" batch) | $(kf "$(lv "$l" qps)") / $(kf "$(lv "$l" tps)") | $(fmt1 "$(lv "$l" p95)") | $(kf "$(lv "$l" capture_eps)") | $(kf "$(lv "$l" rows_s)") | $(fmt1 "$(lv "$l" busy)") | $(kf "$(lv "$l" down_questions)") / $(kf "$(lv "$l" down_commit)") / $(kf "$(lv "$l" down_insert)") | $(fmt0 "$(lv "$l" d50)") / $(fmt0 "$(lv "$l" d95)") / $(fmt0 "$(lv "$l" d99)") | $(fmt1 "$(lv "$l" c50)") / $(fmt1 "$(lv "$l" c95)") / $(fmt1 "$(lv "$l" c99)") |"
}
{
  report_header "Incremental replication" \
    "Table 2 of the benchmark suite (issue 6), after TiDB DM's incremental replication benchmark: \`benchmarks/incremental.sh$([[ $quick == 1 ]] && echo ' --quick')\`."
  echo
  echo "## Settings"
  echo
  echo "- data: sysbench \`oltp_insert prepare\`, 4 tables of $(fmt0 "$rows") rows, copied by ferry first; then sysbench \`run\` with $threads threads, \`--time\` $live_seconds s live and $drain_seconds s per drain"
  echo "- ferry: one capture (\`capture.parallelism\` $capture_parallelism) for the whole run; apply restarted for each \`apply.workers\` / \`apply.batch-size\` (\`apply.consistency\` transaction, the default; \`-Xmx1g\`), resuming from its progress in the downstream; every other option at its default"
  echo "- stock: \`benchmarks/sql/stock-snapshot.sql\` with \`'scan.startup.mode' = 'latest-offset'\` (no snapshot: it starts where ferry left the downstream equal to the upstream), \`parallelism.default\` = workers, \`sink.buffer-flush.max-rows\` = batch"
  echo "- downstream ceiling: \`CeilingLoader\` with the drain's connections and batch, on a database of its own"
  echo "- live sweep (workers:batch): $(echo $live_points)"
  echo
  echo "## Live: sysbench \`$live_workload\` upstream with the pipeline running"
  echo
  echo "| pipeline | workers | batch | upstream QPS / TPS | upstream p95 latency (ms) | capture events/s into Kafka | pipeline rows/s until caught up | seconds until caught up | downstream QPS / TPS / INSERTs per s | replication delay p50 / p95 / p99 (ms) | downstream transaction execution p50 / p95 / p99 (ms) |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  for l in "${live[@]}"; do live_row "$l"; done
  echo
  echo "Upstream status counters during the sysbench window, per second:"
  echo
  echo "| pipeline | workers | batch | Com_insert | Com_update | Com_delete | Com_commit | Questions | sysbench ignored errors | heartbeats sent / arrived | max delay (ms) | CPU seconds per process | status |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|"
  for l in "${live[@]}"; do
    echo "| $(name_of "$(lv "$l" pipeline)") | $(lv "$l" workers) | $(lv "$l" batch) | $(fmt0 "$(lv "$l" up_insert)") | $(fmt0 "$(lv "$l" up_update)") | $(fmt0 "$(lv "$l" up_delete)") | $(fmt0 "$(lv "$l" up_commit)") | $(fmt0 "$(lv "$l" up_questions)") | $(lv "$l" errors) | $(lv "$l" hb_sent) / $(lv "$l" hb_arrived) | $(fmt0 "$(lv "$l" dmax)") | $(lv "$l" cpu) | $(lv "$l" status) |"
  done
  echo
  echo "## Drain: the pipeline paused while sysbench writes, then resumed"
  echo
  echo "| pipeline | workers | batch | workload | row changes | transactions | drain (s) | rows/s | transactions/s | CPU seconds per process | CPU s per 100k changes | status |"
  echo "|---|--:|--:|---|--:|--:|--:|--:|--:|---|--:|---|"
  for d in "${drains[@]}"; do
    s=$(field "$d" 7)
    echo "| $(name_of "$(field "$d" 1)") | $(field "$d" 2) | $(field "$d" 3) | \`$(field "$d" 4)\` | $(fmt0 "$(field "$d" 6)") | $(fmt0 "$(field "$d" 5)") | $(fmt1 "$s") | $(fmt0 "$([[ -n $s ]] && per_s "$(field "$d" 6)" "$s")") | $(fmt0 "$([[ -n $s ]] && per_s "$(field "$d" 5)" "$s")") | $(field "$d" 8) | $(fmt1 "$(cpu_per_100k "$d")") | $(field "$d" 9) |"
  done
  for c in "${ceilings[@]}"; do
    s=$(field "$c" 6)
    echo "| downstream ceiling (CeilingLoader, $(field "$c" 4)) | $(field "$c" 2) | $(field "$c" 3) | \`$(field "$c" 1)\` | $(fmt0 "$(field "$c" 5)") | — | $(fmt1 "$s") | $(fmt0 "$([[ -n $s ]] && per_s "$(field "$c" 5)" "$s")") | — | p99 statement $(fmt1 "$(field "$c" 7)") ms | — | $(field "$c" 8) |"
  done
  echo
  echo "## Ratios and targets (drain rows/s, same run)"
  echo
  echo "| workload | workers | ferry ÷ stock pipeline | target ≥ 1.5× | ferry ÷ downstream ceiling | target ≥ 0.5× |"
  echo "|---|--:|--:|---|--:|---|"
  for w in $drain_workers; do
    for workload in $workloads; do
      f=$(drain_rate ferry "$w" "$workload"); s=$(drain_rate stock "$w" "$workload"); c=$(ceiling_rate "$w" "$workload")
      vs_s="" vs_c=""
      [[ -z $f || -z $s ]] || vs_s=$(calc "$f / $s")
      [[ -z $f || -z $c ]] || vs_c=$(calc "$f / $c")
      echo "| \`$workload\` | $w | $(ratio "$f" "$s") | $(verdict "$vs_s" 1.5) | $(ratio "$f" "$c") | $(verdict "$vs_c" 0.5) |"
    done
  done
  echo
  echo "What limits ferry here: the CPU seconds per process show where the cores went; on a CPU-bound machine the pipeline that spends less CPU per row change drains faster:"
  echo
  for w in $drain_workers; do
    for workload in $workloads; do
      fd=$(drain_of ferry "$w" "$workload"); sd=$(drain_of stock "$w" "$workload")
      [[ -n $fd && -n $(field "$fd" 7) ]] || continue
      echo "- \`$workload\`, $w workers: ferry used $(fmt1 "$(cpu_per_100k "$fd")") CPU seconds per 100k row changes (CPU seconds in all: $(field "$fd" 8))$([[ -n $sd && -n $(field "$sd" 7) ]] && echo ", the stock pipeline $(fmt1 "$(cpu_per_100k "$sd")") ($(field "$sd" 8))"). Ferry's drain was $(cpu_bound_note "$(calc "$(cpu_total "$(field "$fd" 8)") / $(field "$fd" 7)")")"
    done
  done
  echo
  echo "## Charts"
  echo
  printf '%s\n' "$charts"
  echo "## How each figure was measured"
  echo
  echo "- **upstream QPS / TPS, p95 latency**: sysbench's own summary (\`queries\` and \`transactions\` per second, \`95th percentile\` of its transaction latency) over its \`--time\`. The upstream table shows the upstream's \`SHOW GLOBAL STATUS\` counters (\`Com_insert\`, …, \`Questions\`) over the same window, per second; they include the heartbeat's inserts."
  echo "- **capture events/s into Kafka** (ferry): growth of the change topics' committed end offsets (Kafka Admin API, \`TopicOffsets\`) over the sysbench window ÷ its length; markers of Kafka transactions count too (one per partition and checkpoint)."
  echo "- **pipeline rows/s until caught up**: the row changes sysbench made (\`oltp_insert\`: one per transaction; \`oltp_write_only\`: 4 per transaction: UPDATE k, UPDATE c, DELETE and INSERT of one id) ÷ the seconds from the start of sysbench until the downstream's per-table \`COUNT(*)\` and \`SUM(CRC32(CONCAT_WS('#',id,k,c,pad)))\` equal the upstream's (polled every 0.5 s). On 2 cores a live load leaves the pipeline little CPU, so it falls behind and catches up after sysbench ends: this rate, not sysbench's, is what the pipeline sustained."
  echo "- **downstream QPS / TPS / INSERTs per s**: the downstream's \`Questions\`, \`Com_commit\` (explicit commits: ferry commits each batch of transactions explicitly; the stock \`jdbc\` sink autocommits, so its TPS shows 0 here) and \`Com_insert\` growth over the same seconds until caught up, per second. The polls that check the state count in \`Questions\`."
  echo "- **replication delay**: \`dev.ferry.benchmarks.heartbeat.Heartbeat\` inserts a row upstream every 100 ms during sysbench (into \`sbtest1\` with a negative id, which sysbench never touches, so both pipelines carry it) and polls the downstream every 20 ms; delay = time seen downstream − time its autocommitted INSERT returned, on one clock. p50/p95/p99/max over every heartbeat; a heartbeat still missing when the downstream caught up is reported as not arrived."
  echo "- **transaction execution latency**: upstream, sysbench's p95 above. Downstream, for ferry: the apply's \`commitLatencyUs\` histogram (docs/consistency.md), the time of each downstream transaction from its first statement to its commit's return, over its last 1024 commits when the pipeline had caught up (at the first sweep point these include the initial copy's), read from its Prometheus endpoint; one downstream transaction holds one or more upstream ones. The stock \`jdbc\` sink exposes no such figure (—). The ceiling's p99 statement latency is measured around each \`execute\` in CeilingLoader."
  echo "- **drain**: before each drain a probe (an UPDATE of row id -1 upstream, seen downstream, then equal checksums) proves the pipeline runs and has caught up; every process of the pipeline then gets SIGSTOP, sysbench runs for $drain_seconds s, the processes get SIGCONT, and the drain time runs from SIGCONT until per-table counts and checksums are equal. rows/s = row changes ÷ drain time. ferry's capture and apply are both paused; the stock job is one process."
  echo "- **downstream ceiling**: CeilingLoader writes the same number of row changes as the largest drained backlog, sysbench-identical generated rows, as autocommitted multi-row statements over the drain's connections: \`INSERT\` of new ids for \`oltp_insert\`; for \`oltp_write_only\` \`INSERT … ON DUPLICATE KEY UPDATE\` of existing ids (the statement ferry writes for a changed row; sysbench's 4 changes to one id fold into one such row, so this ceiling counts rows written, not changes — compare it with care)."
  echo "- **CPU seconds**: utime + stime from \`/proc/<pid>/stat\` per process (\`capture\`, \`apply\`, \`stock\`; the services \`kafka\`, \`down\`, \`up\`) from sysbench's start until caught up (live) or from SIGCONT until caught up (drain)."
} | write_report

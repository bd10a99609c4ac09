#!/usr/bin/env bash
# Load levels and large transactions (issue 6, table 4), as PolarDB-X CDC's performance page:
#  (a) sysbench at several fixed rates (a share of what this machine takes, measured first) with
#      capture and apply running live: DT (delay: heartbeat rows timed upstream -> downstream by
#      bench-a's Heartbeat probe, and the apply's replicationDelayMs), BPS, EPS and TPS from the
#      apply's own counters, over each level's steady window;
#  (b) single upstream transactions of increasing size applied with the apply heap at 512 MB and
#      apply.memory-limit at its default: each is made while the apply is paused, and once its END
#      is in Kafka the apply is resumed and timed until all rows are visible downstream, while a
#      reader checks it never sees part of them; a backlog of small transactions of the same rows,
#      timed the same way, is the baseline the large ones are compared with.
# Prints progress, then a Markdown report and PNG charts under benchmarks/results/load/.
#
#   benchmarks/load.sh [--quick] [--levels "25 50 100"] [--seconds N] [--workloads "oltp_write_only oltp_insert"]
#                      [--checkpoint-intervals "2s 1s 500ms 250ms"] [--rounds N] [--idle-seconds N]
#                      [--sizes "32 256 1024"] [--small-mb N] [--threads N] [--no-levels] [--no-large]
#
# --checkpoint-intervals: the capture's job.checkpoint-interval values to compare (freshness
# against cost, issue 23): the capture is restarted from its checkpoint with each in turn, and at
# each the pipeline's maximum rate (a burst), the idle CPU of every process, and the levels are
# measured again; --rounds repeats that, each round taking the intervals in the other order. The
# levels' rates stay those of the first interval's first burst, so every interval carries the same
# load. The transactional apply takes no checkpoints (its progress is in the downstream), so only
# the capture's interval is set.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/probes.sh"
bench_usage 'usage: benchmarks/load.sh [--quick] [--levels "25 50 100"] [--seconds N] [--workloads "oltp_write_only oltp_insert"]
                          [--checkpoint-intervals "2s 1s 500ms 250ms"] [--rounds N] [--idle-seconds N]
                          [--sizes "32 256 1024"] [--small-mb N] [--threads N] [--no-levels] [--no-large]'
quick=0 levels="" seconds="" workloads="" sizes="" small_mb="" threads=4 do_levels=1 do_large=1
checkpoint_intervals="" rounds=1 idle_seconds=10
command_line="benchmarks/load.sh${*:+ $*}" # for the report
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --levels) need_value "$@"; levels=$2; shift 2 ;;
    --seconds) need_value "$@"; seconds=$2; shift 2 ;;
    --workloads) need_value "$@"; workloads=$2; shift 2 ;;
    --sizes) need_value "$@"; sizes=$2; shift 2 ;;
    --small-mb) need_value "$@"; small_mb=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    --checkpoint-intervals) need_value "$@"; checkpoint_intervals=$2; shift 2 ;;
    --rounds) need_value "$@"; rounds=$2; shift 2 ;;
    --idle-seconds) need_value "$@"; idle_seconds=$2; shift 2 ;;
    --no-levels) do_levels=0; shift ;;
    --no-large) do_large=0; shift ;;
    *) usage ;;
  esac
done
if [[ $quick == 1 ]]; then
  : "${levels:=25 50 100}" "${seconds:=20}" "${workloads:=oltp_write_only}" "${sizes:=16 64 128}" "${small_mb:=32}"
else
  : "${levels:=25 50 75 100}" "${seconds:=20}" "${workloads:=oltp_write_only}" "${sizes:=32 256 1024}" "${small_mb:=64}"
fi
check_ints --levels "$levels" 1 400
check_ints --seconds "$seconds" 8 3600
check_ints --sizes "$sizes" 1 20000
check_ints --small-mb "$small_mb" 1 20000
check_ints --threads "$threads" 1 256
check_ints --rounds "$rounds" 1 20
check_ints --idle-seconds "$idle_seconds" 1 600
for w in $workloads; do [[ $w =~ ^(oltp_write_only|oltp_insert)$ ]] || usage; done
for ci in $checkpoint_intervals; do
  [[ $ci =~ ^[1-9][0-9]*(ms|s)$ ]] || { echo "--checkpoint-intervals: '$ci' is not a duration like 250ms or 2s" >&2; usage; }
done
# intervals: the capture's checkpoint intervals compared; "default" = job.checkpoint-interval unset
read -ra intervals <<< "${checkpoint_intervals:-default}"
compare_intervals=$(( ${#intervals[@]} > 1 || rounds > 1 ))
calibrate_seconds=$(( seconds / 2 ))
warm_seconds=$(( seconds / 4 ))   # the start of a level left out of its steady window
tables=4 rows=10000 workers=16 batch=2000
apply_heap=512m
bench_init load bench_load
meta=bench_load_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build
tag=$run_id
sysbench_args "$rows" "$tables"

prom_port=$(free_port $(( ${FERRY_FLINK_REST_PORT:-8081} + 1 )))

say "run $run_id: levels $levels % for ${seconds}s each ($workloads, $threads threads); transactions of $sizes MB and a $small_mb MB backlog of small ones; apply heap $apply_heap; work dir $work"
prepare_upstream oltp_write_only
for t in small_1 small_2 $(for s in $sizes; do echo "big_$s"; done); do
  "${up[@]}" "$db" -e "CREATE TABLE $t (id INT PRIMARY KEY, pad VARCHAR(1000) NOT NULL)"
done
"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"
# interval_args INTERVAL: the capture's option for that checkpoint interval (none for "default")
interval_args() { if [[ $1 != default ]]; then echo "--job.checkpoint-interval $1"; fi; }
current_interval=${intervals[0]}
say "starting capture (checkpoint interval: $current_interval) and apply (apply: -Xmx$apply_heap, metrics on 127.0.0.1:$prom_port)"
# shellcheck disable=SC2046 # interval_args prints an option and its value, or nothing
start_capture "$tag" $(interval_args "$current_interval") || die "the capture did not start: $(failure capture)"
start_apply "$tag" "$tag" "$workers" "$batch" --monitoring.prometheus-port "$prom_port" \
  --apply.max-transaction-size "4 gb" --apply.spill-dir "$work/spill"
snapshot=$(watch_downstream "$(rows_sql "$tables")" $((tables * rows)))
need done_ms "$snapshot" "waiting for the snapshot downstream ($(failure apply))"
start_probe "$work/sampler.out" load.ApplyMetricsSampler --url "http://127.0.0.1:$prom_port/metrics" --out "$work/metrics.tsv"
procs[sampler]=$probe_pid
until [[ -s $work/metrics.tsv && $(wc -l < "$work/metrics.tsv") -ge 2 ]]; do procs_alive || die "the metrics sampler stopped: $(tail -3 "$work/probes.log")"; sleep 0.2; done
say "snapshot downstream; pipeline up"

pause() { local name; for name in "$@"; do kill -STOP "${procs[$name]}"; done; }
resume() { local name; for name in "$@"; do kill -CONT "${procs[$name]}"; done; }
# last_metric NAME: the newest sample of an apply metric (ApplyMetricsSampler's column)
last_metric() { awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i; next } $c != "NaN" { v = $c } END { print v }' "$work/metrics.tsv"; }
# sysbench_rate LOG WHAT: the per-second figure of "transactions:" or "queries:" in a sysbench log
sysbench_rate() { awk -v w="$2:" '$1 == w { gsub(/[(]/, "", $3); print $3 }' "$1"; }
results=()
record() { results+=("$*"); }
result() { local r; for r in "${results[@]}"; do [[ $r == "$1 "* ]] && { echo "${r#"$1 "}"; return; }; done; }
figure() { field "$2" "$(result "$1")"; } # RESULT FIELD
# cores_text RESULT NAMES...: "name x.xx" cores each process kept busy over the result's wall time
cores_text() {
  local r=$1 name out="" label
  for name in "${@:2}"; do
    case $name in up) label=upstream ;; down) label=downstream ;; kafka) label=Kafka ;; *) label=$name ;; esac
    out+="${out:+, }$label $(fmt2 "$(calc "$(figure "$r" "cpu_$name") / $(figure "$r" wall)")")"
  done
  echo "$out"
}
cpu_fields() { # BEFORE AFTER NAMES...
  local name out=""
  for name in "${@:3}"; do out+=" cpu_$name=$(cpu_used "$name" "$1" "$2")"; done
  echo "$out"
}

# ---------------------------------------------------------------- (a) load levels
# catch_up: waits until the downstream's tables equal the upstream's (count and checksum per table)
catch_up() {
  wait_until "$(checksum_sql "$tables")" "$("${up[@]}" -e "$(checksum_sql "$tables")")" 600 > /dev/null \
    || die "the pipeline did not catch up within 10 min: $(failure apply)"
}
# start_heartbeat DELAY SECONDS DELAYS_FILE: bench-a's Heartbeat probe after DELAY seconds, for SECONDS
# (rows with negative ids in sbtest1, which sysbench never touches); it ends once every heartbeat
# arrived, and writes each heartbeat's delay to DELAYS_FILE
start_heartbeat() {
  ( sleep "$1"; exec "${java[@]}" -Xmx128m -cp "$benchmarks_jar" dev.ferry.benchmarks.heartbeat.Heartbeat \
    --upstream-url "jdbc:mysql://127.0.0.1:$FERRY_UPSTREAM_PORT/$db" --downstream-url "jdbc:mysql://127.0.0.1:$FERRY_DOWNSTREAM_PORT/$db" \
    --user ferry_admin --password ferry_admin --table "$db.sbtest1" --seconds "$2" --interval-ms 100 --poll-ms 20 \
    --settle-seconds 600 --delays-out "$3" ) > "$work/heartbeat.out" 2>> "$work/probes.log" &
  heartbeat_pid=$!
  started+=("$heartbeat_pid")
}
# restart_capture INTERVAL: stops the capture and starts it again from its last checkpoint with that
# checkpoint interval (its earlier log kept as capture-N.log), then waits until the pipeline has
# caught up
capture_starts=1
restart_capture() {
  say "restarting the capture with checkpoint interval $1"
  stop_proc capture
  mv "$work/capture.log" "$work/capture-$capture_starts.log"
  capture_starts=$((capture_starts + 1))
  # shellcheck disable=SC2046
  start_capture "$tag" $(interval_args "$1") || die "the capture did not start again: $(failure capture)"
  current_interval=$1
  catch_up
}
# round_intervals ROUND: the intervals in the order that round takes them (even rounds reversed,
# so that a drift of the machine's other work over the run weighs on every interval alike)
round_intervals() {
  if (( $1 % 2 == 1 )); then echo "${intervals[*]}"; else printf '%s\n' "${intervals[@]}" | tac | tr '\n' ' '; fi
}
# measure_idle KEY: CPU of every process over idle_seconds with no writes upstream
measure_idle() {
  local cpu0 cpu1 t0 t1
  sleep 1 # the last catch-up's commits settle
  cpu0=$(cpu_all); t0=$(now_ms)
  sleep "$idle_seconds"
  t1=$(now_ms); cpu1=$(cpu_all)
  record "$1" "wall=$(calc "($t1 - $t0) / 1000")$(cpu_fields "$cpu0" "$cpu1" capture apply kafka up down)"
  say "idle at checkpoint interval $current_interval: cores $(cores_text "$1" capture apply kafka)"
}
# interval_seconds INTERVAL: a checkpoint interval in seconds ("default": job.checkpoint-interval's 2 s)
interval_seconds() {
  case $1 in default) echo 2 ;; *ms) calc "${1%ms} / 1000" ;; *s) echo "${1%s}" ;; esac
}
# calibrate W KEY: sysbench W at full speed for calibrate_seconds with the pipeline running, then
# the time until the pipeline has caught up. Records the upstream's rate and the pipeline's own
# maximum: when the pipeline caught up within one checkpoint interval and 1.5 s of the burst's end
# (the wait for the next Kafka commit, and the poll), it kept up, and its maximum is at least the
# upstream's rate (base_tps = up_tps); otherwise it fell behind, and its maximum is the burst's
# transactions over the time from the burst's start until caught up (base_tps = that)
calibrate() {
  local w=$1 key=$2 t0 t1 t2 up_tps drain_tps tail_s kept
  say "$w: sysbench at full speed for ${calibrate_seconds}s with the pipeline running (checkpoint interval $current_interval)"
  t0=$(now_ms)
  sysbench "$w" "${sb[@]}" --threads="$threads" --time="$calibrate_seconds" --report-interval=0 run > "$work/calibrate.log" \
    || die "sysbench $w failed: $(tail -3 "$work/calibrate.log")"
  t1=$(now_ms)
  catch_up
  t2=$(now_ms)
  up_tps=$(sysbench_rate "$work/calibrate.log" transactions)
  drain_tps=$(calc "$(sysbench_figure "$work/calibrate.log" txns) * 1000 / ($t2 - $t0)")
  tail_s=$(calc "($t2 - $t1) / 1000")
  kept=$(calc "($tail_s <= $(interval_seconds "$current_interval") + 1.5)")
  record "$key" "up_tps=$up_tps up_qps=$(sysbench_rate "$work/calibrate.log" queries) tail_s=$tail_s drain_tps=$drain_tps kept_up=$kept base_tps=$([[ $kept == 1 ]] && echo "$up_tps" || echo "$drain_tps")"
  say "$w: the upstream took $up_tps tx/s; the pipeline caught up $tail_s s after the burst ($([[ $kept == 1 ]] && echo "it kept up" || echo "it fell behind: $drain_tps tx/s"))"
}
# run_level W LEVEL RATE KEY: sysbench W at RATE tx/s for $seconds with the heartbeat on; records DT,
# the apply's rates, and CPU both over the level (cpu_*) and from its start until the pipeline has
# caught up after it (cpuc_*, with the level's row changes: what each change cost every process)
run_level() {
  local w=$1 level=$2 rate=$3 key=$4 cpu0 cpu1 cpu2 t0 t1 t2 from to beats window txns
  say "$w: level $level% = $rate tx/s for ${seconds}s (checkpoint interval $current_interval)"
  cpu0=$(cpu_all); t0=$(now_ms); from=$(master_position)
  start_heartbeat "$warm_seconds" $((seconds - warm_seconds)) "$work/delays-$key.txt"
  sysbench "$w" "${sb[@]}" --threads="$threads" --time="$seconds" --rate="$rate" --report-interval=0 run > "$work/level.log" \
    || die "sysbench $w failed: $(tail -3 "$work/level.log")"
  t1=$(now_ms); cpu1=$(cpu_all); to=$(master_position)
  wait "$heartbeat_pid" || die "the heartbeat failed: $(tail -3 "$work/probes.log")"
  beats=$(tail -1 "$work/heartbeat.out")
  window=$(probe load.LoadWindow --metrics "$work/metrics.tsv" --from-ms $((t0 + warm_seconds * 1000)) --to-ms "$t1")
  need eps "$window" "summarising the apply's metrics"
  catch_up
  t2=$(now_ms); cpu2=$(cpu_all)
  txns=$(sysbench_figure "$work/level.log" txns)
  record "$key" "rate=$rate up_tps=$(sysbench_rate "$work/level.log" transactions) up_qps=$(sysbench_rate "$work/level.log" queries) binlog_bytes=$(binlog_bytes "$from" "$to") $beats $window wall=$(calc "($t1 - $t0) / 1000")$(cpu_fields "$cpu0" "$cpu1" capture apply kafka up down) changes=$(( $(row_changes "$w" "$txns") + $(field sent "$beats") )) wall_c=$(calc "($t2 - $t0) / 1000")$(cpu_fields "$cpu0" "$cpu2" capture apply kafka | sed 's/ cpu_/ cpuc_/g')"
  say "$w: level $level%: upstream $(sysbench_rate "$work/level.log" transactions) tx/s; DT p50 $(field p50_ms "$beats") ms, p99 $(field p99_ms "$beats") ms; applied $(field eps "$window") events/s, $(field tps "$window") tx/s; µs per change: capture $(us_per_change "$key" capture), apply $(us_per_change "$key" apply), Kafka $(us_per_change "$key" kafka)"
}
# us_per_change KEY NAME: CPU µs NAME spent per row change of a level, until caught up after it
us_per_change() { calc "$(field "cpuc_$2" "$(result "$1")") * 1000000 / $(field changes "$(result "$1")")"; }
# the results of the first interval's first round are the load levels' table
first="@${intervals[0]}#1"
declare -A base_tps=()
if [[ $do_levels == 1 ]]; then
  for ((round = 1; round <= rounds; round++)); do
    for ci in $(round_intervals "$round"); do
      [[ $ci == "$current_interval" ]] || restart_capture "$ci"
      if [[ $compare_intervals == 1 ]]; then catch_up; measure_idle "idle@$ci#$round"; fi
      for w in $workloads; do
        calibrate "$w" "$w-max@$ci#$round"
        # every level's rate is a share of the first burst's pipeline rate, at every interval
        : "${base_tps[$w]:=$(figure "$w-max@$ci#$round" base_tps)}"
        for level in $levels; do
          rate=$(calc "int(${base_tps[$w]} * $level / 100 + 0.5)"); (( rate >= 1 )) || rate=1
          run_level "$w" "$level" "$rate" "$w-$level@$ci#$round"
        done
      done
    done
  done
fi

# ---------------------------------------------------------------- (b) large transactions
# big_sql TABLE FIRST_ID ROWS: one INSERT of ROWS rows of 1,000 bytes (plus the id), one transaction
big_sql() { echo "INSERT INTO $1 SELECT seq, REPEAT(CHAR(65 + seq % 26), 1000) FROM seq_${2}_to_$(($2 + $3 - 1));"; }
# transfer NAME TABLE ROWS TRANSACTIONS ATOMIC: pauses the apply, writes ROWS rows into TABLE upstream
# in TRANSACTIONS transactions, waits for their END records in Kafka, resumes the apply and times
# it until all rows are visible downstream (ATOMIC=yes: a reader counts any other count but 0)
transfer() {
  local name=$1 table=$2 rows=$3 txs=$4 atomic=$5 per from to t_start t_commit seen cpu0 cpu1 t0 line spilled0 bytes0
  per=$((rows / txs))
  pause apply
  spilled0=$(last_metric transactionsSpilled); bytes0=$(last_metric bytesApplied)
  start_kafka_wait ends "^${tag//./\\.}-tx\$" "$txs"
  from=$(master_position); t_start=$(now_ms)
  for ((i = 0; i < txs; i++)); do big_sql "$table" $((i * per + 1)) "$per"; done | "${up[@]}" "$db" \
    || die "the upstream INSERTs of $name failed"
  t_commit=$(now_ms); to=$(master_position)
  wait_kafka ends; seen=$(field seen_ms "$(kafka_line ends)")
  need seen_ms "$(kafka_line ends)" "waiting for the END records of $name in Kafka ($(failure capture))"
  start_watch "$name" "SELECT COUNT(*) FROM $db.$table" "$rows" "$([[ $atomic == yes ]] && echo 0)"
  sleep 1 # the watch is polling before the clock starts
  cpu0=$(cpu_all); t0=$(now_ms)
  resume apply
  wait_watch "$name"; line=$(watch_line "$name")
  cpu1=$(cpu_all)
  need done_ms "$line" "waiting for $name downstream ($(failure apply))"
  sleep 1.5 # a sample of the apply's metrics after the commit
  record "$name" "rows=$rows txs=$txs binlog_bytes=$(binlog_bytes "$from" "$to") upstream_s=$(calc "($t_commit - $t_start) / 1000") capture_s=$(calc "($seen - $t_commit) / 1000") apply_s=$(calc "($(field done_ms "$line") - $t0) / 1000") records_bytes=$(calc "$(last_metric bytesApplied) - $bytes0") spilled=$(calc "$(last_metric transactionsSpilled) - $spilled0") polls=$(field polls "$line") partial=$(field partial "$line") first_partial=$(field first_partial "$line") wall=$(calc "($(field done_ms "$line") - $t0) / 1000")$(cpu_fields "$cpu0" "$cpu1" apply kafka down)"
  say "$name: $(fmt1 "$(calc "$(field binlog_bytes "$(result "$name")") / 1000000")") MB of binlog applied in $(field apply_s "$(result "$name")") s; spilled $(field spilled "$(result "$name")"); partial views $(field partial "$line")"
}
if [[ $do_large == 1 ]]; then
  small_rows=$((small_mb * 1000))
  say "small transactions: a backlog of $((small_rows / 10)) transactions of 10 rows ($small_mb MB)"
  transfer small_1 small_1 "$small_rows" $((small_rows / 10)) no
  for s in $sizes; do
    say "one transaction of $s MB ($((s * 1000)) rows)"
    transfer "big_$s" "big_$s" $((s * 1000)) 1 yes
  done
  say "small transactions again, so that drift in the machine's other work shows"
  transfer small_2 small_2 "$small_rows" $((small_rows / 10)) no
fi
restarts=$(restarts_in_logs)

# ---------------------------------------------------------------- report
# interval_text INTERVAL: how the report names a checkpoint interval
interval_text() { if [[ $1 == default ]]; then echo "the default \`job.checkpoint-interval\`"; else echo "$1"; fi; }
intervals_text() {
  if [[ $compare_intervals == 1 ]]; then
    echo "the capture's \`job.checkpoint-interval\` ${intervals[*]} in turn, capture restarted from its checkpoint for each, $rounds round(s), even rounds in reverse order"
  else
    echo "$(interval_text "${intervals[0]}")"
  fi
}
mean() { tr ' ' '\n' <<< "$*" | awk 'NF { s += $1; n++ } END { if (n) print s / n }'; }
# us_all KEY: the µs per change of capture, apply and Kafka together
us_all() { calc "$(us_per_change "$1" capture) + $(us_per_change "$1" apply) + $(us_per_change "$1" kafka)"; }
# interval_report: the checkpoint interval comparison, per workload and level
interval_report() {
  local w level ci round k k0 list pooled sum_ratios
  echo
  echo "## Checkpoint interval: freshness against cost"
  echo
  echo "The capture's checkpoint interval is what sets the delay's floor: its Kafka transactions commit at its checkpoints, and read_committed consumers (the apply) see records only then. Intervals compared: ${intervals[*]}, $rounds round(s) (even rounds in reverse order); the capture was restarted from its checkpoint for each (the downstream is checked equal to the upstream, count and checksum per table, after each restart and before every level), the apply ran throughout. Every level's rate is its share of the first burst's pipeline rate, at every interval, so all carry the same load."
  for w in $workloads; do
    for level in $levels; do
      echo
      echo "### \`$w\` at $level% ($(fmt0 "$(figure "$w-$level$first" rate)") tx/s)"
      echo
      echo "| checkpoint interval | DT p50 ms | DT p95 ms | DT p99 ms | DT max ms | p99 < 1 s | CPU µs per change: capture / apply / Kafka (mean of rounds) | all three ÷ the first interval's, per round | at full speed: upstream tx/s / pipeline caught up after (means of the bursts) | idle cores: capture / apply / Kafka (mean of rounds) |"
      echo "|---|--:|--:|--:|--:|---|---|---|--:|---|"
      for ci in "${intervals[@]}"; do
        list=() sum_ratios=""
        for ((round = 1; round <= rounds; round++)); do
          list+=("$work/delays-$w-$level@$ci#$round.txt")
          k="$w-$level@$ci#$round" k0="$w-$level@${intervals[0]}#$round"
          sum_ratios+="${sum_ratios:+, }$(ratio "$(us_all "$k")" "$(us_all "$k0")")"
        done
        pooled=$(probe heartbeat.PooledDelays "${list[@]}")
        echo "| $(interval_text "$ci") | $(fmt0 "$(field p50_ms "$pooled")") | $(fmt0 "$(field p95_ms "$pooled")") | $(fmt0 "$(field p99_ms "$pooled")") | $(fmt0 "$(field max_ms "$pooled")") | $([[ $(calc "($(field p99_ms "$pooled") < 1000)") == 1 ]] && echo yes || echo no) | $(interval_mean "$w-$level" "$ci" capture) / $(interval_mean "$w-$level" "$ci" apply) / $(interval_mean "$w-$level" "$ci" kafka) | $sum_ratios | $(fmt0 "$(mean $(for ((round = 1; round <= rounds; round++)); do figure "$w-max@$ci#$round" up_tps; done))") / $(fmt1 "$(mean $(for ((round = 1; round <= rounds; round++)); do figure "$w-max@$ci#$round" tail_s; done))") s | $(idle_mean "$ci" capture) / $(idle_mean "$ci" apply) / $(idle_mean "$ci" kafka) |"
      done
      echo
      echo "Each round on its own (the DT percentiles above pool every round's heartbeats):"
      echo
      echo "| checkpoint interval | round | upstream tx/s | DT p50 / p95 / p99 / max ms | heartbeats sent / arrived | CPU µs per change: capture / apply / Kafka | capture, apply, Kafka ÷ the first interval's | cores over the level: capture, apply, upstream, downstream, Kafka |"
      echo "|---|--:|--:|---|--:|---|---|---|"
      for ((round = 1; round <= rounds; round++)); do
        for ci in $(round_intervals "$round"); do
          k="$w-$level@$ci#$round" k0="$w-$level@${intervals[0]}#$round"
          echo "| $(interval_text "$ci") | $round | $(fmt0 "$(figure "$k" up_tps)") | $(fmt0 "$(figure "$k" p50_ms)") / $(fmt0 "$(figure "$k" p95_ms)") / $(fmt0 "$(figure "$k" p99_ms)") / $(fmt0 "$(figure "$k" max_ms)") | $(figure "$k" sent) / $(figure "$k" arrived) | $(fmt1 "$(us_per_change "$k" capture)") / $(fmt1 "$(us_per_change "$k" apply)") / $(fmt1 "$(us_per_change "$k" kafka)") | $(ratio "$(us_per_change "$k" capture)" "$(us_per_change "$k0" capture)"), $(ratio "$(us_per_change "$k" apply)" "$(us_per_change "$k0" apply)"), $(ratio "$(us_per_change "$k" kafka)" "$(us_per_change "$k0" kafka)") | $(cores_text "$k" capture apply up down kafka) |"
        done
      done
    done
  done
}
# interval_mean PREFIX INTERVAL NAME: µs per change of NAME at that interval, mean over the rounds
interval_mean() { fmt1 "$(mean $(for ((round = 1; round <= rounds; round++)); do us_per_change "$1@$2#$round" "$3"; done))"; }
# idle_mean INTERVAL NAME: idle cores of NAME at that interval, mean over the rounds
idle_mean() { fmt2 "$(mean $(for ((round = 1; round <= rounds; round++)); do calc "$(figure "idle@$1#$round" "cpu_$2") / $(figure "idle@$1#$round" wall)"; done))"; }
mb() { calc "$1 / 1000000"; }
busy() { # RESULT NAMES...: cores of those processes together
  local name sum=0
  for name in "${@:2}"; do sum=$(calc "$sum + $(figure "$1" "cpu_$name")"); done
  calc "$sum / $(figure "$1" wall)"
}
apply_mbps() { calc "$(figure "$1" binlog_bytes) / 1000000 / $(figure "$1" apply_s)"; }
size_list() { # " 16 64" -> "16, 64 MB"
  local list
  read -ra list <<< "$1"
  if (( ${#list[@]} == 0 )); then echo none; else local IFS=,; echo "${list[*]} MB" | sed 's/,/, /g'; fi
}
# small_mbps: the baseline, the mean MB/s of the small transactions' backlogs before and after the large ones
small_mbps() { calc "($(apply_mbps small_1) + $(apply_mbps small_2)) / 2"; }
largest=$(tr ' ' '\n' <<< "$sizes" | sort -n | tail -1)
# delay_trend: whether the heartbeat's p50 grew from the lowest to the highest level, as a sentence
delay_trend() {
  local w lo hi a b out=""
  lo=$(tr ' ' '\n' <<< "$levels" | sort -n | head -1); hi=$(tr ' ' '\n' <<< "$levels" | sort -n | tail -1)
  for w in $workloads; do
    a=$(figure "$w-$lo$first" p50_ms); b=$(figure "$w-$hi$first" p50_ms)
    if [[ $(calc "($b > 1.2 * $a)") == 1 ]]; then
      out+="Here too the delay grows with the load (\`$w\`: p50 $(fmt0 "$a") → $(fmt0 "$b") ms). "
    else
      out+="Here the delay stays flat across the levels (\`$w\`: p50 $(fmt0 "$a") → $(fmt0 "$b") ms): at these rates the capture's checkpoint interval, not the load, sets it. "
    fi
  done
  echo "${out% }"
}
if [[ $do_levels == 1 ]]; then
  for w in $workloads; do
    {
      printf 'upstream tx/s\tDT p50 (heartbeat)\tDT p95 (heartbeat)\treplicationDelayMs mean\n'
      for level in $levels; do
        printf '%s%% (%s)\t%s\t%s\t%s\n' "$level" "$(fmt0 "$(figure "$w-$level$first" up_tps)")" "$(figure "$w-$level$first" p50_ms)" \
          "$(figure "$w-$level$first" p95_ms)" "$(figure "$w-$level$first" metric_dt_mean_ms)"
      done
    } > "$work/$w-dt.tsv"
    {
      printf 'load\tEPS (row changes/s)\tTPS (transactions/s)\tupstream tx/s\n'
      for level in $levels; do
        printf '%s%%\t%s\t%s\t%s\n' "$level" "$(figure "$w-$level$first" eps)" "$(figure "$w-$level$first" tps)" "$(figure "$w-$level$first" up_tps)"
      done
    } > "$work/$w-rates.tsv"
  done
fi
if [[ $do_large == 1 ]]; then
  {
    printf 'transaction\tapply MB/s (binlog bytes)\n'
    printf 'small, before\t%s\n' "$(apply_mbps small_1)"
    for s in $sizes; do printf '%s MB\t%s\n' "$s" "$(apply_mbps "big_$s")"; done
    printf 'small, after\t%s\n' "$(apply_mbps small_2)"
  } > "$work/large.tsv"
fi
{
  report_header "Load levels and large transactions" "Issue 6, table 4, as PolarDB-X CDC's performance page: \`$command_line\`. PolarDB-X's published figures are quoted for comparison, not measured here."
  echo
  echo "## Settings"
  echo
  echo "- ferry: capture (\`capture.parallelism\` $capture_parallelism, one binlog reader, Kafka compression lz4, checkpoints: $(intervals_text), default heap) and apply (\`apply.consistency=transaction\`, \`apply.workers\` $workers, \`apply.batch-size\` $batch, heap \`-Xmx$apply_heap\`, \`apply.memory-limit\` at its default 64 mb, \`apply.max-transaction-size\` raised from its default 100 mb to 4 gb so that the large transactions are committed whole — TiDB's \`txn-total-size-limit\` goes up to 10 GB — and \`apply.spill-dir\` on the local disk) as two \`java -jar jobs/target/ferry.jar\` processes, with Flink's Prometheus reporter on the apply; every other option at its default."
  if [[ $do_levels == 1 ]]; then
    echo "- load levels: sysbench $(sysbench --version | awk '{ print $2 }') \`$workloads\` on $tables tables of $(fmt0 "$rows") rows, $threads threads; first ${calibrate_seconds} s at full speed with the pipeline running, timed until the pipeline has caught up (the 100% level: the upstream's rate if the pipeline kept up, else the pipeline's), then each level for ${seconds} s at \`--rate\` = that share of it; the steady window is each level's last $((seconds - warm_seconds)) s; before each level the pipeline catches up (the downstream's tables equal the upstream's: count and checksum per table)."
  fi
  if [[ $do_large == 1 ]]; then
    echo "- large transactions: one \`INSERT … SELECT … FROM seq_1_to_N\` per size ($sizes MB of rows: N = 1,000 × MB rows of an INT id and a 1,000-character VARCHAR); the baseline: a backlog of $(fmt0 $((small_mb * 100))) transactions of 10 such rows ($small_mb MB), once before and once after the large ones, into two tables."
  fi
  if [[ $do_levels == 1 ]]; then
    echo
    echo "## (a) Load levels"
    for w in $workloads; do
      echo
      echo "### \`$w\`"
      echo
      echo "The upstream took $(fmt0 "$(figure "$w-max$first" up_tps)") tx/s ($(fmt0 "$(figure "$w-max$first" up_qps)") queries/s) at full speed with the pipeline running, and the pipeline had caught up $(fmt1 "$(figure "$w-max$first" tail_s)") s after that burst ended: $([[ $(figure "$w-max$first" kept_up) == 1 ]] && echo "it kept up (within a checkpoint interval and 1.5 s), so its own maximum is at least the upstream's rate, which is the 100% level" || echo "it fell behind, and its own maximum, the burst's transactions over the time until caught up, $(fmt0 "$(figure "$w-max$first" drain_tps)") tx/s, is the 100% level").$([[ $compare_intervals == 1 ]] && echo " This table is the first checkpoint interval's ($(interval_text "${intervals[0]}")) first round; every interval and round is below.")"
      echo
      echo "| load | sysbench \`--rate\` tx/s | upstream tx/s | upstream QPS | upstream binlog MB/s | DT p50 ms | DT p95 ms | DT p99 ms | DT max ms | heartbeats sent / arrived | \`replicationDelayMs\` mean / max ms | BPS MB/s | EPS | TPS | CPU cores: capture, apply, upstream, downstream, Kafka |"
      echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"
      for level in $levels; do
        r="$w-$level$first"
        echo "| $level% | $(fmt0 "$(figure "$r" rate)") | $(fmt0 "$(figure "$r" up_tps)") | $(fmt0 "$(figure "$r" up_qps)") | $(fmt2 "$(calc "$(figure "$r" binlog_bytes) / 1000000 / $(figure "$r" wall)")") | $(fmt0 "$(figure "$r" p50_ms)") | $(fmt0 "$(figure "$r" p95_ms)") | $(fmt0 "$(figure "$r" p99_ms)") | $(fmt0 "$(figure "$r" max_ms)") | $(figure "$r" sent) / $(figure "$r" arrived) | $(fmt0 "$(figure "$r" metric_dt_mean_ms)") / $(fmt0 "$(figure "$r" metric_dt_max_ms)") | $(fmt2 "$(mb "$(figure "$r" bps)")") | $(fmt0 "$(figure "$r" eps)") | $(fmt0 "$(figure "$r" tps)") | $(cores_text "$r" capture apply up down kafka) |"
      done
      echo
      echo "$(chart line "$w-dt" "$w: replication delay by load" "load (upstream tx/s)" "delay, ms" "$work/$w-dt.tsv")"
      echo
      echo "$(chart line "$w-rates" "$w: applied rates by load" "load" "per second" "$work/$w-rates.tsv")"
      top="$w-$(tr ' ' '\n' <<< "$levels" | sort -n | tail -1)$first"
      echo
      echo "What limits it: at the highest level the measured processes kept $(fmt2 "$(busy "$top" capture apply up down kafka)") of $(nproc) cores busy ($(cores_text "$top" capture apply up down kafka)), sysbench and the probes not counted. The delay's floor is the capture's checkpoint interval: changes become visible in Kafka only when the capture's Kafka transaction commits at a checkpoint ($(interval_text "${intervals[0]}") here), so a change waits about half an interval there on average, and up to a whole one."
    done
    echo
    echo "PolarDB-X CDC's published \`oltp_write_only\` rows, for comparison (not measured here; 16 data nodes of 32 cores, a 16-core CDC node): QPS 106,082 → 518,069; DT 45 → 420 ms; BPS 34 → 152 MB/s (binlog bytes); EPS 274,068 → 1,201,216; TPS 17,761 → 84,654. $(delay_trend)"
    if [[ $compare_intervals == 1 ]]; then interval_report; fi
  fi
  if [[ $do_large == 1 ]]; then
    echo
    echo "## (b) Large transactions"
    echo
    echo "| transaction | rows | binlog MB | change records MB | upstream INSERT s | capture s (commit → END in Kafka) | apply s | apply MB/s (binlog) | EPS (rows/s) | spilled to disk | reader polls / partial views | ÷ small MB/s | CPU cores: apply, downstream, Kafka |"
    echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|---|"
    for r in small_1 $(for s in $sizes; do echo "big_$s"; done) small_2; do
      case $r in
        small_1) label="$(fmt0 "$(figure "$r" txs)") small ones ($small_mb MB), before" ;;
        small_2) label="$(fmt0 "$(figure "$r" txs)") small ones ($small_mb MB), after" ;;
        *) label="one of ${r#big_} MB" ;;
      esac
      spilled=$([[ $(figure "$r" spilled) =~ ^0(\.0*)?$ ]] && echo no || echo "yes ($(fmt0 "$(figure "$r" spilled)"))")
      seen=$([[ $r == small_* ]] && echo "— (not checked)" || echo "$(figure "$r" polls) / $(figure "$r" partial)")
      echo "| $label | $(fmt0 "$(figure "$r" rows)") | $(fmt1 "$(mb "$(figure "$r" binlog_bytes)")") | $(fmt1 "$(mb "$(figure "$r" records_bytes)")") | $(fmt2 "$(figure "$r" upstream_s)") | $(fmt2 "$(figure "$r" capture_s)") | $(fmt2 "$(figure "$r" apply_s)") | $(fmt1 "$(apply_mbps "$r")") | $(fmt0 "$(calc "$(figure "$r" rows) / $(figure "$r" apply_s)")") | $spilled | $seen | $(ratio "$(apply_mbps "$r")" "$(small_mbps)") | $(cores_text "$r" apply down kafka) |"
    done
    echo
    echo "$(chart bar large "Apply rate of large transactions (heap $apply_heap)" "transaction" "MB/s of binlog applied" "$work/large.tsv")"
    echo
    in_memory="" spilled_ones=""
    for s in $sizes; do
      if [[ $(figure "big_$s" spilled) =~ ^0(\.0*)?$ ]]; then in_memory+=" $s"; else spilled_ones+=" $s"; fi
    done
    largest_ratio=$(calc "$(apply_mbps "big_$largest") / $(small_mbps)")
    echo -n "What limits it: the small transactions were applied at $(fmt1 "$(apply_mbps small_1)") and $(fmt1 "$(apply_mbps small_2)") MB/s (before and after the large ones; the baseline is their mean, $(fmt1 "$(small_mbps)") MB/s): up to $workers workers commit ready transactions at once, several per downstream commit, but each small transaction costs its own END record, conflict check and bookkeeping. One large transaction is one downstream transaction, written by one worker over one connection (and one of more than 20,000 changes, or spilled, runs alone: docs/consistency.md): "
    for s in $sizes; do echo -n "$s MB $(fmt1 "$(apply_mbps "big_$s")") MB/s (apply $(fmt2 "$(calc "$(figure "big_$s" cpu_apply) / $(figure "big_$s" wall)")"), downstream $(fmt2 "$(calc "$(figure "big_$s" cpu_down) / $(figure "big_$s" wall)")") cores); "; done
    if [[ $(calc "($largest_ratio < 0.7)") == 1 ]]; then
      echo -n "the largest goes at $(fmt2 "$largest_ratio")× the small ones' rate: the single connection, against the small ones' parallel workers, is what limits it. "
    elif [[ $(calc "($largest_ratio < 1)") == 1 ]]; then
      echo -n "the largest goes at $(fmt2 "$largest_ratio")× the small ones' rate: its single connection costs about what the small ones' per-transaction work does. "
    else
      echo -n "the largest goes at $(fmt2 "$largest_ratio")× the small ones' rate: what one transaction saves in per-transaction work outweighs its single connection. "
    fi
    echo "In memory: $(size_list "$in_memory"); spilled to disk: $(size_list "$spilled_ones"). A spilled transaction is read back from \`apply.spill-dir\` in chunks of \`apply.batch-size\` rows inside its downstream transaction; the downstream's redo log is $(( $("${down[@]}" -e 'SELECT @@innodb_log_file_size') / 1048576 )) MB, and a larger transaction makes InnoDB checkpoint during the commit."
    echo
    echo "PolarDB-X CDC's published large transactions, for comparison (not measured here): 0.5–5 GB applied at 500 MB/s, sorted and merged in memory, DT 2 s → 17 s; 10 and 20 GB spilled to disk at 350 MB/s (70% of in memory), DT 55 s and 115 s."
  fi
  if [[ $do_large == 1 ]]; then
    echo
    echo "## Ratios and targets"
    echo
    echo "**Target**: a 1 GB transaction applied atomically with the apply heap at 512 MB, at ≥ 70% of small transactions' MB/s."
    echo
    if [[ " $sizes " == *" 1024 "* ]]; then
      r=big_1024
      echo "- 1 GB: $(fmt1 "$(apply_mbps $r)") MB/s = $(ratio "$(apply_mbps $r)" "$(small_mbps)") of the small transactions' $(fmt1 "$(small_mbps)") MB/s: $(verdict "$(calc "$(apply_mbps $r) / $(small_mbps)")" 0.7); atomic: $([[ $(figure $r partial) == 0 ]] && echo "yes, $(figure $r polls) polls saw 0 or all rows" || echo "NO, $(figure $r partial) polls saw part of it (first: $(figure $r first_partial))"); heap $apply_heap, and $(grep -c OutOfMemoryError "$work/apply.log" 2>/dev/null || true) OutOfMemoryError lines in the apply's log."
    else
      r=big_$largest
      echo "- Not measured at 1 GB in this run (sizes $sizes MB; the full run, \`benchmarks/load.sh\` without \`--quick\`, has 1 GB). The largest here, $largest MB: $(fmt1 "$(apply_mbps "$r")") MB/s = $(ratio "$(apply_mbps "$r")" "$(small_mbps)") of the small transactions' $(fmt1 "$(small_mbps)") MB/s ($(verdict "$(calc "$(apply_mbps "$r") / $(small_mbps)")" 0.7) against 70%), $([[ $(figure "$r" partial) == 0 ]] && echo "atomic ($(figure "$r" polls) polls saw 0 or all rows)" || echo "NOT atomic ($(figure "$r" partial) partial views)")."
    fi
    echo
    for s in $sizes; do
      echo "- one transaction of $s MB: $(ratio "$(apply_mbps "big_$s")" "$(small_mbps)") of the small transactions' MB/s ($([[ $(figure "big_$s" spilled) =~ ^0(\.0*)?$ ]] && echo "in memory" || echo "spilled to disk"))."
    done
  fi
  echo
  echo "Task restarts in the jobs' logs during the run: $restarts (a restart during a measurement would invalidate it)."
  echo
  echo "## How each figure was measured"
  echo
  if [[ $do_levels == 1 ]]; then
    echo "- **DT (heartbeat)**: the \`heartbeat.Heartbeat\` probe (shared with incremental.sh) inserts a row with a negative id into \`sbtest1\` upstream every 100 ms during the steady window and polls the downstream every 20 ms, both from one JVM (one clock); a heartbeat's delay is the time it was first seen downstream minus the time its autocommitted INSERT returned. p50, p95, p99 (nearest rank) and max over every heartbeat of the window (the probe waits until all arrived). Exact to the poll interval."
    echo "- **\`replicationDelayMs\`**: the apply's own gauge (now minus the upstream commit time of the last applied transaction, which the binlog gives in whole seconds; 0 when nothing is in flight), sampled every 500 ms from the apply's Prometheus endpoint by \`ApplyMetricsSampler\`; mean and max of the samples in the window."
    echo "- **BPS, EPS, TPS**: growth of the apply's counters \`bytesApplied\` (change-record bytes as read from Kafka, not binlog bytes as PolarDB-X counts), \`eventsApplied\` (row changes) and \`transactionsApplied\` (upstream transactions, heartbeats included) between the first and last sample in the window, ÷ the time between them. Over a window the pipeline applies what it is behind by too, so they can exceed the upstream rate when the delay shrinks."
    echo "- **upstream tx/s, QPS**: sysbench's report of the level's run; **upstream binlog MB/s**: \`SHOW MASTER STATUS\` before and after the level (heartbeats included) ÷ its time."
    echo "- **CPU**: utime + stime from \`/proc/<pid>/stat\` before and after the level (the services found by their ports), ÷ its time."
  fi
  if [[ $do_large == 1 ]]; then
    echo "- **Large transactions**: the apply is paused (SIGSTOP); the transaction runs upstream (**upstream INSERT s**: the client's statement time; **binlog MB**: \`SHOW MASTER STATUS\` before and after); a \`KafkaWait\` consumer (read_committed) started before it sees the END record on the transaction topic (**capture s**: from the statement's return to then). Then a \`DownstreamWatch\` starts polling \`SELECT COUNT(*)\` of the table every 200 ms, the apply is resumed (SIGCONT) and **apply s** runs until the count equals the rows; any other count than 0 and all is a partial view (**reader polls / partial views**). **apply MB/s** = binlog MB ÷ apply s; **change records MB**: growth of \`bytesApplied\`; **spilled**: growth of the \`transactionsSpilled\` gauge. The small transactions' backlogs are timed the same way (no atomicity check: the count rises as they commit); **÷ small MB/s** divides by the mean of the two backlogs' MB/s, so that a drift in the machine's other work during the run weighs on both sides."
    echo "- The apply's heap is \`-Xmx$apply_heap\`; its log is checked for \`OutOfMemoryError\`."
  fi
} | write_report

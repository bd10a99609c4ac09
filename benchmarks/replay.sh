#!/usr/bin/env bash
# The apply alone, replaying one backlog from Kafka again and again: for comparing builds of the apply
# side by side (A/B) on a shared, noisy machine, where two drain.sh runs minutes apart differ by more
# than most changes do. The capture writes the backlog once: a fresh sysbench database, its snapshot,
# then --seconds of sysbench WORKLOAD with the capture running, until Kafka holds it all (--seconds 0:
# the snapshot alone, to measure the apply of a full import's rows). Then, for
# --rounds rounds, each JAR in turn (interleaved, so that a change in the host's speed hits every
# build alike) applies the whole backlog into empty downstream tables as a new consumer group, and is
# timed until the downstream equals the upstream.
#
#   benchmarks/replay.sh [--workload oltp_insert|oltp_write_only] [--seconds N] [--rows-per-table N]
#                        [--threads N] [--workers N] [--batch-size N] [--rounds N] [--consistency C]
#                        [--window FROM-TO] [--jfr DIR] [--tables N] [JAR...]
#
# --tables N spreads the sysbench tables over N (default 4) tables of --rows-per-table rows each: a
# backlog whose commits touch many tables, as benchmarks/tables.sh's drain (issue 30).
#
# JAR: ferry.jar builds to compare (copy jobs/target/ferry.jar aside for each); default: the current
# jobs/target/ferry.jar alone. --jfr DIR records each replay with Java Flight Recorder's execution
# samples (benchmarks/conf/cpu-samples.jfc) into DIR. Prints one line per replay and a table at the
# end; writes no report (the builds it compares are not commits of this checkout).
#
# Figures, per replay: the whole replay's wall seconds and apply CPU seconds (JVM start, snapshot
# rows and JIT included), and the steady part: between the polls at which the downstream had
# written FROM% and TO% (--window, default 30-90) of the replay's row operations (Handler_write +
# _update + _delete, polled every 0.2 s), row changes/s and the CPU µs per row change of the apply
# (also without its JIT compiler threads) and of the downstream, counting row changes in proportion
# to the row operations. A later window on a longer backlog leaves the JIT's work out of the rate.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage 'usage: benchmarks/replay.sh [--workload oltp_insert|oltp_write_only] [--seconds N] [--rows-per-table N]
                            [--threads N] [--workers N] [--batch-size N] [--rounds N] [--consistency C]
                            [--window FROM-TO] [--jfr DIR] [--tables N] [JAR...]'
workload=oltp_insert seconds=40 rows=20000 threads=16 workers=8 batch=2000 rounds=3
consistency=transaction jfr_dir="" jars=() window=30-90 tables=4
while [[ $# -gt 0 ]]; do
  case "$1" in
    --workload) need_value "$@"; workload=$2; shift 2 ;;
    --seconds) need_value "$@"; seconds=$2; shift 2 ;;
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    --workers) need_value "$@"; workers=$2; shift 2 ;;
    --batch-size) need_value "$@"; batch=$2; shift 2 ;;
    --rounds) need_value "$@"; rounds=$2; shift 2 ;;
    --consistency) need_value "$@"; consistency=$2; shift 2 ;;
    --jfr) need_value "$@"; jfr_dir=$(realpath -m "$2"); shift 2 ;;
    --window) need_value "$@"; window=$2; shift 2 ;;
    --tables) need_value "$@"; tables=$2; shift 2 ;;
    -*) usage ;;
    *) jars+=("$(realpath "$1")"); shift ;;
  esac
done
[[ $workload =~ ^(oltp_insert|oltp_write_only)$ && $consistency =~ ^(transaction|row)$ ]] || usage
check_ints --seconds "$seconds" 0 3600
check_ints --workers "$workers" 1 64
check_ints --rounds "$rounds" 1 100
check_ints --tables "$tables" 1 5000
[[ $window =~ ^([0-9]+)-([0-9]+)$ && ${BASH_REMATCH[1]} -lt ${BASH_REMATCH[2]} && ${BASH_REMATCH[2]} -le 100 ]] || usage
window_from=${BASH_REMATCH[1]} window_to=${BASH_REMATCH[2]}
bench_init apply-replay bench_replay
meta=bench_replay_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build
[[ ${#jars[@]} -gt 0 ]] || jars=("$bench_repo/jobs/target/ferry.jar")
for jar in "${jars[@]}"; do [[ -f $jar ]] || die "no such jar: $jar"; done
[[ -z $jfr_dir ]] || mkdir -p "$jfr_dir"
sysbench_args "$rows" "$tables"
total=$((rows * tables))
if [[ $workload == oltp_insert ]]; then state_sql=$(rows_sql "$tables"); else state_sql=$(checksum_sql "$tables"); fi
# Prepared statements over many tables would need tables x threads x 4 of the server's 16,382.
ps_mode=(); [[ $tables -le 16 ]] || ps_mode=(--db-ps-mode=disable)

# ---------------------------------------------------------------- the backlog, once
tag=$run_id
regex="^${tag//./\\.}\\.$db(\\..*)?\$"
say "run $run_id: $workload for ${seconds}s x $threads threads on $tables x $rows rows; apply $consistency, $workers workers, batch $batch; $rounds rounds of ${#jars[@]} builds"
prepare_upstream "$workload"
start_capture "$tag" || die "the capture did not start: $(tail -3 "$work/capture.log")"
kafka_wait_offsets "$regex" "$total" 600 > /dev/null || die "the capture did not write the snapshot to Kafka"
txns=0
if [[ $seconds -gt 0 ]]; then
  say "snapshot in Kafka; running sysbench $workload for ${seconds}s"
  sysbench "$workload" "${sb[@]}" ${ps_mode[@]+"${ps_mode[@]}"} --threads="$threads" --time="$seconds" --report-interval=0 run > "$work/run.log"
  txns=$(sysbench_figure "$work/run.log" txns)
fi
changes=$((total + $(row_changes "$workload" "$txns")))
kafka_wait_offsets "$regex" "$changes" 900 > /dev/null || die "the capture did not write the backlog to Kafka"
offsets=$(kafka_offsets "$regex")
until [[ ${last:-} == "$offsets" ]]; do last=$offsets; sleep 3; offsets=$(kafka_offsets "$regex"); done
stop_procs
expected=$("${up[@]}" -e "$state_sql")
say "Kafka holds $changes row changes ($total snapshot rows, $txns transactions); replaying"

# ---------------------------------------------------------------- replays
# jit_seconds PID: CPU seconds the JVM's JIT compiler threads have used so far. A fresh JVM
# compiles for most of a replay of a minute's backlog; a long-running apply compiles once.
jit_seconds() {
  awk -v hz="$clk_tck" '{ name = substr($0, index($0, "(") + 1); name = substr(name, 1, index(name, ")") - 1)
    rest = substr($0, index($0, ") ") + 2); split(rest, f, " ")
    if (name ~ /^C[12] CompilerThre/) jit += f[12] + f[13] } END { print jit / hz + 0 }' /proc/"$1"/task/*/stat 2>/dev/null || echo 0
}
# replay JAR N: one apply of the whole backlog; prints "wall cpu steady_rate steady_us_per_change
# steady_downstream_us_per_change steady_us_per_change_without_jit"
replay() {
  local jar=$1 n=$2 start series="$work/series" w0 cpu line flags=()
  reset_downstream
  "${down[@]}" -e "DROP DATABASE IF EXISTS $meta"
  [[ -z $jfr_dir ]] || flags=("-XX:StartFlightRecording=settings=$bench_repo/benchmarks/conf/cpu-samples.jfc,filename=$jfr_dir/replay-$n-$(basename "$jar" .jar).jfr")
  w0=$(downstream_writes)
  start=$(now)
  "${java[@]}" "${flags[@]}" -Xmx"${apply_heap:-1g}" -jar "$jar" apply --downstream.port "$FERRY_DOWNSTREAM_PORT" \
    --downstream.username ferry_apply --downstream.password ferry_apply --kafka.bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" \
    --apply.workers "$workers" --apply.batch-size "$batch" --apply.progress-database "$meta" --apply.consistency "$consistency" \
    --kafka.schema-topic "$tag-schema" --kafka.transaction-topic "$tag-tx" \
    --kafka.consumer-group "$tag-$n" --job.checkpoint-dir "$work/$tag-$n" --job.name apply > "$work/apply.log" 2>&1 &
  track apply $!
  : > "$series"
  while true; do
    line="$(calc "$(now) - $start") $(downstream_writes) $(cpu_seconds "${procs[apply]}") $(cpu_seconds "$down_pid") $(jit_seconds "${procs[apply]}")"
    echo "$line" >> "$series"
    # the state query scans the tables: only when no row was written since the last poll
    if [[ $(tail -2 "$series" | awk 'NR == 1 { a = $2 } END { print (NR == 2 && a == $2) }') == 1 ]] \
      && [[ $("${down[@]}" -e "$state_sql") == "$expected" ]]; then
      break
    fi
    procs_alive || { tail -5 "$work/apply.log" >&2; die "the apply died"; }
    [[ $(calc "($(now) - $start > 1800)") == 0 ]] || die "not caught up after 1800 s"
    sleep 0.2
  done
  cpu=$(cpu_seconds "${procs[apply]}")
  stop_procs
  # wall: the first poll that saw the final count; steady: the --window of the row operations
  awk -v w0="$w0" -v changes="$changes" -v cpu="$cpu" -v from="$window_from" -v to="$window_to" '
    { t[NR] = $1; w[NR] = $2 - w0; c[NR] = $3; d[NR] = $4; j[NR] = $5 }
    END {
      final = w[NR]; for (i = NR; i > 1 && w[i - 1] == final; i--) {}; wall = t[i]
      for (i = 1; i <= NR && w[i] < from / 100 * final; i++) {}; a = i
      for (; i <= NR && w[i] < to / 100 * final; i++) {}; b = i
      part = (w[b] - w[a]) / final * changes
      printf "%.1f %.1f %.0f %.2f %.2f %.2f\n", wall, cpu, part / (t[b] - t[a]), 1e6 * (c[b] - c[a]) / part, 1e6 * (d[b] - d[a]) / part,
        1e6 * (c[b] - c[a] - j[b] + j[a]) / part
    }' "$series"
}

declare -A sum_rate=() sum_us=() sum_down=() sum_nojit=()
results=()
for ((round = 1; round <= rounds; round++)); do
  for i in "${!jars[@]}"; do
    read -r wall cpu rate us down_us nojit_us <<< "$(replay "${jars[$i]}" "$round-$i")"
    results+=("$round|${jars[$i]}|$wall|$cpu|$rate|$us|$down_us|$nojit_us")
    sum_nojit[$i]=$(calc "${sum_nojit[$i]:-0} + $nojit_us")
    sum_rate[$i]=$(calc "${sum_rate[$i]:-0} + $rate"); sum_us[$i]=$(calc "${sum_us[$i]:-0} + $us")
    sum_down[$i]=$(calc "${sum_down[$i]:-0} + $down_us")
    say "round $round, $(basename "${jars[$i]}"): whole ${wall}s, apply CPU ${cpu}s; steady $(fmt0 "$rate") row changes/s, µs per change: apply ${us} (${nojit_us} without JIT), downstream ${down_us}"
  done
done

echo
echo "| round | build | whole s | apply CPU s | steady row changes/s | steady apply µs per change | without JIT | steady downstream µs per change |"
echo "|--:|---|--:|--:|--:|--:|--:|--:|"
for r in "${results[@]}"; do
  IFS='|' read -r round jar wall cpu rate us down_us nojit_us <<< "$r"
  echo "| $round | \`$jar\` | $wall | $cpu | $(fmt0 "$rate") | $us | $nojit_us | $down_us |"
done
for i in "${!jars[@]}"; do
  echo "| mean | \`${jars[$i]}\` | | | $(fmt0 "$(calc "${sum_rate[$i]} / $rounds")") | $(fmt2 "$(calc "${sum_us[$i]} / $rounds")") | $(fmt2 "$(calc "${sum_nojit[$i]} / $rounds")") | $(fmt2 "$(calc "${sum_down[$i]} / $rounds")") |"
done

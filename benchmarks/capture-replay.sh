#!/usr/bin/env bash
# The capture alone, build against build (A/B) on a shared, noisy machine: for each --rounds round,
# each JAR in turn (interleaved, so that a change in the host's speed hits every build alike) copies
# a fresh sysbench database (4 x --rows-per-table rows) to new Kafka topics (the snapshot), then,
# paused (SIGSTOP) while sysbench WORKLOAD runs for --seconds, is resumed and reads that binlog
# backlog into Kafka, twice (the first warms its code up). Per build and phase: the capture's CPU µs per row (snapshot) and per row
# change (binlog), from the moment its job runs (JVM and Flink start left out) until Kafka's
# committed offsets hold every row, and the rows/s of the phase.
#
#   benchmarks/capture-replay.sh [--workload oltp_insert|oltp_write_only] [--seconds N]
#                                [--rows-per-table N] [--threads N] [--rounds N] [--jfr DIR]
#                                [JAR[+OPTION=VALUE...]...]
#
# JAR: ferry.jar builds to compare (copy jobs/target/ferry.jar aside for each); default: the current
# one alone. +OPTION=VALUE suffixes pass capture options to that variant, so that one build can be
# compared with itself under other settings: ferry.jar ferry.jar+kafka.compression=none
# ferry.jar+kafka.properties.linger.ms=5. The Kafka broker's CPU per binlog change is reported
# beside the capture's (compression and batching move work between the two). --jfr DIR records each capture's execution samples (benchmarks/conf/cpu-samples.jfc)
# into DIR. Prints one line per run and a table; appends the table to
# results/capture-replay/<UTC start>.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage 'usage: benchmarks/capture-replay.sh [--workload oltp_insert|oltp_write_only] [--seconds N]
                                    [--rows-per-table N] [--threads N] [--rounds N] [--jfr DIR]
                                    [JAR[+OPTION=VALUE...]...]'
workload=oltp_insert seconds=15 rows=50000 threads=16 rounds=2 jfr_dir="" jars=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --workload) need_value "$@"; workload=$2; shift 2 ;;
    --seconds) need_value "$@"; seconds=$2; shift 2 ;;
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    --rounds) need_value "$@"; rounds=$2; shift 2 ;;
    --jfr) need_value "$@"; jfr_dir=$(realpath -m "$2"); shift 2 ;;
    -*) usage ;;
    *) jars+=("$(realpath "${1%%+*}")${1#"${1%%+*}"}"); shift ;;
  esac
done
[[ $workload =~ ^(oltp_insert|oltp_write_only)$ ]] || usage
check_ints --seconds "$seconds" 1 3600
check_ints --rounds "$rounds" 1 100
bench_init capture-replay bench_capture
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
bench_build
[[ ${#jars[@]} -gt 0 ]] || jars=("$bench_repo/jobs/target/ferry.jar")
for jar in "${jars[@]}"; do [[ -f ${jar%%+*} ]] || die "no such jar: ${jar%%+*}"; done
# label JAR+OPTIONS: the jar's file name and its options
label() { echo "$(basename "${1%%+*}")${1#"${1%%+*}"}"; }
[[ -z $jfr_dir ]] || mkdir -p "$jfr_dir"
sysbench_args "$rows"
total=$((rows * 4))

# thread_cpu PID: CPU seconds so far of the JVM's JIT compiler threads and of its garbage collector's
thread_cpu() {
  awk -v hz="$clk_tck" '{ name = substr($0, index($0, "(") + 1); name = substr(name, 1, index($0, ")") - index($0, "(") - 1)
    rest = substr($0, index($0, ") ") + 2); split(rest, f, " ")
    if (name ~ /^C[12] CompilerThre/) jit += f[12] + f[13]; else if (name ~ /^(G1 |GC Thread|VM Periodic)/) gc += f[12] + f[13] }
    END { print jit / hz + 0, gc / hz + 0 }' /proc/"$1"/task/*/stat 2>/dev/null || echo 0 0
}

# backlog WRITTEN: the capture paused while sysbench runs, then resumed until Kafka holds those
# changes on top of WRITTEN (or of the snapshot); sets changes, and bt0 bc0 bj0 bg0 / bt1 bc1 bj1
# bg1 (time, CPU, JIT and GC seconds) at its start and end, and bk0 / bk1 (the broker's CPU seconds)
backlog() {
  local base=$1 txns
  [[ $base != 0 ]] || base=$total
  kill -STOP "${procs[capture]}"
  sysbench "$workload" "${sb[@]}" --threads="$threads" --time="$seconds" --report-interval=0 run > "$work/run.log"
  txns=$(sysbench_figure "$work/run.log" txns)
  changes=$(row_changes "$workload" "$txns")
  bk0=$(cpu_seconds "$kafka_pid"); bc0=$(cpu_seconds "${procs[capture]}"); bt0=$(now); read -r bj0 bg0 <<< "$(thread_cpu "${procs[capture]}")"
  kill -CONT "${procs[capture]}"
  kafka_wait_offsets "$regex" $((base + changes)) 900 > /dev/null || die "the capture did not write the backlog to Kafka"
  bt1=$(now); bc1=$(cpu_seconds "${procs[capture]}"); bk1=$(cpu_seconds "$kafka_pid"); read -r bj1 bg1 <<< "$(thread_cpu "${procs[capture]}")"
}

# capture JAR N: one snapshot and one binlog backlog; prints "snapshot_s snapshot_us_per_row
# binlog_s binlog_us_per_change changes snapshot_jit_us snapshot_gc_us binlog_jit_us binlog_gc_us
# binlog_broker_us_per_change"
capture() {
  local jar=${1%%+*} n=$2 tag=$run_id-$2 regex c0 c1 c2 c3 t0 t1 t2 t3 txns changes j0 g0 j1 g1 j2 g2 j3 g3 k2 k3 part parts
  local options=()
  IFS="+" read -r -a parts <<< "${1#"$jar"}"
  for part in "${parts[@]}"; do [[ -z $part ]] || options+=("--${part%%=*}" "${part#*=}"); done
  regex="^${tag//./\\.}\\.$db(\\..*)?\$" # the database's topic, or its tables' topics
  prepare_upstream "$workload"
  # compiler threads that stay, so that their CPU seconds can be told apart to the end
  capture_jar=$jar capture_jvm_flags=(-XX:-UseDynamicNumberOfCompilerThreads)
  [[ -z $jfr_dir ]] || capture_jvm_flags+=("-XX:StartFlightRecording=settings=$bench_repo/benchmarks/conf/cpu-samples.jfc,filename=$jfr_dir/capture-$n-$(basename "$jar" .jar).jfr")
  start_capture "$tag" ${options[@]+"${options[@]}"} || die "the capture did not start: $(tail -3 "$work/capture.log")"
  t0=$(now); c0=$(cpu_seconds "${procs[capture]}"); read -r j0 g0 <<< "$(thread_cpu "${procs[capture]}")"
  kafka_wait_offsets "$regex" "$total" 900 > /dev/null || die "the capture did not write the snapshot to Kafka"
  t1=$(now); c1=$(cpu_seconds "${procs[capture]}"); read -r j1 g1 <<< "$(thread_cpu "${procs[capture]}")"
  backlog 0 # a first backlog warms the binlog path up (JIT); the second is the one measured
  backlog $((total + changes))
  t2=$bt0 c2=$bc0 j2=$bj0 g2=$bg0 t3=$bt1 c3=$bc1 j3=$bj1 g3=$bg1 k2=$bk0 k3=$bk1
  stop_procs
  kafka_delete_topics "$tag.*"
  calc "$t1 - $t0, 1e6 * ($c1 - $c0) / $total, $t3 - $t2, 1e6 * ($c3 - $c2) / $changes, $changes, \
    1e6 * ($j1 - $j0) / $total, 1e6 * ($g1 - $g0) / $total, 1e6 * ($j3 - $j2) / $changes, 1e6 * ($g3 - $g2) / $changes, \
    1e6 * ($k3 - $k2) / $changes" | tr -d ','
}

say "run $run_id: snapshot of 4 x $rows rows, then $workload for ${seconds}s x $threads threads; $rounds rounds of ${#jars[@]} builds"
declare -A sum_snap=() sum_bin=() sum_snap_nojit=() sum_bin_nojit=() sum_broker=()
results=()
for ((round = 1; round <= rounds; round++)); do
  for i in "${!jars[@]}"; do
    read -r snap_s snap_us bin_s bin_us changes snap_jit snap_gc bin_jit bin_gc broker_us <<< "$(capture "${jars[$i]}" "$round-$i")"
    results+=("$round|${jars[$i]}|$snap_s|$snap_us|$bin_s|$bin_us|$changes|$snap_jit|$snap_gc|$bin_jit|$bin_gc|$broker_us")
    sum_broker[$i]=$(calc "${sum_broker[$i]:-0} + $broker_us")
    sum_snap[$i]=$(calc "${sum_snap[$i]:-0} + $snap_us"); sum_bin[$i]=$(calc "${sum_bin[$i]:-0} + $bin_us")
    sum_snap_nojit[$i]=$(calc "${sum_snap_nojit[$i]:-0} + $snap_us - $snap_jit")
    sum_bin_nojit[$i]=$(calc "${sum_bin_nojit[$i]:-0} + $bin_us - $bin_jit")
    say "round $round, $(label "${jars[$i]}"): snapshot $(fmt1 "$snap_s") s, $(fmt1 "$snap_us") µs/row; binlog $changes changes in $(fmt1 "$bin_s") s, $(fmt1 "$bin_us") µs/change, broker $(fmt1 "$broker_us") µs/change"
  done
done

mkdir -p "$results_dir"
{
  echo "# Capture A/B ($started_at): $workload, 4 x $rows rows, ${seconds}s x $threads threads, $rounds rounds"
  echo
  echo "| round | build | snapshot s | snapshot capture µs/row (JIT, GC) | binlog s | binlog capture µs/change (JIT, GC) | binlog broker µs/change | changes |"
  echo "|--:|---|--:|--:|--:|--:|--:|--:|"
  for r in "${results[@]}"; do
    IFS='|' read -r round jar snap_s snap_us bin_s bin_us changes snap_jit snap_gc bin_jit bin_gc broker_us <<< "$r"
    echo "| $round | \`$(label "$jar")\` | $(fmt1 "$snap_s") | $(fmt1 "$snap_us") ($(fmt1 "$snap_jit"), $(fmt1 "$snap_gc")) | $(fmt1 "$bin_s") | $(fmt1 "$bin_us") ($(fmt1 "$bin_jit"), $(fmt1 "$bin_gc")) | $(fmt1 "$broker_us") | $changes |"
  done
  for i in "${!jars[@]}"; do
    echo "| mean (without JIT) | \`$(label "${jars[$i]}")\` | | $(fmt1 "$(calc "${sum_snap[$i]} / $rounds")") ($(fmt1 "$(calc "${sum_snap_nojit[$i]} / $rounds")")) | | $(fmt1 "$(calc "${sum_bin[$i]} / $rounds")") ($(fmt1 "$(calc "${sum_bin_nojit[$i]} / $rounds")")) | $(fmt1 "$(calc "${sum_broker[$i]} / $rounds")") | |"
    [[ $i == 0 ]] || echo "| ratio to \`$(label "${jars[0]}")\` | | | $(ratio "${sum_snap[$i]}" "${sum_snap[0]}") ($(ratio "${sum_snap_nojit[$i]}" "${sum_snap_nojit[0]}")) | | $(ratio "${sum_bin[$i]}" "${sum_bin[0]}") ($(ratio "${sum_bin_nojit[$i]}" "${sum_bin_nojit[0]}")) | $(ratio "${sum_broker[$i]}" "${sum_broker[0]}") | |"
  done
  echo
  echo "Load: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee -a "$report"

#!/usr/bin/env bash
# Apply speed, measured by draining a backlog (issue 3, point 5), side by side in one run:
#   ferry transaction  capture -> Kafka -> apply, apply.consistency=transaction, at each --workers
#   ferry row          the same with apply.consistency=row
#   stock              Flink CDC's SQL pipeline mysql-cdc -> jdbc (sql/stock-snapshot.sql, as shipped),
#                      parallelism = workers, sink.buffer-flush.max-rows = --batch-size
# On 2 cores a live sysbench load starves the pipeline of CPU, so each run copies a fresh sysbench
# database, pauses the pipeline's processes (SIGSTOP), runs sysbench for --seconds, resumes them
# (SIGCONT) and times until the downstream equals the upstream (compared whenever the downstream has
# written no row for 0.2 s). Then, for ferry, the apply's own drain on the same processes: only the
# apply paused, sysbench again, and once the capture has written that backlog to Kafka the apply is
# resumed and timed. Workloads:
# oltp_insert, then oltp_write_only. Prints progress, then a Markdown report, also written to
# benchmarks/results/apply-drain/<UTC date-time>.md.
#
#   benchmarks/drain.sh [--quick] [--workers "1 4 8 16 32"] [--batch-size N] [--seconds N]
#                       [--rows-per-table N] [--threads N] [--profile] [--pipelines "transaction row stock"]
#                       [--workloads "oltp_insert oltp_write_only"]
# --profile adds one ferry transaction run of the last workload at the most workers, recorded with
# Java Flight Recorder; FERRY_BENCH_JFR_DIR=<dir> keeps its recordings there for further study.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
# --tables "4 400 1000" is the table-count axis (issue 30): the same rows spread over more tables.
# benchmarks/tables.sh measures it, the drain (the apply's changes/s from a Kafka backlog)
# among its figures, in one run; the arguments go to it as they are.
for arg in "$@"; do [[ $arg != --tables ]] || exec "$(dirname "${BASH_SOURCE[0]}")/tables.sh" "$@"; done
bench_usage 'usage: benchmarks/drain.sh [--quick] [--workers "1 4 8 16 32"] [--batch-size N] [--seconds N]
                           [--rows-per-table N] [--threads N] [--profile] [--pipelines "transaction row stock"]
                           [--workloads "oltp_insert oltp_write_only"]
       benchmarks/drain.sh --tables "4 400 1000" [tables.sh options]: the table-count axis, run by tables.sh'
quick=0 profile=0 workers="" batch=2000 seconds="" rows="" threads=16 pipelines="transaction row stock"
workloads="oltp_insert oltp_write_only"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --profile) profile=1; shift ;;
    --workers) need_value "$@"; workers=$2; shift 2 ;;
    --batch-size) need_value "$@"; batch=$2; shift 2 ;;
    --seconds) need_value "$@"; seconds=$2; shift 2 ;;
    --rows-per-table) need_value "$@"; rows=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    --pipelines) need_value "$@"; pipelines=$2; shift 2 ;;
    --workloads) need_value "$@"; workloads=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [[ $quick == 1 ]]; then
  : "${workers:=4 16}" "${seconds:=15}" "${rows:=10000}"
else
  : "${workers:=1 4 8 16 32}" "${seconds:=40}" "${rows:=20000}"
fi
for p in $pipelines; do [[ $p =~ ^(transaction|row|stock)$ ]] || usage; done
check_ints --workers "$workers" 1 64
for w in $workloads; do [[ $w =~ ^(oltp_insert|oltp_write_only)$ ]] || usage; done
total=$((rows * 4))
drain_timeout=900 # seconds a drain may take before the run is reported as not caught up
bench_init apply-drain bench_drain
meta=bench_drain_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build
sysbench_args "$rows"
rows_sql=$(rows_sql)
checksum_sql=$(checksum_sql)
# What "downstream equals upstream" compares: row counts for inserts, per-table count and checksum otherwise.
state_sql() { if [[ $1 == oltp_insert ]]; then echo "$rows_sql"; else echo "$checksum_sql"; fi; }

start_ferry() { # consistency, workers, tag
  start_capture "$3" || return 1
  start_apply "$3" "$3" "$2" "$batch" --apply.consistency "$1"
}

# write_backlog WORKLOAD: sysbench for --seconds (the pipeline, or part of it, paused); sets the
# caller's txns, writes, errors, rowchanges and expected (the upstream's final state)
write_backlog() {
  sysbench "$1" "${sb[@]}" --threads="$threads" --time="$seconds" --report-interval=0 run > "$work/run.log"
  txns=$(sysbench_figure "$work/run.log" txns)
  writes=$(sysbench_figure "$work/run.log" writes)
  errors=$(sysbench_figure "$work/run.log" errors)
  rowchanges=$(row_changes "$1" "$txns")
  expected=$("${up[@]}" -e "$(state_sql "$1")")
}

# Results, one line per run: workload|pipeline|workers|transactions|row changes|drain seconds|
# CPU seconds of capture|apply|stock|kafka|downstream|upstream|sysbench ignored errors|status|
# CPU seconds stolen by other guests of the host|downstream handler row operations per row change
results=()
record() { local IFS='|'; results+=("$*"); }
runs_total=$(( $(wc -w <<< "$workloads") * $(wc -w <<< "$workers") * $(wc -w <<< "$pipelines") ))
run_no=0
# drain WORKLOAD PIPELINE WORKERS [JFR]: one run; appends to results (JFR: profile the ferry processes)
drain() {
  local workload=$1 pipeline=$2 w=$3 jfr=${4:-} tag label copy expected txns writes errors rowchanges
  local drained cpu0 cpu1 name ops0 ops1
  run_no=$((run_no + 1)); tag=$run_id-$run_no
  label="[$run_no/$runs_total] $workload $pipeline workers $w"; [[ -n $jfr ]] && label="[profile] $workload $pipeline workers $w"
  rm -f "$work"/*.log
  say "$label: preparing $db (4 tables x $rows rows)"
  prepare_upstream "$workload"
  reset_downstream
  "${down[@]}" -e "DROP DATABASE IF EXISTS $meta"
  if [[ $pipeline == stock ]]; then start_stock "$w" "$batch"; else start_ferry "$pipeline" "$w" "$tag" || true; fi
  if ! copy=$(wait_until "$rows_sql" "$total" 600 2> "$work/why"); then
    record "$workload" "$pipeline" "$w" "" "" "" "" "" "" "" "" "" "" "$(failure "failed before the drain: $(cat "$work/why")")"
    say "$label: FAILED: ${results[-1]##*|}"
    stop_procs; return
  fi
  say "$label: snapshot downstream after ${copy}s; pausing the pipeline and running sysbench $workload for ${seconds}s"
  if [[ -n $jfr ]]; then
    for name in capture apply; do
      jcmd "${procs[$name]}" JFR.start name=drain settings=profile filename="$work/$name.jfr" > /dev/null
    done
  fi
  pause_procs
  write_backlog "$workload"
  say "$label: backlog $txns transactions, $rowchanges row changes (sysbench: $writes writes, $errors ignored errors); resuming"
  cpu0=$(cpu_all); ops0=$(downstream_writes)
  resume_procs
  if ! drained=$(wait_until "$(state_sql "$workload")" "$expected" $drain_timeout quiet 2> "$work/why"); then
    record "$workload" "$pipeline" "$w" "$txns" "$rowchanges" "" "" "" "" "" "" "" "$errors" "$(failure "$(cat "$work/why")")"
    say "$label: FAILED: ${results[-1]##*|}"
    stop_procs; return
  fi
  cpu1=$(cpu_all); ops1=$(downstream_writes)
  local status=ok
  # Counts are all the insert drain compares; check the contents once it has caught up.
  [[ $("${down[@]}" -e "$checksum_sql") == $("${up[@]}" -e "$checksum_sql") ]] || status="caught up in rows but the checksums differ"
  local restarts deadlocks
  restarts=$(restarts_in_logs)
  if [[ $restarts -gt 0 ]]; then
    status="$status; but a task failed over $restarts times during the run, first because: $(failover_cause)"
  fi
  deadlocks=$(cat "$work"/*.log | grep -c 'Deadlock found' || true)
  [[ $deadlocks -gt 0 ]] && status="$status; $deadlocks log lines report a downstream deadlock"
  used() { cpu_used "$1" "$cpu0" "$cpu1"; } # name: CPU seconds during the drain, or empty
  record "$workload" "$pipeline" "$w" "$txns" "$rowchanges" "$drained" "$(used capture)" "$(used apply)" "$(used stock)" \
    "$(used kafka)" "$(used down)" "$(used up)" "$errors" "$status" "$(used steal)" "$(calc "($ops1 - $ops0) / $rowchanges")"
  say "$label: drained in ${drained}s: $(calc "int($rowchanges / $drained)") rows/s, $(calc "int($txns / $drained)") transactions/s ($status)"
  if [[ -n $jfr ]]; then
    for name in capture apply; do
      jcmd "${procs[$name]}" JFR.stop name=drain > /dev/null
    done
  fi
  [[ $pipeline == stock ]] || apply_drain "$workload" "$pipeline" "$w" "$tag" "$label" "$jfr"
  stop_procs
}

# apply_drain WORKLOAD PIPELINE WORKERS TAG LABEL [JFR]: on the running ferry pipeline, the apply's
# own drain of a backlog in Kafka: only the apply is paused while sysbench runs; once the capture
# has written the whole backlog to Kafka (its committed offsets grew by at least the row changes and
# then stood still for longer than its checkpoint interval) the apply resumes and is timed until
# the downstream has caught up. Appends a result for pipeline "PIPELINE@kafka".
apply_drain() {
  local workload=$1 pipeline=$2 w=$3 tag=$4 label="$5 (apply drain)" jfr=${6:-} regex offsets0 offsets1 offsets2
  local txns writes errors rowchanges expected drained cpu0 cpu1 ops0 ops1 status=ok
  regex="^${tag//./\\.}\\.$db(\\..*)?\$"
  offsets0=$(kafka_offsets "$regex")
  [[ -n $jfr ]] && jcmd "${procs[apply]}" JFR.start name=apply-drain settings=profile filename="$work/apply-kafka.jfr" > /dev/null
  say "$label: pausing the apply only and running sysbench $workload for ${seconds}s"
  kill -STOP "${procs[apply]}"
  write_backlog "$workload"
  say "$label: backlog $txns transactions, $rowchanges row changes; waiting for the capture to write them to Kafka"
  if ! kafka_wait_offsets "$regex" $((offsets0 + rowchanges)) 900 > /dev/null; then
    record "$workload" "$pipeline@kafka" "$w" "$txns" "$rowchanges" "" "" "" "" "" "" "" "$errors" "$(failure "the capture did not write the backlog to Kafka")"
    say "$label: FAILED: ${results[-1]##*|}"; return
  fi
  offsets2=$(kafka_offsets "$regex")
  until [[ ${offsets1:-} == "$offsets2" ]]; do offsets1=$offsets2; sleep 3; offsets2=$(kafka_offsets "$regex"); done
  say "$label: Kafka holds the backlog (offsets $offsets0 -> $offsets2); resuming the apply"
  cpu0=$(cpu_all); ops0=$(downstream_writes)
  kill -CONT "${procs[apply]}"
  if ! drained=$(wait_until "$(state_sql "$workload")" "$expected" $drain_timeout quiet 2> "$work/why"); then
    record "$workload" "$pipeline@kafka" "$w" "$txns" "$rowchanges" "" "" "" "" "" "" "" "$errors" "$(failure "$(cat "$work/why")")"
    say "$label: FAILED: ${results[-1]##*|}"; return
  fi
  cpu1=$(cpu_all); ops1=$(downstream_writes)
  [[ -n $jfr ]] && jcmd "${procs[apply]}" JFR.stop name=apply-drain > /dev/null
  [[ $("${down[@]}" -e "$checksum_sql") == $("${up[@]}" -e "$checksum_sql") ]] || status="caught up in rows but the checksums differ"
  used() { cpu_used "$1" "$cpu0" "$cpu1"; }
  record "$workload" "$pipeline@kafka" "$w" "$txns" "$rowchanges" "$drained" "$(used capture)" "$(used apply)" "" \
    "$(used kafka)" "$(used down)" "$(used up)" "$errors" "$status" "$(used steal)" "$(calc "($ops1 - $ops0) / $rowchanges")"
  say "$label: drained in ${drained}s: $(calc "int($rowchanges / $drained)") rows/s, $(calc "int($txns / $drained)") transactions/s ($status)"
}

say "run $run_id: workloads $workloads; pipelines $pipelines; workers $workers; batch $batch; ${seconds}s of sysbench x $threads threads; 4 x $rows rows; work dir $work"
# Pipelines alternate within each workers value, so that the runs a ratio compares are minutes
# apart, not the length of a workload's runs: the shared host's speed drifts over that much.
for workload in $workloads; do
  for w in $workers; do
    for pipeline in $pipelines; do
      drain "$workload" "$pipeline" "$w"
    done
  done
done
profile_results=()
if [[ $profile == 1 ]]; then
  pw=$(tr ' ' '\n' <<< "$workers" | sort -n | tail -1)
  pwl=${workloads##* }
  n=${#results[@]}
  drain "$pwl" transaction "$pw" jfr
  profile_results=("${results[@]:n}")
  results=("${results[@]:0:n}")
fi

# ---------------------------------------------------------------- report
field() { cut -d'|' -f"$2" <<< "$1"; }
rate() { # rows or txns, seconds
  [[ -n $1 && -n $2 ]] && fmt0 "$(calc "$1 / $2")" || printf '—'
}
rate_of() { # workload pipeline workers: rows/s, empty when the run failed
  local r
  for r in "${results[@]}"; do
    if [[ $(field "$r" 1) == "$1" && $(field "$r" 2) == "$2" && $(field "$r" 3) == "$3" && -n $(field "$r" 6) ]]; then
      calc "$(field "$r" 5) / $(field "$r" 6)"; return
    fi
  done
}
name_of() {
  case $1 in
    transaction) echo "ferry transaction" ;; row) echo "ferry row" ;; stock) echo "stock mysql-cdc → jdbc" ;;
    transaction@kafka) echo "ferry transaction, apply from Kafka" ;; row@kafka) echo "ferry row, apply from Kafka" ;;
  esac
}
row_md() { # result line
  local r=$1 s
  s=$(field "$r" 6)
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
    "$(name_of "$(field "$r" 2)")" "$(field "$r" 3)" "$(fmt0 "$(field "$r" 5)")" "$(fmt0 "$(field "$r" 4)")" "$(fmt1 "$s")" \
    "$(rate "$(field "$r" 5)" "$s")" "$(rate "$(field "$r" 4)" "$s")" \
    "$(fmt1 "$(field "$r" 7)")" "$(fmt1 "$(field "$r" 8)")" "$(fmt1 "$(field "$r" 9)")" "$(fmt1 "$(field "$r" 10)")" \
    "$(fmt1 "$(field "$r" 11)")" "$(fmt1 "$(field "$r" 12)")" "$(fmt1 "$(field "$r" 15)")" "$(fmt2 "$(field "$r" 16)")"
}
header_md() {
  echo '| pipeline | workers | row changes | transactions | drain s | rows/s | transactions/s | CPU s capture | CPU s apply | CPU s stock job | CPU s Kafka | CPU s downstream mysqld | CPU s upstream mysqld | CPU s stolen | downstream row ops per change |'
  echo '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|'
}
# Top frames of the execution samples in a JFR recording: the hottest methods.
hot_methods() { # file
  jfr print --events jdk.ExecutionSample "$1" | awk '
    /stackTrace = \[/ { top = 1; next }
    top { sub(/^[ \t]+/, ""); sub(/[ \t]+line:.*$/, ""); n[$0]++; total++; top = 0 }
    END { for (m in n) printf "%d\t%.1f\t%s\n", n[m], 100 * n[m] / total, m }' | sort -t$'\t' -k1,1nr |
    awk -F'\t' 'BEGIN { print "| samples | % of samples | method |"; print "|--:|--:|---|" }
                NR <= 15 { gsub(/\|/, "\\|", $3); printf "| %s | %s | `%s` |\n", $1, $2, $3 }'
}
{
  echo "# Apply speed: draining a backlog ($started_at)"
  echo
  echo "Issue 3, point 5. \`benchmarks/drain.sh$([[ $quick == 1 ]] && echo ' --quick')\` at $(git rev-parse --short HEAD) ($(git rev-parse --abbrev-ref HEAD))."
  echo
  report_machine
  echo
  echo "## Settings"
  echo
  echo "- workloads: sysbench \`oltp_insert\`, then \`oltp_write_only\`, 4 tables of $rows rows prepared; ${seconds} s of \`run\` with $threads threads while the pipeline is paused"
  echo "- workers: $workers (ferry \`apply.workers\`; stock: \`parallelism.default\`, i.e. source and sink parallelism)"
  echo "- batch: $batch rows (ferry \`apply.batch-size\`; stock \`sink.buffer-flush.max-rows\`)"
  echo "- ferry: capture (\`capture.parallelism\` 4, Kafka compression lz4, default heap) and apply (\`-Xmx1g\`) as two \`java -jar jobs/target/ferry.jar\` processes; every other option at its default"
  echo "- stock: \`java -jar benchmarks/target/ferry-benchmarks.jar benchmarks/sql/stock-snapshot.sql\` (default heap), connectors as shipped"
  echo "- every JVM: \`heartbeat.timeout\` 600 s, so that a paused mini-cluster does not fail over on resume"
  echo
  for workload in $workloads; do
    echo "## \`$workload\`"
    echo
    header_md
    for r in "${results[@]}"; do [[ $(field "$r" 1) == "$workload" ]] && row_md "$r"; done
    echo
  done
  echo "## Ratios (drain rate in rows/s)"
  echo
  echo "Targets (issue 23): the **apply from Kafka** (ferry transaction mode) drains at least 1.5× as fast as the stock pipeline, with the apply heap at 1 GB or less (here \`-Xmx1g\`); the **whole pipeline** at least 1.0× (the stock job has no Kafka hop; matching it with one is the bar)."
  echo "Two ferry figures: the **apply's drain** of a backlog already in Kafka (the apply paused, the capture running: what the apply itself does per second), and the **whole pipeline's drain** of a backlog in the binlog (capture and apply paused: capture, Kafka and apply share the cores). The stock pipeline has one process and drains the binlog."
  echo
  echo '| workload | workers | ferry apply from Kafka ÷ stock | target ≥ 1.5× | ferry whole pipeline ÷ stock | target ≥ 1.0× | ferry transaction ÷ ferry row (apply from Kafka) |'
  echo '|---|--:|--:|---|--:|---|--:|'
  met_k=0 missed_k=0 met=0 missed=0
  versus() { # ferry stock target: "ratio|verdict"
    if [[ -n $1 && -n $2 ]]; then
      printf '%.2f×|' "$(calc "$1 / $2")"; [[ $(calc "($1 / $2 >= $3)") == 1 ]] && echo met || echo missed
    else echo "—|not measured"; fi
  }
  for workload in $workloads; do
    for w in $workers; do
      st=$(rate_of "$workload" stock "$w")
      k=$(versus "$(rate_of "$workload" transaction@kafka "$w")" "$st" 1.5)
      p=$(versus "$(rate_of "$workload" transaction "$w")" "$st" 1.0)
      [[ ${k#*|} == met ]] && met_k=$((met_k + 1)); [[ ${k#*|} == missed ]] && missed_k=$((missed_k + 1))
      [[ ${p#*|} == met ]] && met=$((met + 1)); [[ ${p#*|} == missed ]] && missed=$((missed + 1))
      tx=$(rate_of "$workload" transaction@kafka "$w"); rw=$(rate_of "$workload" row@kafka "$w"); vs_row="—"
      [[ -n $tx && -n $rw ]] && vs_row=$(printf '%.2f×' "$(calc "$tx / $rw")")
      echo "| \`$workload\` | $w | ${k%|*} | ${k#*|} | ${p%|*} | ${p#*|} | $vs_row |"
    done
  done
  echo
  echo "Target met by the apply from Kafka (≥ 1.5×) in $met_k and missed in $missed_k of the $((met_k + missed_k)) measured comparisons; by the whole pipeline (≥ 1.0×) in $met and missed in $missed of $((met + missed))."
  echo
  if [[ $profile == 1 ]]; then
    echo "## Profile"
    echo
    echo "One more ferry transaction-mode drain of \`$pwl\` at $pw workers, with Java Flight Recorder"
    echo "(\`jcmd <pid> JFR.start settings=profile\`, started before the pause, stopped when the downstream has caught up)."
    echo "Its figures are not in the tables above, as the recorder costs CPU:"
    echo
    header_md
    for r in "${profile_results[@]}"; do [[ -z $(field "$r" 6) ]] || row_md "$r"; done
    echo
    for r in "${profile_results[@]}"; do echo "Run status, $(name_of "$(field "$r" 2)"): $(field "$r" 14)"; echo; done
    for name in apply capture apply-kafka; do
      if [[ -s $work/$name.jfr ]]; then
        case $name in
          apply-kafka) echo "Hot methods of the apply process during its drain from Kafka (top frames of \`jdk.ExecutionSample\`):" ;;
          *) echo "Hot methods of the $name process during the whole pipeline's drain (top frames of \`jdk.ExecutionSample\`; native I/O waits are not sampled):" ;;
        esac
        echo
        hot_methods "$work/$name.jfr"
        echo
      fi
    done
  fi
  echo "## Failed or flagged runs"
  echo
  flagged=0
  for r in "${results[@]}"; do
    if [[ $(field "$r" 14) != ok ]]; then # failed, or caught up with a failover or deadlocks on the way
      echo "- \`$(field "$r" 1)\` $(name_of "$(field "$r" 2)") at $(field "$r" 3) workers: $(field "$r" 14)"; flagged=1
    fi
  done
  [[ $flagged == 1 ]] || echo "None: every run caught up without a failover, and its downstream checksums equal the upstream's."
  echo
  echo "## How each figure was measured"
  echo
  echo "- **Run**: for every workload, pipeline and workers value: a fresh upstream database ($db, \`sysbench prepare\`), empty downstream tables of the same definition, the pipeline started, and the snapshot waited for (downstream \`COUNT(*)\` = $total rows). Then every process of the pipeline gets SIGSTOP, sysbench runs, the upstream's final state is read, and the processes get SIGCONT. For ferry, once that drain has caught up, the **apply from Kafka** run follows on the same processes: only the apply gets SIGSTOP, sysbench runs again for as long, the capture writes that backlog to Kafka (waited for until the change topics' committed offsets have grown by at least the backlog's row changes and then stand still for 3 s, longer than the capture's 2 s checkpoint interval), and the apply gets SIGCONT."
  echo "- **drain s**: from SIGCONT (of the apply alone, for an apply from Kafka) until the downstream equals the upstream, polled with the \`mariadb\` client every 0.2 s: the downstream's count of rows written (\`Handler_write\` + \`Handler_update\` + \`Handler_delete\`), and whenever that has not moved since the last poll, the tables: for \`oltp_insert\` the total \`COUNT(*)\` of the 4 tables; for \`oltp_write_only\` per table \`COUNT(*)\` and \`SUM(CRC32(CONCAT_WS('#',id,k,c,pad)))\`. After each drain the checksums of both sides are compared once more, for both workloads. Comparing the tables costs downstream CPU (counted in its column), so it runs only when the downstream is quiet. The drain ends at the first poll that saw the final count of rows written: no row was written after it, so the downstream already equalled the upstream there (the quiet poll and the comparison after it are not counted; any later write, such as ferry's progress save every second, moves that end later). The time includes up to 0.2 s of polling granularity and, for the whole ferry pipeline, the capture's Kafka transaction commit at its checkpoint interval (2 s)."
  echo "- **transactions**: sysbench's \`transactions\` count (committed). **row changes**: derived from it: \`oltp_insert\` autocommits one INSERT per transaction; an \`oltp_write_only\` transaction updates k and c of one id, deletes it and inserts it again: 4 row changes (sysbench's \`write\` query count, printed while the script runs, agrees up to rolled-back transactions). Binlog and status counters are not used, as other work shares the upstream server."
  echo "- **rows/s**, **transactions/s**: row changes and transactions of the backlog ÷ drain seconds."
  echo "- **CPU s**: utime + stime from \`/proc/<pid>/stat\` at SIGCONT and when caught up, per process: ferry capture and apply, the stock job, the Kafka broker, the downstream and upstream \`mariadbd\` (found by the port they listen on). The services are shared with other work on this machine, so their columns include whatever else ran. **CPU s stolen**: the steal time of \`/proc/stat\` over the same span, all cores: time the hypervisor gave to other guests while this machine had work; a large figure means the run was slowed from outside."
  echo "- **downstream row ops per change**: the downstream's \`Handler_write\` + \`Handler_update\` + \`Handler_delete\` over the same span, ÷ row changes: the rows its storage engine wrote per upstream row change. An upsert of an existing row counts twice (the attempted insert and the update); changes a pipeline folds into one net change per row before writing (several updates of a hot row in one flush or one merged commit) count once, so a pipeline that folds over a longer stretch of changes writes fewer rows. Includes ferry's progress rows and anything else the shared server wrote."
  echo "- **Ratios**: drain rows/s of ferry transaction mode, applying from Kafka and as a whole pipeline, ÷ that of the stock pipeline (and, applying from Kafka, ÷ ferry row mode) at the same workers and workload. Each pipeline drains its own backlog (sysbench's throughput varies between runs), so the rates, not the times, are compared."
  echo "- The stock pipeline has no Kafka in its path: it reads the binlog and writes the downstream in one job."
} | write_report
if [[ $profile == 1 && -n ${FERRY_BENCH_JFR_DIR:-} ]]; then
  mkdir -p "$FERRY_BENCH_JFR_DIR" && cp "$work"/*.jfr "$FERRY_BENCH_JFR_DIR"/ && say "recordings kept in $FERRY_BENCH_JFR_DIR"
fi

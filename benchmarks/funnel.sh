#!/usr/bin/env bash
# Stage funnel (issue 6, table 3), as Canal's Performance page: row changes/s and MB/s after each
# stage of the pipeline, on the same binlog backlog, for a bulk-DML workload and a single-row one:
#   1 binlog read      a replica client (mysql-binlog-connector-java, Flink CDC's) reads the range, bodies skipped
#   2 event parse      the same client decodes every event, row images included
#   3 change events    the capture job's CDC source turned them into change records (envelope ts_ms)
#   4 Kafka produce    the capture job built the envelopes and sent them (Kafka record timestamps)
#   5 Kafka consume    a plain KafkaConsumer reads the change topic (read_committed)
#   6 apply            the apply job drains the topic into the downstream
#   end to end         capture and apply drain a second, equal backlog together
# Each backlog is made while the pipeline's processes are paused (SIGSTOP); stages 3-4 run with only
# the capture resumed, stages 1, 2 and 5 while it idles, stage 6 with only the apply resumed.
# Prints progress, then a Markdown report and a PNG chart under benchmarks/results/funnel/.
#
#   benchmarks/funnel.sh [--quick] [--bulk-rows N] [--single-rows N] [--workers N] [--threads N]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/probes.sh"
bench_usage 'usage: benchmarks/funnel.sh [--quick] [--bulk-rows N] [--single-rows N] [--workers N] [--threads N]'
quick=0 bulk_rows="" single_rows="" workers=16 threads=4
command_line="benchmarks/funnel.sh${*:+ $*}" # for the report
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --bulk-rows) need_value "$@"; bulk_rows=$2; shift 2 ;;
    --single-rows) need_value "$@"; single_rows=$2; shift 2 ;;
    --workers) need_value "$@"; workers=$2; shift 2 ;;
    --threads) need_value "$@"; threads=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [[ $quick == 1 ]]; then
  : "${bulk_rows:=30000}" "${single_rows:=20000}"
else
  : "${bulk_rows:=60000}" "${single_rows:=40000}"
fi
check_ints --bulk-rows "$bulk_rows" 2000 100000000
(( bulk_rows % 2000 == 0 )) || { echo "--bulk-rows must be a multiple of 2000 (statements of 1,000 rows, half of them deleted)" >&2; exit 2; }
check_ints --single-rows "$single_rows" 1000 100000000
check_ints --workers "$workers" 1 64
check_ints --threads "$threads" 1 256
batch=2000
workloads="bulk single"
bench_init funnel bench_funnel
meta=bench_funnel_meta
on_exit '"${up[@]}" -e "DROP DATABASE IF EXISTS $db"'
on_exit '"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"'
bench_build
tag=$run_id

# ---------------------------------------------------------------- workloads
# bulk: Canal's "batch Insert/Update/Delete": statements of 1,000 rows on a sysbench-shaped table,
# each its own transaction: insert N rows (k = 1), update them all (k = 2), delete the first half
# and insert it again (k = 3): 3N row changes. The downstream has all of them exactly when
# COUNT(*) = N and SUM(k) = 2.5N (per row the changes keep their order, and only a row that went
# through all of its changes reaches its final k), whatever order the apply commits other rows in.
# single: sysbench oltp_insert, one autocommitted single-row INSERT per transaction.
table_of() { if [[ $1 == bulk ]]; then echo bulk; else echo sbtest1; fi; }
changes_of() { if [[ $1 == bulk ]]; then echo $((3 * bulk_rows)); else echo "$single_rows"; fi; }
transactions_of() { if [[ $1 == bulk ]]; then echo $((3 * bulk_rows / 1000)); else echo "$single_rows"; fi; }
state_sql() { if [[ $1 == bulk ]]; then echo "SELECT COUNT(*), SUM(k) FROM $db.bulk"; else echo "SELECT COUNT(*) FROM $db.sbtest1"; fi; }
topic_regex() { echo "^${tag//./\\.}\\.$db\\.$(table_of "$1")\$"; }
bulk_sql() { # TABLE FIRST_ID ROWS
  local t=$1 a=$2 n=$3 i
  for ((i = a; i < a + n; i += 1000)); do
    echo "INSERT INTO $t SELECT seq, 1, RPAD(MD5(seq), 120, '-'), RPAD(SHA1(seq), 60, '-') FROM seq_${i}_to_$((i + 999));"
  done
  for ((i = a; i < a + n; i += 1000)); do
    echo "UPDATE $t SET k = 2, c = REVERSE(c) WHERE id BETWEEN $i AND $((i + 999));"
  done
  for ((i = a; i < a + n / 2; i += 1000)); do
    echo "DELETE FROM $t WHERE id BETWEEN $i AND $((i + 999));"
  done
  for ((i = a; i < a + n / 2; i += 1000)); do
    echo "INSERT INTO $t SELECT seq, 3, RPAD(SHA1(seq), 120, '+'), RPAD(MD5(seq), 60, '+') FROM seq_${i}_to_$((i + 999));"
  done
}
run_workload() { # WORKLOAD ROUND (round 1 for the stages, 2 for end to end)
  if [[ $1 == bulk ]]; then
    bulk_sql bulk $(((${2} - 1) * bulk_rows + 1)) "$bulk_rows" | "${up[@]}" "$db" || die "the bulk workload failed upstream"
  else
    sysbench oltp_insert "${sb[@]}" --threads="$threads" --events="$single_rows" --time=0 --report-interval=0 run > "$work/sysbench.log" \
      || die "sysbench oltp_insert failed: $(tail -3 "$work/sysbench.log")"
    local done_tx
    done_tx=$(awk '/transactions:/ { print $2 }' "$work/sysbench.log")
    [[ $done_tx == "$single_rows" ]] || die "sysbench committed $done_tx transactions, not $single_rows: $(tail -5 "$work/sysbench.log")"
  fi
}

# ---------------------------------------------------------------- the pipeline
say "run $run_id: bulk $bulk_rows rows ($(changes_of bulk) row changes), single $single_rows rows; apply.workers $workers; work dir $work"
sysbench_args 0 1
prepare_upstream oltp_insert # an empty sbtest1
sysbench_args "$single_rows" 1 # oltp_insert draws k from 1..table-size
for t in bulk warmup; do "${up[@]}" -e "CREATE TABLE $db.$t LIKE $db.sbtest1"; done
"${down[@]}" -e "DROP DATABASE IF EXISTS $db; DROP DATABASE IF EXISTS $meta"
say "starting capture and apply"
# A topic per table: each stage reads the one table it measures.
start_capture "$tag" --kafka.topic-pattern "$tag.{database}.{table}" || die "the capture did not start: $(failure capture)"
start_apply "$tag" "$tag" "$workers" "$batch"
# Warm-up: the jobs' JIT-compiled paths are what a long-running pipeline runs.
bulk_sql warmup 1 10000 | "${up[@]}" "$db" || die "the warm-up failed upstream"
warm=$(watch_downstream "SELECT COUNT(*), SUM(k) FROM $db.warmup" "10000	25000")
need done_ms "$warm" "replicating the warm-up ($(failure apply))"
say "pipeline up and warm"

pause() { local name; for name in "$@"; do kill -STOP "${procs[$name]}"; done; }
resume() { local name; for name in "$@"; do kill -CONT "${procs[$name]}"; done; }

# Results: one line per workload and stage, "WORKLOAD STAGE name=value ...": seconds (the stage's
# time), bytes (the stage's own: binlog for 1-2 and end to end, envelope key + value for 3-6),
# wall (the window the CPU was measured over) and cpu_NAME (CPU seconds of each process in it).
results=()
record() { results+=("$1 $2 ${*:3}"); }
result() { local r; for r in "${results[@]}"; do [[ $r == "$1 $2 "* ]] && { echo "${r#"$1 $2 "}"; return; }; done; }
ms_to_s() { calc "($2 - $1) / 1000"; } # FROM_MS TO_MS
# cpu_fields BEFORE AFTER NAMES...: cpu_NAME=seconds for each process, from two cpu_all outputs
cpu_fields() {
  local name out=""
  for name in "${@:3}"; do out+=" cpu_$name=$(cpu_used "$name" "$1" "$2")"; done
  echo "$out"
}
# probe_fields LINE FIRST_FIELD: seconds from FIRST_FIELD to the last event, the probe's CPU
probe_fields() { # LINE FROM_FIELD TO_FIELD
  echo "seconds=$(ms_to_s "$(field "$2" "$1")" "$(field "$3" "$1")") wall=$(ms_to_s "$(field start_ms "$1")" "$(field "$3" "$1")") cpu_probe=$(calc "$(field cpu_ms "$1") / 1000")"
}

measure() { # WORKLOAD
  local w=$1 changes regex from to expected offsets0 t0 cpu0 cpu1 done_ms raw parse consume times applied
  changes=$(changes_of "$w"); regex=$(topic_regex "$w")
  say "$w: pausing capture and apply; writing the backlog ($changes row changes in $(transactions_of "$w") transactions)"
  pause capture apply
  from=$(master_position)
  run_workload "$w" 1
  to=$(master_position)
  expected=$("${up[@]}" -e "$(state_sql "$w")")
  offsets0=$(kafka_offsets "$regex")

  say "$w: stages 3-4: the capture drains the binlog into Kafka"
  cpu0=$(cpu_all); t0=$(now_ms)
  resume capture
  done_ms=$(kafka_wait_offsets "$regex" $((offsets0 + changes)) 900) || die "the capture did not write the backlog: $(failure capture)"
  done_ms=$(calc "int($done_ms * 1000)")
  cpu1=$(cpu_all)
  local capture_cpu t_capture=$t0; capture_cpu=$(cpu_fields "$cpu0" "$cpu1" capture kafka up)

  say "$w: stages 1-2: binlog read and parse of $from .. $to"
  raw=$(read_binlog raw "$from" "$to"); need last_ms "$raw" "reading the binlog"
  parse=$(read_binlog parse "$from" "$to"); need last_ms "$parse" "parsing the binlog"
  record "$w" raw "$(probe_fields "$raw" first_ms last_ms) bytes=$(field bytes "$raw") events=$(field events "$raw")"
  record "$w" parse "$(probe_fields "$parse" first_ms last_ms) bytes=$(field bytes "$parse") events=$(field events "$parse") row_changes=$(field row_changes "$parse") commits=$(field commits "$parse")"

  say "$w: stage 5: a plain consumer reads the topic"
  consume=$(consume_topics "$regex"); need records "$consume" "consuming the topic"
  if [[ $(field records "$consume") -lt $changes ]]; then # the last Kafka transaction was still open
    sleep 3; consume=$(consume_topics "$regex"); need records "$consume" "consuming the topic"
  fi
  local envelope; envelope=$(( $(field key_bytes "$consume") + $(field value_bytes "$consume") ))
  record "$w" consume "$(probe_fields "$consume" start_ms end_ms) bytes=$envelope records=$(field records "$consume")"
  times=$(probe funnel.KafkaConsumeStage --bootstrap "$FERRY_KAFKA_BOOTSTRAP" --topics "$regex" --envelope-times yes)
  need last_envelope_ms "$times" "reading the envelopes' times"
  # The capture's CPU is counted until Kafka showed the backlog committed, and spread over the
  # time until its last record was sent: its idling until the commit costs little CPU.
  local produced; produced=$(ms_to_s "$t_capture" "$(field last_create_ms "$times")")
  record "$w" events "seconds=$(ms_to_s "$t_capture" "$(field last_envelope_ms "$times")") bytes=$envelope wall=$produced$capture_cpu"
  record "$w" produce "seconds=$produced bytes=$envelope wall=$produced$capture_cpu"

  say "$w: stage 6: the apply drains the topic"
  start_watch apply "$(state_sql "$w")" "$expected"
  sleep 1 # the watch's JVM is up and polling before the clock starts
  cpu0=$(cpu_all); t0=$(now_ms)
  resume apply
  wait_watch apply; applied=$(watch_line apply)
  cpu1=$(cpu_all)
  need done_ms "$applied" "waiting for the apply to catch up ($(failure apply))"
  record "$w" apply "seconds=$(ms_to_s "$t0" "$(field done_ms "$applied")") bytes=$envelope wall=$(ms_to_s "$t0" "$(field done_ms "$applied")")$(cpu_fields "$cpu0" "$cpu1" apply kafka down)"

  say "$w: end to end: pausing both, writing an equal backlog, resuming both"
  pause capture apply
  local from2 to2 e2e
  from2=$(master_position)
  run_workload "$w" 2
  to2=$(master_position)
  expected=$("${up[@]}" -e "$(state_sql "$w")")
  start_watch e2e "$(state_sql "$w")" "$expected"
  sleep 1
  cpu0=$(cpu_all); t0=$(now_ms)
  resume capture apply
  wait_watch e2e; e2e=$(watch_line e2e)
  cpu1=$(cpu_all)
  need done_ms "$e2e" "waiting for the pipeline to catch up ($(failure apply))"
  record "$w" e2e "seconds=$(ms_to_s "$t0" "$(field done_ms "$e2e")") bytes=$(binlog_bytes "$from2" "$to2") wall=$(ms_to_s "$t0" "$(field done_ms "$e2e")")$(cpu_fields "$cpu0" "$cpu1" capture apply kafka up down)"
  say "$w: $(stage_line "$w")"
}
stages=(raw parse events produce consume apply e2e)
rate_of() { local r; r=$(result "$1" "$2"); calc "$(changes_of "$1") / $(field seconds "$r")"; } # WORKLOAD STAGE
stage_line() { local st out=""; for st in "${stages[@]}"; do out+="$st $(fmt0 "$(rate_of "$1" "$st")")/s; "; done; echo "$out"; }
for w in $workloads; do measure "$w"; done
restarts=$(restarts_in_logs)

# ---------------------------------------------------------------- report
declare -A stage_name=([raw]="1 binlog read" [parse]="2 event parse" [events]="3 change events (CDC source)"
  [produce]="4 envelope build + Kafka produce" [consume]="5 Kafka consume" [apply]="6 downstream apply"
  [e2e]="end to end (capture + apply)")
declare -A stage_short=([raw]="1 read" [parse]="2 parse" [events]="3 events" [produce]="4 produce"
  [consume]="5 consume" [apply]="6 apply" [e2e]="end to end")
declare -A stage_how=([raw]="BinlogReadStage --mode raw: first to last event of the range (median of 3 warm passes)"
  [parse]="BinlogReadStage --mode parse: the same, every body decoded"
  [events]="SIGCONT of the capture to the newest envelope \`ts_ms\`"
  [produce]="SIGCONT of the capture to the newest Kafka record timestamp (CreateTime)"
  [consume]="KafkaConsumeStage: assign to last record (median of 3 warm passes)"
  [apply]="SIGCONT of the apply to DownstreamWatch seeing the upstream's state"
  [e2e]="SIGCONT of both to DownstreamWatch seeing the upstream's state")
figure() { field "$3" "$(result "$1" "$2")"; } # WORKLOAD STAGE FIELD
mb_s() { calc "$(figure "$1" "$2" bytes) / 1000000 / $(figure "$1" "$2" seconds)"; }
# cpu_text WORKLOAD STAGE: cores each process kept busy over the stage's CPU window, busiest first
cpu_text() {
  local r wall name cpu label list=""
  r=$(result "$1" "$2"); wall=$(field wall "$r")
  for name in probe capture apply kafka up down; do
    cpu=$(field "cpu_$name" "$r"); [[ -n $cpu ]] || continue
    case $name in up) label="upstream mysqld" ;; down) label="downstream mysqld" ;; kafka) label=Kafka ;; probe) label="probe JVM" ;; *) label=$name ;; esac
    list+="$(calc "$cpu / $wall")|$label"$'\n'
  done
  sort -t'|' -k1,1gr <<< "${list%$'\n'}" | awk -F'|' '{ printf "%s%s %.2f", (NR > 1 ? ", " : ""), $2, $1 }'
}
busy_total() { # WORKLOAD STAGE: cores of all measured processes together
  local r wall name sum=0 cpu
  r=$(result "$1" "$2"); wall=$(field wall "$r")
  for name in probe capture apply kafka up down; do cpu=$(field "cpu_$name" "$r"); [[ -n $cpu ]] && sum=$(calc "$sum + $cpu"); done
  calc "$sum / $wall"
}
# limit_text WORKLOAD STAGE: what the CPU figures say limits the stage
limit_text() {
  local total top top_cores
  total=$(busy_total "$1" "$2"); top=$(cpu_text "$1" "$2" | cut -d, -f1)
  top_cores=$(awk '{ print $NF }' <<< "$top")
  if [[ $(calc "($total >= 0.8 * $(nproc))") == 1 ]]; then
    echo "the machine's CPU: the processes kept $(fmt2 "$total") of $(nproc) cores busy; most: $top"
  elif [[ $(calc "($top_cores >= 1.15)") == 1 ]]; then
    echo "the CPU of $(sed 's/ [0-9.]*$//' <<< "$top"), busy on several threads ($top_cores cores), with CPU left on the machine"
  elif [[ $(calc "($top_cores >= 0.85)") == 1 ]]; then
    echo "about one core in $(sed 's/ [0-9.]*$//' <<< "$top") ($top_cores) with CPU left on the machine: one thread is the bottleneck, a serial path"
  else
    echo "not CPU-bound by its own processes ($(fmt2 "$total") of $(nproc) cores): waits (I/O, polls, commits) or the cores went to other work"
  fi
}
target=0.5
# slowest_stage WORKLOAD: the pipeline stage (3, 4 or 6) with the lowest rate
slowest_stage() {
  local st best="" best_rate=""
  for st in events produce apply; do
    if [[ -z $best ]] || [[ $(calc "($(rate_of "$1" "$st") < $best_rate)") == 1 ]]; then best=$st best_rate=$(rate_of "$1" "$st"); fi
  done
  echo "$best"
}
{
  printf 'stage\tbulk\tsingle\n'
  for st in "${stages[@]}"; do printf '%s\t%s\t%s\n' "${stage_short[$st]}" "$(rate_of bulk "$st")" "$(rate_of single "$st")"; done
} > "$work/funnel.tsv"
{
  printf 'stage\tbulk\tsingle\n'
  for st in events produce apply e2e; do printf '%s\t%s\t%s\n' "${stage_short[$st]}" "$(rate_of bulk "$st")" "$(rate_of single "$st")"; done
} > "$work/funnel-pipeline.tsv"
{
  report_header "Stage funnel: binlog → downstream" "Issue 6, table 3, as Canal's Performance page: \`$command_line\`. Every stage is ferry's or the client library it is built on; Canal's published figures are quoted for comparison, not measured here."
  echo
  echo "## Settings"
  echo
  echo "- **bulk** workload: Canal's batch Insert/Update/Delete: a sysbench-shaped table (\`id\`, \`k\`, \`c\` CHAR(120), \`pad\` CHAR(60)); statements of 1,000 rows, each its own transaction: INSERT $(fmt0 "$bulk_rows") rows, UPDATE them, DELETE half and INSERT that half again: $(fmt0 "$(changes_of bulk)") row changes in $(fmt0 "$(transactions_of bulk)") transactions."
  echo "- **single** workload: \`sysbench oltp_insert\` (one autocommitted single-row INSERT per transaction), $threads threads, $(fmt0 "$single_rows") transactions."
  echo "- ferry: capture (\`capture.parallelism\` $capture_parallelism, one binlog reader, Kafka compression lz4, checkpoints every 2 s, default heap) and apply (\`apply.consistency=transaction\`, \`apply.workers\` $workers, \`apply.batch-size\` $batch, \`-Xmx1g\`) as two \`java -jar jobs/target/ferry.jar\` processes, warmed up with 25,000 row changes before the first measurement; every other option at its default; one partition per change topic."
  echo "- probes (ferry-benchmarks.jar, \`-Xmx256m\`): \`BinlogReadStage\` (mysql-binlog-connector-java $(unzip -p "$benchmarks_jar" META-INF/maven/com.zendesk/mysql-binlog-connector-java/pom.properties 2>/dev/null | sed -n 's/^version=//p'), the binlog client inside Flink CDC), \`KafkaConsumeStage\` (kafka-clients, Kafka's consumer defaults, read_committed), \`DownstreamWatch\` (polls every 200 ms)."
  echo
  echo "## The funnel (Canal's layout)"
  echo
  echo "Row changes per second after each stage, and MB/s of what the stage handles (binlog bytes for stages 1–2 and end to end, envelope key + value bytes for 3–6); % = of stage 1."
  echo
  echo "| stage | bulk Insert/Update/Delete | single-row inserts |"
  echo "|---|--:|--:|"
  for st in "${stages[@]}"; do
    row="| ${stage_name[$st]} |"
    for w in $workloads; do
      row+=" $(fmt0 "$(rate_of "$w" "$st")")/s ($(fmt1 "$(mb_s "$w" "$st")") MB/s, $(fmt1 "$(calc "100 * $(rate_of "$w" "$st") / $(rate_of "$w" raw)")") %) |"
    done
    echo "$row"
  done
  echo "| binlog : envelope size | 1 : $(fmt2 "$(calc "$(figure bulk consume bytes) / $(figure bulk raw bytes)")") | 1 : $(fmt2 "$(calc "$(figure single consume bytes) / $(figure single raw bytes)")") |"
  echo
  echo "$(chart bar funnel "Stage funnel: row changes/s after each stage" "stage" "row changes per second" "$work/funnel.tsv")"
  echo
  echo "$(chart bar funnel-pipeline "Pipeline stages: row changes/s" "stage" "row changes per second" "$work/funnel-pipeline.tsv")"
  echo
  echo "## Ratios: end to end ÷ binlog read (target ≥ 50%)"
  echo
  echo "The upstream runs on this host, so no network bounds stage 1 (Canal's binlog receive was capped by a gigabit link at 117 MB/s)."
  echo
  echo "| workload | binlog read | end to end | end to end ÷ binlog read | target ≥ 50% | Canal's page (client receive ÷ binlog receive) |"
  echo "|---|--:|--:|--:|---|--:|"
  for w in $workloads; do
    r=$(calc "$(rate_of "$w" e2e) / $(rate_of "$w" raw)")
    canal=$([[ $w == bulk ]] && echo "10% (20w ÷ 200w)" || echo "14% (10w ÷ 71w)")
    echo "| $w | $(fmt0 "$(rate_of "$w" raw)")/s | $(fmt0 "$(rate_of "$w" e2e)")/s | $(fmt1 "$(calc "100 * $r")")% | $(verdict "$r" "$target") | $canal |"
  done
  echo
  for w in $workloads; do
    slow=$(slowest_stage "$w")
    echo "- $w: the slowest of ferry's stages is ${stage_name[$slow]} at $(fmt0 "$(rate_of "$w" "$slow")")/s ($(fmt1 "$(calc "100 * $(rate_of "$w" "$slow") / $(rate_of "$w" raw)")")% of the binlog read; $(cpu_text "$w" "$slow") cores: $(limit_text "$w" "$slow")); end to end, with capture and apply sharing the machine, runs at $(fmt1 "$(calc "100 * $(rate_of "$w" e2e) / $(rate_of "$w" "$slow")")")% of that stage's rate alone. The probes' stages (1, 2, 5) show what the client libraries do on this machine without ferry's work."
  done
  echo
  echo "## Each stage in detail"
  for w in $workloads; do
    echo
    echo "### $w ($(fmt0 "$(changes_of "$w")") row changes, $(fmt0 "$(figure "$w" raw bytes)") binlog bytes, $(fmt0 "$(figure "$w" consume bytes)") envelope bytes)"
    echo
    echo "| stage | how the time was taken | s | row changes/s | MB/s | CPU (cores busy, by process) | what limits it |"
    echo "|---|---|--:|--:|--:|---|---|"
    for st in "${stages[@]}"; do
      echo "| ${stage_name[$st]} | ${stage_how[$st]} | $(fmt2 "$(figure "$w" "$st" seconds)") | $(fmt0 "$(rate_of "$w" "$st")") | $(fmt1 "$(mb_s "$w" "$st")") | $(cpu_text "$w" "$st") | $(limit_text "$w" "$st") |"
    done
    echo
    echo "Counted by the probes: $(fmt0 "$(figure "$w" parse events)") binlog events, $(fmt0 "$(figure "$w" parse row_changes)") row changes and $(fmt0 "$(figure "$w" parse commits)") commits in the binlog range; $(fmt0 "$(figure "$w" consume records)") records in the change topic (expected $(fmt0 "$(changes_of "$w")"))."
  done
  echo
  echo "Task restarts in the jobs' logs during the run: $restarts (a restart during a measurement would invalidate it)."
  echo
  echo "## Canal's published figures, for comparison (not measured here)"
  echo
  echo "From Canal's Performance wiki page (1.0.26, 24-core Xeon E5-2430 servers, Gigabit network): bulk Insert/Update/Delete — binlog receive 2,000,000/s (117 MB/s), event parse 2,000,000/s, Insert/Update/Delete deep parse 2,000,000/s, CanalEntry built 1,300,000/s (75 MB/s), client receive 200,000/s; binlog expansion 1 : 6.8. Single-row business load — 710,000/s (112 MB/s), 700,000/s, 650,000/s, 500,000/s (90 MB/s), client receive 100,000/s; expansion 1 : 1.9. Their stages 2–3 are our stage 2 (row images decoded), their stage 4 our stages 3–4 (a change record built; ours also goes to Kafka), their stage 5 our stage 5 (a client receives it); Canal has no apply stage. Their machines and ours differ, so only the ratios between stages compare."
  echo
  echo "## How each figure was measured"
  echo
  echo "- **Backlog**: for each workload, the capture and apply processes are paused (SIGSTOP), the workload runs upstream, and \`SHOW MASTER STATUS\` before and after gives the binlog range. Every stage then processes that same backlog: stages 3–4 with only the capture resumed (SIGCONT), stages 1, 2 and 5 while the capture idles and the apply stays paused, stage 6 with only the apply resumed. End to end: both paused again, the workload runs once more on new rows (an equal backlog), both resumed at once."
  echo "- **Stages 1–2** (\`BinlogReadStage\`): a replica connection (server id 6601) with mysql-binlog-connector-java, the client Flink CDC's MySQL source reads with, from the range's start to its end. Raw: events framed, bodies skipped (\`NullEventDataDeserializer\`). Parse: every body decoded, row images included, with Debezium's compatibility modes. The JVM reads the range 4 times and reports the pass of median duration among the last 3 (the first warms the JIT, as the pipeline's JVMs are warm); the time runs from the range's first event to its last, as the client received them. Bytes: binlog event lengths (headers included), equal to the range's size."
  echo "- **Stage 3** (change events): from the capture's SIGCONT to the largest top-level \`ts_ms\` among the topic's envelopes: the time Flink CDC's Debezium source turned the binlog event into a change record (docs/envelope.md), read back by a parsing pass of \`KafkaConsumeStage --envelope-times yes\`. The CDC source hands records on through a bounded queue, so stages 3 and 4 run at nearly the same rate."
  echo "- **Stage 4** (envelope build + Kafka produce): from SIGCONT to the largest Kafka record timestamp in the topic: the topics keep CreateTime, which the capture's producer sets when it sends the record, after ferry built the envelope. The records are committed in a Kafka transaction at the next checkpoint (every 2 s), not counted here. Bytes: key + value of the records, before lz4 compression."
  echo "- **Stage 5** (\`KafkaConsumeStage\`): a plain kafka-clients consumer with Kafka's defaults (read_committed, no group, no parsing) assigned to the topic, from seek-to-beginning to its last stable offset; 4 passes with a new consumer each, the median of the last 3 reported."
  echo "- **Stage 6** and **end to end**: from SIGCONT until \`DownstreamWatch\` (one connection, a query every 200 ms) reads the upstream's state downstream: bulk \`SELECT COUNT(*), SUM(k)\` (equal only when every row went through all its changes), single \`SELECT COUNT(*)\`. Up to 200 ms of polling granularity. End-to-end bytes are the second backlog's binlog bytes."
  echo "- **Rates**: the workload's row changes (bulk: 3 × rows; single: sysbench's committed transactions, checked equal to the requested count) ÷ the stage's seconds; the binlog parse counted the same number of row changes and the topic the same number of records (line under each table)."
  echo "- **CPU**: utime + stime from \`/proc/<pid>/stat\` before and after the stage, ÷ the stage's wall time: the capture, apply, Kafka broker and both \`mariadbd\` (found by their ports); for stages 3–4 the capture's CPU from SIGCONT until Kafka's offsets showed the backlog committed (\`kafka_wait_offsets\`), over the time until its last record was sent (the wait for the commit adds up to one checkpoint interval of near-idle CPU); for the probes their own JVM's CPU time during the reported pass. The services are shared with other work on this machine. **What limits it** reads these: all cores busy means the machine; one process near 1 core with CPU left means a serial path in it; otherwise waits."
  echo "- **binlog : envelope size**: envelope bytes (key + value as the capture wrote them) ÷ binlog bytes of the same range, as Canal's \"binlog expansion\"."
} | write_report

# shellcheck shell=bash
# The probes funnel.sh and load.sh measure with (Java classes in ferry-benchmarks.jar, packages
# dev.ferry.benchmarks.probe, .funnel and .load), binlog positions, and the timestamps they compare.
# Source after lib/bench.sh (it uses java, benchmarks_jar, work, up, started and the FERRY_* ports).
#
# A probe prints one line of name=value pairs; `field NAME LINE` takes a value out of it.

# probe CLASS ARGS...: runs dev.ferry.benchmarks.CLASS and prints its result line (the last line);
# it does not fail: check the line with `need`
probe() { "${java[@]}" -Xmx256m -cp "$benchmarks_jar" "dev.ferry.benchmarks.$1" "${@:2}" 2>> "$work/probes.log" | tail -1 || true; }
# need NAME LINE WHAT: stops the script, naming WHAT and the probes' last log lines, when a probe's
# result LINE has no NAME
need() { [[ -n $(field "$1" "$2") ]] || die "$3 failed (${2:-no result}): $(tail -3 "$work/probes.log" | tr '\n' ' ')"; }
# start_probe FILE CLASS ARGS...: the same in the background, its stdout in FILE; its pid (the JVM
# itself, stopped with the script's other processes at exit) in probe_pid
start_probe() {
  ( exec "${java[@]}" -Xmx256m -cp "$benchmarks_jar" "dev.ferry.benchmarks.$2" "${@:3}" > "$1" 2>> "$work/probes.log" ) &
  probe_pid=$!
  started+=("$probe_pid")
}
# field NAME LINE: the value of NAME in a probe's result line, empty when absent
field() { tr ' ' '\n' <<< "$2" | sed -n "s/^$1=//p"; }
now_ms() { date +%s%3N; }

# master_position: the upstream's current binlog position, file:offset
master_position() { "${up[@]}" -e 'SHOW MASTER STATUS' | awk '{ print $1 ":" $2 }'; }
# binlog_bytes FROM TO: bytes of binlog between two positions (file:offset), across files
binlog_bytes() {
  local from_file=${1%:*} from_offset=${1##*:} to_file=${2%:*} to_offset=${2##*:}
  if [[ $from_file == "$to_file" ]]; then echo $((to_offset - from_offset)); return; fi
  "${up[@]}" -e 'SHOW BINARY LOGS' | awk -v ff="$from_file" -v fo="$from_offset" -v tf="$to_file" -v to="$to_offset" '
    $1 == ff { sum += $2 - fo; inside = 1; next }
    $1 == tf { sum += to; inside = 0; next }
    inside { sum += $2 }
    END { print sum }'
}

# read_binlog MODE FROM TO: the funnel's first stages (BinlogReadStage: raw or parse); 4 passes, the
# first warms up, the median of the other 3 is printed
read_binlog() {
  probe funnel.BinlogReadStage --port "$FERRY_UPSTREAM_PORT" --user ferry_cdc --password ferry_cdc \
    --server-id 6601 --mode "$1" --from "$2" --to "$3" --passes 4
}
# consume_topics REGEX: a plain consumer reads the topics (KafkaConsumeStage), passes as read_binlog
consume_topics() { probe funnel.KafkaConsumeStage --bootstrap "$FERRY_KAFKA_BOOTSTRAP" --topics "$1" --passes 4; }

# watch_downstream QUERY EXPECTED [ALLOWED]: polls the downstream every 200 ms until QUERY returns
# EXPECTED (columns tab-separated); with ALLOWED (comma-separated values) any other value counts as
# a partial view. Prints DownstreamWatch's line (done_ms, polls, partial, first_partial).
watch_command() { # QUERY EXPECTED [ALLOWED]: the probe's class and arguments, in watch_cmd
  watch_cmd=(probe.DownstreamWatch --port "$FERRY_DOWNSTREAM_PORT" --user ferry_admin --password ferry_admin
    --query "$1" --expect "$2" --timeout-s "${watch_timeout:-900}")
  if [[ -n ${3:-} ]]; then watch_cmd+=(--allowed "$3"); fi
}
watch_downstream() { watch_command "$@"; probe "${watch_cmd[@]}"; }
# start_watch NAME QUERY EXPECTED [ALLOWED]: the same in the background; wait_watch NAME waits for
# it (call it directly, not in $(...), which could not wait for it); watch_line NAME then prints its line
declare -A watch_pids=()
start_watch() { watch_command "${@:2}"; start_probe "$work/$1.watch" "${watch_cmd[@]}"; watch_pids[$1]=$probe_pid; }
wait_watch() { wait "${watch_pids[$1]}" || true; }
watch_line() { tail -1 "$work/$1.watch"; }

# start_kafka_wait NAME REGEX RECORDS: a consumer waiting for RECORDS new records on the topics
# (KafkaWait), in the background; returns once it is positioned at the topics' end. wait_kafka NAME
# waits for it (directly, as wait_watch); kafka_line NAME then prints its line (seen_ms, records)
declare -A kafka_wait_pids=()
start_kafka_wait() {
  start_probe "$work/$1.kwait" probe.KafkaWait --bootstrap "$FERRY_KAFKA_BOOTSTRAP" --topics "$2" --records "$3"
  kafka_wait_pids[$1]=$probe_pid
  until grep -qs 'ready=yes' "$work/$1.kwait"; do
    kill -0 "$probe_pid" 2>/dev/null || { tail -5 "$work/probes.log" >&2; return 1; }
    sleep 0.1
  done
}
wait_kafka() { wait "${kafka_wait_pids[$1]}" || true; }
kafka_line() { tail -1 "$work/$1.kwait"; }

# shellcheck shell=bash
# What every benchmark script shares: arguments, progress lines, the services and their pids, the
# processes a run starts (pause, resume, stop, CPU seconds), database status counters, Kafka
# offsets, the pipelines' start commands, the machine section of a report, results paths and charts.
#
# A script in benchmarks/ starts with
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
#   bench_usage 'usage: benchmarks/x.sh [--quick] ...'
#   ... parse its arguments ...
#   bench_init <table> <database>   # results/<table>/, work dir, services, traps
#   bench_build
# and registers its own clean-up with `on_exit 'command'`.

bench_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$bench_repo"
benchmarks_jar=benchmarks/target/ferry-benchmarks.jar

# ---------------------------------------------------------------- small helpers
now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; } # bc is not on every machine
say() { echo "[$(date -u +%H:%M:%S)] $*"; }
die() { echo "$(basename "$0"): $*" >&2; exit 1; }
# fmt0 / fmt1 / fmt2: a number with 0, 1 or 2 decimals (thousands separated for fmt0), "—" when empty
fmt0() { if [[ -n ${1:-} ]]; then printf "%'.0f" "$1"; else printf '—'; fi; }
fmt1() { if [[ -n ${1:-} ]]; then printf '%.1f' "$1"; else printf '—'; fi; }
fmt2() { if [[ -n ${1:-} ]]; then printf '%.2f' "$1"; else printf '—'; fi; }
# ratio A B: A / B with two decimals and "×", "—" when either is missing or B is 0
ratio() {
  if [[ -n ${1:-} && -n ${2:-} && $(calc "(${2} != 0)") == 1 ]]; then printf '%.2f×' "$(calc "$1 / $2")"; else printf '—'; fi
}
# verdict VALUE TARGET: "met" or "missed by N%" (how far VALUE is below TARGET), "not measured"
verdict() {
  if [[ -z ${1:-} ]]; then echo "not measured"
  elif [[ $(calc "($1 >= $2)") == 1 ]]; then echo "met"
  else printf 'missed by %.0f%%\n' "$(calc "100 * (1 - $1 / $2)")"
  fi
}

# ---------------------------------------------------------------- arguments
bench_usage_text=""
bench_usage() { bench_usage_text=$1; }
usage() { printf '%s\n' "$bench_usage_text" >&2; exit 2; }
# need_value OPTION ARGS...: the option has a value after it
need_value() { [[ $# -ge 2 && -n $2 ]] || { echo "$1 needs a value" >&2; usage; }; }
# check_ints NAME "LIST" MIN MAX: every word of LIST is a whole number in MIN..MAX
check_ints() {
  local v
  [[ -n $2 ]] || { echo "$1 is empty" >&2; exit 2; }
  for v in $2; do
    [[ $v =~ ^[0-9]+$ && $v -ge $3 && $v -le $4 ]] || { echo "$1 must be whole numbers from $3 to $4, got '$v'" >&2; exit 2; }
  done
}

# ---------------------------------------------------------------- a run
# bench_init TABLE DATABASE: the results folder benchmarks/results/TABLE, a work dir, the services
# (started when not running) and their pids, clients, and the clean-up on exit.
bench_init() {
  bench_table=$1 db=$2
  started_at=$(date -u +%Y-%m-%dT%H%M%SZ)
  run_id=$bench_table$(date +%s)
  work=$(mktemp -d "/tmp/ferry-$bench_table.XXXXXX")
  mkdir -p "$work/tmp"
  results_dir=benchmarks/results/$bench_table
  report=$results_dir/$started_at.md
  eval "$(bin/services env)"
  up=(mariadb -h127.0.0.1 -P"$FERRY_UPSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
  down=(mariadb -h127.0.0.1 -P"$FERRY_DOWNSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
  # Every java process gets its temp files (Flink's blob and io dirs, apply's spill dir) under
  # $work, and logs what shows a failover.
  java=(java "-Djava.io.tmpdir=$work/tmp" "-Dlog4j2.configurationFile=$bench_repo/benchmarks/conf/log4j2-bench.properties")
  trap bench_cleanup EXIT
  trap 'echo "interrupted; cleaning up" >&2; exit 130' INT TERM
  bench_services
  [[ ${bench_downstream:-mariadb} != tidb ]] || bench_tidb
}
bench_exit_commands=()
on_exit() { bench_exit_commands+=("$1"); }
bench_cleanup() {
  trap - EXIT INT TERM
  stop_procs
  local command
  for command in "${bench_exit_commands[@]}"; do eval "$command" > /dev/null 2>&1 || true; done
  if [[ -n ${kafka_libs:-} ]]; then # the change, schema and transaction topics of every run
    kafka_delete_topics "$run_id.*"
  fi
  rm -rf "$work"
}

# The services may run from another checkout's run folder: their pids come from the ports they
# listen on.
listener() { ss -ltnpH "sport = :$1" | grep -o 'pid=[0-9]*' | sed -n '1s/pid=//p'; }
# free_port FROM: the first port from FROM on that nothing listens on
free_port() { local p=$1; while [[ -n $(ss -ltnH "sport = :$p") ]]; do p=$((p + 1)); done; echo "$p"; }
bench_services() {
  local kafka_port=${FERRY_KAFKA_BOOTSTRAP##*:}
  if ! "${up[@]}" -e 'SELECT 1' > /dev/null 2>&1 || ! "${down[@]}" -e 'SELECT 1' > /dev/null 2>&1 \
    || [[ -z $(ss -ltnH "sport = :$kafka_port") ]]; then
    say "starting the services (bin/services start)"
    bin/services start > "$work/services.log" 2>&1 || { cat "$work/services.log" >&2; exit 1; }
  fi
  kafka_pid=$(listener "$kafka_port")
  up_pid=$(listener "$FERRY_UPSTREAM_PORT")
  down_pid=$(listener "$FERRY_DOWNSTREAM_PORT")
  [[ -n $kafka_pid && -n $up_pid && -n $down_pid ]] || die "cannot find the pids of the services (ss -ltnp)"
  kafka_libs=$(tr '\0' '\n' < "/proc/$kafka_pid/cmdline" | sed -n 's|/libs/\*$|/libs|p')
}

# bench_tidb: TiDB as the downstream instead of bin/services' second MariaDB. A TiDB already
# answering on FERRY_TIDB_PORT (default 4000) is used as it is (it needs the users of bin/services);
# otherwise a tidb-server of this run is started (unistore, data under $work, stopped at the end)
# from FERRY_TIDB_SERVER, tidb-server on the PATH, or ../shared/tidb/tidb-server.xz.
bench_tidb() {
  local port=${FERRY_TIDB_PORT:-4000} status_port=${FERRY_TIDB_STATUS_PORT:-10080} binary i
  local root=(mariadb -h127.0.0.1 -P"$port" -uroot --batch --skip-column-names)
  if ! "${root[@]}" -e 'SELECT 1' > /dev/null 2>&1 \
    && ! mariadb -h127.0.0.1 -P"$port" -uferry_admin -pferry_admin -e 'SELECT 1' > /dev/null 2>&1; then
    binary=${FERRY_TIDB_SERVER:-$(command -v tidb-server || true)}
    if [[ -z $binary ]]; then
      [[ -f $bench_repo/../shared/tidb/tidb-server.xz ]] \
        || die "--downstream tidb: no TiDB on port $port and no tidb-server (set FERRY_TIDB_SERVER, or FERRY_TIDB_PORT to a running TiDB)"
      binary=$FERRY_RUN_DIR/tidb/tidb-server
      if [[ ! -x $binary ]]; then
        mkdir -p "$FERRY_RUN_DIR/tidb"
        xz -dc "$bench_repo/../shared/tidb/tidb-server.xz" > "$binary.tmp" && chmod +x "$binary.tmp" && mv "$binary.tmp" "$binary"
      fi
    fi
    [[ -z $(ss -ltnH "sport = :$port") && -z $(ss -ltnH "sport = :$status_port") ]] \
      || die "--downstream tidb: port $port or $status_port is taken; set FERRY_TIDB_PORT / FERRY_TIDB_STATUS_PORT"
    say "starting TiDB on 127.0.0.1:$port (tidb-server, unistore)"
    "$binary" -store unistore -path "$work/tidb-data" -host 127.0.0.1 -P "$port" -status "$status_port" \
      -status-host 127.0.0.1 -log-file "$work/tidb.log" > "$work/tidb.out" 2>&1 &
    local tidb_pid=$!
    on_exit "kill $tidb_pid"
    for ((i = 0; i < 600; i++)); do
      "${root[@]}" -e 'SELECT 1' > /dev/null 2>&1 && break
      kill -0 "$tidb_pid" 2> /dev/null || { cat "$work/tidb.out" >&2; die "tidb-server exited"; }
      sleep 0.1
    done
    "${root[@]}" < testing/services/src/main/resources/dev/ferry/testing/services/downstream-users.sql \
      || die "could not create the users in TiDB"
  fi
  export FERRY_DOWNSTREAM_PORT=$port
  down=(mariadb -h127.0.0.1 -P"$FERRY_DOWNSTREAM_PORT" -uferry_admin -pferry_admin --batch --skip-column-names)
  down_pid=$(listener "$port")
  [[ -n $down_pid ]] || die "cannot find the pid of TiDB on port $port (ss -ltnp)"
}

# sources_newer_than JAR DIR...: the first pom.xml or file under src/ of DIR newer than JAR
sources_newer_than() {
  local jar=$1; shift
  find "$@" -path '*/target' -prune -o -type f \( -name pom.xml -o -path '*/src/*' \) -newer "$jar" -print -quit
}
# bench_build: ferry.jar and ferry-benchmarks.jar, offline first, unless both are newer than every
# source. BENCH_NO_BUILD=1 skips it whenever both jars exist.
bench_build() {
  [[ ${BENCH_NO_BUILD:-0} == 1 && -f jobs/target/ferry.jar && -f $benchmarks_jar ]] && return
  if [[ -f jobs/target/ferry.jar && -f $benchmarks_jar ]] \
    && [[ -z $(sources_newer_than jobs/target/ferry.jar pom.xml connectors jobs) ]] \
    && [[ -z $(sources_newer_than "$benchmarks_jar" pom.xml connectors benchmarks) ]]; then
    return # both jars are newer than every source they are built from
  fi
  say "building ferry.jar and ferry-benchmarks.jar"
  mvn -B -q -o package -DskipTests -Dspotless.apply.skip=true -pl jobs,benchmarks -am > "$work/build.log" 2>&1 \
    || mvn -B -q package -DskipTests -Dspotless.apply.skip=true -pl jobs,benchmarks -am > "$work/build.log" 2>&1 \
    || { cat "$work/build.log"; exit 1; }
}

# ---------------------------------------------------------------- processes of a run
# procs: name -> pid of the processes of the current measurement (watched, paused, resumed);
# started: every process the script started (stopped at the end).
declare -A procs=()
started=()
track() { procs[$1]=$2; started+=("$2"); }
stop_procs() {
  local pid
  for pid in "${started[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  for pid in "${started[@]}"; do wait "$pid" 2>/dev/null || true; done
  started=()
  procs=()
}
# stop_proc NAME: stops one tracked process
stop_proc() {
  local pid=${procs[$1]:-}
  [[ -n $pid ]] || return 0
  kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  unset "procs[$1]"
}
pause_procs() { local name; for name in "${!procs[@]}"; do kill -STOP "${procs[$name]}"; done; }
resume_procs() { local name; for name in "${!procs[@]}"; do kill -CONT "${procs[$name]}"; done; }
# procs_alive: fails, naming it, when a tracked process has died
procs_alive() {
  local name
  for name in "${!procs[@]}"; do
    kill -0 "${procs[$name]}" 2>/dev/null || { echo "the $name process died" >&2; return 1; }
  done
}

# CPU seconds (user + system) a process has used so far; 0 once it is gone.
clk_tck=$(getconf CLK_TCK)
cpu_seconds() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
  # fields after "pid (comm) ": state is the 1st, utime the 12th, stime the 13th
  echo "${stat##*) }" | awk -v hz="$clk_tck" '{ print ($12 + $13) / hz }'
}
# cpu_all: "name seconds" lines for the tracked processes and the services
cpu_all() {
  local name
  for name in "${!procs[@]}"; do echo "$name $(cpu_seconds "${procs[$name]}")"; done
  echo "kafka $(cpu_seconds "$kafka_pid")"
  echo "down $(cpu_seconds "$down_pid")"
  echo "up $(cpu_seconds "$up_pid")"
  # steal: CPU time the hypervisor gave other guests while this one had work (all cores)
  awk -v hz="$clk_tck" '$1 == "cpu" { print "steal", $9 / hz }' /proc/stat
}
# cpu_used NAME BEFORE AFTER: CPU seconds NAME used between two cpu_all outputs (all of them if it
# started in between), empty if it is in neither
cpu_used() {
  local a b
  a=$(awk -v n="$1" '$1 == n { print $2 }' <<< "$2"); b=$(awk -v n="$1" '$1 == n { print $2 }' <<< "$3")
  if [[ -n $b ]]; then calc "$b - ${a:-0}"; fi
}

# cpu_summary BEFORE AFTER NAME...: "name=seconds ..." for the named processes that ran between two
# cpu_all outputs
cpu_summary() {
  local before=$1 after=$2 name used line=""; shift 2
  for name in "$@"; do
    used=$(cpu_used "$name" "$before" "$after")
    if [[ -n $used ]]; then line+="$name=$(fmt1 "$used") "; fi
  done
  echo "${line% }"
}
# cpu_total "name=seconds ...": the sum of the seconds
cpu_total() { tr ' ' '\n' <<< "$1" | awk -F= 'NF == 2 { sum += $2 } END { print sum + 0 }'; }

# cpu_bound_note CPU-SECONDS-PER-SECOND: whether a run with that CPU use was bound by this machine's
# cores, as a sentence
cpu_bound_note() {
  if [[ $(calc "($1 >= 0.8 * $(nproc))") == 1 ]]; then
    echo "CPU-bound: its processes used $(fmt1 "$1") of the $(nproc) cores."
  else
    echo "not CPU-bound by its own processes, which used $(fmt1 "$1") of the $(nproc) cores: the rest of the time they waited (polls, checkpoints, commits) or the cores went to other work ($(uptime | sed 's/.*load average/load average/'))."
  fi
}

# ---------------------------------------------------------------- databases
# The global status counters a report uses, as "name value" lines: status_snapshot up|down
status_counters="'Questions','Queries','Com_insert','Com_update','Com_delete','Com_commit','Com_begin','Com_rollback','Bytes_received','Bytes_sent','Innodb_rows_inserted','Innodb_rows_updated','Innodb_rows_deleted','Handler_commit'"
status_snapshot() {
  local -n client=$1
  "${client[@]}" -e "SHOW GLOBAL STATUS WHERE Variable_name IN ($status_counters)" | tr '\t' ' '
}
# status_delta NAME BEFORE AFTER: how much a counter grew between two snapshots
status_delta() {
  local a b
  a=$(awk -v n="$1" '$1 == n { print $2 }' <<< "$2"); b=$(awk -v n="$1" '$1 == n { print $2 }' <<< "$3")
  echo $(( ${b:-0} - ${a:-0} ))
}

# sysbench_args ROWS [TABLES]: the sysbench connection and table options for $db upstream, in sb
sysbench_args() {
  sb=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$FERRY_UPSTREAM_PORT" --mysql-user=ferry_admin
    --mysql-password=ferry_admin "--mysql-db=$db" --tables="${2:-4}" --table-size="$1")
}
# prepare_upstream WORKLOAD: a fresh $db upstream, sysbench prepare with the sb options. First the
# binlogs of earlier runs go: every run starts with a snapshot, so none reads them again, and a
# full drain.sh matrix writes some 60 GB of them, more than the 6 h binlog_expire_logs_seconds of
# bin/services keeps off a small disk. The server keeps any log a running binlog reader still uses.
prepare_upstream() {
  local current
  current=$("${up[@]}" -e "FLUSH BINARY LOGS; SHOW MASTER STATUS" | cut -f1) \
    && "${up[@]}" -e "PURGE BINARY LOGS TO '$current'" \
    || say "could not purge the upstream's old binlogs; carrying on"
  "${up[@]}" -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
  sysbench "$1" "${sb[@]}" --threads=4 prepare > "$work/prepare.log"
}
# reset_downstream: empty tables of the upstream's definition in $db downstream
reset_downstream() {
  "${down[@]}" -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
  # the tables' definitions in one dump: a client per table took minutes at 1,000 tables
  mariadb-dump -h127.0.0.1 -P"$FERRY_UPSTREAM_PORT" -uferry_admin -pferry_admin --no-data --skip-triggers \
    --skip-add-drop-table --skip-comments "$db" | "${down[@]}" "$db"
}
# rows_sql [TABLES]: the total COUNT(*) of sbtest1..TABLES in $db
rows_sql() {
  local t sql="SELECT 0"
  for ((t = 1; t <= ${1:-4}; t++)); do sql+="+(SELECT COUNT(*) FROM $db.sbtest$t)"; done
  echo "$sql"
}
# sysbench_figure LOG WHAT: a figure from the summary sysbench printed to LOG
# (tps, qps, txns, writes, p95, errors)
sysbench_figure() {
  case $2 in
    tps) sed -n 's/.*transactions: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p' "$1" ;;
    qps) sed -n 's/.*queries: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p' "$1" ;;
    txns) awk '/transactions:/ { print $2 }' "$1" ;;
    writes) awk '/write:/ { print $2 }' "$1" ;;
    p95) awk '/95th percentile:/ { print $3 }' "$1" ;;
    errors) awk '/ignored errors:/ { print $3 }' "$1" ;;
  esac
}
# row_changes WORKLOAD TRANSACTIONS: the row changes of that many committed sysbench transactions:
# oltp_insert autocommits one INSERT per transaction; an oltp_write_only transaction updates k and c
# of one id, deletes it and inserts it again: 4 row changes
row_changes() { if [[ $1 == oltp_insert ]]; then echo "$2"; else echo $(($2 * 4)); fi; }
# checksum_sql [TABLES]: per sbtest table its COUNT(*) and a sum of row CRC32s
checksum_sql() {
  local t
  for ((t = 1; t <= ${1:-4}; t++)); do
    [[ $t == 1 ]] || printf ' UNION ALL '
    printf "SELECT %s, COUNT(*), SUM(CRC32(CONCAT_WS('#',id,k,c,pad))) FROM %s.sbtest%s" "$t" "$db" "$t"
  done
}
# data_bytes: InnoDB data of $db upstream (DATA_LENGTH, as DM's reports count "data size")
data_bytes() { "${up[@]}" -e "SELECT SUM(DATA_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA='$db'"; }

# wait_until SQL EXPECTED TIMEOUT [quiet]: polls the downstream every 0.5 s until SQL returns
# EXPECTED; prints the seconds it took, or fails when a tracked process dies or TIMEOUT passes.
# With "quiet", it polls every 0.2 s the downstream's count of rows written and runs SQL only when
# that has not moved since the last poll: a checksum of the tables costs the downstream as much CPU
# as a good share of the changes it waits for, and slows what it measures. The seconds printed then
# end at the first poll that saw the final count: no row was written after it (the count stood
# still up to the comparison), so the downstream already equalled the upstream there, and neither
# the quiet poll nor the comparison is counted.
wait_until() {
  local sql=$1 expected=$2 timeout=$3 quiet=${4:-} start writes last=-1 since interval=0.5
  [[ $quiet == quiet ]] && interval=0.2
  start=$(now)
  while true; do
    if [[ $quiet == quiet ]]; then
      writes=$(downstream_writes)
      if [[ $writes == "$last" ]]; then
        [[ $("${down[@]}" -e "$sql" 2>/dev/null) == "$expected" ]] && { calc "$since - $start"; return 0; }
      else
        last=$writes since=$(now)
      fi
    elif [[ $("${down[@]}" -e "$sql" 2>/dev/null) == "$expected" ]]; then
      break
    fi
    procs_alive || return 1
    [[ $(calc "($(now) - $start > $timeout)") == 1 ]] && { echo "not caught up after ${timeout}s" >&2; return 1; }
    sleep "$interval"
  done
  calc "$(now) - $start"
}
# downstream_writes: rows the downstream server's handlers have written, updated and deleted
downstream_writes() {
  "${down[@]}" -e "SELECT SUM(VARIABLE_VALUE) FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('HANDLER_WRITE', 'HANDLER_UPDATE', 'HANDLER_DELETE')" 2>/dev/null
}

# ---------------------------------------------------------------- Kafka
# kafka_offsets REGEX: committed end offsets (last stable offsets) of the matching topics, summed
# (records + one transaction marker per partition and committed Kafka transaction);
# kafka_written_offsets REGEX: their log end offsets, written but not yet committed records included
kafka_offsets() {
  "${java[@]}" -Xmx128m -cp "$benchmarks_jar" dev.ferry.benchmarks.kafka.TopicOffsets \
    --bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" --topics "$1" | tail -1 | cut -d' ' -f1
}
kafka_written_offsets() {
  "${java[@]}" -Xmx128m -cp "$benchmarks_jar" dev.ferry.benchmarks.kafka.TopicOffsets \
    --bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" --topics "$1" | tail -1 | cut -d' ' -f2
}
# kafka_wait_offsets REGEX N TIMEOUT: waits until those offsets reach N with no transaction open;
# prints the epoch seconds when they did
kafka_wait_offsets() {
  "${java[@]}" -Xmx128m -cp "$benchmarks_jar" dev.ferry.benchmarks.kafka.TopicOffsets \
    --bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" --topics "$1" --at-least "$2" --timeout "$3" | tail -1 | cut -d' ' -f1
}
kafka_delete_topics() { # REGEX
  java -Xmx256m -cp "$kafka_libs/*" org.apache.kafka.tools.TopicCommand --bootstrap-server "$FERRY_KAFKA_BOOTSTRAP" \
    --delete --topic "$1" > /dev/null 2>&1 || true
}

# ---------------------------------------------------------------- pipelines
# A paused JVM must not declare its own mini-cluster dead when it resumes: Flink's heartbeat
# timeout (50 s) is shorter than a pause of 40 s of sysbench plus its start and end.
jvm_pause_tolerance=(--heartbeat.timeout 600000)
server_ids() { echo "$1-$(($1 + $2 - 1))"; } # first, count
capture_parallelism=4
# start_capture TAG [OPTION VALUE...]: ferry's capture of $db.* into the topic TAG.<db> (the default
# layout, one topic per database; pass --kafka.topic-pattern "TAG.{database}.{table}" for a topic per table),
# TAG-schema and TAG-tx; returns once the job runs. Log: $work/capture.log. $capture_jar (default
# jobs/target/ferry.jar) and $capture_jvm_flags pick the build and extra JVM flags.
start_capture() {
  local tag=$1; shift
  "${java[@]}" ${capture_jvm_flags[@]+"${capture_jvm_flags[@]}"} -jar "${capture_jar:-jobs/target/ferry.jar}" capture --upstream.port "$FERRY_UPSTREAM_PORT" --upstream.username ferry_cdc \
    --upstream.password ferry_cdc --upstream.tables "$db.*" --upstream.server-id "$(server_ids 6400 "$capture_parallelism")" \
    --capture.parallelism "$capture_parallelism" --kafka.bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" \
    --kafka.topic-pattern "$tag.{database}" --kafka.schema-topic "$tag-schema" \
    --kafka.transaction-topic "$tag-tx" --kafka.transactional-id-prefix "$tag" \
    --job.checkpoint-dir "$work/$tag" --job.name capture "${jvm_pause_tolerance[@]}" "$@" > "$work/capture.log" 2>&1 &
  track capture $!
  until grep -qs "is running" "$work/capture.log"; do
    kill -0 "${procs[capture]}" 2>/dev/null || { tail -5 "$work/capture.log" >&2; return 1; }
    sleep 0.2
  done
}
# start_apply TAG GROUP WORKERS BATCH [OPTION VALUE...]: ferry's apply of the topics of capture TAG
# into $db downstream, as consumer group GROUP (progress in $meta), with a heap of $apply_heap
# (default 1g) and extra JVM flags $apply_jvm_flags. Log: $work/apply.log.
meta=bench_meta
start_apply() {
  local tag=$1 group=$2 workers=$3 batch=$4; shift 4
  "${java[@]}" ${apply_jvm_flags[@]+"${apply_jvm_flags[@]}"} -Xmx"${apply_heap:-1g}" -jar jobs/target/ferry.jar apply --downstream.port "$FERRY_DOWNSTREAM_PORT" \
    --downstream.username ferry_apply --downstream.password ferry_apply --kafka.bootstrap-servers "$FERRY_KAFKA_BOOTSTRAP" \
    --apply.workers "$workers" --apply.batch-size "$batch" --apply.progress-database "$meta" \
    --kafka.schema-topic "$tag-schema" --kafka.transaction-topic "$tag-tx" --kafka.consumer-group "$group" \
    --job.checkpoint-dir "$work/$group" --job.name apply "${jvm_pause_tolerance[@]}" "$@" > "$work/apply.log" 2>&1 &
  track apply $!
}
# start_stock PARALLELISM BATCH [SOURCE_TUNING]: the stock Flink CDC SQL pipeline mysql-cdc -> jdbc
# (sql/stock-snapshot.sql, or the file $stock_sql names) on $db; SOURCE_TUNING is appended to the
# mysql-cdc WITH clause (", 'key' = 'value'"). Log: $work/stock.log.
start_stock() {
  "${java[@]}" -jar "$benchmarks_jar" "${stock_sql:-benchmarks/sql/stock-snapshot.sql}" database="$db" \
    upstream_port="$FERRY_UPSTREAM_PORT" downstream_port="$FERRY_DOWNSTREAM_PORT" parallelism="$1" \
    batch_size="$2" server_ids="$(server_ids 6500 "$1")" source_tuning="${3:-}" > "$work/stock.log" 2>&1 &
  track stock $!
}

# What went wrong in a run, for a report: WHAT, and the first log line that says why (ferry's own
# error line if there is one).
failure() {
  local pattern log line
  for pattern in '^ferry: ' 'ERROR|Exception'; do
    for log in "$work"/apply.log "$work"/stock.log "$work"/capture.log; do
      line=$(grep -m1 -hsE "$pattern" "$log" | tr '|' '/' | cut -c1-300 || true)
      [[ -n $line ]] && { echo "$1: $line"; return; }
    done
  done
  echo "$1"
}
# Why a task failed over: the last "Caused by" before the first restart in the logs.
failover_cause() {
  awk '/^Caused by: / { cause = $0 } /will be restarted|to RESTARTING/ && !found { found = 1; print cause }' "$work"/*.log |
    sed 's/^Caused by: //' | tr '|' '/' | cut -c1-200
}
# restarts_in_logs: how many task restarts the logs of this run show
restarts_in_logs() { cat "$work"/*.log 2>/dev/null | grep -cE 'will be restarted|to RESTARTING' || true; }

# ---------------------------------------------------------------- reports
pom_property() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" pom.xml | head -1; }
# report_machine: the Markdown "Machine" section (hardware, every component's version, load)
report_machine() {
  local kafka_version
  kafka_version=$(find "$kafka_libs" -maxdepth 1 -name 'kafka-clients-*.jar' 2>/dev/null | sed -n 's/.*kafka-clients-\(.*\)\.jar$/\1/p')
  echo "## Machine"
  echo
  echo "- $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | sort -u | head -1)), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) memory, $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"), $(uname -sr)"
  if [[ ${bench_downstream:-mariadb} == tidb ]]; then
    echo "- upstream MariaDB $("${up[@]}" -e 'SELECT VERSION()'), downstream TiDB $("${down[@]}" -e 'SELECT VERSION()') (tidb-server, unistore: one process, no PD or TiKV), same host"
  else
    echo "- upstream MariaDB $("${up[@]}" -e 'SELECT VERSION()'), downstream MariaDB $("${down[@]}" -e 'SELECT VERSION()') (stand-in for TiDB), same host"
  fi
  echo "- Kafka ${kafka_version:-unknown} (one KRaft broker, same host); Flink $(pom_property flink.version) (embedded mini-cluster per job), Flink CDC $(pom_property flink-cdc.version), flink-connector-jdbc $(pom_property flink-jdbc.version), flink-connector-kafka $(pom_property flink-kafka.version), MySQL Connector/J $(pom_property mysql-connector.version)"
  echo "- $(java -version 2>&1 | sed -n 2p); $(sysbench --version); $(mydumper --version 2>&1 | head -1); $(myloader --version 2>&1 | head -1)"
  echo "- ferry at $(git rev-parse --short HEAD) ($(git rev-parse --abbrev-ref HEAD)$([[ -n $(git status --porcelain -- jobs connectors benchmarks ':!benchmarks/results' 2>/dev/null) ]] && echo ', with uncommitted changes'))"
  echo "- shared with other work: $(uptime | sed 's/.*load average/load average/') when the report was written"
}
# report_header TITLE WHAT: the report's title, what it is, and its Machine section
report_header() {
  echo "# $1 ($started_at)"
  echo
  echo "$2"
  echo "Every peer runs in this same run on this machine; compare the ratios, not the absolute figures."
  echo
  report_machine
}
# chart KIND NAME TITLE X-LABEL Y-LABEL TSV: renders results/<table>/<stamp>-NAME.png and prints a
# Markdown image line for the report
chart() {
  local out=$results_dir/$started_at-$2.png
  mkdir -p "$results_dir"
  if java -cp "$benchmarks_jar" dev.ferry.benchmarks.report.ChartCommand --kind "$1" --title "$3" \
      --x-label "$4" --y-label "$5" --out "$out" "$6" 2> "$work/chart.err"; then
    echo "![$3]($(basename "$out"))"
  else
    echo "(chart $2 not drawn: $(cat "$work/chart.err"))"
  fi
}
# write_report: the report from stdin to $report, and shows it
write_report() {
  mkdir -p "$results_dir"
  cat > "$report"
  echo
  cat "$report"
  echo
  say "report written to $report"
}

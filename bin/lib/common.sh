# shellcheck shell=bash
# Shared helpers for bin/services: output, timing, pid and port handling,
# package installation. Sourced, never executed.

# --- output ------------------------------------------------------------------

# step "upstream MariaDB" "starting on 127.0.0.1:3307"  -> prints without newline
step() { printf '%s: %s … ' "$1" "$2"; }
# done_ok "ready (2.1 s)"  -> finishes the line opened by step
done_ok() { printf '%s\n' "$1"; }
info() { printf '%s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Last 30 lines of each given log file that exists and is non-empty, on stderr.
show_logs() {
  local f
  for f in "$@"; do
    if [[ -s $f ]]; then
      printf -- '----- last 30 lines of %s -----\n' "$f" >&2
      tail -n 30 "$f" >&2
      printf -- '-----\n' >&2
    fi
  done
}

# --- timing ------------------------------------------------------------------

now_ms() { local t=${EPOCHREALTIME//[!0-9]/}; echo $(( t / 1000 )); }
# since START_MS -> "2.1 s"
since() {
  local d=$(( $(now_ms) - $1 ))
  printf '%d.%d s' $(( d / 1000 )) $(( (d % 1000) / 100 ))
}

# --- processes ---------------------------------------------------------------

pid_alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }

# True if process $1 is alive and its command line contains the string $2.
# The marker is a path under $FERRY_RUN_DIR (a config file), so a recycled pid
# or another instance's process never passes for ours.
pid_matches() {
  local pid=$1 marker=$2 cmd
  pid_alive "$pid" || return 1
  [[ -r /proc/$pid/cmdline ]] || return 1
  cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
  [[ $cmd == *"$marker"* ]]
}

# Prints the pid of our running process for a service, or fails.
# $1 = pid file, $2 = marker string expected on the process's command line.
# Falls back to scanning /proc when the pid file is missing or stale (e.g. a
# MariaDB that is still starting and has not written its pid file yet).
find_pid() {
  local pidfile=$1 marker=$2 pid p
  if [[ -s $pidfile ]]; then
    pid=$(<"$pidfile")
    pid=${pid//[!0-9]/}
    if pid_matches "$pid" "$marker"; then echo "$pid"; return 0; fi
  fi
  for p in /proc/[0-9]*; do
    pid=${p#/proc/}
    [[ $pid == "$$" ]] && continue
    if [[ -r $p/cmdline ]] && tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -qF -- "$marker"; then
      # skip shells/greps that merely mention the path; accept the real server
      case "$(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)" in
        *mariadbd*|*mysqld*|*java*) echo "$pid"; return 0 ;;
      esac
    fi
  done
  return 1
}

# wait_gone PID SECONDS -> true once the process has exited
wait_gone() {
  local pid=$1 secs=$2 i
  for (( i = 0; i < secs * 10; i++ )); do
    pid_alive "$pid" || return 0
    sleep 0.1
  done
  ! pid_alive "$pid"
}

# terminate PID GRACE_SECONDS -> SIGTERM, wait, SIGKILL
terminate() {
  local pid=$1 grace=$2
  pid_alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  if ! wait_gone "$pid" "$grace"; then
    kill -KILL "$pid" 2>/dev/null || true
    wait_gone "$pid" 10 || return 1
    return 2   # had to be killed
  fi
  return 0
}

# Start a command fully detached (own session, immune to SIGHUP / the
# terminal's Ctrl-C), stdout+stderr appended to $2, pid written to $1 by the
# process itself (setsid + exec keep the same pid as the final server).
# fd 9 (the run-dir lock held by bin/services) is closed so the server does
# not keep the lock after bin/services exits.
spawn_detached() {
  local pidfile=$1 out=$2; shift 2
  # shellcheck disable=SC2016  # $$ / $0 / $@ are for the inner bash
  rm -f "$pidfile"
  # shellcheck disable=SC2016  # $$ / $0 / $@ are for the inner bash
  nohup setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" >>"$out" 2>&1 </dev/null 9>&- &
  local bg=$! i
  # wait (briefly) for the child to record its pid
  for (( i = 0; i < 100; i++ )); do
    [[ -s $pidfile ]] && return 0
    sleep 0.05
  done
  # setsid only forks when already a group leader, which a background job of a
  # non-interactive shell is not: $! is the same process
  echo "$bg" >"$pidfile"
}

# --- ports -------------------------------------------------------------------

# True if something listens on TCP port $1 (any local address).
port_in_use() {
  local port=$1
  if command -v ss >/dev/null 2>&1; then
    [[ -n $(ss -Hltn "sport = :$port" 2>/dev/null) ]] && return 0
  fi
  # ss is missing (or saw nothing): try to connect (bash built-in /dev/tcp).
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
}

# "python3 (pid 1234)" for the listener on port $1, when ss can tell.
port_owner() {
  local port=$1 line
  command -v ss >/dev/null 2>&1 || return 0
  line=$(ss -Hltnp "sport = :$port" 2>/dev/null | head -n1)
  if [[ $line =~ \(\(\"([^\"]+)\",pid=([0-9]+) ]]; then
    printf '%s (pid %s)' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
  fi
}

# wait_port PORT -> true when 127.0.0.1:PORT accepts a connection
port_accepts() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# --- packages ----------------------------------------------------------------

have_cmd() { command -v "$1" >/dev/null 2>&1; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif have_cmd sudo; then
    sudo "$@"
  else
    die "need root to run: $* (and sudo is not installed)"
  fi
}

# Installs the Debian packages needed by the services, the demo and the
# benchmarks, if any of their commands is missing. No-op otherwise.
ensure_packages() {
  local pkgs=()
  if ! have_cmd mariadbd || ! have_cmd mariadb-install-db; then
    pkgs+=(mariadb-server mariadb-client)
  elif ! have_cmd mariadb || ! have_cmd mariadb-admin; then
    pkgs+=(mariadb-client)
  fi
  have_cmd sysbench || pkgs+=(sysbench)
  have_cmd mydumper || pkgs+=(mydumper)
  (( ${#pkgs[@]} )) || return 0
  have_cmd apt-get || die "missing ${pkgs[*]} and apt-get is not available: install them by hand"

  local t0 log="$RUN_DIR/apt-install.log"
  mkdir -p "$RUN_DIR"
  t0=$(now_ms)
  step "packages" "installing ${pkgs[*]} (apt, log: $log)"
  # Note: the package's postinst may try to start the system-wide MariaDB
  # service; whether that works or not is irrelevant, nothing here uses
  # /etc/mysql, /var/lib/mysql, port 3306 or the system socket.
  if ! { as_root apt-get update -qq &&
         as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}"; } >"$log" 2>&1; then
    echo "FAILED"
    show_logs "$log"
    die "could not install ${pkgs[*]}"
  fi
  hash -r
  have_cmd mariadbd || die "mariadbd still not found after installing mariadb-server"
  done_ok "done ($(since "$t0"))"
}

# Toxiproxy's server, the TCP fault proxy of the network fault tests (NetworkFaultsITCase), built
# with `go install` into $RUN_DIR/bin (the module path of v2.5.0: cmd/server, not
# cmd/toxiproxy-server). Go comes from apt (golang-go) when missing. A failure only warns: no
# service and no other test needs it.
TOXIPROXY_MODULE=github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0
ensure_toxiproxy() {
  local bin="$RUN_DIR/bin/toxiproxy-server" log="$RUN_DIR/toxiproxy-install.log" t0
  [[ -x $bin ]] && return 0
  t0=$(now_ms)
  mkdir -p "$RUN_DIR/bin"
  step "toxiproxy" "installing toxiproxy-server ($TOXIPROXY_MODULE, log: $log)"
  [[ -x /usr/local/go/bin/go ]] && PATH=$PATH:/usr/local/go/bin
  if ! have_cmd go && have_cmd apt-get; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go >"$log" 2>&1 || true
    hash -r
  fi
  if have_cmd go && GOBIN="$RUN_DIR/bin" go install "$TOXIPROXY_MODULE" >>"$log" 2>&1 &&
     mv "$RUN_DIR/bin/server" "$bin"; then
    done_ok "done ($(since "$t0"))"
  else
    echo "FAILED"
    warn "no toxiproxy-server: NetworkFaultsITCase will fail (see $log)"
  fi
}

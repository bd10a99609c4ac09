#!/bin/bash
# Starts mariadbd, initialising /var/lib/mysql first when it is empty (as the official image does).
set -euo pipefail

if [[ ${1:-} == -* ]]; then set -- mariadbd "$@"; fi
if [[ ${1:-} != mariadbd && ${1:-} != mysqld ]]; then exec "$@"; fi

datadir=/var/lib/mysql
root_password=${MARIADB_ROOT_PASSWORD:-${MYSQL_ROOT_PASSWORD:-}}
allow_empty=${MARIADB_ALLOW_EMPTY_ROOT_PASSWORD:-${MYSQL_ALLOW_EMPTY_PASSWORD:-}}

sql_string() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\'\'}"; }

if [[ ! -d $datadir/mysql ]]; then
  if [[ -z $root_password && -z $allow_empty ]]; then
    echo "error: the data dir is empty and no root password is set: set MARIADB_ROOT_PASSWORD" \
      "(or MYSQL_ROOT_PASSWORD), or MARIADB_ALLOW_EMPTY_ROOT_PASSWORD=1" >&2
    exit 1
  fi
  echo "initialising $datadir"
  mariadb-install-db --user=mysql --datadir="$datadir" --auth-root-authentication-method=normal \
    --skip-test-db --skip-name-resolve >/tmp/install-db.log 2>&1 || { cat /tmp/install-db.log >&2; exit 1; }
  socket=/run/mysqld/init.sock
  "$@" --user=mysql --skip-networking --socket="$socket" &
  pid=$!
  for _ in $(seq 1 300); do
    mariadb-admin --socket="$socket" -uroot ping >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { echo "error: mariadbd exited during initialisation" >&2; exit 1; }
    sleep 0.1
  done
  {
    echo "SET sql_log_bin = 0;"
    echo "DELETE FROM mysql.global_priv WHERE User = '' OR Host NOT IN ('localhost', '127.0.0.1', '::1');"
    echo "DELETE FROM mysql.proxies_priv WHERE Host NOT IN ('localhost', '127.0.0.1', '::1');"
    echo "FLUSH PRIVILEGES;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $(sql_string "$root_password");"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY $(sql_string "$root_password");"
    echo "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    database=${MARIADB_DATABASE:-${MYSQL_DATABASE:-}}
    user=${MARIADB_USER:-${MYSQL_USER:-}}
    password=${MARIADB_PASSWORD:-${MYSQL_PASSWORD:-}}
    if [[ -n $database ]]; then echo "CREATE DATABASE IF NOT EXISTS \`$database\`;"; fi
    if [[ -n $user ]]; then
      echo "CREATE USER $(sql_string "$user")@'%' IDENTIFIED BY $(sql_string "$password");"
      if [[ -n $database ]]; then echo "GRANT ALL ON \`$database\`.* TO $(sql_string "$user")@'%';"; fi
    fi
  } | mariadb --socket="$socket" -uroot
  for file in /docker-entrypoint-initdb.d/*.sql; do
    [[ -f $file ]] || continue
    echo "running $file"
    mariadb --socket="$socket" -uroot -p"$root_password" <"$file"
  done
  mariadb-admin --socket="$socket" -uroot -p"$root_password" shutdown
  wait "$pid"
  echo "initialised $datadir"
fi

exec "$@" --user=mysql

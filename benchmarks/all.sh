#!/usr/bin/env bash
# The whole benchmark suite, one table after the other, then benchmarks/results/SUMMARY.md: a link
# to the latest report of each table and the ratios it states.
#   import.sh        Table 1: full import (DM's table)
#   incremental.sh   Table 2: incremental replication (DM's table)
#   funnel.sh        Table 3: funnel
#   load.sh          Table 4: load levels and large transactions
# A table whose script fails or is missing is reported as such; the others still run.
#
#   benchmarks/all.sh [--quick] [--tables "import incremental funnel load"]
#   benchmarks/all.sh --tables ""   runs nothing: rewrites SUMMARY.md from the latest reports
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"
bench_usage 'usage: benchmarks/all.sh [--quick] [--tables "import incremental funnel load"]
  --quick   every table at its --quick size (a few minutes each); default: the full sizes
  --tables  run only these tables (the summary still links the latest report of every table);
            --tables "" runs none and only rewrites the summary from the latest reports'
all_tables="import incremental funnel load"
size=() tables=$all_tables
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) size=(--quick); shift ;;
    --tables) [[ $# -ge 2 ]] || { echo "--tables needs a value" >&2; usage; }; tables=$2; shift 2 ;;
    *) usage ;;
  esac
done
for table in $tables; do [[ " $all_tables " == *" $table "* ]] || { echo "--tables: unknown table '$table' (tables: $all_tables)" >&2; exit 2; }; done
declare -A title=([import]="Table 1: full import" [incremental]="Table 2: incremental replication"
  [funnel]="Table 3: funnel" [load]="Table 4: load levels and large transactions"
  [apply-drain]="Drains: apply from Kafka and whole pipeline")
# Reports of scripts all.sh does not run, summarised after the tables: results folder -> script
declare -A other_script=([apply-drain]=drain.sh)
other_reports="apply-drain"

bench_init summary none
results_dir=benchmarks/results report=benchmarks/results/SUMMARY.md
[[ -z $tables ]] || bench_build
declare -A outcome=()
for table in $all_tables; do outcome[$table]="not run"; done
for table in $tables; do
  script=benchmarks/$table.sh
  if [[ ! -x $script ]]; then
    outcome[$table]="not run: $script does not exist in this checkout"
    say "skipping ${title[$table]}: $script does not exist in this checkout"
    continue
  fi
  say "${title[$table]}: $script ${size[*]}"
  start=$(now)
  if BENCH_NO_BUILD=1 "$script" "${size[@]}" 2>&1 | tee "$work/$table.log"; then
    outcome[$table]="ran in $(fmt0 "$(calc "$(now) - $start")") s"
  else
    outcome[$table]="FAILED after $(fmt0 "$(calc "$(now) - $start")") s: $(grep -v '^\[' "$work/$table.log" | tail -1 | cut -c1-200)"
  fi
done

# latest TABLE: the newest report of a table (reports are named by their UTC start time)
latest() { if [[ -d benchmarks/results/$1 ]]; then find "benchmarks/results/$1" -maxdepth 1 -name '*.md' | sort | tail -1; fi; }
# ratios REPORT: the report's section whose heading names ratios, without the heading
ratios() {
  awk '/^## / { inside = ($0 ~ /[Rr]atio/); next } inside' "$1" | sed '/./,$!d'
}
{
  echo "# Benchmark suite: summary"
  echo
  echo "Written by \`benchmarks/all.sh${size[*]:+ ${size[*]}}$([[ -n $tables ]] || echo ' --tables ""')\` at $started_at$([[ -n $tables ]] || echo ', from the latest reports (no table run)'). Each table's peers were measured in the same run as ferry, on the machine below; the ratios are what carries over to other machines."
  echo
  report_machine
  echo
  echo "| table | this run | latest report |"
  echo "|---|---|---|"
  for table in $all_tables; do
    latest_report=$(latest "$table")
    link="none yet"
    [[ -z $latest_report ]] || link="[$(basename "$latest_report")](${latest_report#benchmarks/results/})"
    echo "| ${title[$table]} (\`benchmarks/$table.sh\`) | ${outcome[$table]} | $link |"
  done
  for table in $other_reports; do
    latest_report=$(latest "$table")
    [[ -n $latest_report ]] || continue
    echo "| ${title[$table]} (\`benchmarks/${other_script[$table]}\`) | not run by all.sh | [$(basename "$latest_report")](${latest_report#benchmarks/results/}) |"
  done
  echo
  for table in $all_tables $other_reports; do
    latest_report=$(latest "$table")
    [[ -n $latest_report ]] || continue
    echo "## ${title[$table]}"
    echo
    echo "From [${latest_report#benchmarks/results/}](${latest_report#benchmarks/results/}):"
    echo
    section=$(ratios "$latest_report")
    echo "${section:-(this report has no section of ratios; see the report)}"
    echo
  done
} | write_report

#!/usr/bin/env bash
# DTM's saga table is now `benchmarks/ferry-bench saga` (see benchmarks/README.md); this name is kept for old habits.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" saga "$@"

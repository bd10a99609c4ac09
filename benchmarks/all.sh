#!/usr/bin/env bash
# The whole suite is now `benchmarks/ferry-bench all` (see benchmarks/README.md); this name is kept for old habits.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" all "$@"

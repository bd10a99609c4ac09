#!/usr/bin/env bash
# The many-tables table is now `benchmarks/ferry-bench tables` (same flags; see its --help).
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" tables "$@"

#!/usr/bin/env bash
# Table 2, incremental replication, is now `benchmarks/ferry-bench incremental` (same flags and report).
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" incremental "$@"

#!/usr/bin/env bash
# Table 4 (load levels and large transactions) is now `benchmarks/ferry-bench load` (same flags, plus --smoke and --services).
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" load "$@"

#!/usr/bin/env bash
# Table 1, full import: now `benchmarks/ferry-bench import` (dev.ferry.benchmarks.importing); same flags.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" import "$@"

#!/usr/bin/env bash
# The apply-drain table is now `benchmarks/ferry-bench drain` (dev.ferry.benchmarks.drain); this wrapper keeps the old name.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" drain "$@"

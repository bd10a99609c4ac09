#!/usr/bin/env bash
# The capture A/B comparison is now `benchmarks/ferry-bench capture-replay` (see benchmarks/README.md); this name is kept for old habits.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" capture-replay "$@"

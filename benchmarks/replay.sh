#!/usr/bin/env bash
# Now `ferry-bench replay` (dev.ferry.benchmarks.cli.ReplayCommand): the same flags, output and table.
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" replay "$@"

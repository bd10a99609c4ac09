#!/usr/bin/env bash
# Table 3, Canal's stage funnel, is now `benchmarks/ferry-bench funnel` (same flags, same report).
exec "$(dirname "${BASH_SOURCE[0]}")/ferry-bench" funnel "$@"

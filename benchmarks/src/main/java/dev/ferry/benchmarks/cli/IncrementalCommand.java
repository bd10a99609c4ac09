package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** Table 2, incremental replication (DM's): still benchmarks/incremental.sh. */
@Command(
        name = "incremental",
        description =
                "Table 2, incremental replication (DM's). Not ported yet: names benchmarks/incremental.sh and fails.")
final class IncrementalCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/incremental.sh";
    }
}

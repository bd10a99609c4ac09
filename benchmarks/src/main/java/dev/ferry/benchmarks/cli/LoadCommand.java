package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** Table 4, PolarDB-X CDC's load levels and large transactions: still benchmarks/load.sh. */
@Command(
        name = "load",
        description =
                "Table 4, PolarDB-X CDC's load levels and large transactions. Not ported yet: names benchmarks/load.sh and fails.")
final class LoadCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/load.sh";
    }
}

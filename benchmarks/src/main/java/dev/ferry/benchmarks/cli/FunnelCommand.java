package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** Table 3, Canal's stage funnel: still benchmarks/funnel.sh. */
@Command(
        name = "funnel",
        description =
                "Table 3, Canal's stage funnel. Not ported yet: names benchmarks/funnel.sh and fails.")
final class FunnelCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/funnel.sh";
    }
}

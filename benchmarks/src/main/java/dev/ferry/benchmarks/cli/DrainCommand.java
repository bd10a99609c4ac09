package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** Apply speed by draining a backlog: still benchmarks/drain.sh. */
@Command(
        name = "drain",
        description =
                "Apply speed by draining a backlog. Not ported yet: names benchmarks/drain.sh and fails.")
final class DrainCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/drain.sh";
    }
}

package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** The four tables one after the other, then results/SUMMARY.md: still benchmarks/all.sh. */
@Command(
        name = "all",
        description =
                "The four tables one after the other, then results/SUMMARY.md. Not ported yet: names benchmarks/all.sh and fails.")
final class AllCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/all.sh";
    }
}

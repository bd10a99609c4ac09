package dev.ferry.benchmarks.cli;

import picocli.CommandLine.Command;

/** Table 1, full import (DM's): still benchmarks/import.sh. */
@Command(
        name = "import",
        description =
                "Table 1, full import (DM's). Not ported yet: names benchmarks/import.sh and fails.")
final class ImportCommand extends NotPortedCommand {
    @Override
    String script() {
        return "benchmarks/import.sh";
    }
}

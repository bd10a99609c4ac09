package dev.ferry.benchmarks.summary;

import java.util.List;

/**
 * A table of the benchmark suite as the summary lists it: its ferry-bench subcommand, the results
 * folder its reports go to, its title, and whether {@code ferry-bench all} runs it.
 */
public record SuiteTable(String command, String resultsFolder, String title, boolean runByAll) {

    /** The tables in the summary's order: the four {@code all} runs, then the others. */
    public static final List<SuiteTable> ALL =
            List.of(
                    new SuiteTable("import", "import", "Table 1: full import", true),
                    new SuiteTable(
                            "incremental", "incremental", "Table 2: incremental replication", true),
                    new SuiteTable("funnel", "funnel", "Table 3: funnel", true),
                    new SuiteTable(
                            "load", "load", "Table 4: load levels and large transactions", true),
                    new SuiteTable(
                            "drain",
                            "apply-drain",
                            "Drains: apply from Kafka and whole pipeline",
                            false),
                    new SuiteTable("saga", "saga", "Saga transfers (DTM's table)", false),
                    new SuiteTable("tables", "tables", "Many tables", false));

    /** The tables {@code ferry-bench all} runs by default, by command. */
    public static List<String> runByAllCommands() {
        return ALL.stream().filter(SuiteTable::runByAll).map(SuiteTable::command).toList();
    }

    /** The table of a subcommand; fails naming the known ones. */
    public static SuiteTable of(String command) {
        return ALL.stream()
                .filter(table -> table.command().equals(command))
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "unknown table '"
                                                + command
                                                + "' (tables: "
                                                + String.join(" ", runByAllCommands())
                                                + ")"));
    }
}

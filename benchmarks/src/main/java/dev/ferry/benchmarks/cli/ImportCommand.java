package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.importing.ImportSettings;
import dev.ferry.benchmarks.importing.ImportTable;
import dev.ferry.benchmarks.importing.TablesScript;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * Table 1, full import (TiDB DM's), what benchmarks/import.sh ran: the flags are the script's, the
 * work is dev.ferry.benchmarks.importing's.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Table 1, full import, as TiDB DM's benchmark reports it: dump side, load side, end to"
                    + " end, and sweeps over sink parallelism and over rows per statement, every"
                    + " tool in the same run on this machine:",
            "  ferry     dump = capture snapshot into Kafka; load = apply draining that backlog into"
                    + " an empty downstream; end to end = both running together",
            "  stock     Flink CDC's SQL pipeline mysql-cdc -> jdbc (benchmarks/sql/"
                    + "stock-snapshot.sql), end to end",
            "  mydumper  mydumper (dump) + myloader (load), run on this host against the services'"
                    + " ports",
            "  ceiling   the downstream's own ceiling: CeilingLoader writes sysbench-identical rows"
                    + " as multi-row INSERTs over the same number of connections (no Flink, no"
                    + " Kafka)",
            "  direct    (only with --pipelines ... direct) the direct import probe (issue 23):"
                    + " Flink CDC's snapshot read chained to wide multi-row upserts, no Kafka, end"
                    + " to end",
            "Data: sysbench oltp_insert prepare, 4 tables. Default 4 x 200,000 rows, sweeps on 4 x"
                    + " 50,000 over parallelism 2 4 8 16 32 64 and rows per statement 300 600 1250"
                    + " 2500 5000 7500; --quick 4 x 25,000 rows, sweeps 4 16 and 500 5000 (a few"
                    + " minutes); --smoke 4 x 5,000 rows, no sweeps (CI). Prints progress, then"
                    + " writes a Markdown report and PNG charts to <results>/import/<UTC start>.md.",
            "--downstream tidb writes into TiDB instead of the MariaDB stand-in: a TiDB"
                    + " container, or with --services endpoints the TiDB at --downstream-port (TiDB"
                    + " has no Com_insert, so rows per statement are not measured there).",
            "--tables \"4 400 1000\" runs the table-count axis instead (benchmarks/tables.sh, given"
                    + " every argument)."
        })
final class ImportCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Option(
            names = "--no-sweeps",
            description =
                    "Only the headline tables (dump, load, end to end), at the size chosen: no"
                            + " sweep over sink parallelism or rows per statement.")
    boolean noSweeps;

    @Option(
            names = "--rows-per-table",
            paramLabel = "N",
            description =
                    "Rows in each of the 4 sysbench tables. Default: 200000; --quick 25000;"
                            + " --smoke 5000.")
    Integer rowsPerTable;

    @Option(
            names = "--sweep-rows-per-table",
            paramLabel = "N",
            description =
                    "Rows per table of the sweeps' own data set. Default: 50000; --quick and"
                            + " --smoke: --rows-per-table (the sweeps reuse the main data).")
    Integer sweepRowsPerTable;

    @Option(
            names = "--parallelism",
            paramLabel = "\"N ...\"",
            description =
                    "The sink parallelism sweep (apply.workers, stock parallelism, myloader"
                            + " threads, ceiling connections), each 1 to 64. Default: \"2 4 8 16"
                            + " 32 64\"; --quick \"4 16\"; --smoke none.")
    String parallelism;

    @Option(
            names = "--rows-per-statement",
            paramLabel = "\"N ...\"",
            description =
                    "The rows per statement sweep (apply.batch-size, CeilingLoader, mydumper -s),"
                            + " each 1 to 20000. Default: \"300 600 1250 2500 5000 7500\";"
                            + " --quick \"500 5000\"; --smoke none.")
    String rowsPerStatement;

    @Option(
            names = "--workers",
            paramLabel = "N",
            defaultValue = "16",
            description =
                    "apply.workers, stock parallelism, myloader threads and ceiling connections"
                            + " of the headline runs, 1 to 64. Default: ${DEFAULT-VALUE}.")
    int workers;

    @Option(
            names = "--batch-size",
            paramLabel = "N",
            defaultValue = "2000",
            description =
                    "Rows per statement of the headline runs: apply.batch-size, the stock"
                            + " pipeline's sink.buffer-flush.max-rows, CeilingLoader's and"
                            + " mydumper's (-s N x 200 bytes). Default: ${DEFAULT-VALUE}.")
    int batchSize;

    @Option(
            names = "--dump-threads",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "capture.parallelism, mydumper's -t and the direct probe's source"
                            + " parallelism. Default: ${DEFAULT-VALUE}.")
    int dumpThreads;

    @Option(
            names = "--pipelines",
            paramLabel = "\"NAME ...\"",
            defaultValue = ImportSettings.DEFAULT_PIPELINES,
            description =
                    "Which pipelines run, of ferry stock mydumper ceiling direct; \"direct\" adds"
                            + " the direct import probe (no Kafka; issue 23), end to end with the"
                            + " others. Default: \"${DEFAULT-VALUE}\".")
    String pipelines;

    @Option(
            names = "--direct-connections",
            paramLabel = "N",
            description =
                    "Downstream connections of the direct probe, 1 to 256 and a multiple of"
                            + " --dump-threads; its rows per statement are --batch-size. Default:"
                            + " --workers.")
    Integer directConnections;

    @Option(
            names = "--tables",
            paramLabel = "\"N ...\"",
            description =
                    "The table-count axis (issue 30): the same rows spread over more tables,"
                            + " measured by benchmarks/tables.sh, which gets every argument of"
                            + " this command as it is (its own options too).")
    String tables;

    @Option(
            names = "--results",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report and its charts go to its import/. Default:"
                            + " ${DEFAULT-VALUE}.")
    Path results;

    /** tables.sh's own options, allowed only with --tables. */
    @Unmatched List<String> tablesOptions = new ArrayList<>();

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (tables != null) {
            return TablesScript.run(spec.commandLine().getParseResult().originalArgs());
        }
        if (!tablesOptions.isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "unknown option(s) "
                            + String.join(" ", tablesOptions)
                            + ": see ferry-bench import --help");
        }
        ImportSettings settings;
        try {
            settings =
                    ImportSettings.of(
                            new ImportSettings.Given(
                                    size.size().name().toLowerCase(Locale.ROOT),
                                    noSweeps,
                                    rowsPerTable,
                                    sweepRowsPerTable,
                                    parallelism,
                                    rowsPerStatement,
                                    workers,
                                    batchSize,
                                    dumpThreads,
                                    pipelines,
                                    directConnections,
                                    "tidb".equals(services.downstreamKind)));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        new ImportTable(settings).run(services.open(System.getenv()), results);
        return 0;
    }
}

package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.drain.DrainSettings;
import dev.ferry.benchmarks.drain.DrainTable;
import dev.ferry.benchmarks.drain.TablesAxis;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * Apply speed by draining a backlog (issue 3, point 5; what benchmarks/drain.sh ran): ferry in
 * transaction and row mode and the stock Flink CDC pipeline side by side; the same report, to
 * results/apply-drain/. The table's logic is in dev.ferry.benchmarks.drain.
 */
@Command(
        name = "drain",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Apply speed, measured by draining a backlog (issue 3, point 5), side by side in one"
                    + " run: ferry transaction (capture -> Kafka -> apply,"
                    + " apply.consistency=transaction) and ferry row (apply.consistency=row) at"
                    + " each --workers, and the stock Flink CDC SQL pipeline mysql-cdc -> jdbc"
                    + " (benchmarks/sql/stock-snapshot.sql, parallelism = workers,"
                    + " sink.buffer-flush.max-rows = --batch-size).",
            "Each run copies a fresh sysbench database (4 tables), pauses the pipeline's"
                    + " processes (SIGSTOP), runs sysbench for --seconds, resumes them (SIGCONT)"
                    + " and times until the downstream equals the upstream (compared whenever the"
                    + " downstream has written no row for 0.2 s). Then, for ferry, the apply's own"
                    + " drain on the same processes: only the apply paused, sysbench again, and"
                    + " once the capture has written that backlog to Kafka the apply is resumed"
                    + " and timed. The pipelines take turns at each workers value.",
            "Reports rows/s, transactions/s, each process's CPU seconds and the CPU stolen"
                    + " during each drain, and the ratios against issue 23's targets (apply from"
                    + " Kafka >= 1.5x, whole pipeline >= 1.0x the stock pipeline); writes"
                    + " results/apply-drain/<UTC start>.md.",
            "Sizes: default workers 1 4 8 16 32, 40 s, 20,000 rows per table; --quick workers 4"
                    + " 16, 15 s, 10,000 rows; --smoke (CI) oltp_write_only only, workers 4, 5 s,"
                    + " 1,000 rows. A flag given wins over the size's default.",
            ""
        })
final class DrainCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Option(
            names = "--workers",
            paramLabel = "\"N ...\"",
            description =
                    "ferry's apply.workers and the stock pipeline's parallelism, each from 1 to 64."
                            + " Default: \"1 4 8 16 32\"; --quick \"4 16\"; --smoke \"4\".")
    String workers;

    @Option(
            names = "--batch-size",
            paramLabel = "N",
            defaultValue = "2000",
            description =
                    "ferry's apply.batch-size and the stock pipeline's"
                            + " sink.buffer-flush.max-rows. Default: ${DEFAULT-VALUE}.")
    int batch;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            description =
                    "Seconds of sysbench run while the pipeline (or its apply) is paused."
                            + " Default: 40; --quick 15; --smoke 5.")
    Integer seconds;

    @Option(
            names = "--rows-per-table",
            paramLabel = "N",
            description =
                    "Rows sysbench prepares in each of the 4 tables. Default: 20000; --quick"
                            + " 10000; --smoke 1000.")
    Integer rowsPerTable;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "16",
            description = "sysbench's threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--pipelines",
            paramLabel = "\"P ...\"",
            defaultValue = "transaction row stock",
            description =
                    "The pipelines, in the order they take turns: transaction, row (ferry's"
                            + " apply.consistency) and stock. Default: \"${DEFAULT-VALUE}\".")
    String pipelines;

    @Option(
            names = "--workloads",
            paramLabel = "\"W ...\"",
            description =
                    "The sysbench workloads, in order: oltp_insert and oltp_write_only. Default:"
                            + " \"oltp_insert oltp_write_only\"; --smoke \"oltp_write_only\".")
    String workloads;

    @Option(
            names = "--profile",
            description =
                    "Adds one ferry transaction run of the last workload at the most workers,"
                            + " recorded with Java Flight Recorder (jcmd JFR.start), and its hot"
                            + " methods to the report; FERRY_BENCH_JFR_DIR=<dir> keeps the"
                            + " recordings there.")
    boolean profile;

    @Option(
            names = "--tables",
            paramLabel = "\"N ...\"",
            description =
                    "The table-count axis (issue 30): runs benchmarks/tables.sh with every"
                            + " argument given after drain (tables.sh's own options too), which"
                            + " measures the drain among its figures over that many tables.")
    String tables;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its apply-drain/. Default:"
                            + " ${DEFAULT-VALUE}.")
    Path results;

    @Option(
            names = "--ferry-jar",
            paramLabel = "JAR",
            defaultValue = "jobs/target/ferry.jar",
            description = "The capture's and apply's jar. Default: ${DEFAULT-VALUE}.")
    Path ferryJar;

    @Mixin ServiceOptions services;

    @Unmatched List<String> unmatched = new ArrayList<>();

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (tables != null) {
            return TablesAxis.run(
                    TablesAxis.argumentsAfter(
                            spec.commandLine().getParseResult().originalArgs(), spec.name()));
        }
        if (!unmatched.isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "unknown arguments: "
                            + String.join(" ", unmatched)
                            + " (only --tables takes tables.sh's options)");
        }
        DrainSettings settings;
        try {
            settings =
                    DrainSettings.of(
                            switch (size.size()) {
                                case FULL -> DrainSettings.Size.FULL;
                                case QUICK -> DrainSettings.Size.QUICK;
                                case SMOKE -> DrainSettings.Size.SMOKE;
                            },
                            workers,
                            pipelines,
                            workloads,
                            batch,
                            seconds,
                            rowsPerTable,
                            threads,
                            profile);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!Files.isRegularFile(ferryJar)) {
            throw new IllegalArgumentException(
                    "no ferry.jar at "
                            + ferryJar
                            + ": build it (mvn -B -q package -DskipTests -pl jobs,benchmarks -am)"
                            + " or pass --ferry-jar");
        }
        BenchmarkServices found = services.open(System.getenv());
        try (BenchRun run = BenchRun.open(DrainTable.TABLE, DrainTable.DATABASE, results, found)) {
            DrainTable.run(run, settings, ferryJar);
        }
        return 0;
    }
}

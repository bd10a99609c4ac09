package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.replay.JarVariant;
import dev.ferry.benchmarks.replay.ReplayBenchmark;
import dev.ferry.benchmarks.replay.ReplaySettings;
import dev.ferry.benchmarks.replay.ReplayWindow;
import dev.ferry.benchmarks.run.BenchRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The apply's A/B comparison (what benchmarks/replay.sh ran): parses options, runs the replays. */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Not a table: the apply alone, replaying one Kafka backlog, build against build (A/B)"
                    + " on a shared, noisy machine. The capture writes the backlog once: a fresh"
                    + " sysbench database, its snapshot, then --seconds of sysbench WORKLOAD with"
                    + " the capture running, until Kafka holds it all (--seconds 0: the snapshot"
                    + " alone). Then, for --rounds rounds, each JAR in turn (interleaved, so that a"
                    + " change in the host's speed hits every build alike) applies the whole"
                    + " backlog into empty downstream tables as a new consumer group, timed until"
                    + " the downstream equals the upstream.",
            "Per replay: the whole replay's wall seconds and apply CPU seconds (JVM start,"
                    + " snapshot rows and JIT included), and the steady part between the polls at"
                    + " which the downstream had written FROM%% and TO%% (--window) of the replay's"
                    + " row operations (Handler_write + _update + _delete, polled every 0.2 s):"
                    + " row changes/s and the CPU µs per row change of the apply (also without its"
                    + " JIT compiler threads) and of the downstream. Prints a line per replay and a"
                    + " table with each build's means; writes no report (the builds compared are"
                    + " not commits of this checkout). Same-jar rounds vary by up to 15%% here, so"
                    + " compare means over several rounds."
        })
final class ReplayCommand implements Callable<Integer> {
    @Option(
            names = "--workload",
            paramLabel = "WORKLOAD",
            defaultValue = "oltp_insert",
            description = "oltp_insert or oltp_write_only. Default: ${DEFAULT-VALUE}.")
    String workload;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            defaultValue = "40",
            description =
                    "Seconds of sysbench after the snapshot, 0 to 3600 (0: the snapshot alone, to"
                            + " measure the apply of a full import's rows). Default:"
                            + " ${DEFAULT-VALUE}.")
    int seconds;

    @Option(
            names = "--rows-per-table",
            paramLabel = "N",
            defaultValue = "20000",
            description = "Rows of each sysbench table. Default: ${DEFAULT-VALUE}.")
    int rowsPerTable;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "16",
            description = "sysbench's client threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--workers",
            paramLabel = "N",
            defaultValue = "8",
            description = "The apply's apply.workers, 1 to 64. Default: ${DEFAULT-VALUE}.")
    int workers;

    @Option(
            names = "--batch-size",
            paramLabel = "N",
            defaultValue = "2000",
            description = "The apply's apply.batch-size. Default: ${DEFAULT-VALUE}.")
    int batchSize;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "Rounds of every build, 1 to 100. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(
            names = "--consistency",
            paramLabel = "C",
            defaultValue = "transaction",
            description =
                    "The apply's apply.consistency, transaction or row. Default: ${DEFAULT-VALUE}.")
    String consistency;

    @Option(
            names = "--window",
            defaultValue = "30-90",
            paramLabel = "FROM-TO",
            description =
                    "The steady part of a replay, in percent of its row operations (FROM < TO <="
                            + " 100). A later window on a longer backlog leaves the JIT's work out of"
                            + " the rate. Default: ${DEFAULT-VALUE}.")
    String window;

    @Option(
            names = "--jfr",
            paramLabel = "DIR",
            description =
                    "Records each replay with Java Flight Recorder's execution samples"
                            + " (benchmarks/conf/cpu-samples.jfc) into DIR, as"
                            + " replay-ROUND-INDEX-JARNAME.jfr.")
    Path jfrDir;

    @Option(
            names = "--tables",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "Sysbench tables, 1 to 5000, each of --rows-per-table rows: a backlog whose"
                            + " commits touch many tables (issue 30). Default: ${DEFAULT-VALUE}.")
    int tables;

    @Parameters(
            paramLabel = "JAR",
            arity = "0..*",
            description =
                    "ferry.jar builds to compare (copy jobs/target/ferry.jar aside for each);"
                            + " default: the current jobs/target/ferry.jar alone. Paths are relative"
                            + " to the repository's root, where ferry-bench runs. The capture that"
                            + " writes the backlog is always jobs/target/ferry.jar.")
    List<String> jars = new ArrayList<>();

    @Mixin ServiceOptions services;

    @Override
    public Integer call() throws Exception {
        ReplaySettings settings = settings();
        try (BenchRun run =
                services.openRun(
                        ReplayBenchmark.TABLE,
                        ReplayBenchmark.DATABASE,
                        Path.of("benchmarks/results"))) {
            ReplayBenchmark.run(run, settings);
        }
        return 0;
    }

    /** The options as settings, checked before any service starts. */
    ReplaySettings settings() {
        return new ReplaySettings(
                workload,
                seconds,
                rowsPerTable,
                threads,
                workers,
                batchSize,
                rounds,
                consistency,
                ReplayWindow.parse(window),
                jfrDir == null ? null : jfrDir.toAbsolutePath(),
                tables,
                JarVariant.builds(jars, jar -> JarVariant.of(Path.of(jar))));
    }
}

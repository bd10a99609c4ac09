package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.replay.CaptureReplayBenchmark;
import dev.ferry.benchmarks.replay.CaptureReplaySettings;
import dev.ferry.benchmarks.replay.JarVariant;
import dev.ferry.benchmarks.run.BenchRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The capture's A/B comparison (what benchmarks/capture-replay.sh ran): parses options, runs the
 * captures.
 */
@Command(
        name = "capture-replay",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Not a table: the capture alone, build against build (A/B) on a shared, noisy machine."
                    + " For each --rounds round, each JAR in turn (interleaved, so that a change in"
                    + " the host's speed hits every build alike) copies a fresh sysbench database"
                    + " (4 x --rows-per-table rows) to new Kafka topics (the snapshot), then, paused"
                    + " (SIGSTOP) while sysbench WORKLOAD runs for --seconds, is resumed and reads"
                    + " that binlog backlog into Kafka, twice (the first warms its code up).",
            "Per build and phase: the capture's CPU µs per row (snapshot) and per row change"
                    + " (binlog), with the JIT compiler threads' and the GC threads' shares, from"
                    + " the moment its job runs (JVM and Flink start left out) until Kafka's"
                    + " committed offsets hold every row, and the seconds of the phase; the Kafka"
                    + " broker's CPU per binlog change beside it (compression and batching move"
                    + " work between the two); each build's means and their ratios to the first"
                    + " JAR's. Prints a line per capture and the table, and appends the table to"
                    + " results/capture-replay/<UTC start>.md."
        })
final class CaptureReplayCommand implements Callable<Integer> {
    @Option(
            names = "--workload",
            paramLabel = "WORKLOAD",
            defaultValue = "oltp_insert",
            description = "oltp_insert or oltp_write_only. Default: ${DEFAULT-VALUE}.")
    String workload;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            defaultValue = "15",
            description =
                    "Seconds of sysbench for each binlog backlog, 1 to 3600. Default:"
                            + " ${DEFAULT-VALUE}.")
    int seconds;

    @Option(
            names = "--rows-per-table",
            paramLabel = "N",
            defaultValue = "50000",
            description = "Rows of each of the 4 sysbench tables. Default: ${DEFAULT-VALUE}.")
    int rowsPerTable;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "16",
            description = "sysbench's client threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "2",
            description = "Rounds of every build, 1 to 100. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(
            names = "--jfr",
            paramLabel = "DIR",
            description =
                    "Records each capture's execution samples (benchmarks/conf/cpu-samples.jfc)"
                            + " into DIR, as capture-ROUND-INDEX-JARNAME.jfr.")
    Path jfrDir;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the table is appended to its"
                            + " capture-replay/<UTC start>.md. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Parameters(
            paramLabel = "JAR[+OPTION=VALUE...]",
            arity = "0..*",
            description =
                    "ferry.jar builds to compare (copy jobs/target/ferry.jar aside for each);"
                            + " default: the current jobs/target/ferry.jar alone. Paths are relative"
                            + " to the repository's root, where ferry-bench runs. +OPTION=VALUE"
                            + " suffixes pass capture options to that variant, so that one build"
                            + " can be compared with itself under other settings: ferry.jar"
                            + " ferry.jar+kafka.compression=none"
                            + " ferry.jar+kafka.properties.linger.ms=5.")
    List<String> jars = new ArrayList<>();

    @Mixin ServiceOptions services;

    @Override
    public Integer call() throws Exception {
        CaptureReplaySettings settings = settings();
        try (BenchRun run =
                services.openRun(
                        CaptureReplayBenchmark.TABLE, CaptureReplayBenchmark.DATABASE, results)) {
            CaptureReplayBenchmark.run(run, settings);
        }
        return 0;
    }

    /** The options as settings, checked before any service starts. */
    CaptureReplaySettings settings() {
        return new CaptureReplaySettings(
                workload,
                seconds,
                rowsPerTable,
                threads,
                rounds,
                jfrDir == null ? null : jfrDir.toAbsolutePath(),
                JarVariant.builds(jars, JarVariant::parse));
    }
}

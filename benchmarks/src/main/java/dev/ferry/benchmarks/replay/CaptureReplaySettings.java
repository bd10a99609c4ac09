package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.WholeNumber;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code ferry-bench capture-replay} runs: per round and build, a snapshot of 4 tables of
 * {@code rowsPerTable} rows, then two binlog backlogs of sysbench WORKLOAD for {@code seconds} with
 * {@code threads} clients; JFR recordings to {@code jfrDir} (null: none).
 */
public record CaptureReplaySettings(
        String workload,
        int seconds,
        int rowsPerTable,
        int threads,
        int rounds,
        Path jfrDir,
        List<JarVariant> jars) {
    /** The sysbench tables (capture-replay.sh's fixed 4). */
    public static final int TABLES = 4;

    /** Checks the ranges capture-replay.sh checked, naming the option and its range. */
    public CaptureReplaySettings {
        Workloads.check(workload);
        WholeNumber.inRangeQuoted("--seconds", seconds, 1, 3600);
        WholeNumber.inRangeQuoted("--rows-per-table", rowsPerTable, 1, Integer.MAX_VALUE);
        WholeNumber.inRangeQuoted("--threads", threads, 1, 10_000);
        WholeNumber.inRangeQuoted("--rounds", rounds, 1, 100);
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("no build to compare: give at least one JAR");
        }
        jars = List.copyOf(jars);
    }

    /** The snapshot's rows. */
    public long snapshotRows() {
        return (long) rowsPerTable * TABLES;
    }
}

package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.WholeNumber;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code ferry-bench replay} runs: the backlog (sysbench WORKLOAD for {@code seconds} on
 * {@code tables} tables of {@code rowsPerTable} rows, {@code threads} clients), the apply's
 * settings, how many rounds of the builds, the steady window, where JFR recordings go (null: none).
 */
public record ReplaySettings(
        String workload,
        int seconds,
        int rowsPerTable,
        int threads,
        int workers,
        int batchSize,
        int rounds,
        String consistency,
        ReplayWindow window,
        Path jfrDir,
        int tables,
        List<JarVariant> jars) {

    /** Checks the ranges replay.sh checked; a bad one fails naming the option and its range. */
    public ReplaySettings {
        Workloads.check(workload);
        if (!consistency.equals("transaction") && !consistency.equals("row")) {
            throw new IllegalArgumentException(
                    "--consistency is transaction or row, got '" + consistency + "'");
        }
        WholeNumber.inRangeQuoted("--seconds", seconds, 0, 3600);
        WholeNumber.inRangeQuoted("--rows-per-table", rowsPerTable, 1, Integer.MAX_VALUE);
        WholeNumber.inRangeQuoted("--threads", threads, 1, 10_000);
        WholeNumber.inRangeQuoted("--workers", workers, 1, 64);
        WholeNumber.inRangeQuoted("--batch-size", batchSize, 1, Integer.MAX_VALUE);
        WholeNumber.inRangeQuoted("--rounds", rounds, 1, 100);
        WholeNumber.inRangeQuoted("--tables", tables, 1, 5000);
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("no build to replay: give at least one JAR");
        }
        jars = List.copyOf(jars);
    }

    /** The snapshot's rows: every table's. */
    public long snapshotRows() {
        return (long) rowsPerTable * tables;
    }
}

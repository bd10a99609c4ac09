package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Rates;
import java.util.Optional;

/**
 * What one pipeline measured at one table count: a line of the report's tables. A figure not
 * measured (the run failed before it) is null.
 *
 * @param tables the table count
 * @param startupSeconds from launching the jobs to the first row downstream
 * @param allRowsSeconds from launching the jobs to the last row downstream
 * @param snapshotCpu each process's CPU from the launch to the last row
 * @param idleCpu each process's CPU over the idle time
 * @param drainSeconds the drain's time until the downstream's checksum equalled the upstream's
 * @param drainChanges the row changes of the drain's backlog
 * @param drainCpu each process's CPU over the drain
 * @param status "ok", or what went wrong
 * @param rows the rows of all the tables
 */
record TableCountResult(
        int tables,
        Double startupSeconds,
        Double allRowsSeconds,
        CpuUse snapshotCpu,
        CpuUse idleCpu,
        Double drainSeconds,
        Long drainChanges,
        CpuUse drainCpu,
        String status,
        Long rows) {

    /** A run that failed before its snapshot was downstream: only its status. */
    static TableCountResult failed(int tables, String status, long rows) {
        return new TableCountResult(tables, null, null, null, null, null, null, null, status, rows);
    }

    /**
     * Snapshot rows/s: the rows over the time from the first row downstream to the last (start-up
     * left out); NaN when not measured.
     */
    double snapshotRowsPerSecond() {
        if (rows == null || startupSeconds == null || allRowsSeconds == null) {
            return Double.NaN;
        }
        return Rates.perSecond(rows, allRowsSeconds - startupSeconds);
    }

    /** Drain row changes/s; NaN when not measured. */
    double drainChangesPerSecond() {
        if (drainChanges == null || drainSeconds == null) {
            return Double.NaN;
        }
        return Rates.perSecond(drainChanges, drainSeconds);
    }

    /** The cores {@code process} kept busy while idle; empty when it was not measured. */
    Optional<Double> idleCores(String process, int idleSeconds) {
        return cpu(idleCpu, process).map(seconds -> seconds / idleSeconds);
    }

    /** CPU µs per snapshot row of {@code process}; empty when not measured. */
    Optional<Double> snapshotMicrosPerRow(String process) {
        return microsPer(snapshotCpu, process, rows);
    }

    /** CPU µs per drained row change of {@code process}; empty when not measured. */
    Optional<Double> drainMicrosPerChange(String process) {
        return microsPer(drainCpu, process, drainChanges);
    }

    private static Optional<Double> microsPer(CpuUse cpu, String process, Long units) {
        if (units == null || units == 0) {
            return Optional.empty();
        }
        return cpu(cpu, process).map(seconds -> seconds * 1_000_000 / units);
    }

    private static Optional<Double> cpu(CpuUse cpu, String process) {
        return cpu == null ? Optional.empty() : cpu.of(process);
    }
}

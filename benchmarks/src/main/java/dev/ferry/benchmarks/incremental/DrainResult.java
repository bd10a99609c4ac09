package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.Rates;

/**
 * One drain: the backlog sysbench wrote while the pipeline was paused, how long the pipeline took
 * to catch up with it once resumed, and the CPU its processes used meanwhile.
 *
 * @param transactions sysbench's committed transactions, null when sysbench did not run
 * @param changes their row changes
 * @param seconds from SIGCONT until caught up, null when it did not catch up
 * @param cpu "name=seconds ..." of the processes, "" when not measured
 * @param cpuSeconds the CPU seconds of those processes in all
 */
record DrainResult(
        Point point,
        Long transactions,
        Long changes,
        Double seconds,
        String cpu,
        double cpuSeconds,
        String status) {

    static DrainResult failed(Point point, Long transactions, Long changes, String why) {
        return new DrainResult(point, transactions, changes, null, "", 0, why);
    }

    boolean drained() {
        return seconds != null;
    }

    /** Row changes per second of the drain, null when it did not drain. */
    Double rowsPerSecond() {
        return drained() ? Rates.perSecond(changes, seconds) : null;
    }

    /** Transactions per second of the drain, null when it did not drain. */
    Double transactionsPerSecond() {
        return drained() ? Rates.perSecond(transactions, seconds) : null;
    }

    /** CPU seconds of all its processes per 100,000 row changes, null when it did not drain. */
    Double cpuPerHundredThousand() {
        return drained() ? Rates.perHundredThousand(cpuSeconds, changes) : null;
    }

    /** Cores its processes kept busy over the drain, null when it did not drain. */
    Double cores() {
        return drained() ? Rates.perSecond(cpuSeconds, seconds) : null;
    }
}

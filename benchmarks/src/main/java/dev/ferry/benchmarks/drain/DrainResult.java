package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Rates;
import java.util.Optional;

/**
 * One drain's figures: what was drained, how long it took, the CPU each process used meanwhile and
 * whether it caught up cleanly. A figure not measured (the run failed before it) is null.
 *
 * @param workload the sysbench workload
 * @param pipeline transaction, row or stock; "transaction@kafka" or "row@kafka" for the apply's
 *     drain from Kafka
 * @param workers apply.workers, or the stock pipeline's parallelism
 * @param transactions sysbench's committed transactions of the backlog
 * @param rowChanges the backlog's row changes
 * @param drainSeconds from resuming until the downstream equalled the upstream
 * @param cpu the CPU each process used over the drain
 * @param ignoredErrors sysbench's ignored errors
 * @param status "ok", or what failed or was flagged
 * @param opsPerChange the downstream's handler row operations per row change
 */
public record DrainResult(
        String workload,
        String pipeline,
        int workers,
        Long transactions,
        Long rowChanges,
        Double drainSeconds,
        CpuUse cpu,
        Long ignoredErrors,
        String status,
        Double opsPerChange) {

    /** A run that failed: its backlog if one was written, no drain, and why. */
    public static DrainResult failed(
            String workload, String pipeline, int workers, Backlog backlog, String why) {
        return new DrainResult(
                workload,
                pipeline,
                workers,
                backlog == null ? null : backlog.transactions(),
                backlog == null ? null : backlog.rowChanges(),
                null,
                null,
                backlog == null ? null : backlog.ignoredErrors(),
                why,
                null);
    }

    /** Whether it drained (so it has a rate). */
    public boolean drained() {
        return drainSeconds != null;
    }

    /** Row changes per second of the drain; null when it did not drain. */
    public Double rowsPerSecond() {
        return per(rowChanges);
    }

    /** Transactions per second of the drain; null when it did not drain. */
    public Double transactionsPerSecond() {
        return per(transactions);
    }

    /** The CPU seconds {@code process} used over the drain; null when not measured. */
    public Double cpuOf(String process) {
        return cpu == null ? null : cpu.of(process).orElse(null);
    }

    /** Whether it caught up with nothing flagged. */
    public boolean ok() {
        return status.equals("ok");
    }

    private Double per(Long amount) {
        return amount == null || drainSeconds == null
                ? null
                : Optional.of(Rates.perSecond(amount, drainSeconds))
                        .filter(rate -> !rate.isNaN())
                        .orElse(null);
    }
}

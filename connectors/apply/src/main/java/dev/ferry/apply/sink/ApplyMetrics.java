package dev.ferry.apply.sink;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.DescriptiveStatisticsHistogram;

/**
 * The apply job's replication metrics (docs/metrics): delay (DT), bytes/s (BPS), events/s (EPS),
 * transactions/s (TPS), transactions in flight, conflicts waited on, large-transaction counts, and
 * the downstream commit latency. Counters are updated from apply workers, so they are thread-safe
 * Flink counters.
 */
final class ApplyMetrics {
    /** The downstream commits whose latency the histogram's quantiles are taken over. */
    static final int COMMIT_LATENCY_WINDOW = 1024;

    private final Counter events;
    private final Counter bytes;
    private final Counter transactions;
    private final Counter conflicts;
    private final Counter splits;
    private final Histogram commitLatencyUs;
    private volatile long lastCommitTimestampMs;

    ApplyMetrics(MetricGroup group, LongSupplier inFlight, LongSupplier spilled) {
        events = group.counter("eventsApplied", new ThreadSafeCounter());
        bytes = group.counter("bytesApplied", new ThreadSafeCounter());
        transactions = group.counter("transactionsApplied", new ThreadSafeCounter());
        conflicts = group.counter("conflictsWaited", new ThreadSafeCounter());
        splits = group.counter("transactionsSplit", new ThreadSafeCounter());
        // Thread-safe: DescriptiveStatisticsHistogram synchronizes its updates.
        commitLatencyUs =
                group.histogram(
                        "commitLatencyUs",
                        new DescriptiveStatisticsHistogram(COMMIT_LATENCY_WINDOW));
        group.meter("eventsPerSecond", new MeterView(events, 10));
        group.meter("bytesPerSecond", new MeterView(bytes, 10));
        group.meter("transactionsPerSecond", new MeterView(transactions, 10));
        group.gauge("inFlightTransactions", inFlight::getAsLong);
        group.gauge("transactionsSpilled", spilled::getAsLong);
        group.gauge("lastAppliedCommitTimestamp", () -> lastCommitTimestampMs);
        group.gauge(
                "replicationDelayMs",
                () ->
                        lastCommitTimestampMs == 0 || inFlight.getAsLong() == 0
                                ? 0L
                                : Math.max(0, System.currentTimeMillis() - lastCommitTimestampMs));
    }

    void applied(long eventCount, long byteCount, boolean transaction, long commitTimestampMs) {
        events.inc(eventCount);
        bytes.inc(byteCount);
        if (transaction) {
            transactions.inc();
        }
        if (commitTimestampMs > 0) {
            lastCommitTimestampMs = Math.max(lastCommitTimestampMs, commitTimestampMs);
        }
    }

    /** One downstream transaction (a batch of upstream ones), from first statement to commit. */
    void downstreamCommit(long nanos) {
        commitLatencyUs.update(TimeUnit.NANOSECONDS.toMicros(nanos));
    }

    void conflict() {
        conflicts.inc();
    }

    void split() {
        splits.inc();
    }

    /** A counter safe to increment from several threads. */
    private static final class ThreadSafeCounter implements Counter {
        private final java.util.concurrent.atomic.AtomicLong count =
                new java.util.concurrent.atomic.AtomicLong();

        @Override
        public void inc() {
            count.incrementAndGet();
        }

        @Override
        public void inc(long n) {
            count.addAndGet(n);
        }

        @Override
        public void dec() {
            count.decrementAndGet();
        }

        @Override
        public void dec(long n) {
            count.addAndGet(-n);
        }

        @Override
        public long getCount() {
            return count.get();
        }
    }
}

package dev.ferry.apply.sink;

import dev.ferry.apply.writer.DownstreamOutage;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.heartbeat.HeartbeatTable;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
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

    private final HeartbeatTable heartbeat;
    private final LongSupplier clock;
    private final long startMs;
    private final PendingCommits pending = new PendingCommits();

    /** The newest heartbeat handed to the workers; task thread only. */
    private long lastSubmittedHeartbeatMs = -1;

    /** The time of the newest heartbeat row committed downstream, or -1 before the first. */
    private volatile long heartbeatMs = -1;

    /**
     * A lost downstream's metrics, for either writer: how long it has been unreachable, and the
     * outages since the writer started.
     */
    static void outage(MetricGroup group, DownstreamOutage outage) {
        group.gauge(DownstreamOutage.METRIC, outage::unreachableMs);
        group.gauge("downstreamOutages", outage::outages);
    }

    ApplyMetrics(MetricGroup group, LongSupplier inFlight, LongSupplier spilled) {
        this(group, inFlight, spilled, null, System::currentTimeMillis);
    }

    /** {@code heartbeat}: the heartbeat table (monitoring.heartbeat-table), or null. */
    ApplyMetrics(
            MetricGroup group,
            LongSupplier inFlight,
            LongSupplier spilled,
            HeartbeatTable heartbeat,
            LongSupplier clock) {
        this.heartbeat = heartbeat;
        this.clock = clock;
        this.startMs = clock.getAsLong();
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
        group.gauge("replicationDelayMs", this::delayMs);
    }

    /**
     * The delay (docs/operations.md, Delay): how long ago the oldest upstream change not yet
     * committed downstream was committed upstream. It is no older than the oldest transaction
     * handed to the workers and not yet committed (binlog commit times have 1 s resolution), and,
     * with heartbeats, no older than the newest heartbeat committed downstream: every upstream
     * change before it was read, so it is either committed or among those handed on. Before the
     * first heartbeat, the apply's start stands in for it. Without heartbeats, an apply with
     * nothing in flight cannot tell an idle upstream from a stalled capture: -1 (unknown).
     */
    long delayMs() {
        long oldest = pending.oldest();
        if (heartbeat == null) {
            return oldest == Long.MAX_VALUE ? -1 : Math.max(0, clock.getAsLong() - oldest);
        }
        long visibleUpTo = heartbeatMs > 0 ? heartbeatMs : startMs;
        return Math.max(0, clock.getAsLong() - Math.min(oldest, visibleUpTo));
    }

    /**
     * A transaction handed to the workers (on the task thread, in upstream commit order); its
     * commit time counts until {@link #committed}. Binlog commit times have 1 s resolution, so the
     * time is raised to the newest heartbeat handed on before it, which it was committed after; a
     * heartbeat's own is its row's time.
     *
     * @param onlyEvent the transaction's change when it has just one (a heartbeat's), else null
     */
    void submitted(Object transaction, long commitTimestampMs, ChangeEvent onlyEvent) {
        if (commitTimestampMs <= 0) {
            return;
        }
        long beat = heartbeatTime(onlyEvent);
        if (beat > 0) {
            lastSubmittedHeartbeatMs = Math.max(lastSubmittedHeartbeatMs, beat);
        }
        pending.add(transaction, Math.max(commitTimestampMs, lastSubmittedHeartbeatMs));
    }

    /** After a transaction's downstream commit, on a worker thread. */
    void committed(Object transaction, ChangeEvent onlyEvent) {
        pending.remove(transaction);
        long beat = heartbeatTime(onlyEvent);
        if (beat > 0) {
            heartbeatMs = Math.max(heartbeatMs, beat);
        }
    }

    /** The time in a heartbeat change, or -1 when this is none (a snapshot copy is none). */
    private long heartbeatTime(ChangeEvent event) {
        if (heartbeat == null
                || event == null
                || event.operation() == Operation.READ
                || !heartbeat.is(event.table().database(), event.table().table())) {
            return -1;
        }
        return HeartbeatTable.timestampMs(event.after());
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

    /** Commit times of the transactions in flight, oldest first; a few per batch, so locked. */
    private static final class PendingCommits {
        private final Map<Object, Long> times = new IdentityHashMap<>();
        private final TreeMap<Long, int[]> counts = new TreeMap<>();

        synchronized void add(Object transaction, long commitTimestampMs) {
            if (times.put(transaction, commitTimestampMs) == null) {
                counts.computeIfAbsent(commitTimestampMs, t -> new int[1])[0]++;
            }
        }

        synchronized void remove(Object transaction) {
            Long time = times.remove(transaction);
            int[] count = time == null ? null : counts.get(time);
            if (count != null && --count[0] == 0) {
                counts.remove(time);
            }
        }

        synchronized long oldest() {
            return counts.isEmpty() ? Long.MAX_VALUE : counts.firstKey();
        }
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

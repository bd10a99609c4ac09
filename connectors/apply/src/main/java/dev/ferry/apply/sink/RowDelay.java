package dev.ferry.apply.sink;

import java.util.function.LongSupplier;

/**
 * One row-mode writer's delay (docs/operations.md, Delay): how long ago the oldest upstream change
 * this writer has not yet made visible downstream was committed upstream. Every heartbeat reaches
 * every writer ({@link HeartbeatFanOut}), so each knows that the changes before the newest one it
 * has seen have reached it: flushed, or still buffered and counted by their commit time. Written on
 * the task thread, read by the metric reporter.
 */
final class RowDelay {
    private final boolean heartbeats;
    private final LongSupplier clock;
    private final long startMs;

    /** The newest heartbeat time this writer has seen, or -1 before the first. */
    private volatile long heartbeatMs = -1;

    /** The oldest commit time among the buffered changes, or Long.MAX_VALUE when none is. */
    private volatile long oldestPendingMs = Long.MAX_VALUE;

    /** {@code heartbeats}: whether monitoring.heartbeat-table is set. */
    RowDelay(boolean heartbeats, LongSupplier clock) {
        this.heartbeats = heartbeats;
        this.clock = clock;
        this.startMs = clock.getAsLong();
    }

    /**
     * A binlog change buffered. Binlog commit times have 1 s resolution, so the time is raised to
     * the newest heartbeat seen before it, which it was committed after.
     */
    void buffered(long commitTimestampMs) {
        if (commitTimestampMs <= 0) {
            return;
        }
        long time = Math.max(commitTimestampMs, heartbeatMs);
        if (time < oldestPendingMs) {
            oldestPendingMs = time;
        }
    }

    /** A heartbeat seen, whether or not this writer writes its row. */
    void heartbeat(long timestampMs) {
        if (timestampMs > heartbeatMs) {
            heartbeatMs = timestampMs;
        }
    }

    /** Every buffered change is committed downstream. */
    void flushed() {
        oldestPendingMs = Long.MAX_VALUE;
    }

    /**
     * The delay in ms. With heartbeats: no older than the oldest buffered change, nor than the
     * newest heartbeat seen (the writer's start before the first). Without: the oldest buffered
     * change's age, or -1 (unknown) when nothing is buffered, since an idle upstream and a stalled
     * pipeline look alike then.
     */
    long delayMs() {
        long oldest = oldestPendingMs;
        if (!heartbeats) {
            return oldest == Long.MAX_VALUE ? -1 : Math.max(0, clock.getAsLong() - oldest);
        }
        long seenUpTo = heartbeatMs > 0 ? heartbeatMs : startMs;
        return Math.max(0, clock.getAsLong() - Math.min(oldest, seenUpTo));
    }
}

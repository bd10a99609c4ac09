package dev.ferry.apply.writer;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A lost downstream, shared by the connections of one apply writer: a connection failure (SQL state
 * 08) starts an outage, every connection waits with backoff (0.5 s, doubling to 10 s) and retries
 * while it lasts, and the first success ends it. Only an outage longer than {@code
 * apply.downstream-outage-timeout} fails the job, so short ones (a restart of the downstream, a
 * failover) use none of Flink's restart attempts. Its length is the {@code downstreamUnreachableMs}
 * metric that {@code ferry status} shows.
 */
public final class DownstreamOutage {
    /** The gauge of the outage's length, in ms (0 while the downstream answers). */
    public static final String METRIC = "downstreamUnreachableMs";

    private static final Logger LOG = LoggerFactory.getLogger(DownstreamOutage.class);
    static final long FIRST_BACKOFF_MS = 500;
    static final long MAX_BACKOFF_MS = 10_000;

    /** Sleeps between retries; a test passes one that only advances its clock. */
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final String downstream;
    private final long timeoutMs;
    private final LongSupplier clock;
    private final Sleeper sleeper;

    /** When the current outage began (clock millis), or -1 while the downstream answers. */
    private final AtomicLong since = new AtomicLong(-1);

    private final AtomicLong outages = new AtomicLong();

    public DownstreamOutage(String downstream, long timeoutMs) {
        this(downstream, timeoutMs, System::currentTimeMillis, Thread::sleep);
    }

    public DownstreamOutage(
            String downstream, long timeoutMs, LongSupplier clock, Sleeper sleeper) {
        this.downstream = downstream;
        this.timeoutMs = timeoutMs;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Whether a failure means the connection to the downstream is gone (SQL state class 08). */
    public static boolean isConnectionLoss(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql
                    && sql.getSQLState() != null
                    && sql.getSQLState().startsWith("08")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /**
     * Records the lost connection and waits before retry number {@code retry} (1, 2, ...) of the
     * caller; throws the failure, explained, once the outage has lasted longer than the timeout.
     */
    public void awaitRetry(SQLException lost, int retry) throws SQLException, InterruptedException {
        lost(lost);
        long now = clock.getAsLong();
        long began = since.get();
        if (began >= 0 && now - began > timeoutMs) {
            throw new SQLException(
                    downstream
                            + " has been unreachable for "
                            + TimeUnit.MILLISECONDS.toSeconds(now - began)
                            + " s, longer than apply.downstream-outage-timeout ("
                            + timeoutMs / 1000
                            + " s): "
                            + firstLine(lost.getMessage())
                            + ". The apply job stops here and Flink's restart strategy"
                            + " (job.restart-attempts) takes over; nothing is lost. Start the"
                            + " downstream, or raise apply.downstream-outage-timeout.",
                    lost.getSQLState(),
                    lost.getErrorCode(),
                    lost);
        }
        sleeper.sleep(backoffMs(retry));
    }

    /** Records a lost connection without waiting: starts the outage if none is going on. */
    public void lost(SQLException lost) {
        if (since.compareAndSet(-1, clock.getAsLong())) {
            outages.incrementAndGet();
            LOG.warn(
                    "Lost the connection to {} ({}); waiting for it with backoff, up to"
                            + " apply.downstream-outage-timeout ({} s)",
                    downstream,
                    firstLine(lost.getMessage()),
                    timeoutMs / 1000);
        }
    }

    /** The wait before retry number {@code retry}: 0.5 s, doubling, at most 10 s. */
    static long backoffMs(int retry) {
        int doublings = Math.min(Math.max(retry, 1) - 1, 16);
        return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS << doublings);
    }

    /** Called after a statement succeeded: ends the outage, if one was going on. */
    public void reachable() {
        long began = since.get();
        if (began >= 0 && since.compareAndSet(began, -1)) {
            LOG.info(
                    "{} answers again after {} ms unreachable",
                    downstream,
                    clock.getAsLong() - began);
        }
    }

    /** How long the downstream has been unreachable, in ms; 0 while it answers. */
    public long unreachableMs() {
        long began = since.get();
        return began < 0 ? 0 : Math.max(0, clock.getAsLong() - began);
    }

    /** Outages seen since the writer started. */
    public long outages() {
        return outages.get();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}

package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.heartbeat.Heartbeat;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Replication delay measured from outside the pipeline, in this JVM (one clock for both ends), as
 * {@link Heartbeat} measures it, on its loop: a row with a negative id is inserted into a sysbench
 * table upstream every 100 ms (sysbench never touches negative ids), the downstream is polled every
 * 20 ms, and a heartbeat's delay is when it was first seen there minus when its autocommitted
 * INSERT returned. It runs in the background from a given moment, and waits at the end until every
 * heartbeat arrived (at most 10 min).
 */
public final class HeartbeatProbe {
    private static final long INTERVAL_MS = 100;
    private static final long POLL_MS = 20;
    private static final long SETTLE_MS = 600_000;

    private final DatabaseEndpoint upstream;
    private final DatabaseEndpoint downstream;
    private final String table;
    private Thread thread;
    private volatile Heartbeats result;
    private volatile Exception failure;

    /**
     * Heartbeats into {@code table} (database.table) of {@code upstream}, read on {@code
     * downstream}.
     */
    public HeartbeatProbe(DatabaseEndpoint upstream, DatabaseEndpoint downstream, String table) {
        this.upstream = upstream;
        this.downstream = downstream;
        this.table = table;
    }

    /** Starts after {@code delaySeconds}, writing for {@code seconds}. */
    public void start(int delaySeconds, int seconds) {
        thread =
                new Thread(
                        () -> {
                            try {
                                Thread.sleep(delaySeconds * 1000L);
                                result = run(seconds);
                            } catch (Exception e) {
                                failure = e;
                            }
                        },
                        "heartbeat");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until every heartbeat arrived (or the settle time passed): their delays. */
    public Heartbeats await() throws Exception {
        thread.join();
        if (failure != null) {
            throw new IllegalStateException(
                    "the heartbeat failed: " + failure.getMessage(), failure);
        }
        return result;
    }

    private Heartbeats run(int seconds) throws SQLException, InterruptedException {
        try (Connection up = Connections.open(upstream);
                Connection down = Connections.open(downstream)) {
            Heartbeat.Round round =
                    Heartbeat.round(
                            up, down, table, seconds, INTERVAL_MS, POLL_MS, SETTLE_MS / 1000.0);
            if (round.writeFailure() != null) {
                throw new SQLException(
                        "writing heartbeats upstream stopped: " + round.writeFailure().getMessage(),
                        round.writeFailure());
            }
            return new Heartbeats(round.sent(), round.delaysMs());
        }
    }
}

package dev.ferry.benchmarks.load;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replication delay measured from outside the pipeline, in this JVM (one clock for both ends), as
 * the {@code heartbeat.Heartbeat} probe measures it: a row with a negative id is inserted into a
 * sysbench table upstream every 100 ms (sysbench never touches negative ids), the downstream is
 * polled every 20 ms, and a heartbeat's delay is when it was first seen there minus when its
 * autocommitted INSERT returned. It runs in the background from a given moment, and waits at the
 * end until every heartbeat arrived (at most 10 min).
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
            long first = lowestNegativeId(up) + 1;
            Map<Long, Long> committedAt = new ConcurrentHashMap<>();
            Exception[] writeFailure = new Exception[1];
            Thread writer =
                    new Thread(
                            () -> {
                                try {
                                    write(up, first, seconds, committedAt);
                                } catch (SQLException | InterruptedException e) {
                                    writeFailure[0] = e;
                                }
                            },
                            "heartbeat-writer");
            writer.start();
            List<Double> delays = poll(down, first, writer, committedAt);
            writer.join();
            if (writeFailure[0] != null) {
                throw new SQLException(
                        "writing heartbeats upstream stopped: " + writeFailure[0].getMessage(),
                        writeFailure[0]);
            }
            return new Heartbeats(committedAt.size(), delays);
        }
    }

    private long lowestNegativeId(Connection up) throws SQLException {
        try (PreparedStatement query =
                        up.prepareStatement(
                                "SELECT COALESCE(-MIN(id), 0) FROM " + table + " WHERE id < 0");
                ResultSet result = query.executeQuery()) {
            result.next();
            return result.getLong(1);
        }
    }

    private void write(Connection up, long first, int seconds, Map<Long, Long> committedAt)
            throws SQLException, InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        try (PreparedStatement insert =
                up.prepareStatement(
                        "INSERT INTO "
                                + table
                                + " (id, k, c, pad) VALUES (?, 0, ?, 'heartbeat')")) {
            for (long n = first; System.nanoTime() < end; n++) {
                long next = System.nanoTime() + INTERVAL_MS * 1_000_000;
                insert.setLong(1, -n);
                insert.setString(2, Long.toString(System.currentTimeMillis()));
                insert.executeUpdate(); // autocommit: committed when this returns
                committedAt.put(n, System.nanoTime());
                long sleep = (next - System.nanoTime()) / 1_000_000;
                if (sleep > 0) {
                    Thread.sleep(sleep);
                }
            }
        }
    }

    private List<Double> poll(
            Connection down, long first, Thread writer, Map<Long, Long> committedAt)
            throws SQLException, InterruptedException {
        Map<Long, Double> delays = new HashMap<>();
        long lowestMissing = first;
        long settleEnd = Long.MAX_VALUE;
        try (PreparedStatement query =
                down.prepareStatement("SELECT -id FROM " + table + " WHERE id <= ? AND id >= ?")) {
            while (true) {
                boolean writing = writer.isAlive();
                long highest = first + committedAt.size() - 1;
                if (highest >= lowestMissing) {
                    query.setLong(1, -lowestMissing);
                    query.setLong(2, -highest);
                    try (ResultSet rows = query.executeQuery()) {
                        long arrival = System.nanoTime();
                        while (rows.next()) {
                            long n = rows.getLong(1);
                            Long committed = committedAt.get(n);
                            if (committed != null && !delays.containsKey(n)) {
                                delays.put(n, (arrival - committed) / 1e6);
                            }
                        }
                    }
                    while (delays.containsKey(lowestMissing)) {
                        lowestMissing++;
                    }
                }
                if (!writing) {
                    if (delays.size() == committedAt.size()) {
                        break;
                    }
                    settleEnd = Math.min(settleEnd, System.nanoTime() + SETTLE_MS * 1_000_000);
                    if (System.nanoTime() > settleEnd) {
                        break; // the lost ones count as sent, not arrived
                    }
                }
                Thread.sleep(POLL_MS);
            }
        }
        return new ArrayList<>(delays.values());
    }
}

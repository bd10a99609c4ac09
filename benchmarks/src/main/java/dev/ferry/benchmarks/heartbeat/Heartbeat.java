package dev.ferry.benchmarks.heartbeat;

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
 * Replication delay measured from outside the pipeline: inserts a heartbeat row upstream every
 * interval, polls the downstream for it, and takes arrival minus commit time on this JVM's clock
 * (both ends are read by the same process, so no clock skew).
 *
 * <p>Heartbeats are rows of a sysbench table with negative ids ({@code -n}, {@code n} counting up
 * from the table's lowest negative id), which sysbench's workloads never touch and every pipeline
 * under test already replicates.
 *
 * <p>It runs in ferry-bench's JVM (the incremental table's live runs, and the load table's levels
 * through {@code load.HeartbeatProbe}).
 */
public final class Heartbeat {
    private Heartbeat() {}

    /**
     * What one heartbeat run saw.
     *
     * @param sent heartbeats committed upstream
     * @param delaysMs the delay of each that arrived downstream, in ms
     * @param writeFailure why writing upstream stopped before its time, or null
     */
    public record Round(int sent, List<Double> delaysMs, Exception writeFailure) {
        public Round {
            delaysMs = List.copyOf(delaysMs);
        }

        public int arrived() {
            return delaysMs.size();
        }
    }

    /**
     * The line of a round: {@code sent=… arrived=… p50_ms=… p95_ms=… p99_ms=… max_ms=…}; a stopped
     * writer, and heartbeats that had not arrived after {@code settleSeconds}, are said on stderr.
     */
    public static String summary(Round round, double settleSeconds) {
        if (round.writeFailure() != null) {
            System.err.println("heartbeat: writing stopped: " + round.writeFailure());
        }
        if (round.arrived() < round.sent()) {
            System.err.printf(
                    "heartbeat: %d of %d heartbeats had not arrived after %.0f s%n",
                    round.sent() - round.arrived(), round.sent(), settleSeconds);
        }
        return DelayStats.line(
                round.sent(), round.delaysMs().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /**
     * Measures in this JVM over connections the caller opened (upstream and downstream may sign in
     * as different users, and no password goes through a command line). Writes a heartbeat every
     * {@code intervalMs} for {@code seconds} while polling the downstream every {@code pollMs},
     * until every heartbeat committed arrived or {@code settleSeconds} passed after the last; a
     * failed write ends the writing, not the polling for what was committed.
     */
    public static Round round(
            Connection upstream,
            Connection downstream,
            String table,
            double seconds,
            long intervalMs,
            long pollMs,
            double settleSeconds)
            throws SQLException, InterruptedException {
        long first = lowestNegativeId(upstream, table) + 1;
        Map<Long, Long> committedAt = new ConcurrentHashMap<>();
        Exception[] writeFailure = new Exception[1];
        Thread writer =
                new Thread(
                        () -> {
                            try {
                                write(upstream, table, first, seconds, intervalMs, committedAt);
                            } catch (SQLException | InterruptedException e) {
                                writeFailure[0] = e;
                            }
                        },
                        "heartbeat-writer");
        writer.start();
        List<Double> delays =
                poll(downstream, table, first, writer, committedAt, pollMs, settleSeconds);
        writer.join();
        return new Round(committedAt.size(), delays, writeFailure[0]);
    }

    private static long lowestNegativeId(Connection upstream, String table) throws SQLException {
        try (PreparedStatement query =
                        upstream.prepareStatement(
                                "SELECT COALESCE(-MIN(id), 0) FROM " + table + " WHERE id < 0");
                ResultSet result = query.executeQuery()) {
            result.next();
            return result.getLong(1);
        }
    }

    private static void write(
            Connection upstream,
            String table,
            long first,
            double seconds,
            long intervalMs,
            Map<Long, Long> committedAt)
            throws SQLException, InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        try (PreparedStatement insert =
                upstream.prepareStatement(
                        "INSERT INTO "
                                + table
                                + " (id, k, c, pad) VALUES (?, 0, ?, 'heartbeat')")) {
            for (long n = first; System.nanoTime() < end; n++) {
                long next = System.nanoTime() + intervalMs * 1_000_000;
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

    /**
     * Polls until the writer is done and every heartbeat it committed arrived, or settle time
     * passes; the lost ones count as sent, not arrived.
     */
    private static List<Double> poll(
            Connection downstream,
            String table,
            long first,
            Thread writer,
            Map<Long, Long> committedAt,
            long pollMs,
            double settleSeconds)
            throws SQLException, InterruptedException {
        Map<Long, Double> delays = new HashMap<>();
        long lowestMissing = first;
        long settleEnd = Long.MAX_VALUE;
        try (PreparedStatement query =
                downstream.prepareStatement(
                        "SELECT -id FROM " + table + " WHERE id <= ? AND id >= ?")) {
            while (true) {
                boolean writing = writer.isAlive();
                long highest = first + committedAt.size() - 1;
                if (highest >= lowestMissing) {
                    query.setLong(1, -lowestMissing);
                    query.setLong(2, -highest);
                    try (ResultSet result = query.executeQuery()) {
                        long arrival = System.nanoTime();
                        while (result.next()) {
                            long n = result.getLong(1);
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
                    settleEnd =
                            Math.min(settleEnd, System.nanoTime() + (long) (settleSeconds * 1e9));
                    if (System.nanoTime() > settleEnd) {
                        break;
                    }
                }
                Thread.sleep(pollMs);
            }
        }
        return new ArrayList<>(delays.values());
    }
}

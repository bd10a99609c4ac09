package dev.ferry.benchmarks.heartbeat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
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
 * <pre>
 * Heartbeat --upstream-url URL --downstream-url URL --user U --password P --table db.sbtest1
 *     --seconds S [--interval-ms 100] [--poll-ms 20] [--settle-seconds 600] [--delays-out FILE]
 * </pre>
 *
 * Writes for S seconds, then waits up to settle-seconds for the last heartbeats to arrive, and
 * prints {@code sent=… arrived=… p50_ms=… p95_ms=… p99_ms=… max_ms=…}. With {@code --delays-out},
 * it also writes each heartbeat's delay in ms to FILE, one a line ({@code lost} for one that never
 * arrived), so that several runs' percentiles can be taken together ({@link PooledDelays}).
 */
public final class Heartbeat {
    private Heartbeat() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        String table = options.get("--table");
        String user = options.get("--user");
        String password = options.getOrDefault("--password", "");
        double seconds = Double.parseDouble(options.getOrDefault("--seconds", "10"));
        long intervalMs = Long.parseLong(options.getOrDefault("--interval-ms", "100"));
        long pollMs = Long.parseLong(options.getOrDefault("--poll-ms", "20"));
        double settleSeconds = Double.parseDouble(options.getOrDefault("--settle-seconds", "600"));
        if (table == null
                || user == null
                || !options.containsKey("--upstream-url")
                || !options.containsKey("--downstream-url")) {
            System.err.println(
                    "usage: Heartbeat --upstream-url URL --downstream-url URL --user U --password P"
                            + " --table db.table --seconds S [--interval-ms 100] [--poll-ms 20]"
                            + " [--settle-seconds 600] [--delays-out FILE]");
            System.exit(2);
        }
        try (Connection upstream =
                        DriverManager.getConnection(options.get("--upstream-url"), user, password);
                Connection downstream =
                        DriverManager.getConnection(
                                options.get("--downstream-url"), user, password)) {
            long first = lowestNegativeId(upstream, table) + 1;
            Map<Long, Long> committedAt = new ConcurrentHashMap<>();
            Thread writer =
                    new Thread(
                            () -> write(upstream, table, first, seconds, intervalMs, committedAt),
                            "heartbeat-writer");
            writer.start();
            double[] delays =
                    poll(downstream, table, first, writer, committedAt, pollMs, settleSeconds);
            String delaysOut = options.get("--delays-out");
            if (delaysOut != null) {
                Files.write(Path.of(delaysOut), DelayStats.lines(committedAt.size(), delays));
            }
            System.out.println(DelayStats.line(committedAt.size(), delays));
        }
    }

    /**
     * Measures in this JVM over connections the caller opened (upstream and downstream may sign in
     * as different users, and no password goes through a command line); the line main prints.
     */
    public static String measure(
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
        Thread writer =
                new Thread(
                        () -> write(upstream, table, first, seconds, intervalMs, committedAt),
                        "heartbeat-writer");
        writer.start();
        double[] delays =
                poll(downstream, table, first, writer, committedAt, pollMs, settleSeconds);
        return DelayStats.line(committedAt.size(), delays);
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
            Map<Long, Long> committedAt) {
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
        } catch (SQLException | InterruptedException e) {
            System.err.println("heartbeat: writing stopped: " + e);
        }
    }

    /**
     * Polls until the writer is done and every heartbeat it committed arrived, or settle time
     * passes.
     */
    private static double[] poll(
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
                        System.err.printf(
                                "heartbeat: %d of %d heartbeats had not arrived after %.0f s%n",
                                committedAt.size() - delays.size(),
                                committedAt.size(),
                                settleSeconds);
                        break;
                    }
                }
                Thread.sleep(pollMs);
            }
        }
        return delays.values().stream().mapToDouble(Double::doubleValue).toArray();
    }
}

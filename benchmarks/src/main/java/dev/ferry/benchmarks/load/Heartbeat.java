package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replication delay measured from outside the pipeline, as pt-heartbeat does, but with both clocks
 * in one process: every {@code --interval-ms} it commits {@code UPDATE <table> SET seq = n}
 * upstream (one row, id 1) and notes when the commit returned; a second thread polls the row
 * downstream every {@code --poll-ms} and, for each newly visible seq, writes {@code seq, commit ms,
 * seen ms, delay ms} as a TSV line. Runs until killed.
 *
 * <pre>
 * Heartbeat --up-port 3307 --down-port 3308 --user u --password p --table db.heartbeat
 *     --out heartbeat.tsv [--interval-ms 100] [--poll-ms 20]
 * </pre>
 *
 * The table ({@code id INT PRIMARY KEY, seq BIGINT}) must exist upstream with row 1 before the
 * capture starts. A delay is exact up to the poll interval; beats overwritten before a poll saw
 * them have no line.
 */
public final class Heartbeat {
    private static final Set<String> NAMES =
            Set.of(
                    "host",
                    "up-port",
                    "down-port",
                    "user",
                    "password",
                    "table",
                    "out",
                    "interval-ms",
                    "poll-ms");

    private Heartbeat() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("Heartbeat", argv, NAMES);
        String host = args.get("host", "127.0.0.1");
        DatabaseEndpoint up =
                new DatabaseEndpoint(
                        "upstream",
                        host,
                        (int) args.getLong("up-port"),
                        args.get("user"),
                        args.get("password"));
        DatabaseEndpoint down =
                new DatabaseEndpoint(
                        "downstream",
                        host,
                        (int) args.getLong("down-port"),
                        args.get("user"),
                        args.get("password"));
        String table = args.get("table");
        long interval = args.getLong("interval-ms", 100);
        long poll = args.getLong("poll-ms", 20);
        Map<Long, Long> commits = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> write(up, table, interval, commits), "heartbeat-writer");
        writer.setDaemon(true);
        writer.start();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args.get("out"))));
                Connection connection = Connections.open(down);
                PreparedStatement select =
                        connection.prepareStatement("SELECT seq FROM " + table + " WHERE id = 1")) {
            out.println("seq\tcommit_ms\tseen_ms\tdelay_ms");
            out.flush();
            long lastSeen = -1;
            while (writer.isAlive()) {
                long seq = visibleSeq(select);
                long now = System.currentTimeMillis();
                Long committed = commits.get(seq);
                if (seq > lastSeen && committed != null) {
                    out.println(seq + "\t" + committed + "\t" + now + "\t" + (now - committed));
                    out.flush();
                    lastSeen = seq;
                    commits.keySet().removeIf(s -> s <= seq);
                }
                Thread.sleep(poll);
            }
        }
    }

    /** The seq downstream, or -1 before the apply job created the table. */
    private static long visibleSeq(PreparedStatement select) {
        try (ResultSet rs = select.executeQuery()) {
            return rs.next() ? rs.getLong(1) : -1;
        } catch (java.sql.SQLException notYet) {
            return -1;
        }
    }

    private static void write(
            DatabaseEndpoint up, String table, long interval, Map<Long, Long> commits) {
        try (Connection connection = Connections.open(up);
                PreparedStatement update =
                        connection.prepareStatement(
                                "UPDATE " + table + " SET seq = ? WHERE id = 1")) {
            for (long seq = System.currentTimeMillis(); ; seq++) {
                long started = System.currentTimeMillis();
                update.setLong(1, seq);
                update.executeUpdate();
                commits.put(seq, System.currentTimeMillis());
                Thread.sleep(Math.max(0, interval - (System.currentTimeMillis() - started)));
            }
        } catch (Exception e) {
            System.err.println("heartbeat writer stopped: " + e);
        }
    }
}

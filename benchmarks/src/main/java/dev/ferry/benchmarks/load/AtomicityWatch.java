package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.probe.Observation;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * A reader on the downstream, in the background: polls a count every 200 ms until it equals the
 * rows expected, and with an allowed value (0: none of a transaction's rows) counts any other as a
 * partial view of the transaction.
 */
public final class AtomicityWatch {
    private static final long INTERVAL_MS = 200;
    private static final long TIMEOUT_MS = 900_000;

    /**
     * What the reader saw.
     *
     * @param doneMs when it first saw the expected count (epoch ms)
     * @param polls how many polls it made
     * @param partial how many saw neither the expected nor an allowed value
     * @param firstPartial the first of those ("none")
     */
    public record Seen(long doneMs, long polls, long partial, String firstPartial) {}

    private final Thread thread;
    private volatile Seen seen;
    private volatile Exception failure;

    private AtomicityWatch(
            DatabaseEndpoint downstream, String query, String expected, Set<String> allowed) {
        thread =
                new Thread(
                        () -> {
                            try {
                                seen = watch(downstream, query, expected, allowed);
                            } catch (Exception e) {
                                failure = e;
                            }
                        },
                        "downstream-watch");
        thread.setDaemon(true);
    }

    /** Starts polling {@code query} until it returns {@code expected}; {@code allowed} as above. */
    public static AtomicityWatch start(
            DatabaseEndpoint downstream, String query, String expected, Set<String> allowed) {
        AtomicityWatch watch = new AtomicityWatch(downstream, query, expected, allowed);
        watch.thread.start();
        return watch;
    }

    /** Waits for the expected count; fails naming the last count after 15 min. */
    public Seen await() throws Exception {
        thread.join();
        if (failure != null) {
            throw failure;
        }
        return seen;
    }

    private static Seen watch(
            DatabaseEndpoint downstream, String query, String expected, Set<String> allowed)
            throws SQLException, InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        long polls = 0;
        long partial = 0;
        String firstPartial = "none";
        try (Connection connection = Connections.open(downstream);
                Statement statement = connection.createStatement()) {
            while (true) {
                String value = valueOf(statement, query);
                long now = System.currentTimeMillis();
                polls++;
                Observation observation = Observation.of(value, expected, allowed);
                if (observation == Observation.PARTIAL && ++partial == 1) {
                    firstPartial = value.replaceAll("\\s+", ",");
                }
                if (observation == Observation.FINAL) {
                    return new Seen(now, polls, partial, firstPartial);
                }
                if (now > deadline) {
                    throw new SQLException(
                            "the downstream's '"
                                    + query
                                    + "' still returned '"
                                    + value
                                    + "', not "
                                    + expected
                                    + ", after 15 min: the apply did not finish (see its log)");
                }
                Thread.sleep(INTERVAL_MS);
            }
        }
    }

    private static String valueOf(Statement statement, String query) {
        try (ResultSet rows = statement.executeQuery(query)) {
            return rows.next() ? String.valueOf(rows.getString(1)) : "";
        } catch (SQLException notYet) {
            return ""; // the table is not there yet
        }
    }
}

package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Waiting until the downstream holds what the upstream does, timed: what lib/bench.sh's wait_until
 * did.
 */
public final class DownstreamWait {
    private final BenchRun run;

    public DownstreamWait(BenchRun run) {
        this.run = run;
    }

    /**
     * Polls the downstream every 0.5 s until {@code sql} returns {@code expected} (as {@link
     * SqlClient#text} prints it); the seconds it took. Fails when a process of the measurement dies
     * or {@code timeout} passes.
     */
    public double until(String sql, String expected, Duration timeout)
            throws IOException, InterruptedException, SQLException {
        long start = System.nanoTime();
        while (!matches(sql, expected)) {
            check(start, timeout);
            Thread.sleep(500);
        }
        return seconds(start, System.nanoTime());
    }

    /**
     * Like {@link #until}, but quietly: polls every 0.2 s the downstream's count of rows written,
     * and runs {@code sql} only when that has not moved since the last poll, since a checksum of
     * the tables costs the downstream as much CPU as a good share of the changes waited for. The
     * seconds end at the first poll that saw the final count: no row was written after it, so the
     * downstream already equalled the upstream there.
     */
    public double quietlyUntil(String sql, String expected, Duration timeout)
            throws IOException, InterruptedException, SQLException {
        long start = System.nanoTime();
        long since = start;
        Long last = null;
        while (true) {
            long writes = downstreamWrites();
            if (last != null && writes == last) {
                if (matches(sql, expected)) {
                    return seconds(start, since);
                }
            } else {
                last = writes;
                since = System.nanoTime();
            }
            check(start, timeout);
            Thread.sleep(200);
        }
    }

    /** Rows the downstream server's handlers have written, updated and deleted so far. */
    public long downstreamWrites() throws SQLException {
        return run.downstream()
                .number(
                        "SELECT SUM(VARIABLE_VALUE) FROM information_schema.GLOBAL_STATUS WHERE"
                                + " VARIABLE_NAME IN ('HANDLER_WRITE', 'HANDLER_UPDATE',"
                                + " 'HANDLER_DELETE')");
    }

    private boolean matches(String sql, String expected) {
        try {
            return run.downstream().text(sql).equals(expected);
        } catch (SQLException e) {
            return false; // tables not there yet, or the server busy: the next poll asks again
        }
    }

    private void check(long start, Duration timeout) throws IOException {
        run.processes().checkAlive();
        if (System.nanoTime() - start > timeout.toNanos()) {
            throw new IOException("not caught up after " + timeout.toSeconds() + "s");
        }
    }

    private static double seconds(long from, long to) {
        return (to - from) / 1e9;
    }
}

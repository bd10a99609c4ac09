package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.run.BenchRun;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Polls a query on the downstream every 200 ms, on the run's one downstream connection, until it
 * returns the upstream's state; when it did, in epoch ms, so that stage 6 and end to end end at the
 * poll that first saw it (up to 200 ms of granularity).
 */
public final class DownstreamPoll {
    static final long INTERVAL_MS = 200;

    private final BenchRun run;

    public DownstreamPoll(BenchRun run) {
        this.run = run;
    }

    /**
     * Waits until {@code sql} returns {@code expected} (as {@link
     * dev.ferry.benchmarks.run.SqlClient#text} prints it); the epoch ms of that poll. Fails, naming
     * {@code what}, when a process of the run dies or {@code timeout} passes.
     */
    public long awaitMs(String sql, String expected, Duration timeout, String what)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String seen = "";
        while (true) {
            try {
                seen = run.downstream().text(sql);
            } catch (SQLException e) {
                seen = "(" + e.getMessage() + ")"; // the table is not there yet
            }
            long now = System.currentTimeMillis();
            if (seen.equals(expected)) {
                return now;
            }
            run.processes().checkAlive();
            if (System.nanoTime() > deadline) {
                throw new IOException(
                        what
                                + ": the downstream did not catch up within "
                                + timeout.toSeconds()
                                + " s ("
                                + sql
                                + " returns "
                                + seen.replace('\t', ' ')
                                + ", the upstream "
                                + expected.replace('\t', ' ')
                                + ")");
            }
            Thread.sleep(INTERVAL_MS);
        }
    }
}
